import CPangoCairo
import TimelineBreaks

/// Where wrapped lines may break is ours (`LineBreaks`: UAX #14 on bundled rules, tailored),
/// not Pango's, whose rules follow the GLib and Pango of the machine. Pango's other log
/// attributes (white space, cursor positions) stay; it never inserts a hyphen of its own:
/// words too wide are broken by `wordPieces`, at dictionary points first.
enum OwnLineBreaks {
    /// `attributes` (one per character and one past the end) with line breaks only at
    /// `LineBreaks.opportunities` of `bytes` and at the end, and at Pango's mandatory breaks.
    /// `byteOffsets` gives each character's first byte, and the end; `text`, when given, is
    /// `bytes` as a `String`; `opportunities`, when given, are its opportunities, found ahead.
    static func apply(
        _ bytes: UnsafeBufferPointer<UInt8>, text: String? = nil, opportunities found: [Int]? = nil,
        byteOffsets: [Int], to attributes: UnsafeMutableBufferPointer<PangoLogAttr>
    ) {
        var opportunities = (found ?? LineBreaks.opportunities(in: text ?? String(decoding: bytes, as: UTF8.self)))[...]
        for (character, offset) in byteOffsets.enumerated() where character < attributes.count {
            while let next = opportunities.first, next < offset { opportunities = opportunities.dropFirst() }
            let isOpportunity = opportunities.first == offset
            let isEnd = character == attributes.count - 1
            let mandatory = attributes[character].is_mandatory_break != 0
            attributes[character].is_line_break = isOpportunity || isEnd || mandatory ? 1 : 0
            // As a layout given `layoutAttributes` has it: no character break inside a piece either.
            if attributes[character].is_line_break == 0 { attributes[character].is_char_break = 0 }
            attributes[character].break_inserts_hyphen = 0
            attributes[character].break_removes_preceding = 0
        }
    }

    /// A `PangoLayout`'s attributes (for the texts `LineBreaker` leaves to one) that keep it
    /// from breaking between two of our opportunities; the caller unrefs the list.
    static func layoutAttributes(_ bytes: UnsafeBufferPointer<UInt8>) -> OpaquePointer {
        let list = pango_attr_list_new()!
        let text = String(decoding: bytes, as: UTF8.self)
        var start = 0
        for end in LineBreaks.opportunities(in: text) + [bytes.count] where end > start {
            let attribute = pango_attr_allow_breaks_new(0)!
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(end)
            pango_attr_list_insert(list, attribute)
            start = end
        }
        let hyphens = pango_attr_insert_hyphens_new(0)!
        pango_attr_list_insert(list, hyphens)
        return list
    }
}
