import TimelineScene

/// A font-free measurer for layout tests: every character is `size × 0.5` wide, lines are
/// `size × 1.25` tall, wrapping is greedy at spaces, and a word too long for a line breaks at characters with a hyphen.
struct FakeTextMeasurer: TextMeasuring {
    func measure(_ text: String, font: String, maxWidth: Double, maxLines: Int?) -> MeasuredText {
        let size = Double(font.split(separator: " ").last.flatMap { Double($0) } ?? 12)
        let advance = size * 0.5
        let lineHeight = size * 1.25
        let perLine = max(1, Int(maxWidth / advance))
        var lines: [String] = []
        var overflow: Double = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                if word.count > perLine {
                    // Broken at characters with a hyphen mark, the rest wrapping on after it.
                    overflow = max(overflow, Double(word.count) * advance)
                    if !current.isEmpty { lines.append(current) }
                    current = ""
                    let piece = max(1, perLine - 1)
                    while word.count > perLine {
                        lines.append(String(word.prefix(piece)) + "-")
                        word = String(word.dropFirst(piece))
                    }
                }
                let candidate = current.isEmpty ? word : current + " " + word
                if candidate.count <= perLine {
                    current = candidate
                } else {
                    lines.append(current)
                    current = word
                }
            }
            lines.append(current)
        }
        var truncated = false
        if let maxLines, lines.count > maxLines {
            truncated = true
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = String(lines[maxLines - 1].prefix(max(0, perLine - 1))) + "…"
        }
        let measured = lines.enumerated().map { index, line in
            MeasuredLine(text: line, width: Double(line.count) * advance, baseline: Double(index) * lineHeight + size)
        }
        return MeasuredText(
            lines: measured, height: Double(lines.count) * lineHeight, lineHeight: lineHeight, isTruncated: truncated,
            overflow: overflow)
    }
}
