import CPangoCairo

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A word piece's key: its font, script, language, place (first or last in its text) and bytes,
/// which are in the text while looked up (no copy) and in the key once kept.
struct PieceKey {
    var font: UInt
    var script: UInt8
    var language: UInt
    var first: Bool
    var last: Bool
    var kept: [UInt8] = []
    var borrowed: UnsafeBufferPointer<UInt8>?

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let borrowed { return body(borrowed) }
        return kept.withUnsafeBufferPointer(body)
    }

    /// The key, its bytes copied.
    var owned: PieceKey {
        var key = self
        key.kept = withBytes { Array($0) }
        key.borrowed = nil
        return key
    }

    /// The fields and bytes folded into one word (FNV-1a); a borrowed key and its owned copy
    /// fold the same bytes.
    var folded: UInt64 {
        var folded: UInt64 = 0xCBF2_9CE4_8422_2325
        func fold(_ value: UInt64) { folded = (folded ^ value) &* 0x100_0000_01B3 }
        fold(UInt64(font))
        fold(UInt64(language))
        fold(UInt64(script) | (first ? 0x100 : 0) | (last ? 0x200 : 0))
        withBytes { for byte in $0 { fold(UInt64(byte)) } }
        return folded
    }

    /// The same fields and bytes (compared with memcmp).
    func matches(_ other: PieceKey) -> Bool {
        font == other.font && script == other.script && language == other.language && first == other.first
            && last == other.last
            && withBytes { left in
                other.withBytes { right in
                    left.count == right.count
                        && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
                }
            }
    }
}

/// One glyph as HarfBuzz gives it, its cluster a byte offset in the text it was shaped in.
struct ShapedGlyph: Equatable {
    var glyph: UInt32
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
    var cluster: Int32
    var unsafeToBreak: Bool
}

/// The glyphs of word pieces, shaped once per font, script and language: a text's glyphs are its
/// pieces' put together wherever no lookup crosses between them, so shaping costs what the text's
/// new words cost. Titles and subtitles repeat most of their words. Which seams no lookup crosses
/// is, for the bundled fonts, their certificate's word (`SeamCertificate`: read from the font's own
/// lookups, the same on every system); for any other font, HarfBuzz's, as follows.
///
/// A piece ends after a space followed by a letter, digit, punctuation or symbol (never a mark,
/// joiner or selector, which may form a cluster with what precedes). It is shaped between the
/// space that precedes it in the text (none for the first piece, which is shaped at the start of
/// text as the whole is) and a sentinel (none for the last, shaped at the end of text), with
/// `HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT`: HarfBuzz flags every glyph after the first of a run
/// that a lookup examined, matched or not, as unsafe to concatenate. The piece is kept only when
/// its first glyph is clear (no lookup looked across the space before it, either way) and so is
/// the sentinel's (no lookup of the piece looked past its end). The sentinel is a private-use
/// character outside every font here: .notdef, which no lookup skips and no kerning pair lists,
/// so a lookup that would look at the next piece's first glyph looks at it and flags it. A
/// certified font's pieces need neither the sentinel nor the flags (`shape`).
/// `WordPieceShapesTests` compares texts shaped whole and by pieces.
///
/// Used by one thread at a time, as its measurer.
final class WordPieceShapes {
    /// A piece shaped: its glyphs (clusters from its start), or which of its ends a lookup
    /// looked across.
    private enum Outcome {
        case glyphs([ShapedGlyph])
        case unsafeStart
        case unsafeEnd
        case refused
    }

    private var pieces = PieceTable<Outcome>(minimumCapacity: 1024)
    private let buffer = hb_buffer_create()
    /// Whether fonts' certificates are read (tests of the uncertified path turn it off).
    private let certifies: Bool

    init(certifies: Bool = true) {
        self.certifies = certifies
    }
    /// Most pieces kept: past it, all are forgotten.
    static let limit = 50_000
    /// Texts put together from pieces, and pieces shaped, for tests.
    private(set) var assembled = 0
    private(set) var shaped = 0
    private(set) var shapedBytes = 0

