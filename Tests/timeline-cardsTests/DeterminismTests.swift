import Foundation
import TimelineTestSupport
import XCTest

/// The same input gives the same bytes: across runs, locales, time zones, font configurations,
/// and batch versus single renders.
final class DeterminismTests: XCTestCase {
    let formats = ["--format", "svg", "--format", "png", "--format", "pdf"]

    func render(_ inputs: [String], into out: URL, environment: [String: String]? = nil, extra: [String] = []) throws {
        let result = try CLIRunner.run(
            ["render"] + inputs + ["-o", out.path] + formats + extra, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = try? Data(contentsOf: url), !url.hasDirectoryPath {
                result[url.path.replacingOccurrences(of: folder.path, with: "")] = data
            }
        }
        return result
    }

    func testSameBytesUnderOtherLocalesTimeZonesAndFontConfigurations() throws {
        let inputs = [CLIRunner.fixture("scripts.yaml"), CLIRunner.fixture("demo.yaml")]
        let first = try CLIRunner.temporaryDirectory()
        let second = try CLIRunner.temporaryDirectory()
        try render(inputs, into: first)
        // A font configuration that offers every font on the machine must not change a thing.
        let config = first.deletingLastPathComponent().appendingPathComponent("all-fonts-\(UUID().uuidString).conf")
        try """
        <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>/usr/share/fonts</dir><dir>/usr/local/share/fonts</dir>
        <alias><family>sans-serif</family><prefer><family>DejaVu Serif</family></prefer></alias></fontconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "de_DE.UTF-8"
        environment["LC_ALL"] = "tr_TR.UTF-8"
        environment["TZ"] = "Pacific/Chatham"
        environment["FONTCONFIG_FILE"] = config.path
        try render(inputs, into: second, environment: environment)
        let a = try files(in: first)
        let b = try files(in: second)
        XCTAssertEqual(a.count, 2 * 3, "two cards, three formats")
        XCTAssertEqual(Set(a.keys), Set(b.keys))
        for (name, data) in a { XCTAssertEqual(data, b[name], "\(name) changed with the environment") }
    }

    func testBatchEqualsSingleAndTwoRunsAgree() throws {
        let names = ["plain", "groups", "shapes", "dark"]
        let batch = try CLIRunner.temporaryDirectory()
        try render(names.map { CLIRunner.fixture("\($0).yaml") }, into: batch, extra: ["--jobs", "2"])
        for name in names {
            let single = try CLIRunner.temporaryDirectory()
            try render([CLIRunner.fixture("\(name).yaml")], into: single)
            let singleFiles = try files(in: single)
            XCTAssertFalse(singleFiles.isEmpty)
            for (file, data) in singleFiles {
                let batched = try Data(contentsOf: batch.appendingPathComponent(name + file))
                XCTAssertEqual(batched, data, "\(name)\(file) differs between batch and single render")
            }
        }
        let again = try CLIRunner.temporaryDirectory()
        try render(names.map { CLIRunner.fixture("\($0).yaml") }, into: again, extra: ["--jobs", "1"])
        XCTAssertEqual(try files(in: batch), try files(in: again))
    }

    /// One renderer measured a document after a PNG in the state the PNG left Pango in (scaled),
    /// so a batch's later documents could differ from single renders by a pixel here and there.
    func testDocumentsAfterAPNGMatchSingleRenders() throws {
        let examples = CLIRunner.root.appendingPathComponent("docs/examples")
        let names = ["quick-start", "theme-dark", "theme-fiori", "theme-mono"]
        let pngLast = ["--format", "svg", "--format", "png", "--jobs", "1"]
        let batch = try CLIRunner.temporaryDirectory()
        let batchRun = try CLIRunner.run(
            ["render"] + names.map { examples.appendingPathComponent("\($0).yaml").path } + ["-o", batch.path] + pngLast
        )
        XCTAssertEqual(batchRun.status, 0, batchRun.stderr)
        for name in names {
            let single = try CLIRunner.temporaryDirectory()
            let run = try CLIRunner.run(
                ["render", examples.appendingPathComponent("\(name).yaml").path, "-o", single.path] + pngLast)
            XCTAssertEqual(run.status, 0, run.stderr)
            for (file, data) in try files(in: single) {
                XCTAssertEqual(
                    try Data(contentsOf: batch.appendingPathComponent(name + file)), data,
                    "\(name)\(file) differs after a PNG")
            }
        }
    }

    /// A big card's text is shaped on several threads (one font library each); the bytes must
    /// not depend on how many.
    func testShapingThreadsDoNotChangeTheOutput() throws {
        let items = (0..<600).map { index in
            "  - {title: \"Task \(index) review\", subtitle: \"Team \(index % 97) · due \(index)\", status: "
                + "\(["open", "complete", "in-progress"][index % 3]), statusText: \"P\(index % 5)\"}"
        }
        let input = try CLIRunner.temporaryDirectory().appendingPathComponent("big.yaml")
        try ("version: 1\ncards:\n- id: big\n  items:\n" + items.map { "  " + $0 }.joined(separator: "\n") + "\n")
            .write(to: input, atomically: true, encoding: .utf8)
        var outputs: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let out = try CLIRunner.temporaryDirectory()
            let run = try CLIRunner.run(
                ["render", input.path, "-o", out.path, "--scale", "0.25", "--jobs", jobs, "--timings"] + formats)
            XCTAssertEqual(run.status, 0, run.stderr)
            outputs.append(try files(in: out))
        }
        XCTAssertEqual(outputs[0].keys.sorted(), ["/big.pdf", "/big.png", "/big.svg"])
        for (file, data) in outputs[0] {
            XCTAssertEqual(outputs[1][file], data, "\(file) differs between one and two shaping threads")
        }
    }

    func testPNGCarriesOnlyImageChunks() throws {
        let result = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", "-", "--format", "png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let bytes = [UInt8](result.stdout)
        var offset = 8
        var chunks: Set<String> = []
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.insert(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        XCTAssertEqual(offset, bytes.count)
        XCTAssertTrue(chunks.isSubset(of: ["IHDR", "sRGB", "bKGD", "pHYs", "IDAT", "IEND"]), "\(chunks)")
    }

    func testPDFCreationDateIsFixedOrFromSourceDateEpoch() throws {
        let fixed = try CLIRunner.run(["render", CLIRunner.fixture("plain.yaml"), "-o", "-", "--format", "pdf"])
        XCTAssertTrue(PDFObjects([UInt8](fixed.stdout)).dictionaries.contains("/CreationDate (20000101000000Z)"))
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = "1700000000"
        let dated = try CLIRunner.run(
            ["render", CLIRunner.fixture("plain.yaml"), "-o", "-", "--format", "pdf"], environment: environment)
        XCTAssertEqual(dated.status, 0, dated.stderr)
        let info = PDFObjects([UInt8](dated.stdout)).dictionaries
        XCTAssertTrue(info.contains("/CreationDate (20231114221320Z)"), info)
        XCTAssertTrue(info.contains("/Title (plain)"), info)
    }

    func testStrictTurnsAnEllipsisIntoAnErrorNamingTheItem() throws {
        let out = try CLIRunner.temporaryDirectory()
        let loose = try CLIRunner.run(["render", CLIRunner.fixture("ellipsis.yaml"), "-o", out.path])
        XCTAssertEqual(loose.status, 0, loose.stderr)
        let strictOut = try CLIRunner.temporaryDirectory()
        let strict = try CLIRunner.run(["render", CLIRunner.fixture("ellipsis.yaml"), "-o", strictOut.path, "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(strict.stderr.contains("ellipsis.yaml:7:9: error: text does not fit"), strict.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: strictOut.path), [])
    }

    func testOnlyBundledFontsAreOffered() throws {
        let result = try CLIRunner.run(["render", CLIRunner.fixture("scripts.yaml"), "-o", "-", "--format", "pdf"])
        let pdf = PDFObjects([UInt8](result.stdout)).dictionaries
        let fonts = Set(
            pdf.components(separatedBy: "/BaseFont /").dropFirst().map {
                String($0.prefix { $0 != "\n" && $0 != " " && $0 != "/" })
            }
            .map { $0.split(separator: "+").last.map(String.init) ?? $0 })
        XCTAssertFalse(fonts.isEmpty)
        // CairoFont-N-N: cairo's Type 3 fonts, for glyphs of bundled faces emboldened by
        // fontconfig (bold CJK titles), which no font file holds, and for the emoji font's empty
        // glyphs (it has no outlines to embed; its pictures are images).
        let bundled = ["Inter", "DejaVuSans", "DroidSansFallback", "Symbola", "CairoFont-"]
        for font in fonts {
            XCTAssertTrue(bundled.contains { font.hasPrefix($0) }, "\(font) is not a bundled font")
        }
        XCTAssertTrue(
            fonts.contains { $0.hasPrefix("DroidSansFallback") }, "CJK falls back to Droid Sans Fallback: \(fonts)")
        XCTAssertTrue(
            fonts.contains { $0.hasPrefix("DejaVuSans") }, "Arabic and Hebrew come from DejaVu Sans: \(fonts)")
    }
}
