import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `TimelineKit.render(_:options:)` draws: a timeline built in Swift, a document's text,
/// or a file.
public struct TimelineInput: Sendable {
    /// The input as the pipeline reads it.
    package let source: InputSource

    /// A timeline built in Swift (`Timeline`), read as its format's JSON.
    /// - Parameters:
    ///   - timeline: the document.
    ///   - name: names a feed's image and appears in messages.
    ///   - baseDirectory: where icons and theme files are found (default: the current folder).
    /// - Throws: `EncodingError` when a value cannot be written as JSON (a number that is not finite).
    public static func timeline(_ timeline: Timeline, name: String = "timeline", baseDirectory: String? = nil)
        throws -> TimelineInput
    {
        TimelineInput(
            source: InputSource(
                displayName: name, baseName: name, data: try timeline.formatJSON(), format: .json,
                directory: baseDirectory ?? FileManager.default.currentDirectoryPath))
    }

    /// A YAML, JSON or Mermaid document held in a string.
    /// - Parameters:
    ///   - text: the document.
    ///   - name: names a feed's image and appears in messages (`name:line:column: error: …`).
    ///   - format: YAML, JSON or Mermaid; nil to sniff it from the text.
    ///   - baseDirectory: where icons and theme files are found (default: the current folder).
    public static func text(
        _ text: String, name: String = "timeline", format: InputFormat? = nil, baseDirectory: String? = nil
    ) -> TimelineInput {
        TimelineInput(
            source: InputSource(
                displayName: name, baseName: name, data: Data(text.utf8), format: format,
                directory: baseDirectory ?? FileManager.default.currentDirectoryPath))
    }

    /// A `.yaml`, `.yml`, `.json` or `.mmd` file, read when rendered; icons are found beside it.
    /// - Parameter file: the file.
    public static func file(_ file: URL) -> TimelineInput {
        TimelineInput(source: InputSource(file: file.path))
    }

    /// An input as the command line lists it.
    /// - Parameter source: the input.
    public static func source(_ source: InputSource) -> TimelineInput {
        TimelineInput(source: source)
    }
}

/// What one render made and read.
public struct Rendering: Sendable {
    /// Every image, encoded in memory: one per card and format, or one strip per format.
    public var images: [RenderedImage]
    /// What was read and not used (a Mermaid diagram's configuration keys), at its place.
    public var notes: [Diagnostic]
    /// The files the document read: the input file, its icons and its theme file.
    public var filesRead: [String]
}

extension TimelineKit {
    /// Renders a timeline: read → decode → layout → check sizes → paint, the command line's pipeline.
    ///
    /// ```swift
    /// let card = Card(id: "plan", items: [Item("Kickoff", status: .complete), Item("Launch")])
    /// let rendering = try TimelineKit.render(.timeline(Timeline(cards: [card])))
    /// rendering.images[0].name   // "plan"; .format == .svg; .data holds the SVG
    /// ```
    /// - Parameters:
    ///   - input: a `Timeline`, a document's text or a file.
    ///   - options: formats, scale, fonts, limits and the rest.
    /// - Returns: the images, the notes and the files read.
    /// - Throws: `RenderFailure.invalidInput` with every problem of bad input, `.unreadableInput`
    ///   for a file that cannot be read, `.fonts` or `.painting` when the machine fails.
    public static func render(_ input: TimelineInput, options: RenderOptions = RenderOptions()) throws -> Rendering {
        let renderer = try TimelineRenderer(options: options)
        let source = try renderer.read(input.source)
        let document = try renderer.decode(source)
        return Rendering(
            images: try renderer.render(document, name: source.baseName),
            notes: document.notes.map { Diagnostic($0.location, $0.message) },
            filesRead: [source.sourceFile].compactMap { $0 } + document.filesRead)
    }
}