    static let sentinel = "\u{10FFFD}"
    private static let sentinelBytes = Array(sentinel.utf8)
    /// The bytes a piece is shaped from (`shape`), kept for the next.
    private var scratch: [UInt8] = []

    deinit {
        hb_buffer_destroy(buffer)
        let fonts = tally.values.compactMap(\.font)
        TextThread.release { for font in fonts { g_object_unref(UnsafeMutableRawPointer(font)) } }
    }

    /// The glyphs of all of `text` (one item, of `analysis`, in `font`): its pieces' put together
    /// where they may be, else the text shaped whole, as `HarfBuzzShaping.shape` would.
    func wholeOrPieces(
        _ text: UnsafeBufferPointer<UInt8>, analysis: PangoAnalysis, font: HarfBuzzShaping.ItemFont
    ) -> [ShapedGlyph] {
        if let glyphs = glyphs(text, analysis: analysis, hbFont: font.hbFont, features: font.features) {
            return glyphs
        }
        shaped += 1
        shapedBytes += text.count
        return HarfBuzzShaping.wholeText(text, analysis: analysis, font: font, buffer: buffer)
    }

    /// The glyphs of all of `text` (one item, of `analysis`, in `hbFont` with `features`), put
    /// together from its pieces'; nil when it is one piece, or would be once pieces that a lookup
    /// looks across are joined, or when this font's texts have seldom been put together.
    func glyphs(
        _ text: UnsafeBufferPointer<UInt8>, analysis: PangoAnalysis, hbFont: OpaquePointer?,
        features: [hb_feature_t]
    ) -> [ShapedGlyph]? {
        guard let font = analysis.font,
            let (ends, certified) = tried(text, font: font, hbFont: hbFont, features: features)
        else { return nil }
        let fontKey = UInt(bitPattern: font)
        if pieces.count + ends.count > Self.limit { pieces.removeAll() }
        var key = PieceKey(
            font: fontKey, script: analysis.script, language: UInt(bitPattern: analysis.language), first: true,
            last: false)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(text.count + 1)
        // The pieces taken so far: their starts and where their glyphs start.
        var taken: [(start: Int, glyph: Int)] = []
        taken.reserveCapacity(ends.count)
        var start = 0
        var endIndex = 0
        // A piece joined with the next where a lookup looks past its end, with the one before
        // where a lookup looks across its start; never more shapings than pieces, nor more than
        // twice the text's bytes: a text whose every piece needs the one before would otherwise
        // shape ever longer prefixes (quadratic time, and as many prefixes kept).
        var budget = (shapings: ends.count, bytes: 2 * text.count)
        while start < text.count {
            guard start > 0 || ends[endIndex] < text.count,
                let outcome = outcome(
                    text, start, endIndex, ends: ends, key: &key, budget: &budget,
                    shaping: {
                        self.shape(
                            $0, first: $1, last: $2, analysis: analysis, hbFont, features, certified: certified != nil)
                    })
            else { return nil }
            let end = ends[endIndex]
            switch outcome {
            case .glyphs(let shaped):
                taken.append((start, glyphs.count))
                for var glyph in shaped {
                    glyph.cluster += Int32(start)
                    glyphs.append(glyph)
                }
                start = end
                endIndex += 1
            case .unsafeStart:
                guard let previous = taken.popLast() else { return nil }
                start = previous.start
                glyphs.removeSubrange(previous.glyph...)
            case .unsafeEnd:
                endIndex += 1
            case .refused:
                return nil
            }
        }
        assembled += 1
        tally[Int(bitPattern: fontKey), default: Tally()].assembled += 1
        return glyphs
    }

