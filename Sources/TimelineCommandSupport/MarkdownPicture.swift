import TimelineKit

/// The light and dark images of a Markdown page's block, as GitHub documents for READMEs: a
/// `<picture>` whose `prefers-color-scheme: dark` source the reader's browser takes in dark mode.
extension MarkdownPage {
    /// A `<picture>` of `light` with `dark` for dark mode, followed by an empty line, which ends the
    /// HTML block (the Markdown after it is read as Markdown again).
    package static func picture(alt: String, light: String, dark: String) -> String {
        """
        <picture>
          <source media="(prefers-color-scheme: dark)" srcset="\(address(dark))">
          <img alt="\(attribute(alt))" src="\(address(light))">
        </picture>

        """
    }

    /// Text for an HTML attribute in double quotes: `&`, `<`, `>` and `"` as entities, a line feed
    /// as a space.
    static func attribute(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n", "\r\n", "\r": escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A relative file path as an attribute's address: spaces and commas (which end a `srcset`
    /// address) percent-encoded, then escaped as any attribute.
    static func address(_ path: String) -> String {
        var encoded = ""
        for character in path {
            switch character {
            case " ": encoded += "%20"
            case ",": encoded += "%2C"
            case "%": encoded += "%25"
            default: encoded.append(character)
            }
        }
        return attribute(encoded)
    }
}
