/// A link as every output may carry it: http, https or mailto, with every character outside
/// RFC 3986's delimiters and unreserved set percent-encoded.
///
/// cairo 1.16 copies a link into the PDF's `/URI (…)` string without escaping, so a `)` would
/// end the string and let the rest of the link write PDF objects (an `/S /JavaScript` action).
/// `(`, `)` and `'` are sub-delimiters that URLs rarely need literally; encoding them, `\` and
/// everything non-ASCII keeps each output format's string syntax out of reach.
enum LinkURL {
    enum Problem: Error, Equatable {
        case scheme
        case controlCharacter
    }

    static let schemes = ["http://", "https://", "mailto:"]

    /// The link ready for SVG and PDF, or why it is refused.
    static func normalized(_ link: String) -> Result<String, Problem> {
        let lowered = link.lowercased()
        guard schemes.contains(where: { lowered.hasPrefix($0) && lowered.count > $0.count }) else {
            return .failure(.scheme)
        }
        let bytes = Array(link.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte < 0x20 || byte == 0x7F { return .failure(.controlCharacter) }
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                out.append(byte) // an escape already written
            } else if kept.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return .success(String(decoding: out, as: UTF8.self))
    }

    /// Unreserved characters and the delimiters a URL's structure needs, but not `(`, `)`, `'`.
    private static let kept: Set<UInt8> = {
        var set = Set<UInt8>()
        for range in [
            UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
        ] {
            set.formUnion(range)
        }
        set.formUnion(Array("-._~:/?#[]@!$&*+,;=".utf8))
        return set
    }()

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
