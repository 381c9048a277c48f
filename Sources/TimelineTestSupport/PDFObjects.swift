import CZlib

/// A PDF's objects and streams as a reader finds them, however cairo wrote them. cairo 1.16 writes
/// each object plainly (`7 0 obj … endobj`); cairo 1.18 packs most of them into compressed object
/// streams, where a search of the file's bytes finds no `/MediaBox`, no `/URI` and no reference.
/// Tests that read a PDF's dictionaries or drawing go through this one reader, so that they check
/// the same thing on both, and a check that a word is absent cannot pass because it is compressed.
package struct PDFObjects {
    /// Each object's text by its number: a plain object's from `obj` to `endobj` (a stream's
    /// dictionary only), an object stream's members as it lists them.
    package private(set) var objects: [Int: String] = [:]
    /// Every stream's data, inflated where it is FlateDecode: pages' drawing, fonts, object streams.
    package private(set) var streams: [String] = []

    /// Every object's text in the order of their numbers, streams left out: what a search of
    /// dictionaries reads (a font's bytes might read "5 0 R").
    package var dictionaries: String { objects.keys.sorted().compactMap { objects[$0] }.joined(separator: "\n") }

    /// Every object's text and every stream's, for searching.
    package var text: String { ([dictionaries] + streams).joined(separator: "\n") }

    package init(_ pdf: [UInt8]) {
        var index = 0
        while let (number, bodyStart) = Self.nextObject(in: pdf, from: index) {
            let end = Self.find(Array("endobj".utf8), in: pdf, from: bodyStart) ?? pdf.count
            let body = Array(pdf[bodyStart..<end])
            index = end
            guard let streamKeyword = Self.streamKeyword(in: body) else {
                objects[number] = Self.latin1(body[...])
                continue
            }
            let dictionary = Self.latin1(body[..<streamKeyword])
            objects[number] = dictionary
            var dataStart = streamKeyword + "stream".utf8.count
            if dataStart < body.count, body[dataStart] == UInt8(ascii: "\r") { dataStart += 1 }
            if dataStart < body.count, body[dataStart] == UInt8(ascii: "\n") { dataStart += 1 }
            let dataEnd = Self.find(Array("endstream".utf8), in: body, from: dataStart) ?? body.count
            let raw = Array(body[dataStart..<dataEnd])
            let data = dictionary.contains("/FlateDecode") ? (Self.inflated(raw) ?? raw) : raw
            streams.append(Self.latin1(data[...]))
            if dictionary.contains("/Type /ObjStm") { readObjectStream(data, dictionary: dictionary) }
        }
    }

    /// The members of an object stream: `/N` pairs of number and offset, offsets counted from `/First`.
    private mutating func readObjectStream(_ data: [UInt8], dictionary: String) {
        guard let count = Self.integer(after: "/N", in: dictionary),
            let first = Self.integer(after: "/First", in: dictionary), first <= data.count
        else { return }
        let header = Self.latin1(data[..<first]).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
            .compactMap { Int($0) }
        guard header.count >= 2 * count else { return }
        for member in 0..<count {
            let start = first + header[2 * member + 1]
            let end = member + 1 < count ? first + header[2 * member + 3] : data.count
            guard start <= end, end <= data.count else { continue }
            objects[header[2 * member]] = Self.latin1(data[start..<end])
        }
    }

    /// The next `N G obj` at a line's start from `index`: the object's number and where its body begins.
    private static func nextObject(in bytes: [UInt8], from index: Int) -> (Int, Int)? {
        var search = index
        while let keyword = find(Array(" obj".utf8), in: bytes, from: search) {
            search = keyword + 4
            let generationStart = digitsStart(before: keyword, in: bytes)
            guard generationStart < keyword, generationStart > 0, bytes[generationStart - 1] == UInt8(ascii: " ")
            else { continue }
            let numberEnd = generationStart - 1
            let numberStart = digitsStart(before: numberEnd, in: bytes)
            guard numberStart < numberEnd,
                numberStart == 0 || bytes[numberStart - 1] == UInt8(ascii: "\n")
                    || bytes[numberStart - 1] == UInt8(ascii: "\r"),
                let number = Int(latin1(bytes[numberStart..<numberEnd]))
            else { continue }
            return (number, search)
        }
        return nil
    }

    private static func digitsStart(before end: Int, in bytes: [UInt8]) -> Int {
        var start = end
        while start > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// Where `stream` starts an object's data: after its dictionary's `>>` and white space, before
    /// an end of line (a title reading "Upstream plan" holds the word too).
    private static func streamKeyword(in body: [UInt8]) -> Int? {
        var search = 0
        while let keyword = find(Array("stream".utf8), in: body, from: search) {
            search = keyword + 1
            var before = keyword
            while before > 0, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(body[before - 1]) {
                before -= 1
            }
            let after = keyword + "stream".utf8.count
            guard before >= 2, body[before - 2] == UInt8(ascii: ">"), body[before - 1] == UInt8(ascii: ">"),
                after < body.count, body[after] == UInt8(ascii: "\n") || body[after] == UInt8(ascii: "\r")
            else { continue }
            return keyword
        }
        return nil
    }

    private static func integer(after key: String, in dictionary: String) -> Int? {
        let words = dictionary.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
        guard let index = words.firstIndex(of: Substring(key)), index + 1 < words.count else { return nil }
        return Int(words[index + 1])
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from index: Int) -> Int? {
        guard !needle.isEmpty, index + needle.count <= bytes.count else { return nil }
        var position = index
        while position + needle.count <= bytes.count {
            if bytes[position] == needle[0], bytes[position..<position + needle.count].elementsEqual(needle) {
                return position
            }
            position += 1
        }
        return nil
    }

    /// Bytes as Latin-1 text: every byte one character, so binary data cannot hide what follows it.
    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func inflated(_ compressed: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = compressed
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: target.prefix(target.count - Int(stream.avail_out)))
                }
            } while status == Z_OK && stream.avail_in > 0 || status == Z_OK && stream.avail_out == 0
        }
        return status == Z_STREAM_END || status == Z_OK ? output : nil
    }
}
