import CPangoCairo
import TimelineFontTables
import TimelineScene
import XCTest

@testable import TimelineCairo

/// Emoji are pictures from the bundled colour font: one per emoji sequence, inside the advance
/// text measuring gave it; keycaps and text presentation stay glyphs of the text fonts.
final class EmojiPicturesTests: XCTestCase {
    let font = "Inter 14"

    func pictures(_ text: String, fonts: FontLibrary) throws -> [EmojiPictures.Placed] {
        let measured = try XCTUnwrap(
            PangoTextMeasurer(fonts: fonts).measure(text, font: font, maxWidth: 1000, maxLines: nil).lines.first)
        let line = PlacedLine(text: text, x: 0, baseline: 20, width: 0, glyphs: measured.glyphs)
        return EmojiPictures.pictures(line, fonts: fonts)
    }

    func testEverySequenceIsOnePictureOfAPNG() throws {
        let fonts = try FontLibrary()
        for text in ["🚀", "✅", "👍🏽", "👩‍💻", "👨‍👩‍👧", "🇩🇪", "🇯🇵", "☺️"] {
            let found = try pictures(text, fonts: fonts)
            XCTAssertEqual(found.count, 1, text)
            XCTAssertEqual(found.first.map { Array($0.bitmap.png.prefix(4)) }, [0x89, 0x50, 0x4E, 0x47], text)
        }
        XCTAssertNotEqual(try pictures("👍🏽", fonts: fonts).first?.glyph, try pictures("👍", fonts: fonts).first?.glyph)
    }

    /// An SVG draws each emoji as a picture, in texts with other runs and after texts with none,
    /// whose faces the writer remembers: one `<image>` defined per emoji glyph, a `<use>` of it
    /// per emoji drawn.
    func testAnSVGPlacesAPictureForEachEmojiOfItsTexts() throws {
        let fonts = try FontLibrary()
        let renderer = SceneRenderer(fonts: fonts)
        let texts = ["Plain", "Launch 🚀 today", "Plain again", "🚀🚀 ✅", "Crème brûlée"]
        let nodes: [Primitive] = try texts.enumerated().map { index, text in
            let measured = try XCTUnwrap(
                PangoTextMeasurer(fonts: fonts).measure(text, font: font, maxWidth: 1000, maxLines: nil).lines.first)
            return .text(
                TextNode(
                    font: font, color: RGBA(r: 0, g: 0, b: 0),
                    lines: [
                        PlacedLine(
                            text: text, x: 0, baseline: Double(20 + 20 * index), width: 100, glyphs: measured.glyphs)
                    ]
                ))
        }
        let scene = Scene(width: 200, height: 120, background: nil, nodes: nodes, title: "e", description: [])
        let svg = String(decoding: try renderer.render(scene, format: .svg), as: UTF8.self)
        XCTAssertEqual(svg.components(separatedBy: "<image id=").count - 1, 2, "one picture per emoji glyph")
        XCTAssertEqual(svg.components(separatedBy: ") scale(").count - 1, 4, "one use per emoji drawn")
    }

    func testKeycapsAndTextPresentationStayMonochrome() throws {
        let fonts = try FontLibrary()
        for text in ["#️⃣", "1️⃣", "☺︎", "✔", "☀", "Plain text", "Crème brûlée"] {
            XCTAssertEqual(try pictures(text, fonts: fonts).count, 0, text)
        }
    }

    func testPicturesLieInTheAdvanceMeasured() throws {
        let fonts = try FontLibrary()
        let measurer = PangoTextMeasurer(fonts: fonts)
        let before = measurer.measure("Launch", font: font, maxWidth: 1000, maxLines: 1).lines[0].width
        let through = measurer.measure("Launch 🚀", font: font, maxWidth: 1000, maxLines: 1).lines[0].width
        let rocket = try XCTUnwrap(pictures("Launch 🚀 day", fonts: fonts).first)
        XCTAssertGreaterThan(through - before, 14, "the emoji's advance is measured")
        XCTAssertGreaterThanOrEqual(rocket.rect.x, before - 0.01)
        // A strike's bitmap is whole pixels: up to half a strike pixel wider than the advance.
        XCTAssertLessThanOrEqual(rocket.rect.maxX, through + 18.67 / 64 / 2)
        XCTAssertGreaterThan(rocket.rect.width, 0.8 * (through - before))
        XCTAssertLessThan(rocket.rect.y, 20)
        XCTAssertGreaterThan(rocket.rect.maxY, 20, "below the baseline a little, as the font's descent")
    }

    /// Runs are picked by their face name's bytes (a `String` search cost a fifth of an SVG's
    /// run): the same runs as the search, the emoji font's runs and no other.
    func testOnlyRunsOfTheEmojiFaceAreLookedAt() throws {
        let fonts = try FontLibrary()
        let measured = PangoTextMeasurer(fonts: fonts).measure("Launch 🚀 day", font: font, maxWidth: 1000, maxLines: 1)
        let faces = try XCTUnwrap(measured.lines.first?.glyphs).runs.map(\.face)
        XCTAssertEqual(faces.filter { EmojiPictures.mayHold(run($0)) }.count, 1, "\(faces)")
        let family = EmojiPictures.family
        let names =
            faces + [
                "", "|", "|\(family)", "|\(family) ", "x|\(family) 12px", "a.ttf#0||\(family) 18px",
                "a.ttf#0|\(family)X 18px", "a.ttf#0|\(family.dropLast()) 18px", "a.ttf#0|Inter 18px",
                "a.ttf#0|\(family) Bold 18px", "é.ttf#0|\(family) 18px", "a.ttf#0|| \(family) 18px",
            ]
        for name in names {
            XCTAssertEqual(EmojiPictures.mayHold(run(name)), name.contains("|" + family + " "), name)
        }
    }

    private func run(_ face: String) -> GlyphRun {
        GlyphRun(
            face: face, size: 14, x: 0, baseline: 0, isRightToLeft: false, textStart: 0, textLength: 0, glyphs: [])
    }

    func testTheFontReadsItsStrikeAndNothingElse() throws {
        let font = try XCTUnwrap(EmojiPictures.font)
        XCTAssertEqual(font.pixelsPerEm, 64)
        XCTAssertNil(font.bitmap(glyph: 0xFFFF))
        XCTAssertNil([UInt8]().withUnsafeBytes { ColorBitmapFont($0) })
        XCTAssertNil(Array("OTTO and nothing more".utf8).withUnsafeBytes { ColorBitmapFont($0) })
        // Cut short, the file lacks its bitmap table: no bitmaps, not bytes past its end.
        let path = BundledFonts.directory + "/" + EmojiPictures.fileName
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertNil(bytes.prefix(bytes.count / 2).withUnsafeBytes { ColorBitmapFont($0) })
        let whole = (UInt32(0)..<4096).compactMap { font.bitmap(glyph: $0) }
        XCTAssertGreaterThan(whole.count, 3000)
        XCTAssertTrue(whole.allSatisfy { $0.png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && $0.width > 0 })
    }
}
