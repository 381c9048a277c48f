import CPangoCairo
import TimelineThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// GLib ends the process with a trap on errors it cannot go on from: a thread it cannot create
/// (Pango starts one to load fontconfig; `ulimit -u`), memory it cannot get (`ulimit -v`). Once
/// `endRunsCleanly` is called, such an error ends the run as a failure to render does instead:
/// `error: ` and GLib's message on standard error, exit status 3, no image renamed into place.
/// Warnings and other messages go to GLib's own handler as before.
public enum LibraryFailures {
    /// The exit status of a run that a library could not go on with (the contract's I/O or
    /// rendering failure).
    public static let exitStatus: Int32 = 3

    public static func endRunsCleanly() {
        // Made now: the end allocates nothing, since memory may be what ran out.
        _ = ending
        _ = g_log_set_default_handler(
            { domain, level, message, data in
                let fatal = G_LOG_LEVEL_ERROR.rawValue | G_LOG_FLAG_FATAL.rawValue
                guard level.rawValue & fatal != 0 else {
                    g_log_default_handler(domain, level, message, data)
                    return
                }
                LibraryFailures.end(domain: domain, message: message)
            }, nil)
    }

    /// Held by the thread ending the run, never released: another one that fails meanwhile waits
    /// on it for the end. (A lock rather than `Atomic`, which needs macOS 15.)
    private static let ending = Lock()

    /// Writes the message in one `write` (no allocation: memory may be what ran out; one call, so
    /// that nothing comes between its pieces) and exits without running anything else. A second
    /// thread failing at once waits for the first to end the process.
    private static func end(domain: UnsafePointer<CChar>?, message: UnsafePointer<CChar>?) -> Never {
        ending.lock()
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { line in
            var count = 0
            func put(_ text: UnsafePointer<CChar>) {
                let length = min(strlen(text), line.count - 1 - count)
                (line.baseAddress! + count).update(from: text, count: length)
                count += length
            }
            put("error: ")
            if let domain {
                put(domain)
                put(": ")
            }
            if let message { put(message) } else { put("a library failed") }
            // `put` leaves room for the line's end.
            line[count] = 0x0A
            _ = write(2, line.baseAddress, count + 1)
        }
        _exit(exitStatus)
    }
}
