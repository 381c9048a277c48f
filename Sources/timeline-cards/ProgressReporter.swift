import TimelineCommandSupport
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress bar on standard error when it is a terminal, there are many inputs and CI is unset.
final class ProgressReporter: @unchecked Sendable {
    let total: Int
    let isInteractive: Bool
    private let lock = Lock()

    init(total: Int) {
        self.total = total
        isInteractive = isatty(STDERR_FILENO) == 1 && Environment.value("CI") == nil
    }

    var update: (Int) -> Void {
        { [self] done in
            guard isInteractive, total >= 10 else { return }
            lock.lock()
            defer { lock.unlock() }
            let width = 30
            let filled = width * done / max(1, total)
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            StandardStreams.writeError("\r\(bar) \(done)/\(total)")
        }
    }

    func finish() {
        if isInteractive, total >= 10 { StandardStreams.writeError("\r\u{1b}[K") }
    }
}
