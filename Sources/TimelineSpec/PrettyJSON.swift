/// JSON text for a tree of `[String: Any]`, `[Any]`, `String`, `Bool`, `Int` and `Double`, in the
/// bytes corelibs Foundation's `JSONSerialization` writes with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]`, which is not in FoundationEssentials: two-space indent, `" : "`,
/// the same escapes and numbers. Keys are sorted by code point; `JSONSerialization` collates them
/// (case-insensitive, numeric), the same order for the schema's keys (ASCII letters and `$`), and
/// a test compares the two on the schema.
enum PrettyJSON {
    static func text(_ value: Any) -> String {
        var out = ""
        write(value, indent: "", to: &out)
        return out
    }

    private static func write(_ value: Any, indent: String, to out: inout String) {
        switch value {
        case let text as String:
            writeString(text, to: &out)
        case let flag as Bool:
            out += flag ? "true" : "false"
        case let number as Int:
            out += String(number)
        case let number as Double:
            precondition(number.isFinite, "JSON has no \(number)")
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            out += text
        case let array as [Any]:
            let inner = indent + "  "
            out += "[\n"
            for (index, element) in array.enumerated() {
                out += (index == 0 ? "" : ",\n") + inner
                write(element, indent: inner, to: &out)
            }
            out += "\n" + indent + "]"
        case let object as [String: Any]:
            let inner = indent + "  "
            out += "{\n"
            for (index, key) in object.keys.sorted().enumerated() {
                out += (index == 0 ? "" : ",\n") + inner
                writeString(key, to: &out)
                out += " : "
                write(object[key]!, indent: inner, to: &out)
            }
            out += "\n" + indent + "}"
        default:
            preconditionFailure("not a JSON value: \(type(of: value))")
        }
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
