import TimelineModel

/// Turns a byte offset into the line and column an editor shows, counting the way libyaml does:
/// a leading byte-order mark is not a column, CRLF (and a lone CR) is one line break, and columns
/// count characters (Unicode scalars), not bytes.
enum TextPosition {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func location(ofByte offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1, column = 1
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
}
