import CPangoCairo
import Foundation
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// A text put together from its word pieces' glyphs has exactly the glyphs, advances, offsets,
/// clusters and unsafe-to-break flags of the text shaped whole, or is shaped whole.
final class WordPieceShapesTests: XCTestCase {
    private static let fonts = [
        "Inter Semi-Bold 14", "Inter 12", "Inter Bold 11", "Inter Medium 17px", "DejaVu Sans 12", "sans-serif 13",
    ]

    /// Latin where OpenType lookups reach across spaces or join characters: dashes and arrows
    /// between capitals or digits, fractions, ligatures, marks after a space, brackets, quotes,
    /// tabular and case contexts.
    static let adversarial = [
        "A — B", "A -> B", "a -> b", "A => B", "A <- B", "1 ⁄ 2", "1/2 3/4 12/34", "ffi fl", "x \u{301}", "x \u{301} y",
        "(a) [b] {c}", "(A) [B] {C}", "“quoted” ‘single’ \"plain\" 'apostrophe'", "A - B", "A – B", "a — b",
        "HELLO — WORLD", "H - I - J", "10:30 - 11:45", "3 x 4 = 12", "3x4 3 × 4", "0 1 2 3 4 5 6 7 8 9", "#1 #2 @x",
        "A: B", "A :B", "A ; B", "Ab ·cd", "e \u{308}a", "a \u{200D} b", "a \u{200C}b", "a \u{FE0F} b", "fi\u{200C} fj",
        "  two leading", "trailing space ", "a  b   c", "-> -> ->", "--- - -- ---", "... … ...", "« A » « b »",
        "¿Qué? ¡Sí!", "L'été À Paris", "Ľ ď ť", "ǅ ǈ ǋ", "Ω ω Ωmega", "Я и Ђ", "$ 5 € 6 £ 7", "+ - ± × ÷ =",
        "a\u{A0}b c", "1st 2nd 3rd", "N° 1 No. 2", "@ @ @", "f f f", "T y T o T a", "AV AV AV", "W. A. Y.",
        // HarfBuzz composes a base and its marks (Ι and ◌̓ into Ἰ) and, in a cluster with marks,
        // decomposes singletons (the Kelvin and Ångström signs, U+0341): the glyph next to the
        // space is then a character's the text does not hold, which a rule across it reads.
        "\u{2192} \u{399}\u{313}", "\u{399}\u{341} \u{2192}", "\u{2192} \u{212A}\u{301}", "\u{2192} \u{212B}\u{301}",
        "+ \u{399}\u{300}", "\u{399}\u{313} - 1", "\u{2192} \u{399}\u{308}", "\u{2192} \u{399}\u{301}",
        "\u{2192} \u{399}\u{314}",
        // Pieces that begin one another, and one piece first, inside and last (its key's bytes
        // compared by length and content, its place apart).
        "a ab abc abcd", "abcd abc ab a", "ab ab ab", "ab", "ab a", "12 1 123 12",
    ]

