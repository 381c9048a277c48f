import Foundation
import TimelineTestSupport
import XCTest

@testable import TimelineSpec

/// The readers are linear in their input: each hostile shape is read at one size and at four times
/// that, and must take less than eight times as long (`GrowthTiming`).
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

    private func read(_ text: String) {
        var limits = Limits()
        limits.maxNodes = 10_000_000
        limits.maxExpandedBytes = 1 << 30
        _ = try? DocumentDecoder(limits: limits).readTree(Array(text.utf8), file: "t", format: .yaml)
    }

    /// Sizes of 5,000 and 20,000 (`GrowthTiming`): a larger one made the test take 24 s of `make test`.
    func testFourTimesAHostileInputTakesAtMostEightTimesItsReadingTime() throws {
        // Under ThreadSanitizer (`make tsan`) time grows with the heap, its shadow memory and
        // allocator: at a load average of 3 "many keys" took 3.4 times as long for twice the keys.
        // An instrumented build's timings say nothing of the tool's; the plain `make test` checks them.
        try XCTSkipIf(dlsym(nil, "__tsan_init") != nil, "the timings of a ThreadSanitizer build")
        for (name, make) in Self.shapes {
            let (small, large) = (make(5_000), make(5_000 * GrowthTiming.sizeFactor))
            let timing = GrowthTiming {
                read(small)
            } large: {
                read(large)
            }
            XCTAssertTrue(timing.isLinear, "\(name): \(timing)")
        }
    }

    /// The timing this test relies on passes linear work and fails quadratic work.
    func testTheTimingTellsQuadraticWorkFromLinear() {
        var sum = 0
        func pairs(_ count: Int) { for i in 0..<count { for j in 0..<count { sum &+= i ^ j } } }
        func singles(_ count: Int) { for i in 0..<count * 1_000 { sum &+= i } }
        let small = 1_500
        let large = small * GrowthTiming.sizeFactor
        let quadratic = GrowthTiming(runs: 2) {
            pairs(small)
        } large: {
            pairs(large)
        }
        XCTAssertFalse(quadratic.isLinear, "\(quadratic)")
        let linear = GrowthTiming(runs: 2) {
            singles(small)
        } large: {
            singles(large)
        }
        XCTAssertTrue(linear.isLinear, "\(linear)")
        XCTAssertNotEqual(sum, 0)
    }
}
