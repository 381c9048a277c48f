import TimelineModel
import TimelinePolicy

/// A file an input names (an icon, a theme file): a path relative to the input's folder, read
/// through `ContainedFile`, so no link below the folder is followed and nothing outside it is
/// ever opened. URLs, absolute paths and `..` are refused before anything is opened.
enum IncludedFile {
    enum Problem: Error, Equatable {
        case url, absolute, escapes
        case file(RegularFile.Problem)

        /// The problem after the file's name: "'x.png' is a link, and links are not followed …".
        func message(for raw: String, limitFlag: String) -> String {
            let name = MessageText.escaped(String(raw.unicodeScalars.prefix(200)))
            switch self {
            case .url: return "'\(name)' is a URL; only files next to the input are read"
            case .absolute: return "'\(name)' is an absolute path; use a path relative to the input's folder"
            case .escapes: return "'\(name)' leaves the input's folder ('..')"
            case .file(.tooLarge(let size, let limit)):
                return "'\(name)' is \(size) bytes, more than the limit of \(limit) (raise with \(limitFlag))"
            case .file(let problem): return "'\(name)' \(problem.message)"
            }
        }
    }

    /// The file `name` names in `base`: its path (`base` joined with the name) and bytes.
    static func read(_ name: String, in base: String, maxBytes: Int) -> Result<(path: String, bytes: [UInt8]), Problem>
    {
        if name.contains("://") || name.lowercased().hasPrefix("data:") || name.lowercased().hasPrefix("file:") {
            return .failure(.url)
        }
        if name.hasPrefix("/") || name.hasPrefix("~") || name.contains("\\") { return .failure(.absolute) }
        guard let parts = ContainedFile.components(name) else { return .failure(.escapes) }
        let relative = parts.joined(separator: "/")
        switch ContainedFile.read(relative, in: base, maxBytes: maxBytes) {
        case .success(let bytes): return .success((PathName.appending(relative, to: base), bytes))
        case .failure(let problem): return .failure(.file(problem))
        }
    }
}
