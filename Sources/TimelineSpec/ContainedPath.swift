import TimelineModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Resolves a path written in an input so it can never name a file outside the input's folder.
enum ContainedPath {
    enum Problem: Error {
        case url, absolute, escapes, missing, symlinkEscapes

        func message(for raw: String) -> String {
            let name = MessageText.escaped(String(raw.unicodeScalars.prefix(200)))
            switch self {
            case .url: return "'\(name)' is a URL; only files next to the input are read"
            case .absolute: return "'\(name)' is an absolute path; use a path relative to the input's folder"
            case .escapes: return "'\(name)' leaves the input's folder ('..')"
            case .missing: return "'\(name)' does not exist"
            case .symlinkEscapes: return "'\(name)' is a link to a file outside the input's folder"
            }
        }
    }

    static func resolve(_ name: String, in base: String) -> Result<String, Problem> {
        if name.contains("://") || name.lowercased().hasPrefix("data:") || name.lowercased().hasPrefix("file:") {
            return .failure(.url)
        }
        if name.hasPrefix("/") || name.hasPrefix("~") || name.contains("\\") { return .failure(.absolute) }
        let parts = name.split(separator: "/", omittingEmptySubsequences: true)
        if parts.contains("..") { return .failure(.escapes) }
        let root = URL(fileURLWithPath: base).standardizedFileURL.resolvingSymlinksInPath().path
        let joined = PathName.appending(parts.joined(separator: "/"), to: root)
        guard FileManager.default.fileExists(atPath: joined) else { return .failure(.missing) }
        let real = URL(fileURLWithPath: joined).resolvingSymlinksInPath().path
        guard real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return .failure(.symlinkEscapes)
        }
        return .success(real)
    }

    /// `resolved` (what `resolve` gave) as a path inside `base`'s real folder.
    static func relative(_ resolved: String, in base: String) -> String {
        let root = URL(fileURLWithPath: base).standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return resolved.hasPrefix(prefix)
            ? String(resolved.dropFirst(prefix.count)) : String(resolved.split(separator: "/").last ?? "")
    }
}
