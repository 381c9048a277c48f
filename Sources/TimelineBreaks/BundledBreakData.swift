#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files breaking reads, bundled like the fonts so every machine breaks alike: ICU's line
/// rules compiled once (`line.brk`) and LibreOffice's hyphenation patterns (`hyphenation/`).
/// Found beside the executable (`make release`), in an installed `share/timeline-cards/Breaks`,
/// or, for builds and tests from the source tree, in this module's `Data` folder.
enum BundledBreakData {
    static let directory: String = {
        if let executable = executablePath(), let slash = executable.lastIndex(of: "/") {
            let folder = String(executable[..<slash])
            for candidate in [
                folder + "/timeline-cards_TimelineBreaks.resources/Breaks", folder + "/../share/timeline-cards/Breaks",
            ] where exists(candidate) {
                return candidate
            }
        }
        let source = #filePath
        return String(source[..<(source.lastIndex(of: "/") ?? source.startIndex)]) + "/Data"
    }()

    /// The bytes of `name` in the folder; nil when it cannot be read.
    static func contents(_ name: String) -> [UInt8]? {
        guard let file = fopen(directory + "/" + name, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return ferror(file) == 0 ? bytes : nil
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func executablePath() -> String? {
        #if os(Linux)
        guard let real = realpath("/proc/self/exe", nil) else { return nil }
        #else
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var path = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&path, &size) == 0, let real = realpath(path, nil) else { return nil }
        #endif
        defer { free(real) }
        return String(cString: real)
    }
}
