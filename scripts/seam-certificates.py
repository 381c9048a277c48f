#!/usr/bin/env python3
"""Writes Sources/TimelineCairo/Text/SeamCertificate+Bundled.swift: for each bundled font, which seams
between word pieces no OpenType lookup of the font can reach across, decided from its own tables.

A text's word pieces (each ending after a space) are shaped apart and put together only where
nothing reaches across the space between them. HarfBuzz's unsafe-to-concatenate flags say that
per text, but conservatively: HarfBuzz 10 flags every glyph a lookup merely examined, so in Inter
(whose kerning and contextual alternates look at spaces without changing anything there) it
certifies no seam, where HarfBuzz 6 certified most. This reads every lookup a font's features may
apply (GSUB and GPOS, nested lookups too; not the features HarfBuzz applies only when asked) as a
sequence of positions, backtrack then input then lookahead, and asks what can cross a space:

- The font is not certified where the space itself may change or move, or may be taken into a
  match that starts before it: a substitution of the space, a space at a contextual rule's or a
  ligature's input after its first position, a space that starts a contextual positioning rule,
  a pair adjustment that a space starts with a non-zero value or that takes the glyph after the
  space, a space moved or attached, or a lookup flag that could skip the space. (A pair that a
  space ends, as comma and space in Inter Semi-Bold, lies within one piece.)
- Every other rule with a space at position k and positions on both sides of it crosses a seam
  only where the glyph before the space can be one of position k-1's and the one after it one of
  position k+1's (or one its lookup skips: a mark, a ligature), and where the text holds a glyph
  of the rule's rarest other position; a ligature that starts at a space, only where the glyph
  after it can be one of its second's. (A contextual
  rule that starts at a space changes only what follows it, which the next piece, shaped after the
  same space, changes alike.) Those glyphs, as the characters that can become them through any
  chain of substitutions (a ligature through each of its components), make a seam pair: a seam
  whose characters before and after are in a pair's first two sets, in a text holding a character
  of its third, is not a seam. The characters include, besides those the substitutions reach,
  those HarfBuzz's normalization may turn into them: every character whose canonical
  decomposition starts as a member's (a base with marks composes into one glyph).

What the Swift side keeps per font: a fingerprint (a changed font is not trusted); the characters a
certified text may hold (the font's cmap, without the fraction slash, around which HarfBuzz applies
frac, numr and dnom, not read here, and without default ignorables, which a match may skip); the
character sets and the pairs. `WordPieceShapesTests` compares texts shaped whole and by pieces in
the fonts certified.

Needs fontTools (`pip install fonttools`). Run by `make seam-certificates`; `--check` (`make test`)
compares instead of writing, when this Python's Unicode data is the one the file was written with.
"""
import os
import struct
import sys
import unicodedata

from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "Sources/TimelineCairo/Fonts/Bundled")
OUT = os.path.join(ROOT, "Sources/TimelineCairo/Text/SeamCertificate+Bundled.swift")
MASK = (1 << 64) - 1
FRACTION_SLASH = 0x2044
# Unicode's Default_Ignorable_Code_Point: HarfBuzz may skip these while matching.
DEFAULT_IGNORABLES = [
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
]
# Features HarfBuzz never applies unless asked (Pango asks for none here; a font with features set
# is not certified at run time), and frac, numr and dnom, which it applies around a fraction slash.
USER_FEATURES = {
    "aalt", "salt", "case", "dlig", "hlig", "smcp", "c2sc", "pcap", "c2pc", "unic", "titl", "onum", "lnum",
    "pnum", "tnum", "zero", "sups", "subs", "sinf", "ordn", "swsh", "hist", "ornm", "nalt", "afrc", "expt",
    "jp78", "jp83", "jp90", "jp04", "trad", "smpl", "hojo", "nlck", "fwid", "hwid", "pwid", "qwid", "twid",
    "palt", "halt", "vhal", "vpal", "ruby", "ital", "cpsp", "frac", "numr", "dnom",
} | {f"ss{n:02d}" for n in range(1, 21)} | {f"cv{n:02d}" for n in range(1, 100)}
RULE_NAMES = {
    ("chain", 1): ("ChainSubRuleSet", "ChainPosRuleSet", "ChainSubRule", "ChainPosRule"),
    ("chain", 2): ("ChainSubClassSet", "ChainPosClassSet", "ChainSubClassRule", "ChainPosClassRule"),
    ("context", 1): ("SubRuleSet", "PosRuleSet", "SubRule", "PosRule"),
    ("context", 2): ("SubClassSet", "PosClassSet", "SubClassRule", "PosClassRule"),
}


