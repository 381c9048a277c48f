import ArgumentParser
import TimelineCommandSupport
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A flag value named by its raw value. swift-argument-parser's defaults describe each case
/// through reflection, slow at every start: the raw values are the same strings, and no value
/// has a description of its own.
protocol RawValueArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension RawValueArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public var defaultValueDescription: String { rawValue }
}

extension ImageFormat: RawValueArgument {}
extension InputFormat: RawValueArgument {}

/// A whole number flag with a default (the `--max-…` limits): read as `Int` reads it, its default
/// described by `String(_:)`; `Int`'s own description of a default goes through
/// `String(describing:)`, whose dynamic casts cost every start more than the flag's parsing.
struct WholeNumber: ExpressibleByArgument {
    var value: Int

    init(_ value: Int) { self.value = value }

    init?(argument: String) {
        guard let value = Int(argument) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { String(value) }
}

/// Options every command that reads inputs shares.
struct InputFlags: ParsableArguments, LimitFlagSet {
    @Argument(
        help: "Input files (.yaml, .yml, .json, Mermaid timelines .mmd), folders of them, or - for standard input.",
        completion: .file(extensions: ["yaml", "yml", "json", "mmd", "md"]))
    var inputs: [String]

    @Option(help: "Syntax of standard input (yaml, json or mermaid); sniffed when not given.")
    var inputFormat: InputFormat?

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

    @OptionGroup var otherLimits: LimitFlags

    @Option(
        help: ArgumentHelp(
            "Take only shard K of N of the inputs, a stable part chosen by a hash of each input's path (for CI "
                + "matrices).",
            valueName: "K/N"))
    var shard: String?

    /// Each limit flag on the inputs themselves, with the field of `Limits` it sets.
    static var fields: [LimitField<InputFlags>] {
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
        ]
    }

    var limits: Limits { applied(to: otherLimits.applied(to: Limits())) }

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one input file, folder, or -") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard '\(shard)' is not K/N with 1 ≤ K ≤ N, e.g. --shard 2/4")
        }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
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

    /// The inputs, after `--shard`, read.
    func loadSources() throws -> [InputSource] {
        let sources = try listSources().sources
        do {
            return try sources.map { try $0.read(maxBytes: maxInputBytes.value) }
        } catch let error as InputSource.LoadError {
            throw Self.exit(printing: error)
        }
    }

    /// The inputs, after `--shard`, files not read yet (the pipeline reads each). `total` counts
    /// them before: a shard's output is named as the whole run's would be.
    func listSources() throws -> (sources: [InputSource], total: Int) {
        do {
            let all = try InputSource.list(inputs, stdinFormat: inputFormat, maxBytes: maxInputBytes.value)
            guard let shard = shard.flatMap(Shard.init) else { return (all, all.count) }
            let picked = shard.select(all)
            if picked.isEmpty {
                Diagnostics.print("shard \(shard) holds none of the \(all.count) input\(all.count == 1 ? "" : "s")")
            }
            return (picked, all.count)
        } catch let error as InputSource.LoadError {
            throw Self.exit(printing: error)
        }
    }

    /// Prints why an input cannot be loaded; its exit code: 2 for a file too large, else 3.
    private static func exit(printing error: InputSource.LoadError) -> ExitCode {
        Diagnostics.print(error.description)
        switch error {
        // What the command line names is wrong (a .txt file, too large): usage, exit 2.
        case .tooLarge, .unsupported: return ExitCode(2)
        case .unreadable, .noInputs, .refused: return ExitCode(3)
        }
    }
}

/// Options that shape images, shared by `render` and `check`.
struct ImageFlags: ParsableArguments {
    @Flag(help: "Write one strip per input holding every card, instead of one image per card.")
    var feed = false

    @Option(help: "Pixels per point (default 2 for PNG, 1 for SVG and PDF).")
    var scale: Double?

    @Option(help: "The date that counts as today (ISO 8601), over the document's 'now'.")
    var now: String?

    @Option(
        help: ArgumentHelp(
            "A built-in theme (default, dark, fiori, mono; auto for one SVG that follows light and dark mode) or a "
                + "theme file, over the document's."),
        completion: .shellCommand(ThemeCompletion.command))
    var theme: String?

    @Option(help: "The locale of dates and labels (BCP 47, e.g. de-DE), over the document's and cards'.")
    var locale: String?

    @Option(
        help: ArgumentHelp(
            "The zone every date is shown in: a UTC offset (+01:00, UTC) or a zone name (Europe/Berlin), "
                + "over the document's 'timeZone'."))
    var timeZone: String?

    @Option(help: "Add a folder of fonts (repeatable).", completion: .directory)
    var fonts: [String] = []

    @Flag(help: "Use the machine's fonts too (output may then differ between machines; renders on one thread).")
    var systemFonts = false

    @Flag(help: "Treat text cut with an ellipsis as an error.")
    var strict = false

    func validate() throws {
        // Below a tenth, a card is a few pixels wide (0.0001 gave 1×1 images, 1e-300 a cairo error).
        if let scale, !(scale >= 0.1 && scale <= 16) { throw ValidationError("--scale must be from 0.1 to 16") }
        if let theme, !TimelineKit.themes.contains(where: { $0.name == theme }),
            !FileManager.default.fileExists(atPath: theme)
        {
            let names = TimelineKit.themes.map(\.name)
            let hint = TimelineKit.didYouMean(theme, in: names)
            throw ValidationError(
                "--theme '\(theme)' is neither a built-in theme (\(names.joined(separator: ", "))) nor a file\(hint)")
        }
        if let now, TimelineKit.parseDate(now) == nil {
            throw ValidationError("--now '\(now)' is not an ISO 8601 date or date-time")
        }
        if let locale, !TimelineKit.isLocaleTag(locale) {
            throw ValidationError("--locale '\(locale)' is not a BCP 47 locale, such as en-US, de-DE or ja")
        }
        if let timeZone, let problem = TimelineKit.timeZoneProblem(timeZone) {
            throw ValidationError("--time-zone " + problem)
        }
        for folder in fonts {
            if FileKind(atPath: folder) != .directory {
                throw ValidationError("--fonts '\(folder)' is not a folder")
            }
        }
    }

    func options(formats: [ImageFormat], limits: Limits) -> RenderOptions {
        var options = RenderOptions()
        options.formats = formats
        options.feed = feed
        options.scale = scale
        options.now = now.flatMap(TimelineKit.parseDate)
        options.theme = theme
        options.locale = locale
        options.timeZone = timeZone
        options.fontDirectories = fonts
        options.systemFonts = systemFonts
        options.strict = strict
        options.limits = limits
        return options
    }
}
