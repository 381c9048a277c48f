/// User text (a value, a key, a file name) as a message shows it: on one line, and unable to
/// drive the terminal it is printed on.
package enum MessageText {
    /// `text` with controls, layout controls and noncharacters written as escapes (`\n`, `\t`,
    /// `\u{1B}`), so a file cannot recolour the terminal, move its cursor, reorder or split a line.
    package static func escaped(_ text: String) -> String {
        // Nearly every text is printable ASCII, which needs no look at its characters.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                result += "\\n"
            } else if scalar == "\t" {
                result += "\\t"
            } else if scalar == "\r" {
                result += "\\r"
            } else if scalar.isControlCharacter || scalar.isLayoutControl || scalar.isNoncharacter {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `U+001B`: a character's code as the Unicode standard writes it.
    package static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
