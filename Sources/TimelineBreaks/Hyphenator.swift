/// Liang's hyphenation (Frank Liang's thesis, as TeX and LibreOffice's libhyphen apply it) with
/// one language's patterns from a LibreOffice `hyph_*.dic` file: a word may break where the
/// highest digit any pattern puts between two of its letters is odd.
struct Hyphenator: Sendable {
    /// Each pattern's letters, with the digits around them: "a2ch4" → "ach": [0, 2, 0, 4].
    private var patterns: [String: [UInt8]] = [:]
    private var longest = 0
    /// The fewest letters kept before and after a break. The file's own values, but at least
    /// 2 and 3 (LibreOffice's defaults): "a-ble" or "Lau-nch" read badly.
    private(set) var leftMin = 2
    private(set) var rightMin = 3

    /// The patterns of a `.dic` file (UTF-8, patterns in lower case as the files write them).
    /// Both levels of a two-level file (`NEXTLEVEL`, the compound level first) are merged: a
    /// break either level allows is allowed. Non-standard patterns (`ß/ss=`, which change
    /// letters) are left out: breaks here never change a word. Read from the bytes: German has
    /// 69,000 patterns, read when its first word does not fit.
    init(dictionary bytes: [UInt8]) {
        patterns.reserveCapacity(bytes.count / 12)
        var lineStart = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count // past the charset
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            readLine(bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
        }
    }

    private mutating func readLine(_ line: ArraySlice<UInt8>) {
        var line = line
        while let last = line.last, last == 0x0D || last == 0x20 { line = line.dropLast() }
        guard let first = line.first, first != 0x23, first != 0x25 else { return }
        if let space = line.firstIndex(of: 0x20) {
            let name = String(decoding: line[..<space], as: UTF8.self)
            let value = Int(String(decoding: line[(space + 1)...], as: UTF8.self)) ?? 0
            if name == "LEFTHYPHENMIN" { leftMin = max(2, value) }
            if name == "RIGHTHYPHENMIN" { rightMin = max(3, value) }
            return
        }
        // "/" starts a non-standard pattern's change; "NEXTLEVEL" has no digit and no effect.
        guard !line.contains(0x2F), !line.elementsEqual("NEXTLEVEL".utf8) else { return }
        var letters: [UInt8] = []
        var values: [UInt8] = [0]
        for byte in line {
            if byte >= 0x30, byte <= 0x39 {
                values[values.count - 1] = byte - 0x30
            } else {
                letters.append(byte)
                // A value after each character, not after each byte of one.
                if byte & 0xC0 != 0x80 { values.append(0) }
            }
        }
        let key = String(decoding: letters, as: UTF8.self)
        if let known = patterns[key] { values = zip(known, values).map { max($0, $1) } }
        patterns[key] = values
        longest = max(longest, values.count - 1)
    }

    /// The offsets (in characters) inside `word` where it may break, in order; none for a word
    /// shorter than the minimums allow.
    func points(in word: String) -> [Int] {
        // By scalars, as the patterns are: precomposed letters ("ä") are one each.
        let letters = Array(word.lowercased().unicodeScalars)
        let count = letters.count
        guard count >= leftMin + rightMin, count == word.count else { return [] }
        let dotted: [Unicode.Scalar] = ["."] + letters + ["."]
        var values = [UInt8](repeating: 0, count: dotted.count + 1)
        for start in dotted.indices {
            var key = ""
            for end in start..<min(dotted.count, start + longest) {
                key.unicodeScalars.append(dotted[end])
                guard let found = patterns[key] else { continue }
                for (index, value) in found.enumerated() where value > values[start + index] {
                    values[start + index] = value
                }
            }
        }
        // values[i + 1] lies between letters i - 1 and i of the word (the dot shifts by one).
        let found = (leftMin...(count - rightMin)).filter { values[$0 + 1] % 2 == 1 }
        // No part of one letter: of two points side by side (the merged levels of a compound
        // file give "fol-ge-n-ab"), the later, a compound's seam, is kept: "fol-gen-ab".
        return found.enumerated().compactMap { index, point in
            index + 1 < found.count && found[index + 1] - point < 2 ? nil : point
        }
    }
}
