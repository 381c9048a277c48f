#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The bundled font folder, found without `Bundle.module`: SwiftPM's generated accessor for a
/// resource imports full Foundation. First where SwiftPM put the resource bundle on Linux,
/// beside the executable (`timeline-cards_TimelineCairo.resources/Fonts`), for a tool copied
/// with its fonts; then where `make install` puts them (`PREFIX/share/timeline-cards/Fonts` for
/// `PREFIX/bin/timeline-cards`); else the source tree's `Fonts/Bundled` folder beside this file.
enum BundledFonts {
    static let directory: String = {
        if let executable = executablePath(), let slash = executable.lastIndex(of: "/") {
            let folder = String(executable[..<slash])
            let beside = folder + "/timeline-cards_TimelineCairo.resources/Fonts"
            if FileManager.default.fileExists(atPath: beside) { return beside }
            let installed = folder + "/../share/timeline-cards/Fonts"
            if FileManager.default.fileExists(atPath: installed) { return installed }
        }
        let source = #filePath
        return String(source[..<(source.lastIndex(of: "/") ?? source.startIndex)]) + "/Bundled"
    }()

    /// The running executable, links resolved (`/proc/self/exe`); nil off Linux.
    private static func executablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return nil
        #endif
    }
}
