import TimelineCairo
import TimelineModel
import TimelineScene
import TimelineSpec

/// Decodes every icon of a document once, after the document itself is valid, so that an icon
/// cairo or librsvg cannot draw is a located error instead of a silently empty node.
enum IconCheck {
    static func problems(in document: Document) -> [Diagnostic] {
        document.icons.values
            .compactMap { icon in
                IconDecoding.problem(with: IconData(icon)).map {
                    Diagnostic(icon.location, "\(icon.label) \($0)")
                }
            }
            .sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
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
