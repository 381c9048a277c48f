import TimelineCairo
import TimelineModel
import TimelineScene
import TimelineSpec

/// How the renderer's icon decoding joins the decoder: an icon cairo or librsvg cannot draw is
/// a located error among the document's other problems, not a silently empty node.
enum IconCheck {
    static let check: @Sendable (IconFile) -> String? = { file in
        // Checking an SVG icon draws it with librsvg, which sets its text with Pango's default
        // font map, made on first use with fontconfig's current configuration; the fonts being
        // loaded on another thread make the bundled fonts' configuration current. Drawn before
        // that, an icon's text took the system's fonts in some runs (and Pango's types, set up on
        // both threads at once, deadlocked in GObject one run in several hundred).
        // Its text is laid out with Pango, so on the text thread, after the fonts being preloaded
        // there (`FontPreload`).
        guard file.kind == .svg else { return IconDecoding.problem(with: IconData(file)) }
        return TextThread.run { IconDecoding.problem(with: IconData(file)) }
    }

    /// The icons in the form scenes carry them.
    static func sceneIcons(of document: Document) -> [String: IconData] {
        document.icons.mapValues(IconData.init)
    }
}

extension IconData {
    init(_ file: IconFile) {
        self.init(kind: file.kind == .png ? .png : .svg, bytes: file.bytes)
    }
}
