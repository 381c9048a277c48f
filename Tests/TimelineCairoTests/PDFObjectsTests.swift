import CZlib
import Foundation
import TimelineScene
import TimelineTestSupport
import XCTest

@testable import TimelineCairo

/// The tests' PDF reader finds objects however they are written: plainly (cairo 1.16) or in a
/// compressed object stream (cairo 1.18), so checks of a PDF hold on both.
final class PDFObjectsTests: XCTestCase {
    /// A PDF with one plain object and two more in a FlateDecode object stream.
    private func packedPDF() throws -> [UInt8] {
        let page = "<< /Type /Page /MediaBox [ 0 0 201 81 ] /Annots [ 3 0 R ] >>\n"
        let link = "<< /S /URI /URI (https://example.com/a) >>\n"
        let header = "2 0 3 \(page.utf8.count) "
        let first = header.utf8.count
        let plain = Array((header + page + link).utf8)
        var packed = [UInt8](repeating: 0, count: Int(compressBound(UInt(plain.count))))
        var length = UInt(packed.count)
        XCTAssertEqual(compress(&packed, &length, plain, UInt(plain.count)), Z_OK)
        var pdf = Array("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n".utf8)
        pdf += Array("5 0 obj\n<< /Title (Upstream plan) /Subject (a stream >> of work) >>\nendobj\n".utf8)
        pdf += Array("4 0 obj\n<< /Type /ObjStm /N 2 /First \(first) /Filter /FlateDecode >>\nstream\n".utf8)
        pdf += packed.prefix(Int(length)) + Array("\nendstream\nendobj\n%%EOF\n".utf8)
        return pdf
    }

    func testObjectsInACompressedObjectStreamAreRead() throws {
        let objects = PDFObjects(try packedPDF())
        XCTAssertEqual(objects.objects.keys.sorted(), [1, 2, 3, 4, 5])
        XCTAssertEqual(
            objects.objects[5], "\n<< /Title (Upstream plan) /Subject (a stream >> of work) >>\n",
            "\"stream\" in a text is no stream")
        XCTAssertEqual(objects.streams.count, 1)
        XCTAssertEqual(objects.objects[2], "<< /Type /Page /MediaBox [ 0 0 201 81 ] /Annots [ 3 0 R ] >>\n")
        XCTAssertEqual(objects.objects[3], "<< /S /URI /URI (https://example.com/a) >>\n")
        XCTAssertTrue(objects.text.contains("/URI (https://example.com/a)"), "a search finds what is compressed")
        XCTAssertFalse(String(decoding: try packedPDF(), as: UTF8.self).contains("/URI"), "the bytes alone do not")
    }

    /// cairo's own PDF (whichever cairo): a catalog, one page, and every reference written.
    func testEveryReferenceOfCairosPDFIsAnObjectItWrote() throws {
        let renderer = SceneRenderer(fonts: try FontLibrary())
        let black = RGBA(r: 0, g: 0, b: 0)
        let line = PlacedLine(text: "Kickoff", x: 10, baseline: 20, width: 60)
        let scene = Scene(
            width: 120, height: 40, background: nil,
            nodes: [.text(TextNode(font: "Inter 14", color: black, lines: [line]))], title: "t", description: [])
        let objects = PDFObjects([UInt8](try renderer.render(scene, format: .pdf)))
        let dictionaries = objects.dictionaries
        XCTAssertTrue(dictionaries.contains("/Type /Catalog"), dictionaries)
        XCTAssertEqual(dictionaries.components(separatedBy: "/MediaBox [ 0 0 120 40 ]").count, 2, dictionaries)
        let references = try NSRegularExpression(pattern: "(\\d+) 0 R\\b")
            .matches(in: dictionaries, range: NSRange(dictionaries.startIndex..., in: dictionaries))
            .compactMap { Range($0.range(at: 1), in: dictionaries).flatMap { Int(dictionaries[$0]) } }
        XCTAssertFalse(references.isEmpty)
        for reference in references { XCTAssertNotNil(objects.objects[reference], "object \(reference)") }
        XCTAssertTrue(objects.streams.contains { $0.contains(" Tf") }, "the page's drawing, inflated")
    }
}
