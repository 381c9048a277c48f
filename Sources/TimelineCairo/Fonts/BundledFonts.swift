#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bundled font folder, found without `Bundle.module`: SwiftPM's generated accessor for a
/// resource imports full Foundation. First where SwiftPM put the resource bundle on Linux,
/// beside the executable (`timeline-cards_TimelineCairo.resources/Fonts`), for a tool copied
/// with its fonts; then where `make install` puts them (`PREFIX/share/timeline-cards/Fonts` for
/// `PREFIX/bin/timeline-cards`); else the source tree's `Fonts/Bundled` folder beside this file.
enum BundledFonts {
    /// Whether fontconfig can keep its cache where the configuration puts it (`$XDG_CACHE_HOME`,
    /// else `$HOME/.cache`): the nearest folder that exists on that path is writable.
    static let hasWritableCacheHome: Bool = {
        let home = getenv("HOME").map { String(cString: $0) }
        guard var path = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }) ?? home.map({ $0 + "/.cache" }),
            path.hasPrefix("/")
        else { return false }
        while !path.isEmpty {
            if access(path, F_OK) == 0 { return access(path, W_OK) == 0 }
            path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        }
        return false
    }()

    static let directory: String = {
        if let executable = executablePath(), let slash = executable.lastIndex(of: "/") {
            let folder = String(executable[..<slash])
            let beside = folder + "/timeline-cards_TimelineCairo.resources/Fonts"
            if exists(beside) { return beside }
            let installed = folder + "/../share/timeline-cards/Fonts"
            if exists(installed) { return installed }
        }
        let source = #filePath
        return String(source[..<(source.lastIndex(of: "/") ?? source.startIndex)]) + "/Bundled"
    }()

    /// Whether `path` names anything, found with one `stat`: the fonts load on a thread of their
    /// own while the command line is parsed, and `FileManager.default` costs that thread a
    /// tenth of a millisecond to make.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The running executable, links resolved (`/proc/self/exe` on Linux, dyld's path made real
    /// on macOS); nil elsewhere.
    private static func executablePath() -> String? {
        #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var path = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&path, &size) == 0, let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
        #elseif os(Linux)
        let capacity = Int(PATH_MAX) + 1
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buffer.deallocate() }
        let length = readlink("/proc/self/exe", buffer.assumingMemoryBound(to: CChar.self), capacity - 1)
        guard length > 0 else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
        #else
        return nil
        #endif
    }
}
