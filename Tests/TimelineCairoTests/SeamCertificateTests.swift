import CPangoCairo
import Foundation
import XCTest

@testable import TimelineCairo

/// The bundled fonts' seam certificates (`scripts/seam-certificates.py`): current for the fonts
/// in the bundle, and read as the script meant. That the pieces they let through have the glyphs
/// of the whole text is `WordPieceShapesTests`' part.
final class SeamCertificateTests: XCTestCase {
    /// Bundled fonts the script refuses, and why.
    private static let uncertified = ["NotoColorEmoji-Compact.ttf": "no space glyph or no OpenType layout"]

    private func face(_ file: String) throws -> OpaquePointer {
        let path = BundledFonts.directory + "/" + file
        let blob = try XCTUnwrap(hb_blob_create_from_file(path))
        defer { hb_blob_destroy(blob) }
        XCTAssertGreaterThan(hb_blob_get_length(blob), 0, path)
        return try XCTUnwrap(hb_face_create(blob, 0))
    }

    /// Every bundled font has a certificate with its fingerprint, or is known to have none: a
    /// font changed in the bundle without `make seam-certificates` fails here.
    func testEveryBundledFontHasItsCurrentCertificate() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: BundledFonts.directory)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted()
        XCTAssertEqual(
            Set(files), Set(SeamCertificate.bundled.map(\.file)).union(Self.uncertified.keys), "certificates and fonts")
        for certificate in SeamCertificate.bundled {
            let face = try face(certificate.file)
            defer { hb_face_destroy(face) }
            XCTAssertEqual(SeamCertificate.fingerprint(face), certificate.fingerprint, certificate.file)
            XCTAssertNotNil(SeamCertificate.rules(face, features: []), certificate.file)
        }
    }

    /// A font with features asked for is not certified (the script reads only what HarfBuzz
    /// applies by itself).
    func testFeaturesAskedForLeaveTheFontUncertified() throws {
        let face = try face("Inter-Regular.otf")
        defer { hb_face_destroy(face) }
        var feature = hb_feature_t()
        XCTAssertEqual(hb_feature_from_string("tnum", -1, &feature), 1)
        XCTAssertNil(SeamCertificate.rules(face, features: [feature]))
    }

    /// The texts' pieces as the certificate of Inter Regular joins them; nil: shaped whole.
    private func pieces(_ text: String) throws -> [String]? {
        let face = try face("Inter-Regular.otf")
        defer { hb_face_destroy(face) }
        let rules = try XCTUnwrap(SeamCertificate.rules(face, features: []))
        var utf8 = text
        return utf8.withUTF8 { bytes -> [String]? in
            guard let ends = rules.seamEnds(bytes, WordPieceShapes.pieceEnds(bytes)) else { return nil }
            var start = 0
            return ends.map { end in
                defer { start = end }
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
        }
    }

    /// Inter's contextual alternates read across spaces only around dashes, arrows, brackets and
    /// multiplication signs between capitals or figures: those seams are joined, the others kept.
    func testInterJoinsOnlySeamsItsRulesCross() throws {
        XCTAssertEqual(
            try pieces("Milestone 12 — a long title"), ["Milestone ", "12 — ", "a ", "long ", "title"])
        XCTAssertEqual(try pieces("A — B"), ["A — B"])
        XCTAssertEqual(try pieces("3 x 4 and 5 × 6"), ["3 x 4 ", "and ", "5 × 6"])
        XCTAssertEqual(try pieces("Owner team 12, reviewed"), ["Owner ", "team ", "12, ", "reviewed"])
        // A rule that also needs a bracket somewhere: kept in a text without one.
        XCTAssertEqual(try pieces("Review A b"), ["Review ", "A ", "b"])
    }

    /// A text with a character the certificate leaves out is shaped whole: a fraction slash
    /// (HarfBuzz's frac, numr and dnom around it are not read), a default ignorable (lookups may
    /// skip it), a character Inter lacks.
    func testTextsWithCharactersOutsideAreShapedWhole() throws {
        for text in ["1\u{2044}2 cup", "a\u{200D} b", "soft\u{AD} hyphen", "中 文"] {
            XCTAssertNil(try pieces(text), text)
        }
        XCTAssertNotNil(try pieces("plain words here"))
    }

    /// HarfBuzz composes a base and its marks into one glyph (Ι and ◌̓ into Ἰ, whose capital Inter
    /// reads across a space) and, in a cluster with marks, decomposes singletons (the Kelvin sign
    /// into K): such a base is in every set its compositions are in.
    func testBasesThatComposeAreReadAsWhatTheyCompose() throws {
        XCTAssertEqual(try pieces("\u{2192} \u{399}\u{313}"), ["\u{2192} \u{399}\u{313}"])
        XCTAssertEqual(try pieces("\u{2192} \u{212A}\u{301}"), ["\u{2192} \u{212A}\u{301}"])
        XCTAssertEqual(try pieces("\u{399}\u{341} \u{2192}"), ["\u{399}\u{341} \u{2192}"])
    }

    /// A mark before a space is read with the base character before it, which a lookup that
    /// ignores marks would see instead.
    func testMarksBeforeASpaceAreReadWithTheirBase() throws {
        // "2" then a combining acute: the rule between a figure and a multiplication sign still
        // crosses the seam.
        XCTAssertEqual(try pieces("2\u{301} × 3"), ["2\u{301} × 3"])
    }
}
