import TimelineKit
import TimelineModel

/// The names of a Markdown page's images: each card's id (`release.svg`), so that a name follows
/// its card rather than the block's place on the page; a second card of one id on the page (cards
/// without an `id` are all `card-1`) gets `release-2`, a third `release-3`. The files go in
/// `folder`; the page links them through `linkFolder`, the path from the page's folder to it.
struct MarkdownImageNames {
    var folder: String
    var linkFolder: String
    private var taken: Set<String> = []

    init(folder: String, linkFolder: String) {
        self.folder = folder
        self.linkFolder = linkFolder
    }

    /// A stem for `id` no earlier image of the page has, nor its dark variant (`STEM-dark`).
    mutating func claim(_ id: String) -> String {
        var stem = id
        var number = 1
        while taken.contains(stem) || taken.contains(stem + "-dark") {
            number += 1
            stem = "\(id)-\(number)"
        }
        taken.insert(stem)
        taken.insert(stem + "-dark")
        return stem
    }

    /// Where the file `name` is written.
    func path(_ name: String) -> String { PathName.appending(name, to: folder) }

    /// How the page links the file `name`.
    func link(_ name: String) -> String { linkFolder.isEmpty ? name : linkFolder + "/" + name }

    /// The alt text of a card's image: its title, else its items' titles (a card with neither is
    /// a "Timeline"), so that a reader who cannot see the picture learns what it shows.
    static func altText(_ card: TimelineModel.Card) -> String {
        if let title = card.header?.title ?? card.title, !title.isEmpty { return title }
        let titles = card.items.prefix(3).compactMap(\.title).filter { !$0.isEmpty }
        guard !titles.isEmpty else { return "Timeline" }
        return "Timeline: " + titles.joined(separator: ", ") + (card.items.count > 3 ? ", …" : "")
    }

    /// The path from the folder `base` to `target` (both absolute and without `.` or `..`), with
    /// `..` for each folder of `base` not shared: "" for the same folder.
    static func relativePath(to target: String, from base: String) -> String {
        let targetParts = target.split(separator: "/")
        let baseParts = base.split(separator: "/")
        var shared = 0
        while shared < min(targetParts.count, baseParts.count), targetParts[shared] == baseParts[shared] {
            shared += 1
        }
        let up = Array(repeating: "..", count: baseParts.count - shared)
        return (up + targetParts[shared...].map(String.init)).joined(separator: "/")
    }
}
