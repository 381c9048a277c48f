import TimelineScene

/// Where a text block's lines sit across its box.
enum TextAlignment {
    /// Toward the start of each line's own direction: right-to-left lines go right.
    case leading, trailing, center
    /// Flush left or right whatever the script, for columns that hug a node.
    case left, right
}

/// A measured paragraph ready to be placed.
struct TextBlock {
    var measured: MeasuredText
    /// The text as written, which `--strict` quotes when it was cut.
    var source: String = ""
    var font: String
    var color: RGBA
    /// Body text with inline emphasis: placed run by run (`measured` holds its plain lines).
    var rich: RichParagraph?
    /// A second block on the same line, after the first's `firstWidth` and a gap (an attribute pair).
    var beside: Beside?

    final class Beside {
        let block: TextBlock
        /// The width of the box's start the first block takes: half of it, or the first text's own.
        let firstWidth: Double
        init(_ block: TextBlock, firstWidth: Double) {
            self.block = block
            self.firstWidth = firstWidth
        }
    }

    var height: Double { max(measured.height, beside?.block.height ?? 0) }
    var firstLineHeight: Double { measured.lines.isEmpty ? 0 : measured.lineHeight }

    init(_ text: String, font: String, color: RGBA, width: Double, maxLines: Int? = nil, measurer: any TextMeasuring) {
        measured = measurer.measure(text, font: font, maxWidth: Self.measuredWidth(width), maxLines: maxLines)
        source = text
        self.font = font
        self.color = color
    }

    init(measured: MeasuredText, font: String, color: RGBA, rich: RichParagraph?, source: String = "") {
        self.measured = measured
        self.source = source
        self.font = font
        self.color = color
        self.rich = rich
    }
    /// Between the two halves of a pair.
    static let pairGap: Double = 12

    /// The width each of a pair is measured at, in a box `width` wide.
    static func halfWidth(_ width: Double) -> Double { (width - pairGap) / 2 }

    /// The width a block `width` wide is measured at: never zero or negative.
    static func measuredWidth(_ width: Double) -> Double { max(1, width) }

    /// Lines placed in a box `width` wide whose top-left is (`x`, `top`). Right-to-left lines go to
    /// the far side of a leading-aligned box.
    func placed(x: Double, top: Double, width: Double, alignment: TextAlignment = .leading) -> TextNode {
        // Line boxes tile the block: each from its own top (one baseline step below the last)
        // to the next line's, the last to the block's bottom.
        let firstBaseline = measured.lines.first?.baseline ?? 0
        let tops = measured.lines.map { top + $0.baseline - firstBaseline }
        let bottom = top + measured.height
        // Mapped over the indices, a collection of known count: an enumerated sequence's map grows
        // its array by appending, leaving up to half of every block's lines unused.
        let lines = measured.lines.indices.map { index -> PlacedLine in
            let line = measured.lines[index]
            let left: Double
            switch alignment {
            case .leading: left = line.isRightToLeft ? x + width - line.width : x
            case .trailing: left = line.isRightToLeft ? x : x + width - line.width
            case .center: left = x + (width - line.width) / 2
            case .left: left = x
            case .right: left = x + width - line.width
            }
            let lineBottom = index + 1 < tops.count ? tops[index + 1] : max(bottom, tops[index])
            return PlacedLine(
                text: line.text, x: left, baseline: top + line.baseline, width: line.width,
                top: tops[index], height: lineBottom - tops[index], glyphs: line.glyphs)
        }
        // Only a cut text says what it was: joining every block's lines would cost every card.
        let cut =
            !measured.isTruncated ? nil : source.isEmpty ? measured.lines.map(\.text).joined(separator: " ") : source
        return TextNode(font: font, color: color, lines: lines, cut: cut)
    }
}

/// A stack of paragraphs (title, subtitle, attributes) with small gaps between them.
struct TextStack {
    var blocks: [TextBlock] = []
    var gap: Double = 2

    /// Summed from the first block to the last, then the gaps: another order can change the sum's
    /// last bit, and with it every position below.
    var height: Double {
        guard !blocks.isEmpty else { return 0 }
        var sum: Double = 0
        // By index: each block read in place, not copied (a copy retains its texts).
        for index in blocks.indices { sum += blocks[index].height }
        return sum + gap * Double(blocks.count - 1)
    }
    var firstLineHeight: Double { blocks.first?.firstLineHeight ?? 0 }
    var isTruncated: Bool { cutText != nil }
    /// The first text of the stack that was cut, as written.
    var cutText: String? {
        for index in blocks.indices {
            if blocks[index].measured.isTruncated { return blocks[index].source }
            if let beside = blocks[index].beside?.block, beside.measured.isTruncated { return beside.source }
        }
        return nil
    }

    mutating func append(
        _ text: String?, font: String, color: RGBA, width: Double, maxLines: Int? = nil, measurer: any TextMeasuring
    ) {
        guard let text else { return }
        blocks.append(TextBlock(text, font: font, color: color, width: width, maxLines: maxLines, measurer: measurer))
    }

    func placed(x: Double, top: Double, width: Double, alignment: TextAlignment = .leading) -> [Primitive] {
        var nodes: [Primitive] = []
        place(x: x, top: top, width: width, alignment: alignment, into: &nodes)
        return nodes
    }

    /// The blocks placed as `placed` places them, appended to `nodes`: the layouts' row loops
    /// add to one list instead of making and joining an array per row.
    func place(
        x: Double, top: Double, width: Double, alignment: TextAlignment = .leading, into nodes: inout [Primitive]
    ) {
        var y = top
        for block in blocks {
            if let rich = block.rich {
                rich.place(x: x, top: y, width: width, alignment: alignment, into: &nodes)
            } else if let pair = block.beside {
                let first = pair.firstWidth
                let rest = max(0, width - first - TextBlock.pairGap)
                nodes.append(.text(block.placed(x: x, top: y, width: first, alignment: alignment)))
                nodes.append(
                    .text(
                        pair.block.placed(x: x + first + TextBlock.pairGap, top: y, width: rest, alignment: alignment)))
            } else {
                nodes.append(.text(block.placed(x: x, top: y, width: width, alignment: alignment)))
            }
            y += block.height + gap
        }
    }
}
