import ArgumentParser
import TimelineKit

/// The limits on what a run reads besides its inputs (icons, goldens, fonts) and on what one
/// Markdown page writes; the limits on the inputs themselves are `InputFlags`'. Every field of
/// `Limits` has its flag in one of the two (`LimitFlagTests` enumerates them).
struct LimitFlags: ParsableArguments, LimitFlagSet {
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
    static var fields: [LimitField<LimitFlags>] {
        [
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
            .init("--max-page-output-bytes", \.maxPageOutputBytes, \.maxPageOutputBytes) { $0.maxPageOutputBytes = $1 },
        ]
    }

    /// These flags, each at its default: for a command made without parsing.
    static var defaults: LimitFlags {
        var flags = LimitFlags()
        flags.setLimitsToDefaults()
        return flags
    }

    func validate() throws { try validateLimits() }
}