    /// Where `text`'s pieces end, if it is tried by pieces in `font`: more than one piece, the
    /// font's texts worth trying (`Tally`), and in a certified font, its seams joined where the
    /// certificate says a lookup may cross them (its word, not HarfBuzz's flags).
    private func tried(
        _ text: UnsafeBufferPointer<UInt8>, font: UnsafeMutablePointer<PangoFont>, hbFont: OpaquePointer?,
        features: [hb_feature_t]
    ) -> (ends: [Int], certified: SeamRules?)? {
        let ends = Self.pieceEnds(text)
        guard ends.count > 1 else { return nil }
        let fontKey = Int(bitPattern: font)
        guard
            tally[fontKey, default: Tally()].tryNext(
                font, hbFont: hbFont, features: features, certifies: certifies)
        else { return nil }
        guard let certified = tally[fontKey]!.rules else { return (ends, nil) }
        guard let kept = certified.seamEnds(text, ends), kept.count > 1 else { return nil }
        return (kept, certified)
    }

    /// A font's certificate, if any, and how often its texts were tried by pieces and put
    /// together. In a font without a certificate (`SeamCertificate`), whether a piece may be
    /// joined to the next is HarfBuzz's word (its unsafe-to-concat flags), and HarfBuzz 10 flags
    /// every glyph a lookup examined: there most texts would be shaped by pieces, refused and
    /// shaped again whole. Past a first few texts, such a font whose texts are seldom put
    /// together is shaped whole only. The glyphs are the same either way; only the work differs.
    private struct Tally {
        var tried = 0
        var assembled = 0
        /// The font, held once tried, so that no other font takes the address keys name it by.
        var font: UnsafeMutablePointer<PangoFont>?
        var rules: SeamRules?

        /// Whether to try the next text in `font`, counted if so: every text of a certified font;
        /// else each of the first `sample`, then while at least one in eight was put together.
        mutating func tryNext(
            _ font: UnsafeMutablePointer<PangoFont>, hbFont: OpaquePointer?, features: [hb_feature_t],
            certifies: Bool
        ) -> Bool {
            if self.font == nil {
                g_object_ref(UnsafeMutableRawPointer(font))
                self.font = font
                rules = certifies ? SeamCertificate.rules(hb_font_get_face(hbFont), features: features) : nil
            }
            guard rules != nil || tried < WordPieceShapes.sample || assembled * 8 >= tried else { return false }
            tried += 1
            return true
        }
    }

    /// By font (its address): keyed by `Int`, whose hashing the runtime has found for other
    /// dictionaries already; a key type of its own costs a search of every conformance at its
    /// first use (#48).
    private var tally: [Int: Tally] = [:]

    /// How many texts of a font without a certificate are tried by pieces before how often they
    /// were put together decides (#48): 16, not 64. Each text refused costs its pieces' shapings
    /// on top of the whole; on HarfBuzz 10, which refused every Latin text in Inter by its flags
    /// before Inter had a certificate, the 64 texts per font and lane were 302 piece shapings
    /// (21 million instructions) for 1,000 wrapped items.
    static let sample = 16

    /// The outcome for the piece of `text` from `start` to `ends[endIndex]`: known, known to be
    /// joined with the next, or shaped now while `budget` lasts (nil past it).
    private func outcome(
        _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ endIndex: Int, ends: [Int], key: inout PieceKey,
        budget: inout (shapings: Int, bytes: Int), shaping: (UnsafeBufferPointer<UInt8>, Bool, Bool) -> Outcome
    ) -> Outcome? {
        let end = ends[endIndex]
        let piece = UnsafeBufferPointer(rebasing: text[start..<end])
        key.borrowed = piece
        key.first = start == 0
        key.last = end == text.count
        let folded = key.folded
        if let known = pieces.value(key, folded: folded) { return known }
        if !key.last {
            // Joined with the next piece before shaping when that one is known to need what precedes it.
            var next = key
            next.borrowed = UnsafeBufferPointer(rebasing: text[end..<ends[endIndex + 1]])
            next.first = false
            next.last = endIndex + 2 == ends.count
            if case .unsafeStart = pieces.value(next, folded: next.folded) { return .unsafeEnd }
        }
        guard budget.shapings > 0, budget.bytes >= piece.count else { return nil }
        budget.shapings -= 1
        budget.bytes -= piece.count
        let outcome = shaping(piece, key.first, key.last)
        pieces.set(key.owned, folded: folded, outcome)
        return outcome
    }

