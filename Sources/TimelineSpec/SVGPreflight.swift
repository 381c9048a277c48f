/// Checks an SVG icon's bytes before librsvg parses them.
enum SVGPreflight {
    static func problem(in bytes: [UInt8]) -> IconProblem? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.contains(0) {
            return .svg("only UTF-8 SVG files are read")
        }
        if let declaration = firstRange(of: "<?xml", in: bytes),
            let end = firstRange(of: "?>", in: bytes, from: declaration)
        {
            let lowered = bytes[declaration..<end].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
            if let encoding = firstRange(of: "encoding", in: lowered) {
                let value = String(
                    decoding: lowered[(encoding + 8)...].drop { " =\"'".utf8.contains($0) }, as: UTF8.self)
                if !(value.hasPrefix("utf-8") || value.hasPrefix("us-ascii") || value.hasPrefix("ascii")) {
                    return .svg("only UTF-8 SVG files are read")
                }
            }
        }
        if firstRange(of: "<!ENTITY", in: bytes) != nil { return .svg("it declares XML entities") }
        if let doctype = firstRange(of: "<!DOCTYPE", in: bytes) {
            // An internal subset (`[ … ]`) is where entities live; a plain DOCTYPE line is harmless.
            var index = doctype
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if bytes[index] == UInt8(ascii: "[") { return .svg("its DOCTYPE has an internal subset") }
                index += 1
            }
        }
        if firstRange(of: "<svg", in: bytes) == nil { return .svg("it has no <svg> element") }
        return nil
    }

    /// The index of the first occurrence of `text`, at or after `start`.
    private static func firstRange(of text: String, in bytes: [UInt8], from start: Int = 0) -> Int? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
