import ArgumentParser
import TimelineKit

/// Every bound of one `Limits` as a flag: on the inputs, on what a run reads besides them (icons,
/// goldens, fonts), and on what it writes. Every command that reads timeline files (render, check,
/// validate through `InputFlags`, and docc-resources) takes this one group, so a bound has one
/// flag with one name everywhere (`LimitFlagTests` enumerates the fields of `Limits`).
struct LimitFlags: ParsableArguments, LimitFlagSet {
    @Option(help: "Most items in one document.")
    var maxItems = WholeNumber(Limits().maxItems)
    @Option(help: "Deepest nesting of groups.")
    var maxNesting = WholeNumber(Limits().maxNesting)
    @Option(help: "Longest text in one field, in characters.")
    var maxText = WholeNumber(Limits().maxTextLength)
    @Option(help: "Most YAML nodes after aliases are expanded.")
    var maxNodes = WholeNumber(Limits().maxNodes)
    @Option(help: "Most bytes of text that aliases expand to.")
    var maxExpandedBytes = WholeNumber(Limits().maxExpandedBytes)
    @Option(help: "Largest input file, in bytes.")
    var maxInputBytes = WholeNumber(Limits().maxInputBytes)
    @Option(help: "Deepest nesting of YAML collections.")
    var maxDepth = WholeNumber(Limits().maxYAMLDepth)
    @Option(help: "Most pixels in one PNG image (width × height).")
    var maxPixels = WholeNumber(Limits().maxPixels)
    @Option(help: "Most bytes in one image file.")
    var maxOutputBytes = WholeNumber(Limits().maxOutputBytes)
    @Option(help: "Largest icon file, in bytes.")
    var maxIconBytes = WholeNumber(Limits().maxIconBytes)
    @Option(help: "Most pixels on either side of a PNG icon.")
    var maxIconSide = WholeNumber(Limits().maxIconSide)
    @Option(help: "Most bytes of all the icon files of one document.")
    var maxDocumentIconBytes = WholeNumber(Limits().maxDocumentIconBytes)
    @Option(help: "Most pixels of all the PNG icons of one document.")
    var maxDocumentIconPixels = WholeNumber(Limits().maxDocumentIconPixels)
    @Option(help: "Largest expected (golden) image read, in bytes.")
    var maxGoldenBytes = WholeNumber(Limits().maxGoldenBytes)
    @Option(help: "Largest font file of a --fonts folder, in bytes.")
    var maxFontBytes = WholeNumber(Limits().maxFontBytes)
    @Option(help: "Most font files in one --fonts folder.")
    var maxFontFiles = WholeNumber(Limits().maxFontFiles)
    @Option(help: "Most bytes of all the font files of one --fonts folder.")
    var maxFontFolderBytes = WholeNumber(Limits().maxFontFolderBytes)
    @Option(help: "Most bytes of all the images of one Markdown page.")
    var maxPageOutputBytes = WholeNumber(Limits().maxPageOutputBytes)

    /// Each flag, with the field of `Limits` it sets.
    static var fields: [LimitField<LimitFlags>] {
        [
            .init("--max-items", \.maxItems, \.maxItems) { $0.maxItems = $1 },
            .init("--max-nesting", \.maxNesting, \.maxNesting) { $0.maxNesting = $1 },
            .init("--max-text", \.maxTextLength, \.maxText) { $0.maxText = $1 },
            .init("--max-nodes", \.maxNodes, \.maxNodes) { $0.maxNodes = $1 },
            .init("--max-expanded-bytes", \.maxExpandedBytes, \.maxExpandedBytes) { $0.maxExpandedBytes = $1 },
            .init("--max-input-bytes", \.maxInputBytes, \.maxInputBytes) { $0.maxInputBytes = $1 },
            .init("--max-depth", \.maxYAMLDepth, \.maxDepth) { $0.maxDepth = $1 },
            .init("--max-pixels", \.maxPixels, \.maxPixels) { $0.maxPixels = $1 },
            .init("--max-output-bytes", \.maxOutputBytes, \.maxOutputBytes) { $0.maxOutputBytes = $1 },
            .init("--max-icon-bytes", \.maxIconBytes, \.maxIconBytes) { $0.maxIconBytes = $1 },
            .init("--max-icon-side", \.maxIconSide, \.maxIconSide) { $0.maxIconSide = $1 },
            .init("--max-document-icon-bytes", \.maxDocumentIconBytes, \.maxDocumentIconBytes) {
                $0.maxDocumentIconBytes = $1
            },
            .init("--max-document-icon-pixels", \.maxDocumentIconPixels, \.maxDocumentIconPixels) {
                $0.maxDocumentIconPixels = $1
            },
            .init("--max-golden-bytes", \.maxGoldenBytes, \.maxGoldenBytes) { $0.maxGoldenBytes = $1 },
            .init("--max-font-bytes", \.maxFontBytes, \.maxFontBytes) { $0.maxFontBytes = $1 },
            .init("--max-font-files", \.maxFontFiles, \.maxFontFiles) { $0.maxFontFiles = $1 },
            .init("--max-font-folder-bytes", \.maxFontFolderBytes, \.maxFontFolderBytes) { $0.maxFontFolderBytes = $1 },
            .init("--max-page-output-bytes", \.maxPageOutputBytes, \.maxPageOutputBytes) { $0.maxPageOutputBytes = $1 },
        ]
    }

    /// These flags, each at its default: for a command made without parsing.
    static var defaults: LimitFlags {
        var flags = LimitFlags()
        flags.setLimitsToDefaults()
        return flags
    }

    /// The limits these flags set, the others at their defaults.
    var limits: Limits { applied(to: Limits()) }

    func validate() throws {
        try validateLimits()
        // libyaml stops at 1000 levels on its own; the decoder's group nesting lives inside that.
        if maxDepth.value > Limits.maxYAMLDepthCeiling {
            throw ValidationError("--max-depth can be at most \(Limits.maxYAMLDepthCeiling) (libyaml's own limit)")
        }
        if maxNesting.value > Limits.maxYAMLDepthCeiling / 2 {
            throw ValidationError(
                "--max-nesting can be at most \(Limits.maxYAMLDepthCeiling / 2): each group level takes two YAML levels"
            )
        }
    }
}
