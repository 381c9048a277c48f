import Dispatch
import XCTest

@testable import TimelineBreaks

/// Threads that find opportunities at once (the measurer's shaping lanes) each take an iterator
/// of their own and find what one thread finds, text by text.
final class ICULineRulesThreadsTests: XCTestCase {
    func testThreadsAtOnceFindWhatOneThreadFinds() throws {
        let rules = try XCTUnwrap(ICULineRules.shared)
        let words = [
            "Milestone", "2026-12-07", "Datenschutzfolgenabschätzung", "里程碑", "첫 프로젝트", "--max-columns", "«Oui»",
        ]
        let texts = (0..<400).map { number in
            (0..<(3 + number % 9)).map { words[(number + $0) % words.count] }.joined(separator: " ")
                + " \(number) https://example.com/a/\(number)"
        }
        let alone = texts.map { rules.opportunities(in: $0) }
        XCTAssertTrue(alone.allSatisfy { !$0.isEmpty })
        let results = Results(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: 8) { lane in
            for index in stride(from: lane, to: texts.count, by: 8) {
                results.set(index, rules.opportunities(in: texts[index]))
            }
        }
        XCTAssertEqual(results.all, alone)
    }

    /// Each text's opportunities, written by the one thread that found them.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [[Int]]
        init(count: Int) { found = Array(repeating: [], count: count) }
        func set(_ index: Int, _ value: [Int]) { lock.withLock { found[index] = value } }
        var all: [[Int]] { lock.withLock { found } }
    }
}
