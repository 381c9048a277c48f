import CPangoCairo
import Dispatch
import TimelineScene

/// Measures and wraps text with Pango, once per block, with the library's fonts.
public final class PangoTextMeasurer: TextMeasuring {
    let fonts: FontLibrary
    /// The layout texts that are not one plain line are measured with.
    private let layout: OpaquePointer
    /// The layout single lines are measured, and shaped as glyph runs (`laidOutGlyphs`), with.
    let singleLine: OpaquePointer
    static let scale = Double(PANGO_SCALE)

    /// A width in points as the Pango units a text is measured at.
    static func pangoWidth(_ maxWidth: Double) -> Int32 {
        Int32(min(maxWidth * scale, Double(Int32.max)))
    }
    /// How wrapped texts break, in a layout and in `LineBreaker`: between words only.
    static let wrapMode = PANGO_WRAP_WORD

    public init(fonts: FontLibrary) {
        self.fonts = fonts
        (layout, singleLine) = TextThread.run {
            let layout = pango_layout_new(fonts.context)!
            pango_layout_set_wrap(layout, Self.wrapMode)
            return (layout, pango_layout_new(fonts.context)!)
        }
    }

    deinit {
        let layouts = [UnsafeMutableRawPointer(layout), UnsafeMutableRawPointer(singleLine)]
        TextThread.release { for layout in layouts { g_object_unref(layout) } }
    }

    /// Texts already measured in this document (`measuringDocument` forgets them), by everything
    /// a measurement depends on: a document repeats subtitles, statuses and labels, and each
    /// would otherwise be shaped again. A dictionary of
    /// positions in `answers`, not of answers, so that a batch hashes each request once and
    /// fills in its new texts' answers once they are shaped (hashing is most of a known text's
    /// cost).
    private var positions: [TextRequest: Int] = [:]
    private var answers: [MeasuredText] = []
    /// How many answers are kept; a batch that leaves more lets them all go (tests lower it).
    var cacheLimit = 50_000

    /// What texts share: words, and the analysis of their single item.
    let memory = ShapingMemory()

    /// Threads a batch's new texts may be shaped on (`shapeAhead`); the output does not depend on it.
    public var shapingThreads = 1

    /// Whether measured lines carry their glyph runs and their texts, which drawing needs. A run
    /// that draws nothing (`validate`) keeps neither, only each line's measures: the glyphs were a
    /// tenth of its memory, the lines' texts (a copy of every text) another. Cut texts are told
    /// by their source (`TextNode.cut`), not by their lines.
    public var keepsLinesForDrawing = true

    /// Seconds spent shaping and measuring new texts, summed over its life.
    public private(set) var shapingSeconds: Double = 0

