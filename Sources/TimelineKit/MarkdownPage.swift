#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Markdown page whose fenced blocks with the info string `timeline` are rendered to images
/// and replaced by links to them, as mermaid-cli does with `-i page.md`.
package struct MarkdownPage: Sendable {
    /// One fenced block whose info string is `timeline`.
    package struct Block: Sendable, Equatable {
        /// 1-based line of the opening fence.
        package var fenceLine: Int
        /// Lines of the page the block takes, fences included (0-based, half-open).
        package var lines: Range<Int>
        /// The block's text, preceded by as many empty lines as come before its first line on
        /// the page, so that decoding errors carry the page's line numbers.
        package var source: String
    }

    /// The page, line by line (without their line feeds).
    package var lines: [Substring]
    /// The `timeline` blocks, in page order.
    package var blocks: [Block]

    /// Finds the blocks of `text`, a CommonMark page.
    package init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        blocks = []
        var index = 0
        while index < lines.count {
            guard let fence = Self.openingFence(lines[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !Self.closes(lines[end], fence: fence) { end += 1 }
            if fence.isTimeline {
                let body = lines[(index + 1)..<min(end, lines.count)].map { Self.dropIndent($0, upTo: fence.indent) }
                let source = String(repeating: "\n", count: index + 1) + body.joined(separator: "\n") + "\n"
                blocks.append(Block(fenceLine: index + 1, lines: index..<min(end + 1, lines.count), source: source))
            }
            index = end + 1
        }
    }

    /// The page with each block replaced by `replacement(blockIndex)` (a line or several).
    package func rewritten(_ replacement: (Int) -> String) -> String {
        var output: [Substring] = []
        var next = 0
        for (number, block) in blocks.enumerated() {
            output += lines[next..<block.lines.lowerBound]
            let indent = String(lines[block.lines.lowerBound].prefix { $0 == " " })
            output += replacement(number).split(separator: "\n", omittingEmptySubsequences: false).map {
                Substring(indent + $0)
            }
            next = block.lines.upperBound
        }
        output += lines[next...]
        return output.joined(separator: "\n")
    }

    /// An image link, its text escaped for Markdown.
    package static func imageLink(alt: String, path: String) -> String {
        var text = ""
        for character in alt where character != "\n" {
            if "\\[]*_`<>".contains(character) { text.append("\\") }
            text.append(character)
        }
        let target = path.contains(" ") || path.contains(")") ? "<\(path)>" : path
        return "![\(text)](\(target))"
    }

    struct Fence {
        var character: Character
        var length: Int
        var indent: Int
        var isTimeline: Bool
    }

    /// A CommonMark fence: up to three spaces, then three or more backticks or tildes.
    static func openingFence(_ line: Substring) -> Fence? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = rest.dropFirst(length)
        if first == "`", info.contains("`") { return nil }
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        return Fence(character: first, length: length, indent: indent, isTimeline: word == "timeline")
    }

    static func closes(_ line: Substring, fence: Fence) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let length = rest.prefix { $0 == fence.character }.count
        return length >= fence.length && rest.dropFirst(length).allSatisfy { $0 == " " || $0 == "\t" }
    }

    static func dropIndent(_ line: Substring, upTo count: Int) -> Substring {
        line.dropFirst(min(count, line.prefix { $0 == " " }.count))
    }
}
