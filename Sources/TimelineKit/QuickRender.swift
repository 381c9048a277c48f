import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TimelineKit {
    /// Renders a YAML or JSON document held in a string to images in memory: one per card and
    /// format (or one strip per format with `options.feed`).
    ///
    /// ```swift
    /// let images = try TimelineKit.render("version: 1\ncards: [{ id: a, items: [{ title: Hi }] }]")
    /// images[0].name   // "a"; images[0].format == .svg; images[0].data holds the SVG
    /// ```
    /// - Parameters:
    ///   - text: the document.
    ///   - name: names a feed image and appears in messages (`name:line:column: error: …`).
    ///   - format: YAML or JSON; nil to sniff it from the text.
    ///   - baseDirectory: where icons and theme files are found (default: the current folder).
    ///   - options: formats, scale, fonts, limits and the rest.
    /// - Throws: `RenderFailure.invalidInput` with every problem, or `.failed`.
    public static func render(
        _ text: String, name: String = "timeline", format: InputFormat? = nil,
        baseDirectory: String? = nil, options: RenderOptions = RenderOptions()
    ) throws -> [RenderedImage] {
        try render(.text(text, name: name, format: format, baseDirectory: baseDirectory), options: options).images
    }

    /// Renders a YAML, JSON or Mermaid file to images in memory; icons are found beside it.
    public static func render(contentsOf file: URL, options: RenderOptions = RenderOptions()) throws -> [RenderedImage]
    {
        try render(.file(file), options: options).images
    }

    /// Renders one input with a renderer of its own.
    public static func render(_ source: InputSource, options: RenderOptions = RenderOptions()) throws -> [RenderedImage]
    {
        try TimelineRenderer(options: options).render(source)
    }
}
