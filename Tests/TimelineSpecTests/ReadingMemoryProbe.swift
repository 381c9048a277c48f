import Foundation
import XCTest

@testable import TimelineSpec

/// Reading alone, for measuring by hand: `TIMELINE_READ_FILE=big.mmd swift test --filter
/// ReadingMemoryProbe` decodes that file (Mermaid, YAML or JSON by its name) and prints the
/// process's peak resident memory before and after. Skipped when the variable is not set.
final class ReadingMemoryProbe: XCTestCase {
    func testReadTheNamedFile() throws {
        guard let path = ProcessInfo.processInfo.environment["TIMELINE_READ_FILE"] else {
            throw XCTSkip("TIMELINE_READ_FILE names no file")
        }
        // Linux's peak resident set (VmHWM), in MiB; 0 where /proc is not.
        func peak() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
        }
        let before = peak()
        var limits = Limits()
        limits.maxItems = 1_000_000
        let start = Date()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try DocumentDecoder(limits: limits).decode(
            data, file: path, format: InputFormat(fileName: path), baseDirectory: NSTemporaryDirectory())
        print(
            "read \(path): \(document.cards.first?.items.count ?? 0) items in "
                + "\(Date().timeIntervalSince(start)) s; peak \(before) MiB before, \(peak()) MiB after")
    }
}
