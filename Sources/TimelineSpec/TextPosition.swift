import TimelineModel

/// Turns a byte offset into the line and column an editor shows: a leading byte-order mark is not
/// a column, LF, CRLF and a lone CR are each one line break (and nothing else is: YAML 1.2 and
/// editors do not break at U+0085, U+2028 or U+2029), and columns count characters (Unicode
/// scalars), not bytes.
enum TextPosition {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func location(ofByte offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1
        var column = 1
        var index = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                line += 1
                column = 1
                if index + 1 < end, bytes[index + 1] == 0x0A { index += 1 }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Whether `bytes` hold U+0085, U+2028 or U+2029: line breaks to YAML 1.1, not to editors.
    static func containsYAML11LineBreak(_ bytes: [UInt8]) -> Bool {
        bytes.indices.contains { index in
            (bytes[index] == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0x85)
                || (bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && bytes[index + 2] & 0xFE == 0xA8)
        }
    }

    /// libyaml's places recounted the editors' way. libyaml reads YAML 1.1, where U+0085, U+2028
    /// and U+2029 also break lines; its character index (byte-order mark left out, CRLF two
    /// characters) is right, so when the input holds one of them, lines are counted from it.
    struct LibyamlPlaces {
        /// The character index at which each line starts; nil when libyaml's lines are right.
        private let lineStarts: [Int]?

        init(_ bytes: [UInt8]) {
            guard containsYAML11LineBreak(bytes) else {
                lineStarts = nil
                return
            }
            var starts = [0]
            var characters = 0
            let body = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
            var previous: UInt8 = 0
            for byte in body where byte & 0xC0 != 0x80 {
                if previous == 0x0D, byte != 0x0A { starts.append(characters) }
                if byte == 0x0A { starts.append(characters + 1) }
                previous = byte
                characters += 1
            }
            if previous == 0x0D { starts.append(characters) }
            lineStarts = starts
        }

        /// Line and column from 1 of libyaml's `line`, `column` (from 0) and character `index`.
        func place(line: Int, column: Int, index: Int) -> (line: Int, column: Int) {
            guard let lineStarts else { return (line + 1, column + 1) }
            // The last line starting at or before `index`.
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
            }
            return (low + 1, index - lineStarts[low] + 1)
        }
    }
}
