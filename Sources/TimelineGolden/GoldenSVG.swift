import TimelineKit
import TimelineModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GoldenComparison {
    /// The first place where two normalized SVG documents differ.
    public struct SVGDifference: Sendable, Equatable, CustomStringConvertible {
        /// 1-based line of the normalized text (one tag or text run per line).
        public var line: Int
        /// The expected and actual lines, shortened around the first difference; `(end of file)`
        /// when one document is shorter.
        public var expected: String
        /// The rendered line, shortened alike.
        public var actual: String

        /// The line number and both lines, on one line: a CI annotation keeps only the first.
        public var description: String {
            "SVG differs at normalized line \(line): expected \(expected) but got \(actual)"
        }
    }

    /// Largest difference between two numbers in the SVG still counted as equal, in user units.
    public static let svgNumberTolerance = 0.01

    /// SVG text normalized so that only meaningful changes remain: ids renumbered in order of
    /// definition (references follow), numbers inside tags rounded to 3 decimals, whitespace
    /// collapsed, and each tag or text run on a line of its own (readable in a diff).
    public static func normalizeSVG(_ data: Data) -> String {
        SVGNormalizer.lines(data).joined(separator: "\n") + "\n"
    }

    /// Compares two SVG documents after `normalizeSVG`; numbers may differ by `tolerance`.
    /// Nil when they mean the same.
    public static func compareSVG(expected: Data, actual: Data, tolerance: Double = svgNumberTolerance)
        -> SVGDifference?
    {
        let left = SVGNormalizer.lines(expected)
        let right = SVGNormalizer.lines(actual)
        for index in 0..<max(left.count, right.count) {
            guard index < left.count, index < right.count else {
                let end = "(end of file)"
                return SVGDifference(
                    line: index + 1, expected: index < left.count ? excerpt(left[index], from: 0) : end,
                    actual: index < right.count ? excerpt(right[index], from: 0) : end)
            }
            let a = left[index]
            let b = right[index]
            if a == b || sameWithinTolerance(a, b, tolerance) { continue }
            let column = zip(a, b).prefix { $0 == $1 }.count
            return SVGDifference(line: index + 1, expected: excerpt(a, from: column), actual: excerpt(b, from: column))
        }
        return nil
    }

    /// A line shortened to about 120 characters around `column`.
    static func excerpt(_ line: String, from column: Int) -> String {
        let characters = Array(line)
        let start = max(0, column - 40)
        let end = min(characters.count, start + 120)
        // Escaped: a golden's bytes (ESC, BEL, CR, NUL) must not drive the terminal or CI log.
        let shown = MessageText.escaped(String(characters[start..<end]))
        return (start > 0 ? "…" : "") + shown + (end < characters.count ? "…" : "")
    }

    /// Lines that differ only in numbers closer than `tolerance` (rounding can flip the third decimal).
    /// Text runs (not tags) keep their numbers as written and must match exactly.
    static func sameWithinTolerance(_ a: String, _ b: String, _ tolerance: Double) -> Bool {
        guard a.hasPrefix("<"), b.hasPrefix("<") else { return false }
        let left = numberTokens(a)
        let right = numberTokens(b)
        guard left.count == right.count else { return false }
        for (x, y) in zip(left, right) {
            switch (x, y) {
            case (.text(let p), .text(let q)): if p != q { return false }
            case (.number(let p), .number(let q)): if abs(p - q) > tolerance { return false }
            default: return false
            }
        }
        return true
    }

    enum Token: Equatable {
        case text(String)
        case number(Double)
    }

    /// Splits a normalized line into numbers and the text between them.
    static func numberTokens(_ line: String) -> [Token] {
        var tokens: [Token] = []
        var text = ""
        var number = ""
        func flushNumber() {
            guard !number.isEmpty else { return }
            if let value = Double(number) {
                if !text.isEmpty { tokens.append(.text(text)) }
                text = ""
                tokens.append(.number(value))
            } else {
                text += number
            }
            number = ""
        }
        for character in line {
            if character.isASCII, character.isNumber || character == "." || (character == "-" && number.isEmpty) {
                number.append(character)
            } else {
                flushNumber()
                text.append(character)
            }
        }
        flushNumber()
        if !text.isEmpty { tokens.append(.text(text)) }
        return tokens
    }
}

/// One pass over SVG bytes producing normalized lines (see `GoldenComparison.normalizeSVG`).
struct SVGNormalizer {
    let bytes: [UInt8]
    var lines: [String] = []
    var current: [UInt8] = []
    var mapping: [ArraySlice<UInt8>: [UInt8]] = [:]

