/// Unicode 15.1's rules for quotation marks set apart by spaces (UAX #14 LB15a and LB15b), which
/// the bundled rules (ICU 72's, from before them) lack: a line never ends with an opening mark
/// and never starts with a closing one. "« Guillemets »" and "” et" stay whole where French
/// sets its quotes with ordinary spaces. The context each rule asks of the neighbours keeps it
/// from German's „Zitat“ (whose closing mark is an initial quotation mark) and Swedish's ”citat”.
enum QuotationBreaks {
    /// `opportunities` of `text` without those LB15a and LB15b forbid. Only a text with an initial
    /// or final quotation mark has any: the others' scalars are not put in arrays (`everyText`
    /// reads them all the same, for the tests that hold the two ways equal).
    static func kept(_ opportunities: [Int], in text: String, everyText: Bool = false) -> [Int] {
        guard !opportunities.isEmpty, everyText || hasQuotationMark(text) else { return opportunities }
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        var forbidden = Set<Int>()
        for (index, scalar) in scalars.enumerated() {
            switch scalar.properties.generalCategory {
            case .initialPunctuation where index == 0 || opensAfter(scalars[index - 1]):
                // LB15a: (sot | BK | CR | LF | NL | OP | QU | GL | SP | ZW) QU_Pi SP* ×
                var next = index + 1
                while next < scalars.count, scalars[next] == " " { next += 1 }
                if next < scalars.count { forbidden.insert(offsets[next]) }
            case .finalPunctuation where index + 1 == scalars.count || closesBefore(scalars[index + 1]):
                // LB15b: × SP* QU_Pf (SP | GL | WJ | CL | QU | CP | EX | IS | SY | BK | CR | LF | NL | ZW | eot),
                // after LB4 and LB5: a hard line break before the spaces is still one.
                var previous = index - 1
                while previous >= 0, scalars[previous] == " " { previous -= 1 }
                if previous < 0 || !isHardBreak(scalars[previous]) { forbidden.insert(offsets[index]) }
            default:
                break
            }
        }
        return forbidden.isEmpty ? opportunities : opportunities.filter { !forbidden.contains($0) }
    }

    /// Whether `text` has an initial or final quotation mark, around which alone LB15a and LB15b
    /// forbid a break. None is ASCII: ASCII's scalars are passed over without looking their
    /// category up.
    static func hasQuotationMark(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            guard !scalar.isASCII else { return false }
            let category = scalar.properties.generalCategory
            return category == .initialPunctuation || category == .finalPunctuation
        }
    }

    /// BK, CR, LF, NL, OP, QU, GL, SP or ZW: what may stand before an opening mark of LB15a.
    private static func opensAfter(_ scalar: Unicode.Scalar) -> Bool {
        isBreakOrSpace(scalar) || isQuotation(scalar) || isGlue(scalar) || scalar == "\u{200B}"
            || scalar.properties.generalCategory == .openPunctuation
    }

    /// SP, GL, WJ, CL, QU, CP, EX, IS, SY, BK, CR, LF, NL or ZW: what may follow a closing mark of LB15b.
    private static func closesBefore(_ scalar: Unicode.Scalar) -> Bool {
        if isBreakOrSpace(scalar) || isQuotation(scalar) || isGlue(scalar) { return true }
        if ["\u{200B}", "\u{2060}", "\u{FEFF}", "!", "?", ",", ".", ":", ";", "/", ")", "]"].contains(scalar) {
            return true
        }
        return scalar.properties.generalCategory == .closePunctuation
    }

    /// SP, BK, CR, LF and NL.
    private static func isBreakOrSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || isHardBreak(scalar)
    }

    /// BK, CR, LF and NL: a line always ends after them.
    private static func isHardBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\u{0A}", "\u{0B}", "\u{0C}", "\u{0D}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// QU: ASCII's quotation marks, and every initial and final quotation mark.
    private static func isQuotation(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return scalar == "\"" || scalar == "'" || category == .initialPunctuation || category == .finalPunctuation
    }

    /// GL: the no-break spaces and joiners that glue their neighbours.
    private static func isGlue(_ scalar: Unicode.Scalar) -> Bool {
        ["\u{A0}", "\u{202F}", "\u{2007}", "\u{2011}", "\u{180E}", "\u{034F}"].contains(scalar)
    }
}
