import Foundation

/// A progress bar on standard error when it is a terminal, there are many inputs and CI is unset.
final class ProgressReporter: @unchecked Sendable {
    let total: Int
    let isInteractive: Bool
    private let lock = NSLock()

    init(total: Int) {
        self.total = total
        isInteractive = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    var update: (Int) -> Void {
        { [self] done in
            guard isInteractive, total >= 10 else { return }
            lock.lock()
            defer { lock.unlock() }
            let width = 30
            let filled = width * done / max(1, total)
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total)".utf8))
        }
    }

    func finish() {
        if isInteractive, total >= 10 { FileHandle.standardError.write(Data("\r\u{1b}[K".utf8)) }
    }
}
