import TimelineScene

/// Lends texts measured after a layout (the legend's labels) to the layout's first batch, so a
/// measurer shapes them together with the rows' texts; later batches of those texts are answered
/// from what that batch measured.
final class BatchSharingMeasurer: TextMeasuring {
    private let base: any TextMeasuring
    /// Texts still waiting for a batch to ride in.
    private var riders: [TextRequest]
    private var answers: [TextRequest: MeasuredText] = [:]

    init(_ base: any TextMeasuring, riders: [TextRequest]) {
        self.base = base
        self.riders = riders
    }

    func measure(_ requests: [TextRequest]) -> [MeasuredText] {
        if !riders.isEmpty, !requests.isEmpty {
            let measured = base.measure(requests + riders)
            for (request, answer) in zip(riders, measured.dropFirst(requests.count)) { answers[request] = answer }
            riders = []
            return Array(measured.prefix(requests.count))
        }
        let known = requests.compactMap { answers[$0] }
        return known.count == requests.count ? known : base.measure(requests)
    }

    func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
        base.measure(text, font: font, maxWidth: maxWidth, maxLines: maxLines)
    }

    func measure(runs: [TextRun], maxWidth: Double, rightToLeft: Bool?) -> MeasuredRichText {
        base.measure(runs: runs, maxWidth: maxWidth, rightToLeft: rightToLeft)
    }

    func embeddingLevels(of text: String, rightToLeft: Bool) -> [UInt8]? {
        base.embeddingLevels(of: text, rightToLeft: rightToLeft)
    }
}
