import CPangoCairo

#if canImport(Glibc)
import Glibc
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

    /// Writes the message with `write` (no allocation: memory may be what ran out) and exits
    /// without running anything else.
    private static func end(domain: UnsafePointer<CChar>?, message: UnsafePointer<CChar>?) -> Never {
        func put(_ text: UnsafePointer<CChar>) { _ = write(2, text, strlen(text)) }
        put("error: ")
        if let domain {
            put(domain)
            put(": ")
        }
        if let message { put(message) } else { put("a library failed") }
        put("\n")
        _exit(exitStatus)
    }
}