    static let idMarker = Array(" id=\"".utf8)
    static let labelledByMarker = Array("aria-labelledby=".utf8)

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func lines(_ data: Data) -> [String] {
        var normalizer = SVGNormalizer(Array(data))
        return normalizer.run()
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Ids in order of definition, renamed `id0`, `id1`, … whatever cairo called them.
    mutating func collectIDs() {
        var index = 0
        while let found = SVGDocumentSearch.firstIndex(of: Self.idMarker, in: bytes, from: index) {
            let start = found + Self.idMarker.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            if mapping[bytes[start..<end]] == nil { mapping[bytes[start..<end]] = Array("id\(mapping.count)".utf8) }
            index = end
        }
    }

    mutating func endLine() {
        while let last = current.last, Self.isSpace(last) { current.removeLast() }
        if !current.isEmpty { lines.append(String(decoding: current, as: UTF8.self)) }
        current.removeAll(keepingCapacity: true)
    }

    mutating func run() -> [String] {
        collectIDs()
        var inTag = false
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                endLine()
                inTag = true
            }
            if Self.isSpace(byte) {
                // Whitespace collapses to one space and disappears at the ends of lines.
                while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
                if !current.isEmpty { current.append(0x20) }
                continue
            }
            if byte == UInt8(ascii: ">") {
                while let last = current.last, Self.isSpace(last) { current.removeLast() }
                current.append(byte)
                endLine()
                inTag = false
                position += 1
                continue
            }
            if byte == UInt8(ascii: "\""), let next = renamedIDs(at: position) {
                position = next
                continue
            }
            if byte == UInt8(ascii: "#") {
                position = reference(at: position)
                continue
            }
            if inTag, let (value, end) = number(at: position) {
                current += Array(Self.format(value).utf8)
                position = end
                continue
            }
            current.append(byte)
            position += 1
        }
        endLine()
        return lines
    }

    /// The quoted value opening at `position`, when it is an `id` or an `aria-labelledby` list of
    /// ids, appended renamed; nil for any other value. Returns where reading goes on.
    mutating func renamedIDs(at position: Int) -> Int? {
        let quote = UInt8(ascii: "\"")
        if current.count >= Self.idMarker.count - 1,
            current.suffix(Self.idMarker.count - 1).elementsEqual(Self.idMarker.prefix(Self.idMarker.count - 1)),
            let end = bytes[(position + 1)...].firstIndex(of: quote),
            let renamed = mapping[bytes[(position + 1)..<end]]
        {
            // `id="name"` (the space before `id` may have been collapsed into `current` already).
            current.append(quote)
            current += renamed
            return end
        }
        if current.count >= Self.labelledByMarker.count,
            current.suffix(Self.labelledByMarker.count).elementsEqual(Self.labelledByMarker),
            let end = bytes[(position + 1)...].firstIndex(of: quote)
        {
            // `aria-labelledby="id id"`: a list of ids, renamed as ids are.
            current.append(quote)
            let names = bytes[(position + 1)..<end].split(separator: 0x20)
            for (index, name) in names.enumerated() {
                if index > 0 { current.append(0x20) }
                current += mapping[name] ?? Array(name)
            }
            current.append(quote)
            return end + 1
        }
        return nil
    }

    /// A `#name` reference at `position`, appended with the name renamed when it is an id.
    /// Returns where reading goes on.
    mutating func reference(at position: Int) -> Int {
        var end = position + 1
        while end < bytes.count, Self.isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") { end += 1 }
        current.append(bytes[position])
        if let renamed = mapping[bytes[(position + 1)..<end]] {
            current += renamed
        } else {
            current += bytes[(position + 1)..<end]
        }
        return end
    }

    /// A number starting at `position` (not inside a word like `glyph0-1` or `x2`) and where it ends.
    func number(at position: Int) -> (Double, Int)? {
        if position > 0, Self.isWordByte(bytes[position - 1]) { return nil }
        var end = position
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
        let digitsStart = end
        while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
        }
        guard bytes[digitsStart..<end].contains(where: Self.isDigit) else { return nil }
        if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "e") {
            var exponent = end + 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+") {
                exponent += 1
            }
            if exponent < bytes.count, Self.isDigit(bytes[exponent]) {
                while exponent < bytes.count, Self.isDigit(bytes[exponent]) { exponent += 1 }
                end = exponent
            }
        }
        // A number glued to a following letter is part of a word (e.g. a hex colour like 5b2a86).
        if end < bytes.count, Self.isWordByte(bytes[end]), !Self.isDigit(bytes[end]) { return nil }
        guard let value = Double(String(decoding: bytes[position..<end], as: UTF8.self)) else { return nil }
        return (value, end)
    }

    /// Three decimals at most, no trailing zeros, no negative zero.
    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = decimalText(rounded, places: 3)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// Byte search shared by the normalizer.
enum SVGDocumentSearch {
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
