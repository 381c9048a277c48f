import ArgumentParser
import TimelineKit

/// The limits on what a run reads besides its inputs (icons, goldens, fonts) and on what one
/// Markdown page writes; the limits on the inputs themselves are `InputFlags`'. Every field of
/// `Limits` has its flag in one of the two (`LimitFlagTests` enumerates them).
struct LimitFlags: ParsableArguments {
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
    @Option(help: "Most bytes of all the images of one Markdown page.")
    var maxPageOutputBytes = WholeNumber(Limits().maxPageOutputBytes)

    /// Each flag, with the field of `Limits` it sets.
    static var fields: [(flag: String, limit: WritableKeyPath<Limits, Int>, value: KeyPath<LimitFlags, WholeNumber>)] {
        [
            ("--max-icon-bytes", \.maxIconBytes, \.maxIconBytes), ("--max-icon-side", \.maxIconSide, \.maxIconSide),
            ("--max-document-icon-bytes", \.maxDocumentIconBytes, \.maxDocumentIconBytes),
            ("--max-document-icon-pixels", \.maxDocumentIconPixels, \.maxDocumentIconPixels),
            ("--max-golden-bytes", \.maxGoldenBytes, \.maxGoldenBytes),
            ("--max-font-bytes", \.maxFontBytes, \.maxFontBytes),
            ("--max-font-files", \.maxFontFiles, \.maxFontFiles),
            ("--max-page-output-bytes", \.maxPageOutputBytes, \.maxPageOutputBytes),
        ]
    }

    /// These flags, each at its default: for a command made without parsing.
    static var defaults: LimitFlags {
        var flags = LimitFlags()
        let limits = Limits()
        flags.maxIconBytes = WholeNumber(limits.maxIconBytes)
        flags.maxIconSide = WholeNumber(limits.maxIconSide)
        flags.maxDocumentIconBytes = WholeNumber(limits.maxDocumentIconBytes)
        flags.maxDocumentIconPixels = WholeNumber(limits.maxDocumentIconPixels)
        flags.maxGoldenBytes = WholeNumber(limits.maxGoldenBytes)
        flags.maxFontBytes = WholeNumber(limits.maxFontBytes)
        flags.maxFontFiles = WholeNumber(limits.maxFontFiles)
        flags.maxPageOutputBytes = WholeNumber(limits.maxPageOutputBytes)
        return flags
    }

    /// `limits` with these flags' values.
    func applied(to limits: Limits) -> Limits {
        var limits = limits
        for field in Self.fields { limits[keyPath: field.limit] = self[keyPath: field.value].value }
        return limits
    }

    func validate() throws {
        for field in Self.fields where self[keyPath: field.value].value < 1 {
            throw ValidationError("\(field.flag) must be at least 1")
        }
    }
}