class Refused(Exception):
    pass


def fingerprint(font):
    """FNV-1a over the glyph count and the bytes of `head` as little-endian 64-bit words (zero
    padded), as `SeamCertificate.fingerprint` computes it from HarfBuzz's face: `head` holds the
    whole file's checksum adjustment and its time of change, which font tools write again on every
    change, so its 54 bytes stand for the file."""
    value = 0xCBF29CE484222325

    def fold(word):
        nonlocal value
        value = ((value ^ word) * 0x100000001B3) & MASK

    fold(font["maxp"].numGlyphs)
    head = font.reader["head"]
    for (word,) in struct.iter_unpack("<Q", head + b"\0" * (-len(head) % 8)):
        fold(word)
    return value


def subtables(lookup, extension):
    for table in lookup.SubTable:
        if lookup.LookupType == extension:
            yield table.ExtensionLookupType, table.ExtSubTable
        else:
            yield lookup.LookupType, table


def class_of(class_def, glyph):
    return class_def.classDefs.get(glyph, 0) if class_def is not None else 0


def class_glyphs(class_def, klass, universe):
    defined = class_def.classDefs if class_def is not None else {}
    return frozenset(g for g in universe if defined.get(g, 0) == klass)


def rules(table, kind):
    """A format 1 or 2 (chain) context subtable's rules: (index of their rule set, rule)."""
    names = RULE_NAMES[(kind, table.Format)]
    sets = getattr(table, names[0], None) or getattr(table, names[1], None) or []
    for index, rule_set in enumerate(sets):
        if rule_set is not None:
            for rule in getattr(rule_set, names[2], None) or getattr(rule_set, names[3], None) or []:
                yield index, rule


def nested(rule):
    return getattr(rule, "SubstLookupRecord", None) or getattr(rule, "PosLookupRecord", None) or []


def sequences(table, kind, universe):
    """Each rule of a (chain) context subtable as (its positions' glyph sets, where its input
    starts, how long it is)."""
    if table.Format == 3:
        if kind == "chain":
            back, inputs, ahead = table.BacktrackCoverage, table.InputCoverage, table.LookAheadCoverage
        else:
            back, inputs, ahead = [], table.Coverage, []
        glyphs = [frozenset(c.glyphs) for c in list(reversed(back)) + list(inputs) + list(ahead)]
        yield glyphs, len(back), len(inputs)
        return
    coverage = table.Coverage.glyphs
    if table.Format == 1:
        for index, rule in rules(table, kind):
            back = list(rule.Backtrack) if kind == "chain" else []
            ahead = list(rule.LookAhead) if kind == "chain" else []
            sequence = list(reversed(back)) + [coverage[index]] + list(rule.Input) + ahead
            yield [frozenset([g]) for g in sequence], len(back), 1 + len(rule.Input)
        return
    if kind == "chain":
        back_def, input_def, ahead_def = table.BacktrackClassDef, table.InputClassDef, table.LookAheadClassDef
    else:
        back_def, input_def, ahead_def = None, table.ClassDef, None
    for klass, rule in rules(table, kind):
        first = frozenset(g for g in coverage if class_of(input_def, g) == klass)
        back = [class_glyphs(back_def, k, universe) for k in reversed(getattr(rule, "Backtrack", None) or [])]
        inputs = [class_glyphs(input_def, k, universe) for k in (getattr(rule, "Input", None)
                                                                  or getattr(rule, "Class", None) or [])]
        ahead = [class_glyphs(ahead_def, k, universe) for k in (getattr(rule, "LookAhead", None) or [])]
        yield back + [first] + inputs + ahead, len(back), 1 + len(inputs)


