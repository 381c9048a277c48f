import CPangoCairo
import TimelineBreaks
import TimelineScene

/// What a measurer's shaping remembers from text to text: word pieces' glyphs, the analyses of
/// one-item texts, fonts' approximate character widths, and the HarfBuzz font of each Pango
/// font. Used by one thread at a time, as its measurer.
final class ShapingMemory {
    let pieces: WordPieceShapes
    let analyses = KnownItemAnalyses()
    /// Fonts' approximate character widths, which wrapping asks for.
    let charWidths = ApproximateCharWidths()
    /// The word pieces of the other threads that shape ahead (`shapeAhead`), one each.
    private var otherPieces: [WordPieceShapes] = []
    /// Per Pango font, what HarfBuzz shapes with (nil: Pango shapes it).
    private var itemFonts: [Int: HarfBuzzShaping.ItemFont?] = [:]
    /// What the text being measured was given ahead (`shapeAhead`), until measuring takes it.
    private var ahead: ShapedAhead?

    /// Whether fonts' seam certificates are read (`WordPieceShapes`); tests turn it off.
    private let certifies: Bool

    init(certifies: Bool = true) {
        self.certifies = certifies
        pieces = WordPieceShapes(certifies: certifies)
    }

    /// What was found ahead for the text being measured and taken with its item: its line-break
    /// opportunities, until wrapping asks for them (`opportunities(of:)`).
    private var takenOpportunities: (text: String, found: [Int])?

    /// A text's item (owned), its glyphs and, for a text wider than its width, its line-break
    /// opportunities (`LineBreaks.opportunities` of the text alone), found before it is measured.
    struct ShapedAhead {
        var text: String
        var item: UnsafeMutablePointer<PangoItem>
        var glyphs: [ShapedGlyph]?
        var opportunities: [Int]? = nil
    }

    deinit {
        let (item, fonts) = (ahead?.item, Array(itemFonts.keys))
        TextThread.release {
            if let item { pango_item_free(item) }
            for font in fonts { g_object_unref(UnsafeMutableRawPointer(bitPattern: font)) }
        }
    }

    /// Gives the text about to be measured what was found for it ahead.
    func give(_ shaped: ShapedAhead?) {
        discardAhead()
        ahead = shaped
    }

    /// The item and glyphs found ahead for exactly `text` (its bytes: canonically equivalent texts
    /// shape differently), now the caller's; nil when there are none.
    func take(_ text: String) -> (item: UnsafeMutablePointer<PangoItem>, glyphs: [ShapedGlyph]?)? {
        guard let found = ahead, found.text.hasSameBytes(as: text) else { return nil }
        ahead = nil
        takenOpportunities = found.opportunities.map { (found.text, $0) }
        return (found.item, found.glyphs)
    }

    /// The line-break opportunities found ahead for exactly `text`, now the caller's; nil when
    /// there are none, or when `text` follows another (`LineBreaks.precedingText`), whose
    /// opportunities are the longer text's.
    func opportunities(of text: String) -> [Int]? {
        guard let taken = takenOpportunities, LineBreaks.precedingText == nil, taken.text.hasSameBytes(as: text)
        else { return nil }
        takenOpportunities = nil
        return taken.found
    }

    /// Frees what was given and not taken (a text measured another way).
    func discardAhead() {
        if let item = ahead?.item { pango_item_free(item) }
        ahead = nil
        takenOpportunities = nil
    }

    /// `pieces`, then one of its own for each other thread of `count`.
    func piecesPerThread(_ count: Int) -> [WordPieceShapes] {
        while otherPieces.count < count - 1 { otherPieces.append(WordPieceShapes(certifies: certifies)) }
        return [pieces] + otherPieces.prefix(max(0, count - 1))
    }

    /// The font to shape the item by word pieces with (`HarfBuzzShaping.itemFont`), found once per
    /// font: a font's features are the same for every text (Pango's come from its description).
    /// Nil unless the item may be shaped so: it is the whole text of `length` bytes, in a script
    /// that never joins across spaces, with nothing but its font to shape it by.
    func piecesFont(_ item: UnsafeMutablePointer<PangoItem>, length: Int32) -> HarfBuzzShaping.ItemFont? {
        guard item.pointee.offset == 0, item.pointee.length == length,
            LineBreaker.isSliceable(item.pointee.analysis.script),
            HarfBuzzShaping.isPlain(item.pointee.analysis)
        else { return nil }
        let key = Int(bitPattern: item.pointee.analysis.font)
        if let known = itemFonts[key] { return known }
        let font = HarfBuzzShaping.itemFont(item)
        // Held, so that no other font takes its address while it is a key.
        g_object_ref(UnsafeMutableRawPointer(item.pointee.analysis.font))
        itemFonts[key] = font
        return font
    }
}
