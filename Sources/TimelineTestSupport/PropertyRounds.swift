#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How many of a property test's generated inputs a run checks: all of them, or the share that
/// `TIMELINE_CARDS_ROUND_SHARE` names (0 < share ≤ 1). `make tsan` runs every test, and there
/// the pure, single-threaded layout properties take the first eighth of the same seeded inputs:
/// ThreadSanitizer looks for races, which no further card of one thread adds, while it makes
/// each card about fifteen times dearer; the plain `make test` checks them all.
package enum PropertyRounds {
    package static let share: Double = {
        guard let value = getenv("TIMELINE_CARDS_ROUND_SHARE"), let share = Double(String(cString: value)),
            share > 0, share <= 1
        else { return 1 }
        return share
    }()

    /// The rounds of `full` a run checks: the first ones, at least one.
    package static func of(_ full: Int) -> Int { max(1, Int((Double(full) * share).rounded(.up))) }

    /// The step through values a test would check one by one: 1 in a full run.
    package static var step: Int { max(1, Int((1 / share).rounded())) }
}
