import TimelineKit
import TimelineModel
import TimelineSpec

/// Mermaid timelines (`.mmd` files and ```mermaid blocks) beyond rendering them: their YAML
/// equivalent, and what `--verbose` says about configuration they hold that cards do not use.
extension TimelineKit {
    /// The timeline document equivalent to a Mermaid timeline, as YAML (`timeline-cards convert`).
    /// - Throws: `RenderFailure.invalidInput` with every problem in the diagram.
    public static func convertMermaid(_ source: InputSource, limits: Limits = Limits()) throws(RenderFailure)
        -> String
    {
        do {
            return try MermaidConversion.yaml(
                [UInt8](source.data), file: source.displayName, baseDirectory: source.directory, limits: limits)
        } catch {
            throw RenderFailure.invalidInput(error.diagnostics)
        }
    }

    /// The notes (`file:line:column: note: …`) of the Mermaid inputs among `sources`, which are
    /// read; inputs that cannot be read or decoded give none (their problems are reported elsewhere).
    package static func mermaidNotes(_ sources: [InputSource], limits: Limits) -> [String] {
        var notes: [String] = []
        for source in sources where source.format == .mermaid {
            guard let read = try? source.read(maxBytes: limits.maxInputBytes),
                let document = try? DocumentDecoder(limits: limits).decode(
                    read.data, file: read.displayName, format: .mermaid, baseDirectory: read.directory)
            else { continue }
            notes += noteDiagnostics(document).map(\.noteDescription)
        }
        return notes
    }

    /// A document's notes as diagnostics (printed with `noteDescription`), to be moved to a
    /// Markdown page's lines like its problems.
    package static func noteDiagnostics(_ document: Document) -> [Diagnostic] {
        document.notes.map { Diagnostic($0.location, $0.message) }
    }
}
