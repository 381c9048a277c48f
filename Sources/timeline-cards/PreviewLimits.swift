#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bounds of `render --serve`: how long a client may take, and how many may be connected. No
/// client can hold the server: each has a deadline, and past the cap the client that made no
/// progress for the longest is dropped for the new one.
struct PreviewLimits {
    /// Seconds from a connection to its request's whole head.
    var headSeconds: UInt64 = 5
    /// Seconds from a request to the last byte of its answer taken: on the loopback an image of
    /// hundreds of megabytes takes less than one.
    var sendSeconds: UInt64 = 10
    /// Bytes of a request's head (a browser sends under 2 KiB).
    var maxHead = 8192
    /// Connections at once, pages' event streams included.
    var maxConnections = 128
    /// Event streams at once (one per open tab): past it the oldest is closed (its page
    /// reconnects while it is open).
    var maxListeners = 32
    /// Bytes the kernel holds for each client's answer (a send buffer): a client that stops
    /// reading holds this much of the kernel's memory at most, not megabytes.
    var sendBuffer: Int32 = 1 << 18
    /// Bytes of events a page's stream may leave untaken before it is dropped (an event is a few).
    var maxUntakenEvents = 4096

    /// Descriptors left to the renderer, whatever the clients do (it needs fewer than 32).
    static let reservedDescriptors = 32

    /// The limits for this process: connections bounded by the open-file limit (`ulimit -n`),
    /// so that clients never take the descriptors a round needs.
    static func forThisProcess() -> PreviewLimits {
        var limits = PreviewLimits()
        if let openFiles = openFilesLimit() {
            limits.maxConnections = max(8, min(limits.maxConnections, openFiles - reservedDescriptors))
        }
        limits.maxListeners = max(2, min(limits.maxListeners, limits.maxConnections / 2))
        return limits
    }

    /// The soft limit of open files, nil when there is none. glibc types the resource as an enum
    /// of its own; musl and Darwin take an `Int32`.
    private static func openFilesLimit() -> Int? {
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        #else
        guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
        #endif
        return limit.rlim_cur > rlim_t(Int.max) ? nil : Int(limit.rlim_cur)
    }
}