def applied_lookups(table, extension):
    """The lookups of every feature HarfBuzz may apply by itself, and those they call."""
    records = list(table.FeatureList.FeatureRecord)
    pending = [i for r in records if r.FeatureTag not in USER_FEATURES for i in r.Feature.LookupListIndex]
    variations = getattr(table, "FeatureVariations", None)
    for variation in getattr(variations, "FeatureVariationRecord", None) or []:
        for substitution in variation.FeatureTableSubstitution.SubstitutionRecord:
            if records[substitution.FeatureIndex].FeatureTag not in USER_FEATURES:
                pending += list(substitution.Feature.LookupListIndex)
    lookups = table.LookupList.Lookup
    seen = set()
    while pending:
        index = pending.pop()
        if index in seen:
            continue
        seen.add(index)
        for kind, sub in subtables(lookups[index], extension):
            pending += [record.LookupListIndex for record in nested(sub)]
            key = ("chain" if kind in (6, 8) else "context", getattr(sub, "Format", 0))
            if key in RULE_NAMES:
                pending += [record.LookupListIndex for _, rule in rules(sub, key[0]) for record in nested(rule)]
    return sorted(seen)


def nonzero(value):
    return value is not None and any(
        getattr(value, name, 0) for name in ("XPlacement", "YPlacement", "XAdvance", "YAdvance"))


def check_pair(table, space):
    """Refuses a pair adjustment that a space starts with an effect: a non-zero value, or a second
    glyph taken (ValueFormat2), which would leave the next piece's first glyph unkerned."""
    if space not in table.Coverage.glyphs:
        return
    if table.ValueFormat2:
        raise Refused("a kerning pair that a space starts takes the glyph after it")
    if table.Format == 1:
        values = [r.Value1 for r in table.PairSet[table.Coverage.glyphs.index(space)].PairValueRecord]
    else:
        values = [r.Value1 for r in table.Class1Record[class_of(table.ClassDef1, space)].Class2Record]
    if any(nonzero(value) for value in values):
        raise Refused("a kerning pair that a space starts")


