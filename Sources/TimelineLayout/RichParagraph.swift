import TimelineModel
import TimelineScene

/// Body text with inline emphasis, measured as one paragraph of runs and placed run by run: each
/// run is a text of its own font, code sits on a tinted box, links are underlined and clickable.
struct RichParagraph {
    var spans: [InlineSpan]
    var measured: MeasuredRichText
    var color: RGBA
    var linkColor: RGBA
    /// Runs are placed reversed within their line, so that mirroring the card (which reflects each
    /// run on its own) moves the line whole and keeps its runs in reading order.
    var mirrored: Bool

    /// The block a text stack holds: its plain measurement for heights, the runs for placing. A
    /// line of both directions is ordered (UAX #9) in a paragraph right to left when `rightToLeft`.
    static func block(
        _ text: String, font: String, style: Style, width: Double, mirrored: Bool, rightToLeft: Bool,
        measurer: any TextMeasuring
    ) -> TextBlock {
        let spans = InlineMarkup.parse(text)
        let runs = Self.runs(spans, font: font)
        let measured = measurer.measure(runs: runs, maxWidth: TextBlock.measuredWidth(width), rightToLeft: rightToLeft)
        let lines = measured.lines.map { line in
            MeasuredLine(text: line.runs.map(\.text).joined(), width: line.width, baseline: line.baseline)
        }
        let plain = MeasuredText(
            lines: lines, height: measured.height, lineHeight: measured.lineHeight, isTruncated: false)
        let paragraph = RichParagraph(
            spans: spans, measured: measured, color: style.titleColor.rgba, linkColor: style.nodeColor.rgba,
            mirrored: mirrored)
        return TextBlock(measured: plain, font: font, color: style.titleColor.rgba, rich: paragraph)
    }

    /// The runs `text`'s inline markup sets it in, in `font` and its bold, italic and code faces.
    static func runs(_ text: String, font: String) -> [TextRun] {
        runs(InlineMarkup.parse(text), font: font)
    }

    static func runs(_ spans: [InlineSpan], font: String) -> [TextRun] {
        spans.map { TextRun(text: $0.text, font: Self.font(font, for: $0)) }
    }

    /// `font` with the span's weight and slant; code in the bundled monospace (DejaVu Sans Mono) a
    /// point smaller.
    static func font(_ font: String, for span: InlineSpan) -> String {
        var words = font.split(separator: " ").map(String.init)
        let size = words.last.flatMap { Double($0) }
        if size != nil { words.removeLast() }
        func points(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let weight = span.bold ? " Bold" : ""
        let slant = span.italic ? " Italic" : ""
        if span.code { return "DejaVu Sans Mono" + weight + " " + points((size ?? 12) - 1) }
        return words.joined(separator: " ") + weight + slant + " " + points(size ?? 12)
    }

    func place(x: Double, top: Double, width: Double, alignment: TextAlignment, into nodes: inout [Primitive]) {
        for line in measured.lines {
            let left: Double
            switch alignment {
            case .leading, .left: left = x
            case .trailing, .right: left = x + width - line.width
            case .center: left = x + (width - line.width) / 2
            }
            let baseline = top + line.baseline
            for run in line.runs where !run.text.allSatisfy(\.isWhitespace) {
                let span = spans[min(run.source, spans.count - 1)]
                let runX = mirrored ? left + line.width - run.x - run.width : left + run.x
                if span.code {
                    let rect = Rect(
                        x: runX - 2, y: baseline - measured.lineHeight * 0.78, width: run.width + 4,
                        height: measured.lineHeight * 0.98)
                    nodes.append(.box(BoxNode(rect: rect, corners: CornerRadii(all: 3), fill: color.withAlpha(22))))
                }
                let tint = span.link == nil ? color : linkColor
                nodes.append(
                    .text(
                        TextNode(
                            font: run.font, color: tint,
                            lines: [
                                PlacedLine(
                                    text: run.text, x: runX, baseline: baseline, width: run.width,
                                    glyphs: run.glyphs)
                            ])))
                let area = Rect(
                    x: runX, y: top + line.baseline - measured.lineHeight * 0.8, width: run.width,
                    height: measured.lineHeight)
                if let url = span.link, let link = LinkNode(rect: area, url: url, label: span.text) {
                    nodes.append(
                        .line(
                            LineNode(
                                from: Point(x: runX, y: baseline + 1.5),
                                to: Point(x: runX + run.width, y: baseline + 1.5),
                                stroke: Stroke(color: linkColor, width: 0.75))))
                    nodes.append(.link(link))
                }
            }
        }
    }
}
