import TimelineKit
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Markdown page whose fenced blocks with the info string `timeline` (or `mermaid` holding a
/// Mermaid timeline) are rendered to images and replaced by links to them, as mermaid-cli does
/// with `-i page.md`. Other ```mermaid diagrams are left as they are.
///
/// Finding the blocks is one pass over the lines, and a block's text is its own lines only (no
/// padding to the page's line numbers, which made 20,000 empty blocks quadratic): problems are
/// moved to the page's lines and columns by `located(_:in:)`. Lines may end in CRLF.
package struct MarkdownPage: Sendable {
    /// One fenced block whose info string is `timeline`.
    package struct Block: Sendable, Equatable {
        /// 1-based line of the opening fence.
        package var fenceLine: Int
        /// Columns of the opening fence's indent (up to three spaces).
        package var fenceIndent: Int
        /// Lines of the page the block takes, fences included (0-based, half-open).
        package var lines: Range<Int>
        /// The block's text: its lines without the fence's indent.
        package var source: String
        /// Spaces taken off the front of each of the block's lines.
        package var droppedIndents: [Int]
        /// nil for a ```timeline block (YAML or JSON, sniffed); `.mermaid` for a Mermaid timeline.
        package var format: InputFormat? = nil
    }

    /// The page, line by line (without their line feeds).
    package var lines: [Substring]
    /// The `timeline` blocks, in page order.
    package var blocks: [Block]

    /// Finds the blocks of `text`, a CommonMark page.
    package init(_ text: String) {
        // Split by scalars: "\r\n" is one Character, so a split by Characters finds no line in a
        // CRLF page.
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
        blocks = []
        var index = 0
        while index < lines.count {
            guard let fence = Self.openingFence(Self.content(lines[index])) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !Self.closes(Self.content(lines[end]), fence: fence) { end += 1 }
            if fence.isTimeline { blocks.append(block(fence: fence, at: index, end: end)) }
            if fence.isMermaid {
                var found = block(fence: fence, at: index, end: end)
                found.format = .mermaid
                if InputFormat.isMermaidTimeline(found.source) { blocks.append(found) }
            }
            index = end + 1
        }
    }

    private func block(fence: Fence, at index: Int, end: Int) -> Block {
        let body = lines[(index + 1)..<min(end, lines.count)]
        let dropped = body.map { line in min(fence.indent, line.prefix { $0 == " " }.count) }
        let text = zip(body, dropped).map { $0.dropFirst($1) }.joined(separator: "\n")
        return Block(
            fenceLine: index + 1, fenceIndent: fence.indent, lines: index..<min(end + 1, lines.count),
            source: text + "\n", droppedIndents: dropped)
    }

    /// Reads the page at `path` through the budget every input has (`InputBytes`).
    /// - Throws: `RenderFailure.invalidInput` for a page over the size limit, with a NUL byte or
    ///   not UTF-8; `InputSource.LoadError` when it is no regular file or cannot be read.
    package static func read(_ path: String, limits: Limits) throws -> MarkdownPage {
        let source: InputSource
        do {
            source = try InputSource(file: path).read(maxBytes: limits.maxInputBytes)
        } catch .tooLarge(let file, let size, let limit) {
            throw RenderFailure.invalidInput([InputSource.LoadError.tooLarge(file, size, limit).diagnostic])
        }
        let bytes = [UInt8](source.data)
        do {
            try InputBytes.check(bytes, file: path, limits: limits, kind: "Markdown")
        } catch {
            throw RenderFailure.invalidInput(error.diagnostics)
        }
        return MarkdownPage(String(decoding: bytes, as: UTF8.self))
    }

    /// Problems found in `block`'s text, at the page's own lines and columns; a problem of the
    /// block as a whole (an empty block, say) is put at its opening fence.
    package func located(_ diagnostics: [Diagnostic], in block: Block) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var moved = diagnostic
            guard let line = diagnostic.line, line >= 1, line <= block.droppedIndents.count else {
                moved.line = block.fenceLine
                moved.column = block.fenceIndent + 1
                return moved
            }
            moved.line = block.fenceLine + line
            moved.column = (diagnostic.column ?? 1) + block.droppedIndents[line - 1]
            return moved
        }
    }

    /// The page with each block replaced by `replacement(blockIndex)` (a line or several), in the
    /// page's indent and line ending.
    package func rewritten(_ replacement: (Int) -> String) -> String {
        var output: [Substring] = []
        var next = 0
        for (number, block) in blocks.enumerated() {
            output += lines[next..<block.lines.lowerBound]
            let fence = lines[block.lines.lowerBound]
            let indent = String(fence.prefix { $0 == " " })
            let ending = fence.hasSuffix("\r") ? "\r" : ""
            output += replacement(number).split(separator: "\n", omittingEmptySubsequences: false).map {
                Substring(indent + $0 + ending)
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
        var isMermaid = false
    }

    /// A line without the carriage return of a CRLF ending.
    static func content(_ line: Substring) -> Substring {
        line.last == "\r" ? line.dropLast() : line
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
        return Fence(
            character: first, length: length, indent: indent, isTimeline: word == "timeline",
            isMermaid: word == "mermaid")
    }

    static func closes(_ line: Substring, fence: Fence) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let length = rest.prefix { $0 == fence.character }.count
        return length >= fence.length && rest.dropFirst(length).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
