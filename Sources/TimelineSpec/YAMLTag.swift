import TimelineModel

/// The tags an input may write. The format's values are texts, numbers and collections, so the
/// core schema's tags for those are read (`!!str 12` is text, `!!int "12"` a number); any other
/// (`!!binary`, `!!timestamp`, `!custom`) would be silently ignored, so it is refused.
enum YAMLTag {
    private static let core = "tag:yaml.org,2002:"
    static let known = "this format reads only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq"

    /// Whether a scalar with `tag` is plain (its text decides what it is) or a problem with it.
    static func scalar(tag: String, value: String) -> Result<Bool, Problem> {
        if tag == "!" { return .success(false) } // the non-specific tag: text
        guard tag.hasPrefix(core) else { return .failure(.unknown(tag)) }
        let fits: Bool
        switch tag.dropFirst(core.count) {
        case "str": return .success(false)
        case "int": fits = isCoreInteger(value)
        case "float": fits = ValueParsers.coreNumber(value) != nil
        case "bool": fits = ["true", "True", "TRUE", "false", "False", "FALSE"].contains(value)
        case "null": fits = ["", "~", "null", "Null", "NULL"].contains(value)
        case "map", "seq": return .failure(.misplaced(tag, "a scalar"))
        default: return .failure(.unknown(tag))
        }
        return fits ? .success(true) : .failure(.mismatch(tag, value))
    }

    /// The problem with a collection's tag as libyaml gives it (nil when none is written), if any.
    static func collection(tag: UnsafePointer<UInt8>?, mapping: Bool) -> Problem? {
        guard let tag = tag.map({ String(cString: $0) }) else { return nil }
        if tag == "!" || tag == core + (mapping ? "map" : "seq") { return nil }
        let coreNames = ["str", "int", "float", "bool", "null", "map", "seq"].map { core + $0 }
        return coreNames.contains(tag) ? .misplaced(tag, mapping ? "a mapping" : "a list") : .unknown(tag)
    }

    enum Problem: Error, Equatable {
        case unknown(String)
        case misplaced(String, String)
        case mismatch(String, String)

        var message: String {
            switch self {
            case .unknown(let tag): return "unknown tag \(shown(tag)); \(YAMLTag.known)"
            case .misplaced(let tag, let node): return "the tag \(shown(tag)) does not fit \(node)"
            case .mismatch(let tag, let value): return "\(DecodeContext.quoted(value)) is not a valid \(shown(tag))"
            }
        }
    }

    /// `!!binary` for the core schema's tags, others quoted as written.
    static func shown(_ tag: String) -> String {
        tag.hasPrefix(core)
            ? "'!!\(MessageText.escaped(String(tag.dropFirst(core.count))))'" : DecodeContext.quoted(tag)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`.
    private static func isCoreInteger(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func all(_ digits: ArraySlice<UInt8>, _ allowed: (UInt8) -> Bool) -> Bool {
            !digits.isEmpty && digits.allSatisfy(allowed)
        }
        let isDecimal = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        if bytes.starts(with: "0o".utf8) {
            return all(bytes[2...]) { (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }
        }
        if bytes.starts(with: "0x".utf8) { return all(bytes[2...]) { Character(Unicode.Scalar($0)).isHexDigit } }
        let signed = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+")
        return all(bytes[(signed ? 1 : 0)...], isDecimal)
    }
}
