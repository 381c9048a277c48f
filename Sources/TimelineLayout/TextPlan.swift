import TimelineModel
import TimelineScene

/// Texts described once as data: each one a request that knows the index of its answer. A layout
/// adds every text of its rows, measures them in one batch (which a measurer may shape on several
/// threads) and builds its blocks from the answers by those indices, so what is measured and what
/// is drawn cannot disagree.
struct TextPlan {
    private(set) var requests: [TextRequest] = []
    private var colors: [RGBA] = []

    /// A paragraph of a stack: one text, an attribute pair side by side, or a body with inline
    /// emphasis (measured as runs when built: a batch holds plain texts only).
    enum Block {
        case text(Int)
        /// Measured in halves of a box `width` wide, or whole when the halves wrap.
        case pair(Int, Int, width: Double)
        /// `rightToLeft`: the paragraph's base direction, which orders a line of both directions.
        case body(String, font: String, width: Double, mirrored: Bool, rightToLeft: Bool)
    }

    /// Adds a text to measure at `width` (never less than a point) and returns its answer's index.
    mutating func add(_ text: String, font: String, color: RGBA, width: Double, maxLines: Int? = nil) -> Int {
        requests.append(
            TextRequest(
                text: text, font: font, maxWidth: TextBlock.measuredWidth(width),
                maxLines: maxLines))
        colors.append(color)
        return requests.count - 1
    }

    /// Adds `text`, when there is one, as a block of `blocks`.
    mutating func add(
        _ text: String?, font: String, color: RGBA, width: Double, maxLines: Int? = nil,
        to blocks: inout [Block]
    ) {
        guard let text else { return }
        blocks.append(.text(add(text, font: font, color: color, width: width, maxLines: maxLines)))
    }

    /// Every text measured, in one batch.
    func measure(_ measurer: any TextMeasuring) -> Answers {
        Answers(plan: self, measured: requests.isEmpty ? [] : measurer.measure(requests), measurer: measurer)
    }

    /// A plan's measurements, which build its blocks.
    struct Answers {
        let plan: TextPlan
        let measured: [MeasuredText]
        /// Measures bodies, whose runs are not in the batch.
        let measurer: any TextMeasuring

        func block(_ index: Int) -> TextBlock {
            TextBlock(
                measured: measured[index], font: plan.requests[index].font, color: plan.colors[index], rich: nil,
                source: plan.requests[index].text)
        }

        /// An attribute pair side by side: in halves, unless a half wraps although both texts fit
        /// the line together, each at its own width; stacked at the whole width when a word is too
        /// wide for its half (an ID is not broken beside a half-empty line).
        private func pair(_ first: Int, _ second: Int, width: Double) -> [TextBlock] {
            var pair = block(first)
            let beside = block(second)
            pair.beside = TextBlock.Beside(beside, firstWidth: TextBlock.halfWidth(width))
            guard pair.measured.lines.count > 1 || beside.measured.lines.count > 1 else { return [pair] }
            let whole = measurer.measure(
                [first, second].map { index in
                    var request = plan.requests[index]
                    request.maxWidth = TextBlock.measuredWidth(width)
                    return request
                })
            guard whole.allSatisfy({ $0.lines.count == 1 && !$0.isTruncated }),
                whole[0].width + TextBlock.pairGap + whole[1].width <= width
            else {
                guard pair.measured.overflow > 0 || beside.measured.overflow > 0 else { return [pair] }
                var (top, below) = (block(first), beside)
                (top.measured, below.measured) = (whole[0], whole[1])
                return [top, below]
            }
            pair.measured = whole[0]
            var fitted = beside
            fitted.measured = whole[1]
            pair.beside = TextBlock.Beside(fitted, firstWidth: whole[0].width)
            return [pair]
        }

        func stack(_ blocks: [Block], style: Style) -> TextStack {
            TextStack(
                blocks: blocks.flatMap { block in
                    switch block {
                    case .text(let index):
                        return [self.block(index)]
                    case .pair(let first, let second, let width):
                        return pair(first, second, width: width)
                    case .body(let body, let font, let width, let mirrored, let rightToLeft):
                        return [
                            RichParagraph.block(
                                body, font: font, style: style, width: width, mirrored: mirrored,
                                rightToLeft: rightToLeft, measurer: measurer)
                        ]
                    }
                })
        }
    }
}
