#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Environment variables read one at a time with `getenv`: `ProcessInfo.environment` copies the
/// whole environment into a dictionary first, a cost every run of the tool would pay.
package enum Environment {
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
