import Foundation
import XCTest

/// `render --format pdf` of the scripts fixture, end to end: every line is drawn from its glyph
/// runs and still carries its text, so `pdftotext` gives back each title and subtitle as
/// written (Latin with accents, Chinese and Japanese in the fallback font, Arabic and Hebrew in
/// logical order, emoji and symbols).
final class PDFTextCommandTests: XCTestCase {
    func testEveryScriptsLineIsExtractedFromThePDF() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"),
            "poppler-utils is installed by make test")
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("scripts.pdf")
        let rendered = try CLIRunner.run([
            "render", CLIRunner.fixture("scripts.yaml"), "--format", "pdf", "-o", pdf.path,
        ])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let extracted = try CLIRunner.run(
            [pdf.path, "-"], executable: URL(fileURLWithPath: "/usr/bin/pdftotext"))
        XCTAssertEqual(extracted.status, 0, extracted.stderr)
        // poppler wraps right-to-left lines in embedding marks (U+202B … U+202C).
        let text = String(
            String.UnicodeScalarView(
                String(decoding: extracted.stdout, as: UTF8.self).unicodeScalars.filter {
                    $0 != "\u{202B}" && $0 != "\u{202C}"
                }))
        let lines = [
            "Crème brûlée à Zürich — Łódź, Ærøskøbing", "Ça va? Ñandú, Dvořák, Şişli", "发布会 — 新产品在北京发布",
            "日本語のテキスト：東京で会議があります",
            "مراجعة التصميم مع فريق تجربة المستخدم", "الاجتماع الأسبوعي", "סקירת עיצוב עם הצוות", "פגישה שבועית",
            "Launch 🚀", "Weather ☀ ☂ ☃ — status ✔ ✘",
        ]
        for line in lines { XCTAssertTrue(text.contains(line), "'\(line)' not in:\n\(text)") }
    }
}
