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
    func read(_ path: String, kind: IconFile.Kind, label: String, location: SourceLocation) -> Result<Void, IconProblem>
    {
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
            case .failure(let problem): return .failure(problem)
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
        let icon = IconFile(kind: kind, bytes: bytes, location: location, label: label)
        if let problem = check?(icon) { return .failure(.undrawable(problem)) }
        icons[path] = icon
        return .success(())
    }
}

/// Why an icon file is refused.
enum IconProblem: Error, Equatable {
    case file(RegularFile.Problem)
    case empty
    case notPNG(String)
    case tooManyPixels(width: Int, height: Int)
    case svg(String)
    case documentBudget(String, Int)
    case undrawable(String)

    var message: String {
        switch self {
        case .file(let problem): return problem.message
        case .empty: return "is empty"
        case .notPNG(let reason): return "is not a valid PNG file (\(reason))"
        case .tooManyPixels(let width, let height):
            return "is \(width)×\(height) pixels; icons may have at most \(IconReader.maxPixelSide) on each side"
        case .svg(let reason): return "is refused: \(reason)"
        case .documentBudget(let what, let limit):
            return "takes the document's icons past their limit of \(limit) \(what) in all"
        case .undrawable(let message): return message
        }
    }
}

/// The fixed start of a PNG file: signature and IHDR chunk.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func read(_ bytes: [UInt8]) -> Result<(width: Int, height: Int), IconProblem> {
        guard bytes.count >= 33, Array(bytes[0..<8]) == signature else { return .failure(.notPNG("no PNG signature")) }
        guard Array(bytes[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8) else {
            return .failure(.notPNG("no IHDR chunk first"))
        }
        func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = integer(16)
        let height = integer(20)
        let depth = bytes[24]
        let colorType = bytes[25]
        let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard width > 0, height > 0 else { return .failure(.notPNG("a side of 0 pixels")) }
        guard depths[colorType]?.contains(depth) == true else {
            return .failure(.notPNG("bit depth \(depth) with color type \(colorType)"))
        }
        return .success((width, height))
    }
}

/// Checks an SVG icon's bytes before librsvg parses them.
enum SVGPreflight {
    static func problem(in bytes: [UInt8]) -> IconProblem? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.contains(0) {
            return .svg("only UTF-8 SVG files are read")
        }
        if let declaration = firstRange(of: "<?xml", in: bytes),
            let end = firstRange(of: "?>", in: bytes, from: declaration)
        {
            let lowered = bytes[declaration..<end].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
            if let encoding = firstRange(of: "encoding", in: lowered) {
                let value = String(
                    decoding: lowered[(encoding + 8)...].drop { " =\"'".utf8.contains($0) }, as: UTF8.self)
                if !(value.hasPrefix("utf-8") || value.hasPrefix("us-ascii") || value.hasPrefix("ascii")) {
                    return .svg("only UTF-8 SVG files are read")
                }
            }
        }
        if firstRange(of: "<!ENTITY", in: bytes) != nil { return .svg("it declares XML entities") }
        if let doctype = firstRange(of: "<!DOCTYPE", in: bytes) {
            // An internal subset (`[ … ]`) is where entities live; a plain DOCTYPE line is harmless.
            var index = doctype
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if bytes[index] == UInt8(ascii: "[") { return .svg("its DOCTYPE has an internal subset") }
                index += 1
            }
        }
        if firstRange(of: "<svg", in: bytes) == nil { return .svg("it has no <svg> element") }
        return nil
    }

    /// The index of the first occurrence of `text`, at or after `start`.
    private static func firstRange(of text: String, in bytes: [UInt8], from start: Int = 0) -> Int? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
