/// How a word is broken between two letters, the last resort when no whole-word layout exists and
/// the word has no dictionary point: whether the break shows a hyphen, and, in the joined scripts,
/// where a cut leaves every letter its shape.
extension LineBreaks {
    /// Whether a word broken between two letters shows it with a hyphen: only in the alphabets
    /// whose typography does (Latin, Greek, Cyrillic, Armenian, Georgian). Arabic, Persian and
    /// Hebrew never hyphenate, nor do scripts set without spaces or hyphens (CJK, Thai): a mark
    /// there reads as a letter or a minus. A word without letters (digits, an ID) takes the mark.
    public static func marksLetterBreaks(_ word: String) -> Bool {
        for scalar in word.unicodeScalars where !scalar.isASCII && scalar.properties.isAlphabetic {
            if !isHyphenatingAlphabet(scalar) { return false }
        }
        return true
    }

    /// Whether `scalar` is of the alphabets that mark a word broken with a hyphen: Latin (with its
    /// combining marks), Greek, Cyrillic, Armenian, Georgian.
    static func isHyphenatingAlphabet(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00C0...0x036F, 0x0370...0x03FF, 0x0400...0x052F, 0x0530...0x058F, 0x10A0...0x10FF, 0x1C80...0x1C8F,
            0x1D00...0x1DBF, 0x1E00...0x1FFF, 0x2C60...0x2C7F, 0x2DE0...0x2DFF, 0xA640...0xA69F, 0xA720...0xA7FF,
            0xAB30...0xAB6F, 0xFB00...0xFB06:
            true
        default: false
        }
    }

    /// Whether `character` is a letter of a joined script (Arabic, Syriac, N'Ko) that joins the
    /// letter after it: cut there, both would change shape ("تص" over "ميم"). Alef, dal, thal, reh,
    /// zain, waw, teh marbuta and their kin join only the letter before them, hamza none: a cut after
    /// them keeps every shape ("مرا" over "جعة").
    public static func joinsNext(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, isJoinedScriptLetter(scalar) else { return false }
        switch scalar.value {
        case 0x0620...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF:
            return !rightJoiningArabic.contains(scalar.value)
        case 0x0710...0x074F:
            return !rightJoiningSyriac.contains(scalar.value)
        case 0x07CA...0x07EA:
            return true
        default:
            return false
        }
    }

    /// Whether a cut between `before` and `after` parts two letters joined to each other: the line
    /// ending in `before` then ends with a zero-width joiner (Unicode's way of showing a joining
    /// form alone), so that the letter keeps its joined form.
    public static func cutParts(_ before: Character, from after: Character) -> Bool {
        guard joinsNext(before), let scalar = after.unicodeScalars.first, scalar.value != 0x0621 else { return false }
        return isJoinedScriptLetter(scalar)
    }

    private static func isJoinedScriptLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0620...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0x0710...0x074F, 0x07CA...0x07EA:
            scalar.properties.isAlphabetic
        default: false
        }
    }

    /// Arabic letters that join no letter after them (Unicode's ArabicShaping.txt, joining types R
    /// and U), with hamza and the Persian and Urdu letters of those forms.
    private static let rightJoiningArabic: Set<UInt32> = [
        0x0621, 0x0622, 0x0623, 0x0624, 0x0625, 0x0627, 0x0629, 0x062F, 0x0630, 0x0631, 0x0632, 0x0648,
        0x0671, 0x0672, 0x0673, 0x0674, 0x0675, 0x0676, 0x0677, 0x0688, 0x0689, 0x068A, 0x068B, 0x068C,
        0x068D, 0x068E, 0x068F, 0x0690, 0x0691, 0x0692, 0x0693, 0x0694, 0x0695, 0x0696, 0x0697, 0x0698,
        0x0699, 0x06C0, 0x06C3, 0x06C4, 0x06C5, 0x06C6, 0x06C7, 0x06C8, 0x06C9, 0x06CA, 0x06CB, 0x06CD,
        0x06CF, 0x06D2, 0x06D3, 0x06D5, 0x06EE, 0x06EF, 0x0759, 0x075A, 0x075B, 0x076B, 0x076C, 0x0771,
        0x0773, 0x0774, 0x0778, 0x0779, 0x08AA, 0x08AB, 0x08AC, 0x08AE, 0x08B1, 0x08B2, 0x08B9,
    ]

    /// Syriac letters that join no letter after them (alaph, dalath, he, waw, zain, sadhe, resh, taw, ...).
    private static let rightJoiningSyriac: Set<UInt32> = [
        0x0710, 0x0715, 0x0716, 0x0717, 0x0718, 0x0719, 0x071E, 0x0728, 0x072A, 0x072C, 0x072F, 0x074D,
    ]

    /// Whether the letters of `word` are of the script of the bundled patterns (Latin: every
    /// bundled language is written in it): a word of another script is never hyphenated by them.
    static func isInPatternScript(_ letters: ArraySlice<Character>) -> Bool {
        letters.allSatisfy { character in
            character.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII || (scalar.value >= 0x00C0 && scalar.value <= 0x024F)
                    || (scalar.value >= 0x0300 && scalar.value <= 0x036F)
                    || (scalar.value >= 0x1E00 && scalar.value <= 0x1EFF) || scalar == "\u{2010}"
            }
        }
    }

    /// Whether a text's first strong letter is right to left (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko and their presentation forms); nil when it has no letter.
    public static func firstStrongIsRightToLeft(_ text: String) -> Bool? {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            // ASCII's only letters are A–Z and a–z, without looking the property up.
            if value < 0x80 {
                if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) { return false }
                continue
            }
            guard scalar.properties.isAlphabetic else { continue }
            return (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value)
                || (0xFE70...0xFEFF).contains(value)
        }
        return nil
    }
}