class Analysis:
    def __init__(self, font):
        self.font = font
        self.cmap = font.getBestCmap()
        self.space = self.cmap.get(0x20)
        self.universe = frozenset(font.getGlyphOrder())
        self.edges = {}  # glyph -> glyphs it may become or take part in
        # (glyphs before a space or None for any, glyphs after it, the rule's other positions)
        self.pairs = set()
        self.skipped = frozenset()  # what the lookup being read may skip

    def edge(self, source, target):
        self.edges.setdefault(source, set()).add(target)

    def sequence(self, positions, input_start, input_length, ligature=False, positioning=False):
        """Reads one rule: refuses the font, or adds the seam pairs it may cross."""
        for k, glyphs in enumerate(positions):
            if self.space not in glyphs:
                continue
            in_input = input_start <= k < input_start + input_length
            if in_input and k > input_start:
                raise Refused("a space inside a rule's input, taken into a match that starts before it")
            if in_input and positioning:
                raise Refused("a positioning rule that starts at a space")
            if k + 1 == len(positions):
                continue
            others = tuple(glyphs for index, glyphs in enumerate(positions) if abs(index - k) > 1)
            # A glyph the lookup skips may stand between a position and the space: it counts
            # as next to the space too.
            after = positions[k + 1] | self.skipped
            if k > 0:
                self.pairs.add((positions[k - 1] | self.skipped, after, others))
            elif ligature:
                # A ligature that starts at the space replaces it by what follows.
                self.pairs.add((None, after, others))

    def run(self):
        font, space = self.font, self.space
        if space is None or ("GSUB" not in font and "GPOS" not in font):
            raise Refused("no space glyph or no OpenType layout")
        if "morx" in font or "kerx" in font:
            raise Refused("AAT tables, which HarfBuzz may shape with instead")
        for tag in ("GSUB", "GPOS"):
            if tag in font and any(r.FeatureTag == "rand" for r in font[tag].table.FeatureList.FeatureRecord):
                raise Refused("rand, whose choices HarfBuzz makes for the whole buffer")
        self.check_legacy_kerning()
        gdef = font["GDEF"].table if "GDEF" in font else None
        class_def = getattr(gdef, "GlyphClassDef", None)
        space_class = class_of(class_def, space) if class_def is not None else None
        if space_class in (2, 3):
            raise Refused("the space is a ligature or a mark")
        glyph_classes = self.glyph_classes(class_def)
        for tag, extension in (("GSUB", 7), ("GPOS", 9)):
            if tag not in font:
                continue
            lookups = font[tag].table.LookupList.Lookup
            for index in applied_lookups(font[tag].table, extension):
                lookup = lookups[index]
                if lookup.LookupFlag & 0x2 and space_class in (1, None):
                    raise Refused("a lookup that skips base glyphs, the space among them")
                self.skipped = self.skipped_by(lookup.LookupFlag, glyph_classes)
                for kind, table in subtables(lookup, extension):
                    self.subtable(tag, kind, table)
        return self.certificate()

    def check_legacy_kerning(self):
        """The `kern` table, which HarfBuzz applies where GPOS has no kerning for the script:
        refused when a pair with the space adjusts anything."""
        if "kern" not in self.font:
            return
        for table in self.font["kern"].kernTables:
            pairs = getattr(table, "kernTable", None)
            if pairs is None:
                raise Refused("a kern subtable this script does not read")
            if any(value and self.space in pair for pair, value in pairs.items()):
                raise Refused("a kern table pair with a space")

    def glyph_classes(self, class_def):
        """Base, ligature and mark glyphs as HarfBuzz sees them: GDEF's classes, else marks by
        their characters' general category; a ligature any lookup forms is one too."""
        if class_def is not None:
            classes = {k: frozenset(g for g, c in class_def.classDefs.items() if c == k) for k in (1, 2, 3)}
        else:
            marks = frozenset(g for c, g in self.cmap.items() if unicodedata.category(chr(c)) in ("Mn", "Mc", "Me"))
            classes = {1: self.universe - marks, 2: frozenset(), 3: marks}
        formed = set()
        if "GSUB" in self.font:
            for lookup in self.font["GSUB"].table.LookupList.Lookup:
                for kind, table in subtables(lookup, 7):
                    if kind == 4:
                        formed |= {one.LigGlyph for ligatures in table.ligatures.values() for one in ligatures}
        classes[2] = classes[2] | frozenset(formed)
        return classes

    @staticmethod
    def skipped_by(flag, classes):
        """The glyphs a lookup with `flag` may skip while matching."""
        skipped = frozenset()
        if flag & 0x2:
            skipped |= classes[1]
        if flag & 0x4:
            skipped |= classes[2]
        if flag & (0x8 | 0x10 | 0xFF00):
            skipped |= classes[3]
        return skipped

    def subtable(self, tag, kind, table):
        space = self.space
        if tag == "GSUB" and kind in (1, 2, 3):
            mapping = getattr(table, "mapping", None) or getattr(table, "alternates", None) or {}
            if space in mapping:
                raise Refused("the space is substituted")
            for source, targets in mapping.items():
                for target in [targets] if isinstance(targets, str) else targets:
                    self.edge(source, target)
        elif tag == "GSUB" and kind == 4:
            for first, ligatures in table.ligatures.items():
                for ligature in ligatures:
                    sequence = [first] + list(ligature.Component)
                    for component in sequence:
                        self.edge(component, ligature.LigGlyph)
                    self.sequence([frozenset([g]) for g in sequence], 0, len(sequence), ligature=True)
        elif (tag, kind) in (("GSUB", 5), ("GSUB", 6), ("GPOS", 7), ("GPOS", 8)):
            chain = "chain" if kind in (6, 8) else "context"
            for positions, input_start, input_length in sequences(table, chain, self.universe):
                self.sequence(positions, input_start, input_length, positioning=tag == "GPOS")
        elif tag == "GSUB" and kind == 8:
            if space in table.Coverage.glyphs:
                raise Refused("the space is substituted")
            back = [frozenset(c.glyphs) for c in reversed(table.BacktrackCoverage)]
            ahead = [frozenset(c.glyphs) for c in table.LookAheadCoverage]
            self.sequence(back + [frozenset(table.Coverage.glyphs)] + ahead, len(back), 1)
            for source, target in zip(table.Coverage.glyphs, table.Substitute):
                self.edge(source, target)
        elif tag == "GPOS" and kind == 2:
            check_pair(table, space)
        elif tag == "GPOS" and kind in (1, 3, 4, 5, 6):
            covered = [getattr(table, name) for name in (
                "Coverage", "MarkCoverage", "Mark1Coverage", "BaseCoverage", "LigatureCoverage", "Mark2Coverage")
                if hasattr(table, name)]
            if any(space in c.glyphs for c in covered):
                raise Refused("the space is moved or attached")
        else:
            raise Refused(f"{tag} lookup type {kind} is not read")

    def reaching(self, targets):
        """Glyphs that may become one of `targets` (themselves included)."""
        backwards = self.backwards
        found = set(targets)
        pending = list(targets)
        while pending:
            for source in backwards.get(pending.pop(), ()):
                if source not in found:
                    found.add(source)
                    pending.append(source)
        return found

    def characters(self, glyphs):
        """The characters that may become one of `glyphs`: through substitutions, and through
        HarfBuzz's normalization, which composes a base and its marks (Ι and ◌̓ into Ἰ) and, in a
        cluster with marks, decomposes singletons (the Kelvin sign into K): every character whose
        canonical decomposition starts as a member's does."""
        reached = self.reaching(glyphs)
        members = {c for c, g in self.cmap.items() if g in reached}
        starters = {self.starter(c) for c in members}
        return frozenset(c for c in self.cmap if c in members or self.starter(c) in starters)

    @staticmethod
    def starter(character):
        return unicodedata.normalize("NFD", chr(character))[0]

    def certificate(self):
        self.backwards = {}
        for source, targets in self.edges.items():
            for target in targets:
                self.backwards.setdefault(target, set()).add(source)
        notdef = self.font.getGlyphOrder()[0]
        sets, pairs = [], set()

        def set_index(characters):
            if characters not in sets:
                sets.append(characters)
            return sets.index(characters)

        known = {}

        def characters(glyphs):
            if glyphs not in known:
                known[glyphs] = self.characters(glyphs)
            return known[glyphs]

        for before, after, others in self.pairs:
            if notdef in self.reaching(after) or (before is not None and notdef in self.reaching(before)):
                raise Refused(".notdef, the sentinel after a piece, may take part in a rule across a space")
            # A rule matches only where the text has a character for each of its positions: the
            # rarest of the others is kept, so a text without it is not held back by this rule.
            ends = [characters(after)] + ([characters(before)] if before is not None else [])
            rest = sorted((characters(glyphs) for glyphs in others), key=len)
            if not all(ends) or (rest and not rest[0]):
                continue
            required = set_index(rest[0]) if rest else -1
            pairs.add((set_index(ends[1]) if before is not None else -1, set_index(ends[0]), required))
        unsafe = {FRACTION_SLASH}
        ignorable = lambda c: any(low <= c <= high for low, high in DEFAULT_IGNORABLES)
        # A character this Python's Unicode data does not know may decompose as it cannot tell.
        unknown = lambda c: unicodedata.category(chr(c)) == "Cn"
        safe = sorted(c for c in self.cmap if c not in unsafe and not ignorable(c) and not unknown(c))
        return safe, sets, sorted(pairs)


