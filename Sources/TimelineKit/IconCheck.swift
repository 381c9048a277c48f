import TimelineCairo
import TimelineModel
import TimelineScene
import TimelineSpec

/// How the renderer's icon decoding joins the decoder: an icon cairo or librsvg cannot draw is
/// a located error among the document's other problems, not a silently empty node.
enum IconCheck {
    static let check: @Sendable (IconFile) -> String? = { IconDecoding.problem(with: IconData($0)) }

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