    /// Where the pieces of `text` end, in bytes: after each space followed by a character that
    /// starts a cluster of its own, and at the text's end.
    static func pieceEnds(_ text: UnsafeBufferPointer<UInt8>) -> [Int] {
        var ends: [Int] = []
        // A title's pieces, without growing the array four times (half the cost of finding them).
        ends.reserveCapacity(16)
        var index = 0
        let count = text.count
        while index < count - 1 {
            if text[index] == 0x20, startsPiece(text, at: index + 1) { ends.append(index + 1) }
            index += 1
        }
        ends.append(count)
        return ends
    }

    /// Whether the character at byte `index` is a letter, a decimal digit, punctuation or a math
    /// or currency symbol: a base character that no shaping attaches to what precedes it.
    private static func startsPiece(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = text[index]
        if byte < 0x80 { return byte > 0x20 && byte < 0x7F }
        var iterator = text[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber,
            .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation, .mathSymbol, .currencySymbol:
            return true
        default:
            return false
        }
    }

    /// `piece` shaped between the space before it and the sentinel, as the text's item would be;
    /// refused where HarfBuzz says a lookup looked across either end, unless the font is
    /// `certified` (its certificate has decided the seams). A certified font's piece is shaped
    /// without the sentinel and without HarfBuzz's unsafe-to-concatenate flags, neither of which
    /// is read then: its certificate lets no lookup change the space or what precedes it from
    /// after the space (no substitution or move of a space, no pair a space starts with a
    /// value), so nothing past the piece's end can change its glyphs. The space before the piece
    /// stays: a rule that starts at a space may change what follows it, here as in the text.
    private func shape(
        _ piece: UnsafeBufferPointer<UInt8>, first: Bool, last: Bool, analysis: PangoAnalysis,
        _ hbFont: OpaquePointer?, _ features: [hb_feature_t], certified: Bool
    ) -> Outcome {
        shaped += 1
        shapedBytes += piece.count
        // In one buffer kept from piece to piece, not an array made for each.
        var bytes = scratch
        scratch = []
        defer { scratch = bytes }
        bytes.removeAll(keepingCapacity: true)
        if !first { bytes.append(0x20) }
        bytes.append(contentsOf: piece)
        let sentinel = !last && !certified
        if sentinel { bytes.append(contentsOf: Self.sentinelBytes) }
        let start = first ? 0 : 1
        let end = start + piece.count
        hb_buffer_clear_contents(buffer)
        var flags = certified ? 0 : HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT.rawValue
        if first { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if last { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        HarfBuzzShaping.configure(buffer, analysis: analysis, flags: hb_buffer_flags_t(rawValue: flags))
        bytes.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_shape(hbFont, buffer, features, UInt32(features.count))
        let all = HarfBuzzShaping.glyphs(buffer)
        // The space's glyphs, the piece's from its first byte, the sentinel's from its own.
        guard let from = all.firstIndex(where: { $0.cluster >= start }), all[from].cluster == start else {
            return certified ? .refused : .unsafeStart
        }
        let to = all[from...].firstIndex(where: { $0.cluster >= end }) ?? all.count
        guard to > from else { return .refused }
        if !first, !certified, HarfBuzzShaping.isUnsafeToConcat(buffer, at: from) { return .unsafeStart }
        guard sentinel ? to < all.count && all[to].cluster == end : to == all.count else {
            return certified ? .refused : .unsafeEnd
        }
        if sentinel, HarfBuzzShaping.isUnsafeToConcat(buffer, at: to) { return .unsafeEnd }
        // A font that has a glyph for the sentinel could list it in a kerning pair: not trusted.
        if sentinel, all[to].glyph != 0 { return .refused }
        return .glyphs(
            all[from..<to].map {
                var glyph = $0
                glyph.cluster -= Int32(start)
                return glyph
            })
    }
}
