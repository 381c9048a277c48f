#if canImport(Glibc)
import CLinux
import Glibc
#elseif canImport(Musl)
import CLinux
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
        for (name, suffix) in installed(library) {
            if let icu = opened(name, suffix: suffix) { return icu }
        }
        for (name, suffix) in candidates {
            if let icu = opened(name, suffix: suffix) { return icu }
        }
        return nil
    }

    /// The library `name` as an ICU whose symbols end in `suffix`, or nil.
    private static func opened(_ name: String, suffix: String) -> ICU? {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return nil }
        // The library of that name is this ICU only if its symbols carry the suffix.
        if dlsym(handle, "u_errorName" + suffix) != nil { return ICU(handle: handle, suffix: suffix) }
        dlclose(handle)
        return nil
    }

    /// The ICU libraries of `library`'s kind in the folder of the C library this process loaded
    /// (the distribution's library folder), newest first, by path: each major version of
    /// `majorVersions` looked up by name in that one folder. Cheaper than either alternative:
    /// reading the folder (thousands of entries, about 0.5 ms on Debian 12, more than opening ICU)
    /// or `dlopen` searching every library path for each name until one exists (hundreds of
    /// failed system calls).
    static func installed(_ library: Library) -> some Sequence<(name: String, suffix: String)> {
        #if canImport(Darwin)
        return installed(library, in: [])
        #else
        return installed(library, in: loadedLibraryFolders())
        #endif
    }

    /// The libraries of `library`'s kind each of `folders` holds, newest first, by path: a file
    /// named by its major version only (`libicuuc.so.72`, the name the loader opens). Lazy: a
    /// folder is asked for the next older version only when the newer one did not open.
    static func installed(_ library: Library, in folders: [String]) -> some Sequence<(name: String, suffix: String)> {
        let stem = library == .common ? "libicuuc" : "libicui18n"
        return folders.lazy.flatMap { folder in
            majorVersions.lazy.map { (name: "\(folder)/\(stem).so.\($0)", suffix: "_\($0)") }
                .filter { access($0.name, F_OK) == 0 }
        }
    }

    #if !canImport(Darwin)
    /// The folder of the C library this process loaded (glibc's `libc.so.6`:
    /// `/lib/x86_64-linux-gnu`), where a distribution installs ICU too; none when the loader cannot
    /// tell. A function is looked up in the library itself: the address of `dlopen` as this
    /// process calls it can be a sanitizer's wrapper, in the executable.
    static func loadedLibraryFolders() -> [String] {
        guard let libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD) else { return [] }
        defer { dlclose(libc) }
        var object = CLinuxLoadedObject()
        guard let address = dlsym(libc, "dlopen"), dladdr(address, &object) != 0, let name = object.fileName
        else { return [] }
        let path = String(cString: name)
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return [] }
        return [String(path[..<slash])]
    }
    #endif

    /// The libraries tried, in order, with the suffix their symbols carry. Linux distributions
    /// name libicuuc and libicui18n by ICU's major version and suffix every symbol with it
    /// (`udat_open_72`); macOS has one ICU, libicucore (in the shared cache, not on disk, which
    /// `dlopen` finds by its path all the same), built with plain symbol names (`udat_open`).
    public static func libraries(_ library: Library, darwin: Bool) -> [(name: String, suffix: String)] {
        if darwin { return [("/usr/lib/libicucore.A.dylib", ""), ("libicucore.dylib", "")] }
        let stem = library == .common ? "libicuuc" : "libicui18n"
        return majorVersions.map { ("\(stem).so.\($0)", "_\($0)") }
    }

    /// ICU's major versions looked for on Linux, newest first: 60 (2017) to well past today's 78.
    static let majorVersions = Array((60...99).reversed())
}
