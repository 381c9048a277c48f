import Foundation
import XCTest

@testable import TimelineSpec

/// The readers are linear in their input: each hostile shape is read at one size and at twice
/// that, and the second may take at most 2.5 times as long (plus a little for timer noise).
final class LinearReadingTests: XCTestCase {
    /// Hostile shapes, each made at a given size.
    static let shapes: [(name: String, make: @Sendable (Int) -> String)] = [
        (
            "aliases of one anchor",
            { count in
                "version: 1\nx: &a [1, 2, 3]\ny: [" + Array(repeating: "*a", count: count).joined(separator: ", ")
                    + "]\n"
            }
        ),
        (
            "anchors each aliased once",
            { count in
                "version: 1\n" + (0..<count).map { "k\($0): &a\($0) v\nr\($0): *a\($0)\n" }.joined()
            }
        ),
        (
            "long flow sequence",
            { count in
                "version: 1\nx: [" + Array(repeating: "a", count: count).joined(separator: ", ") + "]\n"
            }
        ),
        (
            "many keys",
            { count in
                "version: 1\n" + (0..<count).map { "key\($0): value\n" }.joined()
            }
        ),
        (
            "deep flow nesting at the limit",
            { count in
                (0..<count).map { _ in "[" + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "]"
                }
                .joined(separator: "\n---\n")
            }
        ),
        ("long plain scalar", { count in "version: 1\nx: " + String(repeating: "word ", count: count) + "\n" }),
    ]

    private func seconds(_ text: String) -> Double {
        var limits = Limits()
        limits.maxNodes = 10_000_000
        limits.maxExpandedBytes = 1 << 30
        let decoder = DocumentDecoder(limits: limits)
        let bytes = Array(text.utf8)
        let elapsed = ContinuousClock().measure { _ = try? decoder.readTree(bytes, file: "t", format: .yaml) }
        return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    }

    /// The fastest of five runs of each size, taken in turn: a busy machine slows a run, never
    /// speeds one up, and taking them in turn spreads a busy moment over both sizes. Sizes of
    /// 10,000 and 20,000 (a quadratic reading would still take four times as long): at twice those
    /// the test took 24 s of `make test` and 414 s of `make tsan`.
    func testDoublingAHostileInputAtMostDoublesItsReadingTime() throws {
        // Under ThreadSanitizer (`make tsan`) time grows with the heap, its shadow memory and
        // allocator: at a load average of 3 "many keys" took 3.4 times as long for twice the keys.
        // An instrumented build's timings say nothing of the tool's; the plain `make test` checks them.
        try XCTSkipIf(dlsym(nil, "__tsan_init") != nil, "the timings of a ThreadSanitizer build")
        for (name, make) in Self.shapes {
            let (smallText, largeText) = (make(10_000), make(20_000))
            var (small, large) = (Double.infinity, Double.infinity)
            for _ in 0..<5 {
                small = min(small, seconds(smallText))
                large = min(large, seconds(largeText))
            }
            XCTAssertLessThan(large, small * 2.5 + 0.05, "\(name): \(small) s, then \(large) s")
        }
    }
}
