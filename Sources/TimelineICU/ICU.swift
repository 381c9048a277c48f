#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's ICU, opened with `dlopen` once for every module that calls it: line breaking
/// (`TimelineBreaks`, the break iterator of libicuuc), month names, patterns and time zones
/// (`TimelineSpec`, libicui18n). Not linked: a machine without ICU still renders (English names,
/// breaks after white space only), and one binary runs with whichever ICU is installed.
/// Each library is opened the first time a module asks for it, so a document in English never
/// loads libicui18n.
public final class ICU: @unchecked Sendable {
    /// The two ICU libraries on Linux; on macOS both are libicucore.
    public enum Library: Sendable {
        /// libicuuc: break iterators, enumerations.
        case common
        /// libicui18n (which loads libicuuc): dates, calendars, zones.
        case internationalization
    }

    /// libicuuc, opened on first use; nil without ICU.
    public static let common: ICU? = open(.common)
    /// libicui18n, opened on first use; nil without ICU.
    public static let internationalization: ICU? = open(.internationalization)

    private let handle: UnsafeMutableRawPointer
    /// What every symbol's name ends in: ICU's major version on Linux (`_72`), nothing on macOS.
    public let suffix: String

    private init(handle: UnsafeMutableRawPointer, suffix: String) {
        (self.handle, self.suffix) = (handle, suffix)
    }

    /// The C function `name` (`ubrk_next`, looked up as `ubrk_next_72`) as `T`, nil when this ICU
    /// has none. A library's symbols include those of the libraries it loads.
    public func symbol<T>(_ name: String, _: T.Type) -> T? {
        dlsym(handle, name + suffix).map { unsafeBitCast($0, to: T.self) }
    }

    private static func open(_ library: Library) -> ICU? {
        #if canImport(Darwin)
        let candidates = libraries(library, darwin: true)
        #else
        let candidates = libraries(library, darwin: false)
        #endif
        for (name, suffix) in candidates {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            // The library of that name is this ICU only if its symbols carry the suffix.
            if dlsym(handle, "u_errorName" + suffix) != nil { return ICU(handle: handle, suffix: suffix) }
            dlclose(handle)
        }
        return nil
    }

    /// The libraries tried, in order, with the suffix their symbols carry. Linux distributions
    /// name libicuuc and libicui18n by ICU's major version and suffix every symbol with it
    /// (`udat_open_72`); macOS has one ICU, libicucore (in the shared cache, not on disk, which
    /// `dlopen` finds by its path all the same), built with plain symbol names (`udat_open`).
    public static func libraries(_ library: Library, darwin: Bool) -> [(name: String, suffix: String)] {
        if darwin { return [("/usr/lib/libicucore.A.dylib", ""), ("libicucore.dylib", "")] }
        let stem = library == .common ? "libicuuc" : "libicui18n"
        return (60...90).reversed().map { ("\(stem).so.\($0)", "_\($0)") }
    }
}
