import Foundation
import TimelinePolicy
import XCTest

/// Every field of the format that can hold text, each given a hostile link in turn: whatever the
/// field, the PDF holds no action but /URI, every PDF and SVG link is what `LinkPolicy` makes of
/// it, and qpdf reads the file without a warning. The fields come from the JSON Schema, so a field
/// added later is tried without this test changing.
final class LinkPolicyFieldsTests: XCTestCase {
    static let payloads = [
        // U+0600 joins the `)` after it into one Character.
        "[here](https://e.com/\u{0600})/S/JavaScript/JS(app.alert\\0501\\051//\u{0600})/X()",
        "https://e.com/)/S/JavaScript/JS(app.alert(1))/Type/Action/X(",
        "[a](https://e.com/x\\) [b](https://e.com/\u{202E}() [c](https://e.com/'\"<x>)",
    ]

    /// Every action type of PDF 2.0 (ISO 32000-2, 12.6.4): a `/S` of one of these is an action.
    static let actionTypes: Set<String> = Set(
        [
            "GoTo", "GoToR", "GoToE", "GoToDp", "Launch", "Thread", "URI", "Sound", "Movie", "Hide", "Named",
            "SubmitForm", "ResetForm", "ImportData", "JavaScript", "SetOCGState", "Rendition", "Trans",
            "GoTo3DView", "RichMediaExecute",
        ].map { "/" + $0 })

    /// The item and card keys whose schema takes a string.
    private func textFields() throws -> (item: [String], card: [String]) {
        let result = try CLIRunner.run(["schema"])
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let definitions = try XCTUnwrap(schema["$defs"] as? [String: Any])
        let item = try XCTUnwrap((definitions["item"] as? [String: Any])?["properties"] as? [String: Any])
        let cards = try XCTUnwrap((schema["properties"] as? [String: Any])?["cards"] as? [String: Any])
        let card = try XCTUnwrap((cards["items"] as? [String: Any])?["properties"] as? [String: Any])
        return (
            item.keys.filter { takesString(item[$0]) }.sorted(), card.keys.filter { takesString(card[$0]) }.sorted()
        )
    }

    private func takesString(_ schema: Any?) -> Bool {
        guard let schema = schema as? [String: Any] else { return false }
        if let type = schema["type"] as? String, type == "string" { return true }
        if let types = schema["type"] as? [String], types.contains("string") { return true }
        for key in ["anyOf", "oneOf"] {
            if let options = schema[key] as? [Any], options.contains(where: takesString) { return true }
        }
        return false
    }

    func testNoFieldPlantsAnActionOrAnUnsafeLink() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/qpdf"), "qpdf is installed by make test")
        let fields = try textFields()
        XCTAssertTrue(fields.item.contains("link") && fields.item.contains("description"), "\(fields.item)")
        var linksSeen = 0
        for payload in Self.payloads {
            for field in fields.item {
                let item: [String: Any] = field == "title" ? ["title": payload] : ["title": "t", field: payload]
                linksSeen += try check(["version": 1, "cards": [["items": [item]]]], field: "item.\(field)")
            }
            for field in fields.card {
                let card: [String: Any] = [field: payload, "items": [["title": "t"]]]
                linksSeen += try check(["version": 1, "cards": [card]], field: "card.\(field)")
            }
        }
        XCTAssertGreaterThan(linksSeen, 3, "description links must still be links")
    }

    /// Renders the document to PDF and SVG; returns how many links the PDF holds.
    private func check(_ document: [String: Any], field: String) throws -> Int {
        let folder = try CLIRunner.temporaryDirectory()
        let data = try JSONSerialization.data(withJSONObject: document)
        let result = try CLIRunner.run(
            ["render", "-", "--input-format", "json", "-o", folder.path, "--format", "pdf", "--format", "svg"],
            stdin: data)
        if result.status == 2 { return 0 } // refused with a located error: nothing planted
        XCTAssertEqual(result.status, 0, "\(field): \(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var links = 0
        for file in files where file.hasSuffix(".pdf") {
            links += try checkPDF(folder.appendingPathComponent(file), field: field)
        }
        for file in files where file.hasSuffix(".svg") {
            let svg = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for href in hrefs(in: svg) where !href.hasPrefix("#") && !href.hasPrefix("data:") {
                XCTAssertTrue(LinkPolicy.isNormalized(href), "\(field): SVG link \(href)")
            }
        }
        return links
    }

    private func checkPDF(_ file: URL, field: String) throws -> Int {
        let checked = try CLIRunner.run(
            ["--check", file.path], executable: URL(fileURLWithPath: "/usr/bin/qpdf"))
        XCTAssertEqual(checked.status, 0, "\(field): qpdf --check: \(String(decoding: checked.stdout, as: UTF8.self))")
        let json = try CLIRunner.run(
            ["--json", "--json-key=qpdf", file.path], executable: URL(fileURLWithPath: "/usr/bin/qpdf"))
        XCTAssertEqual(json.status, 0, "\(field): \(json.stderr)")
        let root = try JSONSerialization.jsonObject(with: json.stdout)
        var links = 0
        walk(root) { dictionary in
            if let action = dictionary["/S"] as? String, Self.actionTypes.contains(action) {
                XCTAssertEqual(action, "/URI", "\(field): a PDF action other than /URI")
            }
            for key in ["/JS", "/JavaScript", "/OpenAction", "/AA"] where dictionary[key] != nil {
                XCTFail("\(field): the PDF holds \(key)")
            }
            if let uri = dictionary["/URI"] as? String {
                links += 1
                let text = uri.hasPrefix("u:") ? String(uri.dropFirst(2)) : uri
                XCTAssertTrue(LinkPolicy.isNormalized(text), "\(field): PDF link \(uri)")
            }
        }
        return links
    }

    private func walk(_ value: Any, _ visit: ([String: Any]) -> Void) {
        if let dictionary = value as? [String: Any] {
            visit(dictionary)
            for child in dictionary.values { walk(child, visit) }
        } else if let array = value as? [Any] {
            for child in array { walk(child, visit) }
        }
    }

    private func hrefs(in svg: String) -> [String] {
        var found: [String] = []
        var rest = Substring(svg)
        while let start = rest.range(of: " href=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            found.append(String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&"))
            rest = rest[end...]
        }
        return found
    }
}
