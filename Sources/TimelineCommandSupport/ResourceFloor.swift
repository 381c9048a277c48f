import TimelineKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The smallest process limits a render is known to work in, checked before anything starts:
/// below them cairo, Pango, fontconfig, libdispatch and Swift's runtime fail in ways of their own
/// (a trap on an allocation they cannot get, which they do by design, a NULL dereferenced, a
/// font that cannot be opened read as a missing library). A run under them ends at once with
/// exit 3 and a message naming the limit, instead of a signal or a misleading error later.
package enum ResourceFloor {
    /// Address space (`ulimit -v`): fonts, the Swift runtime, the threads' stacks and heaps
    /// reserve 300 to 350 MiB before a card is laid out (the demo failed 1 run in 12 at 350 MiB).
    package static let minimumAddressSpace = 512 << 20
    /// Open files (`ulimit -n`): the shared libraries while loading, nine fonts, an icon's
    /// librsvg, the output and its temporary.
    package static let minimumOpenFiles = 32
    /// Stack (`ulimit -s`) for the default limits, and per level of `--max-nesting` beyond them:
    /// nested groups are read and laid out by recursion.
    package static let minimumStack = 1 << 20
    package static let stackPerNestingLevel = 12 << 10

    /// Why this process cannot render under its limits, or nil.
    package static func problem(maxNesting: Int) -> String? {
        if let limit = softLimit(RLIMIT_AS), limit < minimumAddressSpace {
            return message("address space", "ulimit -v", limit, minimumAddressSpace, unit: "MiB")
        }
        if let limit = softLimit(RLIMIT_NOFILE), limit < minimumOpenFiles {
            return "error: the limit of open files (ulimit -n) is \(limit); timeline-cards needs at least "
                + "\(minimumOpenFiles)"
        }
        let stack = minimumStack + max(0, maxNesting) * stackPerNestingLevel
        if let limit = softLimit(RLIMIT_STACK), limit < stack {
            return message("stack", "ulimit -s", limit, stack, unit: "KiB")
                + (maxNesting > 8 ? " for --max-nesting \(maxNesting)" : "")
        }
        return nil
    }

    private static func message(_ what: String, _ command: String, _ limit: Int, _ needed: Int, unit: String) -> String
    {
        let divisor = unit == "MiB" ? 1 << 20 : 1 << 10
        return "error: the \(what) limit (\(command)) is \(limit / divisor) \(unit); timeline-cards needs at least "
            + "\(needed / divisor) \(unit)"
    }

    /// The soft limit, nil when there is none. glibc types the resource as an enum of its own;
    /// musl and Darwin take an `Int32`.
    #if canImport(Glibc)
    private static func softLimit(_ resource: __rlimit_resource) -> Int? {
        var limits = rlimit()
        guard getrlimit(__rlimit_resource_t(resource.rawValue), &limits) == 0 else { return nil }
        return whole(limits.rlim_cur)
    }
    #else
    private static func softLimit(_ resource: Int32) -> Int? {
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return nil }
        return whole(limits.rlim_cur)
    }
    #endif

    private static func whole(_ value: rlim_t) -> Int? {
        // RLIM_INFINITY is all ones, past Int.max.
        value > rlim_t(Int.max) ? nil : Int(value)
    }
}
