import Foundation
import XCTest

/// A re-recorded golden keeps every word of its SVG text layer: each golden SVG that differs from
/// the one on the base branch (`TEXT_LAYER_BASE`, else `main`) has the same words, in any order
/// (a right-to-left line's runs may be written in another order), a word broken across lines
/// (with a hyphen mark, or after a URL's `/`) read whole and hyphens left out. Skipped outside a
/// git checkout, or when the base has no such branch.
final class TextLayerTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testReRecordedGoldensKeepEveryWord() throws {
        let base = ProcessInfo.processInfo.environment["TEXT_LAYER_BASE"] ?? "main"
        guard git(["rev-parse", "--verify", "--quiet", base]) != nil else {
            throw XCTSkip("no \(base) to compare with")
        }
        let expected = Self.root.appendingPathComponent("fixtures/expected")
        let files =
            FileManager.default.enumerator(at: expected, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "svg" } ?? []
        XCTAssertFalse(files.isEmpty)
        var compared = 0
        for file in files {
            let path = String(file.path.dropFirst(Self.root.path.count + 1))
            guard let old = git(["show", "\(base):\(path)"]) else { continue }
            let new = try String(contentsOf: file, encoding: .utf8)
            guard old != new else { continue }
            compared += 1
            XCTAssertEqual(Self.words(new), Self.words(old), "\(path): words lost or added")
        }
        print("TextLayerTests: \(compared) golden SVGs differ from \(base), their words compared")
    }

    func testWordsAreReadWholeAcrossLinesAndInAnyOrder() {
        let whole = Self.words("<text x=\"1\">See the performance notes</text><text>at https://e.com/a/b</text>")
        let broken = Self.words(
            "<text>See the perfor-</text><text x=\"2\">mance</text><text>notes at https://e.com/</text><text>a/b</text>"
        )
        XCTAssertEqual(broken, whole)
        XCTAssertEqual(Self.words("<text>notes</text><text>See the performance at https://e.com/a/b</text>"), whole)
        XCTAssertNotEqual(Self.words("<text>See the perfor-</text><text>notes at https://e.com/a/b</text>"), whole)
    }

    /// The words of an SVG's text layer, sorted: each `<text>` element's content split at white
    /// space, an element's last word ending in a hyphen or a `/` joined with the next element's first.
    static func words(_ svg: String) -> [String] {
        let elements = svg.components(separatedBy: "<text").dropFirst().compactMap { element -> [String]? in
            guard let open = element.firstIndex(of: ">"), let close = element.range(of: "</text>") else { return nil }
            let content = element[element.index(after: open)..<close.lowerBound]
            return unescaped(String(content)).split(whereSeparator: \.isWhitespace).map(String.init)
        }
        var words: [String] = []
        var carried = ""
        for tokens in elements where !tokens.isEmpty {
            var tokens = tokens
            tokens[0] = carried + tokens[0]
            carried = ""
            if tokens.count >= 1, let last = tokens.last, last.hasSuffix("-") || last.hasSuffix("/") {
                carried = tokens.removeLast()
            }
            words += tokens
        }
        if !carried.isEmpty { words.append(carried) }
        return words.map { $0.replacingOccurrences(of: "-", with: "") }.filter { !$0.isEmpty }.sorted()
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", Self.root.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
