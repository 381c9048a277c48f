import CPangoCairo
import TimelineBreaks
import TimelineScene
import XCTest

@testable import TimelineCairo

/// A batch's new texts shaped ahead on two lanes measure, and keep for drawing, exactly what one
/// thread gives them, whatever lane shapes which text; the second lane does shape.
final class ShapingAheadTests: XCTestCase {
    /// Titles that wrap and subtitles that do not, in several scripts and fonts, with the texts
    /// word pieces refuse (an em dash between words, a combining mark, right-to-left, emoji, a
    /// soft hyphen, trailing white space) among them.
    private static let requests: [TextRequest] = {
        let words = [
            "Milestone", "Ölçüm", "Проверка", "Έλεγχος", "里程碑", "マイルストーン", "مرحلة", "x\u{301}",
            "ship 🚀", "re\u{AD}view", "A — B", "fi ffl", "12:30", "1/2",
        ]
        var requests: [TextRequest] = []
        for number in 0..<240 {
            let word = words[number % words.count]
            let title =
                "\(word) \(number) — a long title that wraps around the card, \(words[(number / 3) % words.count])"
            requests.append(TextRequest(text: title, font: "Inter Bold 15", maxWidth: 200, maxLines: nil))
            let subtitle = number % 7 == 0 ? "Owner team \(number) " : "Owner team \(number)"
            requests.append(TextRequest(text: subtitle, font: "Inter 13", maxWidth: 400, maxLines: nil))
            if number % 5 == 0 {
                requests.append(TextRequest(text: title, font: "DejaVu Serif 12", maxWidth: 120, maxLines: 2))
            }
        }
        return requests
    }()

    /// What measuring gave, and the glyphs of every line.
    private func measured(threads: Int) throws -> (texts: [MeasuredText], glyphs: [[UInt32]], lanes: [Int]) {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        measurer.shapingThreads = threads
        let texts = measurer.measure(Self.requests)
        var glyphs: [[UInt32]] = []
        for text in texts {
            for line in text.lines {
                guard let runs = line.glyphs?.runs else {
                    glyphs.append([])
                    continue
                }
                glyphs.append(
                    runs.flatMap { run in
                        (0..<run.count).flatMap { index -> [UInt32] in
                            [run[index].id, UInt32(bitPattern: run[index].advance)]
                        }
                    })
            }
        }
        let lanes = measurer.memory.piecesPerThread(threads).map(\.shaped)
        return (texts, glyphs, lanes)
    }

    func testTwoLanesMeasureAndKeepWhatOneThreadDoes() throws {
        let one = try measured(threads: 1)
        XCTAssertGreaterThan(one.glyphs.filter { !$0.isEmpty }.count, Self.requests.count / 2)
        var secondLane = 0
        for _ in 0..<3 {
            let two = try measured(threads: 2)
            XCTAssertEqual(two.texts, one.texts)
            XCTAssertEqual(two.glyphs, one.glyphs)
            XCTAssertEqual(two.lanes.count, 2)
            secondLane = max(secondLane, two.lanes[1])
        }
        // Where the pool has a second core, the second lane takes chunks too (which, and how many,
        // is up to the pool: the output is the same either way).
        if ProcessInfo.processInfo.activeProcessorCount > 1 { XCTAssertGreaterThan(secondLane, 0) }
    }

    /// Batches whose texts by pieces end in a part chunk, or number none (right-to-left texts,
    /// which word pieces refuse), measure as one thread does, and return.
    func testBatchesOfEveryChunkingMeasureAsOneThread() throws {
        let arabic = (0..<70).map {
            TextRequest(text: "مرحلة \($0) مراجعة التصميم", font: "Inter 13", maxWidth: 300, maxLines: nil)
        }
        for batch in [Array(Self.requests.prefix(64)), Array(Self.requests.prefix(101)), arabic] {
            let one = PangoTextMeasurer(fonts: try FontLibrary())
            let two = PangoTextMeasurer(fonts: try FontLibrary())
            two.shapingThreads = 2
            XCTAssertEqual(two.measure(batch), one.measure(batch))
        }
    }

    /// The texts wider than their width have their break opportunities found on the lanes, each
    /// those `LineBreaks` finds for the text alone; texts that fit have none found.
    func testWideTextsHaveTheirOpportunitiesFoundAhead() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        measurer.shapingThreads = 2
        let (wide, fitting) = TextThread.run { () -> (Int, Int) in
            guard let ahead = measurer.shapeAhead(Self.requests) else { return (0, 0) }
            defer { ahead.finish() }
            var (wide, fitting) = (0, 0)
            ahead.measureInOrder { index, taken in
                guard let taken else { return }
                defer { pango_item_free(taken.item) }
                guard let glyphs = taken.glyphs else { return }
                let request = Self.requests[index]
                let width = PangoTextMeasurer.ShapedTexts.width(of: glyphs)
                if width > Int(PangoTextMeasurer.pangoWidth(request.maxWidth)) {
                    XCTAssertEqual(taken.opportunities, LineBreaks.opportunities(in: request.text), request.text)
                    wide += 1
                } else {
                    XCTAssertNil(taken.opportunities, request.text)
                    fitting += 1
                }
            }
            return (wide, fitting)
        }
        // Titles shaped by word pieces wrap at their width; subtitles fit.
        XCTAssertGreaterThan(wide, 40)
        XCTAssertGreaterThan(fitting, 100)
    }

    /// Every request is given to measuring once, in order, on the measuring thread, each with the
    /// item found for it and, where it has a text to shape, that text's glyphs.
    func testRequestsAreMeasuredOnceInOrderOnThisThread() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        measurer.shapingThreads = 2
        let (order, shaped, onTextThread) = TextThread.run { () -> ([Int], Int, Bool) in
            guard let ahead = measurer.shapeAhead(Self.requests) else { return ([], 0, false) }
            defer { ahead.finish() }
            var order: [Int] = []
            var shaped = 0
            var here = true
            ahead.measureInOrder { index, taken in
                order.append(index)
                here = here && TextThread.isCurrent
                if let taken {
                    XCTAssertTrue(taken.text.hasSameBytes(as: Self.requests[index].text))
                    if taken.glyphs != nil { shaped += 1 }
                    pango_item_free(taken.item)
                }
            }
            return (order, shaped, here)
        }
        XCTAssertEqual(order, Array(Self.requests.indices))
        XCTAssertTrue(onTextThread)
        // Most texts have a font HarfBuzz shapes by pieces (right-to-left and emoji ones do not).
        XCTAssertGreaterThan(shaped, Self.requests.count / 3)
    }

    /// Fewer new texts than `shapedAheadMinimum` start no lane.
    func testASmallBatchIsShapedAsItIsMeasured() throws {
        let measurer = PangoTextMeasurer(fonts: try FontLibrary())
        measurer.shapingThreads = 2
        let few = Array(Self.requests.prefix(PangoTextMeasurer.shapedAheadMinimum - 1))
        XCTAssertNil(measurer.shapeAhead(few))
        _ = measurer.measure(few)
        XCTAssertEqual(measurer.memory.piecesPerThread(2)[1].shaped, 0)
    }
}
