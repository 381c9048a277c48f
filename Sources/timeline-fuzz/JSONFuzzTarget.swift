import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One fuzz input through the JSON reading path alone (byte checks, strict check, JSON reader,
/// and libyaml for comparison): faster than the document target, so it explores JSON's syntax
/// further. Any crash is a bug; so is a disagreement between the readers.
enum JSONFuzzTarget {
    static let limits: Limits = {
        var limits = Limits()
        limits.maxNodes = 20_000
        limits.maxInputBytes = 256 * 1024
        return limits
    }()

    static func run(_ data: Data) {
        if let disagreement = JSONReadingAgreement.disagreement(in: [UInt8](data), limits: limits) {
            preconditionFailure(disagreement)
        }
    }
}

/// Which target `make fuzz` runs: `TIMELINE_FUZZ_TARGET=json` for the JSON reading path, `icon`
/// for icon files, `markup` for description markup and its links, `markdown` for Markdown pages,
/// `mermaid` for Mermaid timelines, `catalog` for DocC catalogs, `serve` for what a client sends
/// the preview server, the document target (decode → layout → SVG) otherwise.
enum FuzzTargetChoice {
    static let run: @Sendable (Data) -> Void = {
        switch ProcessInfo.processInfo.environment["TIMELINE_FUZZ_TARGET"] {
        case "json": return JSONFuzzTarget.run
        case "icon": return IconFuzzTarget.run
        case "markup": return MarkupFuzzTarget.run
        case "markdown": return MarkdownFuzzTarget.run
        case "mermaid": return MermaidFuzzTarget.run
        case "catalog": return CatalogFuzzTarget.run
        case "serve": return ServeFuzzTarget.run
        default: return FuzzTarget.run
        }
    }()
}