def analyse(font):
    """(safe characters, character sets, seam pairs as indices of sets: before the space (-1: any),
    after it, and one the text must hold somewhere (-1: none))."""
    return Analysis(font).run()


def ranges(code_points):
    result = []
    for code_point in sorted(code_points):
        if result and result[-1][1] + 1 == code_point:
            result[-1][1] = code_point
        else:
            result.append([code_point, code_point])
    return result


def swift_ranges(code_points, indent):
    """Ranges of hexadecimal code points in a multi-line string literal (quick to compile), its
    lines within 120 columns."""
    spans = [f"{low:X}-{high:X}" if low != high else f"{low:X}" for low, high in ranges(code_points)]
    lines = [indent + '"""']
    line = ""
    for span in spans:
        if line and len(indent) + len(line) + 1 + len(span) > 120:
            lines.append(indent + line)
            line = ""
        line = f"{line} {span}" if line else span
    if line:
        lines.append(indent + line)
    lines.append(indent + '"""')
    return lines


def ordered(sets, pairs):
    """The sets in a fixed order (their sizes, then their characters) and the pairs renumbered."""
    order = sorted(range(len(sets)), key=lambda index: (len(sets[index]), sorted(sets[index])))
    new_index = {old: new for new, old in enumerate(order)}
    renumber = lambda index: new_index[index] if index >= 0 else -1
    return [sets[index] for index in order], sorted(tuple(renumber(i) for i in pair) for pair in pairs)


