import TimelineCairo
import TimelineModel
import TimelineSpec
import TimelineThreads

@_exported import enum TimelineCairo.ImageFormat
@_exported import enum TimelineModel.AxisMode
@_exported import struct TimelineModel.DateValue
@_exported import enum TimelineModel.Direction
@_exported import struct TimelineModel.Document
@_exported import enum TimelineModel.Grouping
@_exported import enum TimelineModel.LayoutKind
@_exported import enum TimelineModel.Shape
@_exported import struct TimelineModel.SourceLocation
@_exported import enum TimelineModel.Status
@_exported import enum TimelineModel.TextDirection
@_exported import enum TimelineModel.TodayMode
@_exported import struct TimelinePolicy.Limits
@_exported import struct TimelineSpec.Diagnostic
@_exported import enum TimelineSpec.InputFormat
@_exported import enum TimelineSpec.PathName

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The command line's lock (NSLock is full Foundation's), for the package's own targets only.
package typealias Lock = TimelineThreads.Lock

/// The library's entry points that need no renderer: rendering a string or file in one call
/// (`render(_:name:format:baseDirectory:options:)`), validating, the schema and the themes.
public enum TimelineKit {
    /// Every problem in an input; empty when it is valid. Beyond decoding, every card is laid
    /// out with the bundled fonts, so a card `render` would refuse (a width too narrow for its
    /// columns) is reported too; what depends on an output format (an image's pixel size) is not.
    public static func validate(_ source: InputSource, limits: Limits = Limits()) -> [Diagnostic] {
        validate([source], limits: limits)
    }

    /// Every problem in each of `sources`, in their order; the fonts are loaded once for all.
    package static func validate(_ sources: [InputSource], limits: Limits = Limits(), strict: Bool = false)
        -> [Diagnostic]
    {
        validateEach(sources, limits: limits, strict: strict).flatMap { $0 }
    }

    /// The problems of each of `sources`, one list per source; with `strict`, text that would be
    /// cut with an ellipsis is a problem too, as `render --strict` says.
    package static func validateEach(
        _ sources: [InputSource], limits: Limits = Limits(), strict: Bool = false
    ) -> [[Diagnostic]] {
        let validator = Validator(limits: limits, strict: strict)
        return sources.map { validator.problems(of: $0) }
    }

    /// Validates inputs one at a time with one renderer (the fonts loaded once), holding only the
    /// input at hand: a caller that reads each input just before (`validate`) never holds two.
    package final class Validator {
        let limits: Limits
        let strict: Bool
        private var renderer: TimelineRenderer?

        package init(limits: Limits, strict: Bool) {
            self.limits = limits
            self.strict = strict
        }

        /// Every problem of `source`: decoding, fonts, a card its layout refuses, and (`strict`)
        /// text cut. The layout draws nothing, so no line is kept for drawing, and the input's
        /// bytes are let go once decoded.
        package func problems(of source: consuming InputSource) -> [Diagnostic] {
            // Decoded on the text thread too, where its layout runs: glibc gives each thread a heap
            // of its own, and memory the decoding let go of on another thread is no use to the
            // layout (a 40 MiB Mermaid input's reading then cost a fifth more address space).
            var input: InputSource? = consume source
            return TextThread.run { problems(taking: &input) }
        }

        private func problems(taking input: inout InputSource?) -> [Diagnostic] {
            guard let source = input else { return [] }
            let (file, name) = (source.displayName, source.baseName)
            do {
                let document = try DocumentDecoder(limits: limits, iconCheck: IconCheck.check).decode(
                    source.data, file: file, format: source.format, baseDirectory: source.directory)
                _ = consume source
                input = nil
                let renderer = try self.renderer ?? made()
                let scenes = try renderer.layOut(document, name: name)
                if strict { try renderer.checkNothingCut(scenes, of: document) }
                return []
            } catch let error as DiagnosticsError {
                return error.diagnostics
            } catch RenderFailure.invalidInput(let found) {
                return found
            } catch {
                return [Diagnostic(file: file, message: "cannot be laid out: \(error)")]
            }
        }

        private func made() throws -> TimelineRenderer {
            var options = RenderOptions()
            options.limits = limits
            let made = try TimelineRenderer(options: options)
            made.measurer.keepsLinesForDrawing = false
            renderer = made
            return made
        }
    }

    /// An ISO 8601 date or date-time, as the format reads it.
    public static func parseDate(_ text: String) -> DateValue? {
        DocumentDecoder.parseDate(text)
    }

    /// Why `text` is no zone as `timeZone:` and `--time-zone` take it (`+01:00`, `Z`, `UTC`,
    /// `Europe/Berlin`), with a did-you-mean; nil when it is one.
    package static func timeZoneProblem(_ text: String) -> String? {
        DocumentDecoder.timeZoneProblem(text)
    }

    /// Whether `tag` is a BCP 47 locale tag as `locale:` and `--locale` take it.
    package static func isLocaleTag(_ tag: String) -> Bool {
        DocumentDecoder.isLocaleTag(tag)
    }

    /// The input format's JSON Schema (draft 2020-12), from the decoder's own key tables.
    public static var jsonSchema: String { JSONSchema.text() }

    /// ` (did you mean 'candidate'?)` for the candidate `word` was probably meant to be, as
    /// diagnostics end; empty when none is close enough.
    package static func didYouMean(_ word: String, in candidates: [String]) -> String {
        Suggestion.hint(Suggestion.closest(to: word, in: candidates))
    }

    /// Built-in theme names with a line about each, in display order.
    public static var themes: [(name: String, summary: String)] {
        Themes.names.map { ($0, Themes.summaries[$0] ?? "") }
    }
}
