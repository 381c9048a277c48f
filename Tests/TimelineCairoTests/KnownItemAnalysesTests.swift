import CPangoCairo
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// An item made from a known analysis is the one item Pango's itemizing gives the text.
final class KnownItemAnalysesTests: XCTestCase {
    private static let fonts = ["Inter 12", "Inter Bold 11", "DejaVu Sans 12", "sans-serif 13"]

    /// Seeded random texts mixing scripts, directions, emoji, marks and selectors.
    static func mixedTexts(count: Int) -> [String] {
        let alphabet = Array(
            "abcXYZ019 .,:-—()«»/ éüß ΩωαЯиж 中文字かなカナ א ב ج م ١٢ 🚀✓✔❤#*© \u{301}\u{308}\u{FE0F}\u{FE0E}\u{20E3}"
                + "\u{200D}\u{200B}\u{A0}\u{2009}"
        ).map(String.init)
        var generator = SeededGenerator(seed: 29)
        return (0..<count).map { _ in
            let words = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                (0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                    .joined()
            }
            return words.joined(separator: " ")
        }
    }

    func testReusedItemsArePangos() throws {
        let library = try FontLibrary()
        let texts =
            try WordPieceShapesTests.fixtureTexts() + WordPieceShapesTests.benchTexts + WrappedMeasuringTests.texts
            + WordPieceShapesTests.adversarial + WordPieceShapesTests.randomTexts(count: 1_000)
            + Self.mixedTexts(count: 3_000)
        var reused = 0
        for font in Self.fonts {
            let attributes = try XCTUnwrap(library.itemizeAttributes(font))
            let analyses = KnownItemAnalyses()
            for text in texts {
                var utf8 = text
                utf8.withUTF8 { bytes in
                    guard ShapedLine.isPlainLine(bytes), text.last?.isWhitespace == false else { return }
                    if check(bytes, analyses: analyses, library: library, attributes: attributes, "\(font): \(text)") {
                        reused += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(reused, 10_000)
    }

    /// Compares the known item of `bytes`, if any, with Pango's items, then learns from them.
    private func check(
        _ bytes: UnsafeBufferPointer<UInt8>, analyses: KnownItemAnalyses, library: FontLibrary,
        attributes: OpaquePointer, _ message: String
    ) -> Bool {
        let known = analyses.item(bytes, context: library.context, attributes: attributes)
        defer { known.map { pango_item_free($0) } }
        let chars = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        guard
            let list = pango_itemize_with_base_dir(
                library.context, PANGO_DIRECTION_LTR, chars, 0, Int32(bytes.count), attributes, nil)
        else {
            XCTAssertNil(known, message)
            return false
        }
        defer { g_list_free_full(list) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
        let item = list.pointee.data.assumingMemoryBound(to: PangoItem.self)
        if list.pointee.next == nil {
            analyses.learn(bytes, item: item, context: library.context, attributes: attributes)
        }
        guard let known else { return false }
        XCTAssertNil(list.pointee.next, message)
        XCTAssertEqual(Self.fields(known), Self.fields(item), message)
        return true
    }

    private static func fields(_ item: UnsafeMutablePointer<PangoItem>) -> [Int] {
        let item = item.pointee
        let analysis = item.analysis
        return [
            Int(item.offset), Int(item.length), Int(item.num_chars), Int(bitPattern: analysis.font),
            Int(analysis.script), Int(bitPattern: analysis.language), Int(analysis.level), Int(analysis.gravity),
            Int(analysis.flags), Int(bitPattern: analysis.extra_attrs), Int(bitPattern: analysis.lang_engine),
            Int(bitPattern: analysis.shape_engine),
        ]
    }

    /// A changed context forgets what was seen: its fonts may differ.
    func testAChangedContextForgets() throws {
        let library = try FontLibrary()
        let attributes = try XCTUnwrap(library.itemizeAttributes("Inter 12"))
        let analyses = KnownItemAnalyses()
        var utf8 = "Milestone 12"
        utf8.withUTF8 { bytes in
            XCTAssertFalse(check(bytes, analyses: analyses, library: library, attributes: attributes, "first"))
            XCTAssertTrue(check(bytes, analyses: analyses, library: library, attributes: attributes, "second"))
            pango_context_changed(library.context)
            XCTAssertNil(analyses.item(bytes, context: library.context, attributes: attributes))
        }
    }
}
