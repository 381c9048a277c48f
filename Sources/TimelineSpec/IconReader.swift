import TimelineModel

/// Reads the icons a document names, each once, and refuses what could exhaust the renderer
/// before any image library sees it: files that are not regular, too many bytes, PNGs that
/// declare too many pixels, SVGs that declare entities (an entity repeated thousands of times
/// expands to gigabytes inside the XML parser) or come in an encoding the checks cannot read.
final class IconReader {
    /// Bytes in one icon file.
    static let maxFileBytes = 2 * 1024 * 1024
    /// Pixels on either side of a PNG icon: a node is drawn at most a few hundred pixels wide.
    static let maxPixelSide = 4096
    /// Bytes of all icon files of one document.
    static let maxDocumentBytes = 16 * 1024 * 1024
    /// Decoded pixels of all PNG icons of one document (four bytes each when drawn).
    static let maxDocumentPixels = 32 * 1024 * 1024

    private(set) var icons: [String: IconFile] = [:]
    private var totalBytes = 0
    private var totalPixels = 0
    private let check: (@Sendable (IconFile) -> String?)?

    init(check: (@Sendable (IconFile) -> String?)?) {
        self.check = check
    }

    /// The icon at `path` (already resolved inside the input's folder), or why it is refused.
    func read(
        _ path: String, kind: IconFile.Kind, label: String, name: String, location: SourceLocation
    ) -> Result<Void, IconProblem> {
        if icons[path] != nil { return .success(()) }
        let bytes: [UInt8]
        switch RegularFile.read(path, maxBytes: Self.maxFileBytes) {
        case .success(let read): bytes = read
        case .failure(let problem): return .failure(.file(problem))
        }
        if bytes.isEmpty { return .failure(.empty) }
        switch kind {
        case .png:
            switch PNGHeader.read(bytes) {
            case .failure(let invalid): return .failure(.notPNG(invalid.reason))
            case .success(let header):
                guard header.width <= Self.maxPixelSide, header.height <= Self.maxPixelSide else {
                    return .failure(.tooManyPixels(width: header.width, height: header.height))
                }
                totalPixels += header.width * header.height
            }
        case .svg:
            if let problem = SVGPreflight.problem(in: bytes) { return .failure(problem) }
        }
        totalBytes += bytes.count
        guard totalBytes <= Self.maxDocumentBytes else {
            return .failure(.documentBudget("bytes", Self.maxDocumentBytes))
        }
        guard totalPixels <= Self.maxDocumentPixels else {
            return .failure(.documentBudget("pixels", Self.maxDocumentPixels))
        }
        let icon = IconFile(kind: kind, bytes: bytes, location: location, label: label, name: name)
        if let problem = check?(icon) { return .failure(.undrawable(problem)) }
        icons[path] = icon
        return .success(())
    }
}
