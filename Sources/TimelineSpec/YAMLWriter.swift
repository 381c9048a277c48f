/// Writes a node tree as block YAML that the YAML reader reads back to the same tree: text is
/// always double-quoted (escaped), plain scalars (numbers) are written as they are.
enum YAMLWriter {
    static func text(of root: YAMLNode, header: [String] = []) -> String {
        var output = header.map { "# \($0)\n" }.joined()
        write(root, indent: "", into: &output)
        return output
    }

    /// A mapping or list starts on the line after its key (or its `-`), indented under it.
    private static func write(_ node: YAMLNode, indent: String, into output: inout String) {
        switch node.content {
        case .scalar(let value, let plain):
            output += (plain ? value : quoted(value)) + "\n"
        case .mapping(let pairs):
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output += indent }
                output += (pair.key.scalar ?? "") + ":"
                writeValue(pair.value, indent: indent + "  ", into: &output)
            }
        case .sequence(let items):
            for (index, item) in items.enumerated() {
                if index > 0 { output += indent }
                output += "-"
                writeValue(item, indent: indent + "  ", into: &output)
            }
        }
    }

    private static func writeValue(_ node: YAMLNode, indent: String, into output: inout String) {
        switch node.content {
        case .scalar:
            output += " "
            write(node, indent: indent, into: &output)
        case .mapping(let pairs) where pairs.isEmpty:
            output += " {}\n"
        case .sequence(let items) where items.isEmpty:
            output += " []\n"
        case .mapping:
            output += "\n" + indent
            write(node, indent: indent, into: &output)
        case .sequence:
            // A list under a key sits at the key's own indentation, as YAML allows and people write.
            output += " "
            write(node, indent: indent, into: &output)
        }
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