    public func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
        let request = TextRequest(text: text, font: font, maxWidth: maxWidth, maxLines: maxLines)
        if let known = positions[request] { return answers[known] }
        let start = DispatchTime.now().uptimeNanoseconds
        let measured = TextThread.run { measure(request) }
        if answers.count >= cacheLimit { forgetMeasured() }
        positions[request] = answers.count
        answers.append(measured)
        shapingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return measured
    }

    /// Measures a layout's texts in its order, each new one once, on this thread (a big batch's
    /// new texts shaped on lanes as they are measured: `shapeAhead`, `ShapedTexts.measureInOrder`).
    public func measure(_ requests: [TextRequest]) -> [MeasuredText] {
        // Texts seen before in the document, and repeats within the batch, are not measured again. Each request is
        // hashed once: looked up, and added if new, in one access.
        if answers.count + requests.count > cacheLimit { forgetMeasured() }
        positions.reserveCapacity(answers.count + requests.count)
        var found: [Int] = []
        found.reserveCapacity(requests.count)
        var new: [(position: Int, request: TextRequest)] = []
        for request in requests {
            let next = answers.count
            let position = Self.read(&positions[request, default: next])
            if position == next {
                answers.append(Self.unanswered)
                new.append((position, request))
            }
            found.append(position)
        }
        if !new.isEmpty {
            let start = DispatchTime.now().uptimeNanoseconds
            let measured = TextThread.run {
                guard let ahead = shapeAhead(new.map(\.request)) else { return new.map { measure($0.request) } }
                defer {
                    ahead.finish()
                    memory.discardAhead()
                }
                var measured: [MeasuredText] = []
                measured.reserveCapacity(new.count)
                ahead.measureInOrder { index, shaped in
                    memory.give(shaped)
                    measured.append(measure(new[index].request))
                }
                return measured
            }
            shapingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            for (item, text) in zip(new, measured) { answers[item.position] = text }
        }
        let result = found.map { answers[$0] }
        // A batch bigger than the cache (a card of thousands of rows) is not kept: holding every
        // text's lines beside the card's placed lines was a fifth of a large card's memory, and a
        // later batch would forget them anyway.
        if answers.count > cacheLimit { forgetMeasured(keepingCapacity: false) }
        return result
    }

    /// What a dictionary's `[key, default:]` accessor yields: read through `inout`, the key is
    /// found, or added with the default, in one hashing.
    private static func read(_ value: inout Int) -> Int { value }

    func forgetMeasured(keepingCapacity: Bool = true) {
        positions.removeAll(keepingCapacity: keepingCapacity)
        answers.removeAll(keepingCapacity: keepingCapacity)
    }

    private static let unanswered = MeasuredText(lines: [], height: 0, lineHeight: 0, isTruncated: false)

    private func measure(_ request: TextRequest) -> MeasuredText {
        var utf8 = request.text
        return utf8.withUTF8 {
            measure(
                request.text, bytes: $0, font: request.font, maxWidth: request.maxWidth, maxLines: request.maxLines)
        }
    }

    /// Shapes a sample of two letters in each of `fonts`, so that Pango has matched the fonts and
    /// HarfBuzz has compiled their plans and read their layout tables before real text needs
    /// them; keeps nothing. The fonts' cairo fonts are not made: an SVG's outlines need none
    /// (`HarfBuzzOutlines.fontMatrix`), and a PNG or PDF makes them as it paints.
    public func warmUp(_ fonts: [String]) {
        guard TextThread.isCurrent else { return TextThread.run { warmUp(fonts) } }
        // Two letters: every further glyph costs HarfBuzz about 4,500 instructions in Inter, and
        // an 8-item card's text thread waits for the warm-up (#48: the alphabet and the digits,
        // the sample before, were half a million instructions more on its critical path).
        let sample = "Ag"
        for font in fonts {
            var utf8 = sample
            _ = utf8.withUTF8 { measure(sample, bytes: $0, font: font, maxWidth: 10_000, maxLines: nil) }
        }
    }

    /// `text` measured, its UTF-8 `bytes` given too.
    func measure(_ text: String, bytes: UnsafeBufferPointer<UInt8>, font: String, maxWidth: Double, maxLines: Int?)
        -> MeasuredText
    {
        shapedBytes += bytes.count
        let (description, attributes) = settings(font)
        let width = Self.pangoWidth(maxWidth)
        var measured =
            measuredWithoutLayout(
                text, bytes, font: font, attributes: attributes, description: description, width: width,
                maxWidth: maxWidth, maxLines: maxLines)
            ?? measuredWithLayout(
                bytes, font: font, description: description, width: width, maxWidth: maxWidth, maxLines: maxLines)
        guard keepsLinesForDrawing else {
            for index in measured.lines.indices {
                measured.lines[index].glyphs = nil
                measured.lines[index].text = ""
            }
            return measured
        }
        // Lines not shaped on their own while measuring (laid out in a paragraph, cut with an
        // ellipsis, pieces of a broken word) are shaped as the line they are.
        for index in measured.lines.indices where measured.lines[index].glyphs == nil {
            let text = measured.lines[index].text
            shapedBytes += text.utf8.count
            measured.lines[index].glyphs = fonts.laidOutGlyphs(text, font: font, layout: singleLine)
        }
        return measured
    }

    /// The last few fonts' descriptions and itemizing attributes (`FontLibrary`'s, kept as long as
    /// it is), newest last: titles and subtitles alternate, and finding each by its name in the
    /// library's dictionaries hashed the name twice a text (#48: 2.3 million instructions for
    /// 1,000 wrapped items).
    private var recentSettings: [(font: String, description: OpaquePointer, attributes: OpaquePointer?)] = []

    /// `font`'s description and itemizing attributes (`FontLibrary.description`, `itemizeAttributes`).
    func settings(_ font: String) -> (description: OpaquePointer, attributes: OpaquePointer?) {
        for recent in recentSettings.reversed() where recent.font == font {
            return (recent.description, recent.attributes)
        }
        let found = (description: fonts.description(font), attributes: fonts.itemizeAttributes(font))
        if recentSettings.count == 4 { recentSettings.removeFirst() }
        recentSettings.append((font, found.description, found.attributes))
        return found
    }

    /// Most texts are one run of one line that fits: shaped without a layout, its glyphs in the
    /// line. A wider one is broken into lines from this shaping, each line kept. Nil when the
    /// text needs a `PangoLayout`.
    private func measuredWithoutLayout(
        _ text: String, _ bytes: UnsafeBufferPointer<UInt8>, font: String, attributes: OpaquePointer?,
        description: OpaquePointer, width: Int32, maxWidth: Double, maxLines: Int?
    ) -> MeasuredText? {
        guard let attributes else { return nil }
        guard
            let line = ShapedLine.shape(
                bytes, text: text, context: fonts.context, attributes: attributes, memory: memory)
        else {
            return nil
        }
        if line.logical.width <= width {
            let height = Double(line.logical.height) / Self.scale
            let measured = MeasuredLine(
                text: text, width: Double(line.logical.width) / Self.scale,
                baseline: Double(line.baseline) / Self.scale, isRightToLeft: false, glyphs: fonts.lineGlyphs(line))
            return MeasuredText(lines: [measured], height: height, lineHeight: height, isTruncated: false)
        }
        guard wrapsWithoutLayout else { return nil }
        return wrapped(
            line, bytes, text: text, font: font, attributes: attributes, description: description,
            width: width, maxWidth: maxWidth, maxLines: maxLines)
    }

    /// The text laid out by the wrapping `PangoLayout`, line by line.
    private func measuredWithLayout(
        _ bytes: UnsafeBufferPointer<UInt8>, font: String, description: OpaquePointer, width: Int32, maxWidth: Double,
        maxLines: Int?
    ) -> MeasuredText {
        pango_layout_set_font_description(layout, description)
        // Wrapped at once: a text that fits is shaped once all the same, and is the one line an
        // unwrapped layout makes of it (`LayoutWrappingTests`), while laying it out unwrapped
        // first would shape a text that wraps once more.
        pango_layout_set_width(layout, width)
        bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        // Broken where `LineBreaks` lets it, as `LineBreaker` breaks: Pango's own rules differ by version.
        let breaks = OwnLineBreaks.layoutAttributes(bytes)
        pango_layout_set_attributes(layout, breaks)
        pango_attr_list_unref(breaks)

        // As many as the layout has: appending to an empty array would leave up to half unused.
        let lineCount = Int(pango_layout_get_line_count(layout))
        var lines: [MeasuredLine] = []
        lines.reserveCapacity(lineCount)
        var lineHeight: Double = 0
        var starts: [Int] = []
        starts.reserveCapacity(lineCount)
        let iterator = pango_layout_get_iter(layout)!
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let start = Int(line.pointee.start_index)
            let length = Int(line.pointee.length)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            if lines.isEmpty { lineHeight = Double(logical.height) / Self.scale }
            let (trimmed, wasTrimmed) = Self.trimmedLine(
                UnsafeBufferPointer(rebasing: bytes[start..<min(bytes.count, start + length)]))
            var width = Double(logical.width) / Self.scale
            if wasTrimmed { width = singleLineWidth(trimmed, description) }
            let rtl = (line.pointee.resolved_dir & 1) == 1 // PANGO_DIRECTION_RTL is 1
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Self.scale
            lines.append(MeasuredLine(text: trimmed, width: width, baseline: baseline, isRightToLeft: rtl))
            starts.append(start)
        } while pango_layout_iter_next_line(iterator) != 0
        // Freed before finishing: a word broken across lines measures the rest in this layout.
        pango_layout_iter_free(iterator)
        // A text the layout did not wrap is the line it shaped: its runs are read here, not from
        // the text laid out once more on its own (a line changed after this, cut or broken, drops them).
        if keepsLinesForDrawing, lines.count == 1, starts == [0], lines[0].text.utf8.count == bytes.count {
            lines[0].glyphs = fonts.onlyLineGlyphs(of: layout)
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return finished(
            lines, starts: starts, lineHeight: lineHeight, height: Double(logical.height) / Self.scale,
            bytes: bytes, font: font, description: description, maxWidth: maxWidth, maxLines: maxLines)
    }

    /// Whether texts wider than their column are broken into lines by `LineBreaker` instead of a
    /// `PangoLayout` (off only in tests, which compare the two).
    var wrapsWithoutLayout = true
    /// Texts `wrapped` measured, for tests.
    var wrappedWithoutLayout = 0
    /// Broken words the rest of a text is being wrapped on after, nested (`breakingWord`).
    var wordsWrappedOn = 0

    /// The measured text of `lines`: a line wider than `maxWidth` (one word) broken at character
    /// boundaries with a hyphen, and the last of `maxLines` cut with an ellipsis.
    func finished(
        _ lines: [MeasuredLine], starts: [Int], lineHeight: Double, height: Double, bytes: UnsafeBufferPointer<UInt8>,
        font: String, description: OpaquePointer, maxWidth: Double, maxLines: Int?
    ) -> MeasuredText {
        // A word too wide for the line breaks at a character boundary, with a hyphen, and the
        // rest of the text wraps on after it.
        if let index = lines.firstIndex(where: { $0.width > maxWidth + 0.01 && $0.text.count > 1 }) {
            let wrap = WrappedText(lines: lines, starts: starts, lineHeight: lineHeight, height: height, bytes: bytes)
            return breakingWord(
                at: index, of: wrap, font: font, description: description, maxWidth: maxWidth, maxLines: maxLines)
        }
        var lines = lines
        var height = height
        // A single character too wide for the line is all a line can hold: cut with an ellipsis.
        var truncated = false
        var overflow: Double = 0
        for index in lines.indices where lines[index].width > maxWidth + 0.01 {
            overflow = max(overflow, lines[index].width)
            truncated = true
            (lines[index].text, lines[index].width) = ellipsized(lines[index].text, description, maxWidth: maxWidth)
        }
        if let maxLines, maxLines > 0, lines.count > maxLines {
            truncated = true
            let rest = String(decoding: bytes[starts[maxLines - 1]...], as: UTF8.self)
                .split(whereSeparator: \.isNewline).joined(separator: " ")
            var last = lines[maxLines - 1]
            (last.text, last.width) = ellipsized(rest, description, maxWidth: maxWidth)
            let ascent = lines[0].baseline
            lines = Array(lines.prefix(maxLines - 1)) + [last]
            height = last.baseline - ascent + lineHeight
        }
        return MeasuredText(
            lines: lines, height: height, lineHeight: lineHeight, isTruncated: truncated, overflow: overflow)
    }

    /// A line's text without trailing whitespace, and whether anything was cut. A line ending in
    /// a visible ASCII character (nearly every line) is taken as it is, without walking its
    /// characters backwards.
    static func trimmedLine(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, Bool) {
        if let last = bytes.last, last > 0x20, last < 0x7F { return (String(decoding: bytes, as: UTF8.self), false) }
        // ASCII white space (Unicode's White_Space: tab to carriage return, space) cut as bytes:
        // when what is left ends in ASCII, no character can have joined the cut ones.
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || (0x09...0x0D).contains(bytes[end - 1]) { end -= 1 }
        if end < bytes.count, end == 0 || bytes[end - 1] < 0x80 {
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self), true)
        }
        let raw = String(decoding: bytes, as: UTF8.self)
        let trimmed = raw.trimmingTrailingSpaces
        return (trimmed, trimmed.utf8.count != raw.utf8.count)
    }

    /// UTF-8 bytes handed to shaping, summed over its life: the work a text costs, which tests
    /// hold to grow linearly with the text's length (`LinearTextTests`).
    package private(set) var shapedBytes = 0

    func singleLineWidth(_ text: String, _ description: OpaquePointer) -> Double {
        shapedBytes += text.utf8.count
        pango_layout_set_font_description(singleLine, description)
        pango_layout_set_text(singleLine, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(singleLine, nil, &logical)
        return Double(logical.width) / Self.scale
    }

    /// The longest prefix of `text` that fits with a trailing ellipsis: found from the start
    /// (`longestFitting`), so a long rest costs what the line holds.
    func ellipsized(_ text: String, _ description: OpaquePointer, maxWidth: Double) -> (String, Double) {
        let characters = Array(text)
        let low = Self.longestFitting(from: 0, to: characters.count) {
            singleLineWidth(String(characters[..<$0]).trimmingTrailingSpaces + "…", description) <= maxWidth
        }
        let result = String(characters[..<low]).trimmingTrailingSpaces + "…"
        return (result, singleLineWidth(result, description))
    }
}

extension String {
    /// Without its trailing white-space characters: walked back from the end, character by
    /// character, so a long line costs what its last characters cost.
    var trimmingTrailingSpaces: String {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before].isWhitespace else { break }
            end = before
        }
        return end == endIndex ? self : String(self[..<end])
    }
}
