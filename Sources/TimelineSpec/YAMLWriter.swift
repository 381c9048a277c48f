/// Writes a node tree as block YAML that the YAML reader reads back to the same tree: text is
/// always double-quoted (escaped), plain scalars (numbers) are written as they are.
enum YAMLWriter {
    static func text(of root: YAMLNode, header: [String] = []) -> String {
        var output = header.map { "# \($0)\n" }.joined()
        write(root, indent: "", into: &output)
        return output
    }

    /// Writes a collection's entries, one a line at `indent`; the first line starts with
    /// `lead` instead (after a list's `- `, where a mapping's first key goes on the dash's line).
    private static func write(_ node: YAMLNode, indent: String, lead: String? = nil, into output: inout String) {
        switch node.content {
        case .scalar(let value, let plain):
            output += (lead ?? indent) + (plain ? value : quoted(value)) + "\n"
        case .mapping(let pairs):
            for (index, pair) in pairs.enumerated() {
                output += (index == 0 ? lead ?? indent : indent) + scalarText(pair.key) + ":"
                writeValue(pair.value, indent: indent, into: &output)
            }
        case .sequence(let items):
            for (index, item) in items.enumerated() {
                let dash = (index == 0 ? lead ?? indent : indent) + "- "
                switch item.content {
                case .scalar: output += dash + scalarText(item) + "\n"
                case .mapping(let pairs) where !pairs.isEmpty:
                    write(item, indent: indent + "  ", lead: dash, into: &output)
                default:
                    output += dash.dropLast()
                    writeValue(item, indent: indent + "  ", into: &output)
                }
            }
        }
    }

    /// A key's value: a scalar or empty collection on the key's line, else on the lines after it.
    private static func writeValue(_ node: YAMLNode, indent: String, into output: inout String) {
        switch node.content {
        case .scalar: output += " " + scalarText(node) + "\n"
        case .mapping(let pairs) where pairs.isEmpty: output += " {}\n"
        case .sequence(let items) where items.isEmpty: output += " []\n"
        case .mapping, .sequence:
            output += "\n"
            write(node, indent: indent + "  ", into: &output)
        }
    }

    private static func scalarText(_ node: YAMLNode) -> String {
        guard case .scalar(let value, let plain) = node.content else { return "" }
        return plain ? value : quoted(value)
    }

    /// A double-quoted YAML scalar: `"`, `\` and every control character escaped.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                    || scalar.value == 0x2029 || scalar.value == 0xFEFF
                {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
