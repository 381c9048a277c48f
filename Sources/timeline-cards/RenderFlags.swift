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
struct InputFlags: ParsableArguments {
    @Argument(
        help: "Input files (.yaml, .yml, .json, Mermaid timelines .mmd), folders of them, or - for standard input.",
        completion: .file(extensions: ["yaml", "yml", "json", "mmd", "md"]))
    var inputs: [String]

    @Option(help: "Syntax of standard input (yaml, json or mermaid); sniffed when not given.")
    var inputFormat: InputFormat?

    /// Every limit flag (`--max-items`, `--max-input-bytes`, ...).
    @OptionGroup var limitFlags: LimitFlags

    @Option(
        help: ArgumentHelp(
            "Take only shard K of N of the inputs, a stable part chosen by a hash of each input's path (for CI "
                + "matrices).",
            valueName: "K/N"))
    var shard: String?

    var limits: Limits { limitFlags.limits }

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one input file, folder, or -") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard '\(shard)' is not K/N with 1 ≤ K ≤ N, e.g. --shard 2/4")
        }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    /// The inputs, after `--shard`, read.
    func loadSources() throws -> [InputSource] {
        try listSources().sources.map(read)
    }

    /// `source` (listed by `listSources`) read, within `--max-input-bytes`.
    func read(_ source: InputSource) throws -> InputSource {
        do {
            return try source.read(maxBytes: limitFlags.maxInputBytes.value)
        } catch {
            throw Self.exit(printing: error)
        }
    }

    /// The inputs, after `--shard`, files not read yet (the pipeline reads each). `total` counts
    /// them before: a shard's output is named as the whole run's would be.
    func listSources() throws -> (sources: [InputSource], total: Int) {
        do {
            let all = try InputSource.list(inputs, stdinFormat: inputFormat, maxBytes: limitFlags.maxInputBytes.value)
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
