import TimelinePolicy

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
        for (name, suffix) in installed(library) + candidates {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            // The library of that name is this ICU only if its symbols carry the suffix.
            if dlsym(handle, "u_errorName" + suffix) != nil { return ICU(handle: handle, suffix: suffix) }
            dlclose(handle)
        }
        return nil
    }

    /// The ICU libraries of `library`'s kind in the folder of the C library this process loaded
    /// (the distribution's library folder), newest first, by path: one folder read instead of
    /// `dlopen` searching every library path for each name of `libraries` until one exists (about
    /// 190 failed system calls on Debian 12).
    static func installed(_ library: Library) -> [(name: String, suffix: String)] {
        #if canImport(Darwin)
        return []
        #else
        let stem = library == .common ? "libicuuc" : "libicui18n"
        return loadedLibraryFolders().flatMap { folder in
            versions(of: stem, among: names(in: folder, startingWith: stem + ".so."))
                .map { ("\(folder)/\(stem).so.\($0)", "_\($0)") }
        }
        #endif
    }

    /// The major versions `names` holds of `stem` (`libicuuc.so.72`, not `libicuuc.so.72.1` or
    /// `libicuuc.so`), newest first.
    static func versions(of stem: String, among names: [String]) -> [Int] {
        let prefix = stem + ".so."
        return names.compactMap { name in
            guard name.hasPrefix(prefix), let version = Int(name.dropFirst(prefix.count)), version > 0 else {
                return nil
            }
            return version
        }.sorted(by: >)
    }

    /// The names of the entries of `folder` that start with `prefix`; none when it cannot be read.
    /// Compared as bytes: a library folder holds thousands of entries, few of them ICU's.
    private static func names(in folder: String, startingWith prefix: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let start = Array(prefix.utf8)
        var names: [String] = []
        FolderNames.forEach(in: directory) { name in
            if name.starts(with: start) { names.append(String(decoding: name, as: UTF8.self)) }
        }
        return names
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
        return (60...90).reversed().map { ("\(stem).so.\($0)", "_\($0)") }
    }
}
