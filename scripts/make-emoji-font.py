#!/usr/bin/env python3
"""Builds the bundled colour emoji font from Noto Color Emoji (SIL OFL 1.1).

    python3 scripts/make-emoji-font.py NotoColorEmoji.ttf \
        Sources/TimelineCairo/Fonts/Bundled/NotoColorEmoji-Compact.ttf [PPEM]

Needs fonttools and Pillow (pip). The source is Debian 12's fonts-noto-color-emoji 2.042
(`apt-get download fonts-noto-color-emoji`), one CBDT strike of PNGs at 109 pixels per em.
What changes, and why:

- One strike at PPEM (64 unless given) pixels per em, each PNG resized with Lanczos and
  stored as an optimized PNG of 64 palette colours: the font shrinks from 10.7 MB to a few.
- Empty `glyf` outlines for every glyph: fontconfig, cairo and HarfBuzz treat the font as a
  scalable one whose glyphs draw nothing, so every text path of the renderer (glyph outlines in
  SVG and PNG, glyphs in PDF) keeps the emoji's advance and draws nothing; the renderer paints
  the PNG of each emoji glyph itself (TimelineCairo/Emoji).
- No `#`, `*`, digits or U+20E3 (combining keycap) in the character map: a keycap sequence is drawn by the text fonts in
  monochrome, as is a character followed by U+FE0E (Pango itemizes those as text).
- The family is renamed "Noto Color Emoji Compact", so that it is never mistaken for the
  original where both are installed.
"""
import io
import sys

from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._g_l_y_f import Glyph
from PIL import Image

# The keycap bases, the combining keycap, and the controls and space Noto maps.
KEYCAP_BASES = [ord(c) for c in "#*0123456789"] + [0x20E3, 0x0, 0xD, 0x20]


def shrink_png(data, scale):
    image = Image.open(io.BytesIO(data)).convert("RGBA")
    width = max(1, round(image.width * scale))
    height = max(1, round(image.height * scale))
    image = image.resize((width, height), Image.LANCZOS)
    paletted = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", optimize=True)
    return out.getvalue(), width, height


def shrink_strike(font, ppem):
    strike = font["CBLC"].strikes[0]
    sizes = strike.bitmapSizeTable
    scale = ppem / sizes.ppemX
    for line in (sizes.hori, sizes.vert):
        for name in ("ascender", "descender", "widthMax", "minOriginSB", "minAdvanceSB", "maxBeforeBL", "minAfterBL"):
            setattr(line, name, round(getattr(line, name) * scale))
    sizes.ppemX = sizes.ppemY = ppem
    for name, bitmap in font["CBDT"].strikeData[0].items():
        metrics = bitmap.metrics
        data, width, height = shrink_png(bitmap.imageData, scale)
        bitmap.imageData = data
        metrics.width, metrics.height = width, height
        metrics.BearingX = round(metrics.BearingX * scale)
        metrics.BearingY = round(metrics.BearingY * scale)
        metrics.Advance = round(metrics.Advance * scale)


def add_empty_outlines(font):
    order = font.getGlyphOrder()
    glyf = newTable("glyf")
    glyf.glyphs = {name: Glyph() for name in order}
    glyf.glyphOrder = order
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for name in ("maxPoints", "maxContours", "maxCompositePoints", "maxCompositeContours", "maxTwilightPoints",
                 "maxStorage", "maxFunctionDefs", "maxInstructionDefs", "maxStackElements",
                 "maxSizeOfInstructions", "maxComponentElements", "maxComponentDepth"):
        setattr(maxp, name, 0)
    maxp.maxZones = 1


def drop_keycap_bases(font):
    for table in font["cmap"].tables:
        for code in KEYCAP_BASES:
            table.cmap.pop(code, None)


def rename(font, family):
    names = font["name"]
    for record in names.names:
        if record.nameID in (1, 4, 16, 18):
            record.string = family
        elif record.nameID == 6:
            record.string = family.replace(" ", "")
    for record in names.names:
        if record.nameID == 3:
            record.string = family.replace(" ", "") + ";" + str(record.toUnicode())


def main():
    source, target = sys.argv[1], sys.argv[2]
    ppem = int(sys.argv[3]) if len(sys.argv) > 3 else 64
    font = TTFont(source)
    for table in ("vhea", "vmtx"):
        if table in font:
            del font[table]
    shrink_strike(font, ppem)
    add_empty_outlines(font)
    drop_keycap_bases(font)
    rename(font, "Noto Color Emoji Compact")
    font["head"].modified = font["head"].created
    font.save(target, reorderTables=True)


if __name__ == "__main__":
    main()