def main():
    lines = [
        "// Generated by scripts/seam-certificates.py from the bundled fonts: do not edit.",
        "// `make seam-certificates` writes it again; `make test` checks that it is current.",
        f"// Unicode {unicodedata.unidata_version} (Python's, for canonical decompositions).",
        "",
        "extension SeamCertificate {",
        "    /// The bundled fonts' certificates.",
        "    static let bundled: [SeamCertificate] = [",
    ]
    # What fonts share (Inter's four weights: all of it) is written once, below the list.
    shared, names = [], {}

    def name_of(kind, value):
        if (kind, value) not in names:
            names[(kind, value)] = f"{kind}{sum(1 for k, _ in names if k == kind)}"
            shared.append((names[(kind, value)], kind, value))
        return names[(kind, value)]

    for name in sorted(os.listdir(FONTS)):
        if not name.endswith((".otf", ".ttf")):
            continue
        font = TTFont(os.path.join(FONTS, name), lazy=False)
        try:
            safe, sets, pairs = analyse(font)
        except Refused as refusal:
            print(f"{name}: not certified ({refusal})", file=sys.stderr)
            continue
        sets, pairs = ordered(sets, pairs)
        assert len(sets) <= 63, "a seam mask holds 63 sets (bit 63: any character)"
        print(f"{name}: certified, {len(safe)} characters, {len(sets)} sets, {len(pairs)} seam pairs", file=sys.stderr)
        digits = f"{fingerprint(font):016X}"
        grouped = "_".join(digits[i:i + 4] for i in range(0, 16, 4))  # as swift-format writes it
        characters = name_of("characters", tuple(safe))
        rules = (name_of("sets", tuple(tuple(sorted(c)) for c in sets)), name_of("pairs", tuple(pairs))) if sets \
            else ("[]", "[]")
        lines += [
            "        SeamCertificate(",
            f'            file: "{name}", fingerprint: 0x{grouped}, characters: {characters}, sets: {rules[0]},',
            f"            pairs: {rules[1]}),",
        ]
    lines += ["    ]"]
    for variable, kind, value in shared:
        lines.append("")
        if kind == "characters":
            lines.append(f"    private static let {variable} =")
            lines += swift_ranges(value, " " * 8)
        elif kind == "sets":
            lines.append(f"    private static let {variable} = [")
            for characters in value:
                lines += swift_ranges(characters, " " * 8)
                lines[-1] += ","
            lines.append("    ]")
        else:
            lines.append(f"    private static let {variable} = [")
            for start in range(0, len(value), 8):
                lines.append(" " * 8 + " ".join(f"({b}, {a}, {r})," for b, a, r in value[start:start + 8]))
            lines.append("    ]")
    lines += ["}", ""]
    text = "\n".join(lines)
    if "--check" not in sys.argv:
        with open(OUT, "w") as out:
            out.write(text)
        return
    with open(OUT) as current:
        written = current.read()
    if written == text:
        print("seam certificates: current")
        return
    if lines[2] not in written.split("\n")[:4]:
        # Another Python's Unicode data decomposes some characters differently: not comparable.
        print(f"seam certificates: not compared (written with other Unicode data than this Python's "
              f"{unicodedata.unidata_version})")
        return
    print("seam certificates: not what scripts/seam-certificates.py writes; run make seam-certificates")
    sys.exit(1)


if __name__ == "__main__":
    main()
