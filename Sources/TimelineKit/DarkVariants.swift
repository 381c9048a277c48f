import TimelineLayout
import TimelineModel
import TimelineSpec

extension TimelineRenderer {
    /// A document's dark variant, for dark images of their own (a DocC catalog's `CARD~dark.png`, a
    /// Markdown page's `<picture>`): with `theme: auto` its dark half; otherwise, when
    /// `darkThemeWhenUnthemed` and neither the document nor `--theme` names a theme, the document
    /// in the `dark` theme. Nil when it has none (a document that names its own theme).
    /// - Throws: `RenderFailure.invalidInput`, as `decode` does (only when decoding again).
    public func darkVariant(of document: Document, source: InputSource, darkThemeWhenUnthemed: Bool) throws
        -> Document?
    {
        if let dark = ThemedScene.darkDocument(of: document) { return dark }
        guard darkThemeWhenUnthemed, document.theme == nil else { return nil }
        do {
            return try DocumentDecoder(limits: options.limits, iconCheck: IconCheck.check).decode(
                source.data, file: source.displayName, format: source.format, baseDirectory: source.directory,
                theme: "dark", now: options.now, locale: options.locale,
                timeZone: options.timeZone)
        } catch {
            throw RenderFailure.invalidInput(error.diagnostics)
        }
    }
}
