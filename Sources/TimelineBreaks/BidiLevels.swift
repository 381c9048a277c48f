import TimelineICU

/// Embedding levels of the Unicode Bidirectional Algorithm (UAX #9) from ICU's `ubidi`, in
/// libicuuc as `ICU` opened it: even levels read left to right, odd ones right to left, and
/// rule L2 reverses every stretch of a level or higher, from the highest level down to the
/// lowest odd one. Rule L1 is applied: white space at the end is at the paragraph's level.
public enum BidiLevels {
    private typealias Open = @convention(c) () -> OpaquePointer?
    private typealias Close = @convention(c) (OpaquePointer?) -> Void
    private typealias SetParagraph =
        @convention(c) (
            OpaquePointer?, UnsafePointer<UInt16>?, Int32, UInt8, UnsafeMutablePointer<UInt8>?,
            UnsafeMutablePointer<Int32>
        ) -> Void
    private typealias GetLevels = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>) -> UnsafePointer<UInt8>?

    private struct Functions: @unchecked Sendable {
        let open: Open
        let close: Close
        let setParagraph: SetParagraph
        let getLevels: GetLevels
    }

    private static let functions: Functions? = {
        guard let icu = ICU.common, let open = icu.symbol("ubidi_open", Open.self),
            let close = icu.symbol("ubidi_close", Close.self),
            let setParagraph = icu.symbol("ubidi_setPara", SetParagraph.self),
            let getLevels = icu.symbol("ubidi_getLevels", GetLevels.self)
        else { return nil }
        return Functions(open: open, close: close, setParagraph: setParagraph, getLevels: getLevels)
    }()

    /// The level of each Unicode scalar of `text`, a paragraph (or one line of one) whose base
    /// direction is right to left when `rightToLeft`; nil without ICU.
    public static func levels(of text: String, rightToLeft: Bool) -> [UInt8]? {
        guard let functions else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let units = Array(text.utf16)
        // A paragraph of its own per call: ICU's object is not to be shared between threads.
        guard let bidi = functions.open() else { return nil }
        defer { functions.close(bidi) }
        var status: Int32 = 0
        units.withUnsafeBufferPointer { buffer in
            functions.setParagraph(bidi, buffer.baseAddress, Int32(buffer.count), rightToLeft ? 1 : 0, nil, &status)
        }
        guard status <= 0, let levels = functions.getLevels(bidi, &status), status <= 0 else { return nil }
        // One level a scalar: the level of its first UTF-16 unit.
        var found: [UInt8] = []
        found.reserveCapacity(scalars.count)
        var unit = 0
        for scalar in scalars {
            found.append(levels[unit])
            unit += scalar.value < 0x10000 ? 1 : 2
        }
        return found
    }
}