    /// Every line of every fixture input, and what follows a key's colon.
    static func fixtureTexts() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../fixtures")
        var texts: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        where name.hasSuffix(".yaml") || name.hasSuffix(".json") || name.hasSuffix(".md") {
            let contents = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            for line in contents.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                texts.append(trimmed)
                if let colon = trimmed.range(of: ": ") {
                    texts.append(
                        String(trimmed[colon.upperBound...]).trimmingCharacters(in: .init(charactersIn: "\"',{} ")))
                }
            }
        }
        return texts.filter { !$0.isEmpty }
    }

    /// The bench's texts, numbered as its cards number them.
    static let benchTexts: [String] = (0..<60).flatMap { index in
        [
            "Milestone \(index)", "Owner team \(index)", "Milestone \(index) — a long title that wraps around the card",
            "Owner team \(index), reviewed with the platform group and signed off by the release managers",
            "里程碑 \(index)：新版本的设计评审与用户体验团队一起完成并发布", "负责团队 \(index)",
        ]
    }

    /// Seeded random texts over characters that OpenType lookups act on.
    static func randomTexts(count: Int) -> [String] {
        let alphabet = Array(
            "AaVvTtWwYyFfiIlLoO01234567890 ---—–‐>><<=:;.,…/⁄()[]{}“”‘’\"'«»!?¿¡#@&*+×·°%$€ ffifl "
                + "é\u{301}\u{308}\u{200D}\u{200C}\u{FE0F}\u{A0}ΩωЯи")
        var generator = SeededGenerator(seed: 17)
        return (0..<count).map { _ in
            // Words of a few characters between spaces, so that texts have pieces.
            let words = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                String(
                    (0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
                    })
            }
            return words.joined(separator: " ")
        }
    }

    /// Seeded random texts around the seams fonts' certificates join (`SeamCertificate`):
    /// capitals, figures, dashes, arrows, brackets and multiplication signs between single and
    /// double spaces, with marks and lower case between.
    static func randomSeamTexts(count: Int) -> [String] {
        let words = [
            "A", "B", "Q", "12", "3", "x", "×", "*", "—", "–", "-", "->", "=>", "(", ")", "[A]", "(b)", "{", "}", ":",
            "a", "word", "é", "e\u{301}", "2\u{301}", "+", "<", ">", "=", "~", "@", "•", "…", ",", ".", "T", "V",
        ]
        var generator = SeededGenerator(seed: 29)
        return (0..<count).map { _ in
            (0..<Int.random(in: 2...7, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .reduce(into: "") { text, word in
                    if !text.isEmpty { text += Bool.random(using: &generator) ? " " : "  " }
                    text += word
                }
        }
    }

    /// Shapes `text` in `font`, whole and by pieces, as `ShapedLine` itemizes it; nil when it is
    /// not one item, else whether the pieces were used. Fails where the two differ.
    private func compare(
        _ text: String, library: FontLibrary, attributes: OpaquePointer, memory: ShapingMemory, font: String
    ) -> Bool? {
        var utf8 = text
        return utf8.withUTF8 { bytes -> Bool? in
            guard !bytes.isEmpty else { return nil }
            let chars = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            let length = Int32(bytes.count)
            guard
                let list = pango_itemize_with_base_dir(
                    library.context, PANGO_DIRECTION_LTR, chars, 0, length, attributes, nil)
            else { return nil }
            defer { g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
            guard list.pointee.next == nil else { return nil }
            let item = list.pointee.data.assumingMemoryBound(to: PangoItem.self)
            let before = memory.pieces.assembled
            let byPieces = HarfBuzzShaping.shape(item, text: chars, length: length, memory: memory)
            let whole = HarfBuzzShaping.shape(item, text: chars, length: length)
            defer {
                if let byPieces { pango_glyph_string_free(byPieces.glyphs) }
                if let whole { pango_glyph_string_free(whole.glyphs) }
            }
            guard memory.pieces.assembled > before else { return false }
            guard let byPieces, let whole else {
                XCTAssertEqual(byPieces == nil, whole == nil, "\(font): \(text)")
                return true
            }
            XCTAssertEqual(
                HarfBuzzShapingTests.rows(byPieces.glyphs), HarfBuzzShapingTests.rows(whole.glyphs), "\(font): \(text)")
            XCTAssertEqual(byPieces.unsafe, whole.unsafe, "\(font): \(text)")
            return true
        }
    }

    /// Compares every text in every font; at least `minimumAssembled` put together from pieces,
    /// the same least number on every HarfBuzz (the bundled fonts' certificates, not HarfBuzz's
    /// flags, decide the seams).
    private func compareAll(_ texts: [String], minimumAssembled: Int) throws {
        let library = try FontLibrary()
        var assembled = 0
        for font in Self.fonts {
            let attributes = try XCTUnwrap(library.itemizeAttributes(font))
            // One cache per font list pass, as a measurer keeps it: later texts reuse earlier pieces.
            let memory = ShapingMemory()
            for text in texts {
                if compare(text, library: library, attributes: attributes, memory: memory, font: font) == true {
                    assembled += 1
                }
            }
        }
        XCTAssertGreaterThan(assembled, minimumAssembled)
    }

    /// A font whose texts both HarfBuzz versions put together from pieces (no lookup of its reads
    /// across a space: `hb-shape --unsafe-to-concat` flags no glyph at a seam), and its bold.
    private static let assemblingFont = "DejaVu Sans Mono 12"
    private static let boldAssemblingFont = "DejaVu Sans Mono Bold 11"

    func testFixtureTextsAreShapedAlike() throws {
        try compareAll(Self.fixtureTexts(), minimumAssembled: 5_000)
    }

    func testBenchAndMeasuringTextsAreShapedAlike() throws {
        try compareAll(
            Self.benchTexts + WrappedMeasuringTests.texts,
            minimumAssembled: 1_200)
    }

    func testAdversarialTextsAreShapedAlike() throws {
        try compareAll(Self.adversarial, minimumAssembled: 180)
    }

    func testRandomTextsAreShapedAlike() throws {
        try compareAll(
            Self.randomTexts(count: 3_000), minimumAssembled: 3_000)
    }

    func testRandomSeamTextsAreShapedAlike() throws {
        try compareAll(Self.randomSeamTexts(count: 3_000), minimumAssembled: 2_000)
    }

    func testPiecesEndAfterSpacesBeforeBaseCharacters() {
        func pieces(_ text: String) -> [String] {
            var utf8 = text
            return utf8.withUTF8 { bytes in
                var start = 0
                return WordPieceShapes.pieceEnds(bytes).map { end in
                    defer { start = end }
                    return String(decoding: bytes[start..<end], as: UTF8.self)
                }
            }
        }
        XCTAssertEqual(pieces("Milestone 12 — a"), ["Milestone ", "12 ", "— ", "a"])
        XCTAssertEqual(pieces("a  b "), ["a  ", "b "])
        XCTAssertEqual(pieces(" a"), [" ", "a"])
        // Never before a mark, a joiner, a selector, a no-break space or a control.
        for text in ["x \u{301}", "a \u{200D}b", "a \u{200C}b", "a \u{FE0F}", "a \u{A0}b", "a \u{2028}b"] {
            XCTAssertEqual(pieces(text), [text], text)
        }
        XCTAssertEqual(pieces("é Ω Я 中 « ( 1 € ="), ["é ", "Ω ", "Я ", "中 ", "« ", "( ", "1 ", "€ ", "="])
    }

    /// Texts HarfBuzz says may not be put together from pieces are shaped whole: an em dash
    /// whose lookups look across the spaces around it alone, a text of one piece.
    func testSomeTextsAreRefused() throws {
        let library = try FontLibrary()
        let attributes = try XCTUnwrap(library.itemizeAttributes("Inter 12"))
        let memory = ShapingMemory()
        for text in ["A — B", "x \u{301}", "Milestone"] {
            XCTAssertEqual(
                compare(text, library: library, attributes: attributes, memory: memory, font: "Inter 12"), false, text)
        }
        let font = Self.assemblingFont
        XCTAssertEqual(
            compare(
                "Milestone 12 — a long title that wraps around the card", library: library,
                attributes: try XCTUnwrap(library.itemizeAttributes(font)), memory: memory, font: font), true)
    }

    /// Pieces whose starts a lookup looks across are joined with the text before them and shaped
    /// again; a long text of such pieces, none known yet, would be shaped over and over in ever
    /// longer prefixes (quadratic time, and as many kept prefixes). Its pieces cost at most a few
    /// times its own bytes before it is shaped whole.
    func testJoinedPiecesCostAboutTheTextsBytes() throws {
        let library = try FontLibrary()
        let attributes = try XCTUnwrap(library.itemizeAttributes("Inter 12"))
        let memory = ShapingMemory()
        for text in [
            (0..<600).map { "(A\($0))" }.joined(separator: " "), (0..<600).map { "x\($0)" }.joined(separator: " -> "),
        ] {
            let before = memory.pieces.shapedBytes
            XCTAssertNotNil(compare(text, library: library, attributes: attributes, memory: memory, font: "Inter 12"))
            XCTAssertLessThanOrEqual(memory.pieces.shapedBytes - before, 2 * text.utf8.count, String(text.prefix(20)))
        }
    }

    /// A text's known pieces are not shaped again: only its new words are.
    func testOnlyNewPiecesAreShaped() throws {
        let library = try FontLibrary()
        let font = Self.assemblingFont
        let attributes = try XCTUnwrap(library.itemizeAttributes(font))
        let memory = ShapingMemory()
        XCTAssertEqual(
            compare(
                "Owner team 7, reviewed by the group", library: library, attributes: attributes, memory: memory,
                font: font), true)
        let shaped = memory.pieces.shaped
        XCTAssertEqual(
            compare(
                "Owner team 8, reviewed by the group", library: library, attributes: attributes, memory: memory,
                font: font), true)
        XCTAssertEqual(memory.pieces.shaped, shaped + 1)
        // In another font, every piece is new.
        let boldFont = Self.boldAssemblingFont
        let bold = try XCTUnwrap(library.itemizeAttributes(boldFont))
        XCTAssertEqual(
            compare(
                "Owner team 8, reviewed by the group", library: library, attributes: bold, memory: memory,
                font: boldFont), true)
        XCTAssertEqual(memory.pieces.shaped, shaped + 1 + 7)
    }

    /// A font without a certificate whose texts are seldom put together (HarfBuzz 10 refuses every
    /// Latin text in Inter by its flags) stops being tried by pieces after
    /// `WordPieceShapes.sample` texts, so a text is not shaped twice; `wholeOrPieces` gives the
    /// whole text's glyphs either way. Inter's certificate is left unread here.
    func testAFontSeldomPutTogetherIsShapedWholeOnly() throws {
        let library = try FontLibrary()
        let attributes = try XCTUnwrap(library.itemizeAttributes("Inter 12"))
        let memory = ShapingMemory(certifies: false)
        // Refused everywhere: Inter's case forms of brackets look across the spaces around them.
        let refused = (0..<100).map { "\($0) (A) [B]" }
        var shapedByPieces: [Int] = []
        for text in refused {
            var utf8 = text
            utf8.withUTF8 { bytes in
                let chars = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
                let list = pango_itemize_with_base_dir(
                    library.context, PANGO_DIRECTION_LTR, chars, 0, Int32(bytes.count), attributes, nil)!
                defer { g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
                let item = list.pointee.data.assumingMemoryBound(to: PangoItem.self)
                let font = HarfBuzzShaping.itemFont(item)!
                let before = memory.pieces.shaped
                let glyphs = memory.pieces.wholeOrPieces(bytes, analysis: item.pointee.analysis, font: font)
                shapedByPieces.append(memory.pieces.shaped - before)
                let whole = HarfBuzzShaping.shape(item, text: chars, length: Int32(bytes.count))!
                defer { pango_glyph_string_free(whole.glyphs) }
                let (string, unsafe) = HarfBuzzShaping.glyphString(glyphs, offset: 0)!
                defer { pango_glyph_string_free(string) }
                XCTAssertEqual(HarfBuzzShapingTests.rows(string), HarfBuzzShapingTests.rows(whole.glyphs), text)
                XCTAssertEqual(unsafe, whole.unsafe, text)
            }
        }
        XCTAssertEqual(memory.pieces.assembled, 0)
        // Its new first piece, then the whole, for the first sample; the whole alone after.
        let sample = WordPieceShapes.sample
        XCTAssertTrue(shapedByPieces.prefix(sample).allSatisfy { $0 > 1 }, "\(shapedByPieces.prefix(sample))")
        XCTAssertEqual(Array(shapedByPieces.dropFirst(sample)), Array(repeating: 1, count: 100 - sample))
    }
}
