#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells linear work from quadratic by timing it at one size and at four times that size: linear
/// work takes four times as long, quadratic sixteen. It counts as linear below eight times (their
/// geometric middle, plus 50 ms for the timer), so a busy machine may slow the larger size twice over
/// before a linear reader fails. Sizes only twice apart (2.5 times allowed) once failed in CI: 3.03
/// times for a reader this machine measures at 2.2.
///
/// Each size runs `runs` times, the two in turn, and the fastest of each counts: a busy machine slows
/// a run, never speeds one up. Time is this thread's processor time, which a thread waiting for a
/// core does not add to.
package struct GrowthTiming: CustomStringConvertible {
    /// How much larger the large input must be than the small one.
    package static let sizeFactor = 4
    package static let linearBound = 8.0

    package let small: Double
    package let large: Double

    /// Times `small` and `large` (the same work on an input `sizeFactor` times larger).
    package init(runs: Int = 5, small: () -> Void, large: () -> Void) {
        var (fastestSmall, fastestLarge) = (Double.infinity, Double.infinity)
        for _ in 0..<runs {
            fastestSmall = min(fastestSmall, Self.threadSeconds(small))
            fastestLarge = min(fastestLarge, Self.threadSeconds(large))
        }
        (self.small, self.large) = (fastestSmall, fastestLarge)
    }

    package var isLinear: Bool { large < small * Self.linearBound + 0.05 }

    package var description: String {
        "\(small) s, then \(large) s for \(Self.sizeFactor) times the input (\(large / small) times)"
    }

    private static func threadSeconds(_ work: () -> Void) -> Double {
        let start = threadTime()
        work()
        return threadTime() - start
    }

    private static func threadTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
