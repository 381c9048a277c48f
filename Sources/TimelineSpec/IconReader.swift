import TimelineModel

/// Reads the icons a document names, each once, and refuses what could exhaust the renderer
/// before any image library sees it: files that are not regular, too many bytes, PNGs that
/// declare too many pixels, SVGs that declare entities (an entity repeated thousands of times
/// expands to gigabytes inside the XML parser) or come in an encoding the checks cannot read.
final class IconReader {
    private(set) var icons: [String: IconFile] = [:]
    private var totalBytes = 0
    private var totalPixels = 0
    private let limits: Limits
    private let check: (@Sendable (IconFile) -> String?)?

    init(limits: Limits, check: (@Sendable (IconFile) -> String?)?) {
        self.limits = limits
        self.check = check
    }

    /// The icon at `path`, whose bytes `IncludedFile` read, or why it is refused.
    func read(
        _ path: String, bytes: [UInt8], kind: IconFile.Kind, label: String, name: String, location: SourceLocation
    ) -> Result<Void, IconProblem> {
        if icons[path] != nil { return .success(()) }
        if bytes.isEmpty { return .failure(.empty) }
        switch kind {
        case .png:
            switch PNGHeader.read(bytes) {
            case .failure(let invalid): return .failure(.notPNG(invalid.reason))
            case .success(let header):
                guard header.width <= limits.maxIconSide, header.height <= limits.maxIconSide else {
                    return .failure(
                        .tooManyPixels(width: header.width, height: header.height, limit: limits.maxIconSide))
                }
                totalPixels += header.width * header.height
            }
        case .svg:
            if let problem = SVGPreflight.problem(in: bytes) { return .failure(problem) }
        }
        totalBytes += bytes.count
        guard totalBytes <= limits.maxDocumentIconBytes else {
            return .failure(.documentBudget("bytes", limits.maxDocumentIconBytes, flag: "--max-document-icon-bytes"))
        }
        guard totalPixels <= limits.maxDocumentIconPixels else {
            return .failure(.documentBudget("pixels", limits.maxDocumentIconPixels, flag: "--max-document-icon-pixels"))
        }
        let icon = IconFile(kind: kind, bytes: bytes, location: location, label: label, name: name)
        if let problem = check?(icon) { return .failure(.undrawable(problem)) }
        icons[path] = icon
        return .success(())
    }
}
