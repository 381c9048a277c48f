import ArgumentParser
import TimelineKit

/// Every bound of one `Limits` as a flag: on the inputs, on what a run reads besides them (icons,
/// goldens, fonts), and on what it writes. Every command that reads timeline files (render, check,
/// validate through `InputFlags`, and docc-resources) takes this one group, so a bound has one
/// flag with one name everywhere (`LimitFlagTests` enumerates the fields of `Limits`).
struct LimitFlags: ParsableArguments {
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
    static var fields: [(flag: String, limit: WritableKeyPath<Limits, Int>, value: KeyPath<LimitFlags, WholeNumber>)] {
        [
            ("--max-items", \.maxItems, \.maxItems), ("--max-nesting", \.maxNesting, \.maxNesting),
            ("--max-text", \.maxTextLength, \.maxText), ("--max-nodes", \.maxNodes, \.maxNodes),
            ("--max-expanded-bytes", \.maxExpandedBytes, \.maxExpandedBytes),
            ("--max-input-bytes", \.maxInputBytes, \.maxInputBytes), ("--max-depth", \.maxYAMLDepth, \.maxDepth),
            ("--max-pixels", \.maxPixels, \.maxPixels), ("--max-output-bytes", \.maxOutputBytes, \.maxOutputBytes),
            ("--max-icon-bytes", \.maxIconBytes, \.maxIconBytes), ("--max-icon-side", \.maxIconSide, \.maxIconSide),
            ("--max-document-icon-bytes", \.maxDocumentIconBytes, \.maxDocumentIconBytes),
            ("--max-document-icon-pixels", \.maxDocumentIconPixels, \.maxDocumentIconPixels),
            ("--max-golden-bytes", \.maxGoldenBytes, \.maxGoldenBytes),
            ("--max-font-bytes", \.maxFontBytes, \.maxFontBytes),
            ("--max-font-files", \.maxFontFiles, \.maxFontFiles),
            ("--max-font-folder-bytes", \.maxFontFolderBytes, \.maxFontFolderBytes),
            ("--max-page-output-bytes", \.maxPageOutputBytes, \.maxPageOutputBytes),
        ]
    }

    /// These flags, each at its default: for a command made without parsing. Set one by one: a
    /// write through a key path reads the unparsed flag first, which traps.
    static var defaults: LimitFlags {
        var flags = LimitFlags()
        let limits = Limits()
        flags.maxItems = WholeNumber(limits.maxItems)
        flags.maxNesting = WholeNumber(limits.maxNesting)
        flags.maxText = WholeNumber(limits.maxTextLength)
        flags.maxNodes = WholeNumber(limits.maxNodes)
        flags.maxExpandedBytes = WholeNumber(limits.maxExpandedBytes)
        flags.maxInputBytes = WholeNumber(limits.maxInputBytes)
        flags.maxDepth = WholeNumber(limits.maxYAMLDepth)
        flags.maxPixels = WholeNumber(limits.maxPixels)
        flags.maxOutputBytes = WholeNumber(limits.maxOutputBytes)
        flags.maxIconBytes = WholeNumber(limits.maxIconBytes)
        flags.maxIconSide = WholeNumber(limits.maxIconSide)
        flags.maxDocumentIconBytes = WholeNumber(limits.maxDocumentIconBytes)
        flags.maxDocumentIconPixels = WholeNumber(limits.maxDocumentIconPixels)
        flags.maxGoldenBytes = WholeNumber(limits.maxGoldenBytes)
        flags.maxFontBytes = WholeNumber(limits.maxFontBytes)
        flags.maxFontFiles = WholeNumber(limits.maxFontFiles)
        flags.maxFontFolderBytes = WholeNumber(limits.maxFontFolderBytes)
        flags.maxPageOutputBytes = WholeNumber(limits.maxPageOutputBytes)
        return flags
    }

    /// `limits` with these flags' values.
    func applied(to limits: Limits) -> Limits {
        var limits = limits
        for field in Self.fields { limits[keyPath: field.limit] = self[keyPath: field.value].value }
        return limits
    }

    /// The limits these flags set, the others at their defaults.
    var limits: Limits { applied(to: Limits()) }

    func validate() throws {
        for field in Self.fields where self[keyPath: field.value].value < 1 {
            throw ValidationError("\(field.flag) must be at least 1")
        }
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
