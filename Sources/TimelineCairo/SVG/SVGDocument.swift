/// What SVG output shares: escaping of user text.
enum SVGDocument {
    /// Text for XML content and attribute values. Works on UTF-8 bytes: the characters to escape
    /// or drop are ASCII, apart from U+FFFE and U+FFFF (EF BF BE, EF BF BF).
    static func escape(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): result += Array("&amp;".utf8)
                case UInt8(ascii: "<"): result += Array("&lt;".utf8)
                case UInt8(ascii: ">"): result += Array("&gt;".utf8)
                case UInt8(ascii: "\""): result += Array("&quot;".utf8)
                case UInt8(ascii: "'"): result += Array("&apos;".utf8)
                case UInt8(ascii: "\n"), UInt8(ascii: "\t"): result.append(byte)
                case 0..<0x20: continue // XML 1.0 forbids most control characters even when escaped.
                case 0xEF
                where index + 1 < bytes.count && bytes[index] == 0xBF
                    && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
                    index += 2
                default: result.append(byte)
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
