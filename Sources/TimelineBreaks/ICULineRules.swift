import TimelineICU
import TimelineThreads

/// UAX #14 line-break opportunities from ICU's rule-based break iterator, run on ICU's line
/// rules as ICU 72 compiled them (`Data/line.brk`, written by `scripts/line-break-rules.py`).
/// The iterator is the running ICU's; the rules and the character classes they were compiled
/// with are ours: Debian 12's ICU 72, Debian 13's ICU 76 and macOS's break alike. ICU's own
/// `line` rules changed in ICU 74 (Unicode 15.1's quotation and hyphen rules), which would have
/// made the breaks depend on the machine.
final class ICULineRules: @unchecked Sendable {
    private typealias OpenBinary =
        @convention(c) (
            UnsafePointer<UInt8>?, Int32, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>
        ) -> OpaquePointer?
    private typealias SetText =
        @convention(c) (OpaquePointer?, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>) -> Void
    private typealias Next = @convention(c) (OpaquePointer?) -> Int32

    private let open: OpenBinary
    private let setText: SetText
    private let next: Next
    /// The rules, which ICU keeps a pointer to: they live as long as the process (`shared`).
    private let rules: UnsafeMutableBufferPointer<UInt8>
    /// Iterators no thread is using. A thread takes one, or opens one when none is idle (opening
    /// copies and checks the rules), and puts it back: threads that find opportunities at once
    /// (the measurer's shaping lanes) each use their own instead of waiting for one under a lock.
    private var idle: [OpaquePointer]
    /// Guards `idle` only.
    private let lock = Lock()

    /// Loaded once, ahead by `LineBreaks.prepare` or at the first text broken; nil without ICU or
    /// the rules file.
    static let shared: ICULineRules? = load()

    private init?(icu: ICU, rules: [UInt8]) {
        guard let open = icu.symbol("ubrk_openBinaryRules", OpenBinary.self),
            let setText = icu.symbol("ubrk_setText", SetText.self), let next = icu.symbol("ubrk_next", Next.self)
        else { return nil }
        let kept = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rules.count)
        _ = kept.initialize(from: rules)
        guard let iterator = Self.iterator(open, kept) else {
            kept.deallocate()
            return nil
        }
        (self.open, self.setText, self.next, self.rules, idle) = (open, setText, next, kept, [iterator])
    }

    /// A new iterator on `rules`; nil when ICU refuses them.
    private static func iterator(_ open: OpenBinary, _ rules: UnsafeMutableBufferPointer<UInt8>) -> OpaquePointer? {
        var status: Int32 = 0
        guard let iterator = open(rules.baseAddress, Int32(rules.count), nil, 0, &status), status <= 0 else {
            return nil
        }
        return iterator
    }

    /// The iterator on the bundled rules, in libicuuc as `ICU` opened it.
    private static func load() -> ICULineRules? {
        guard let icu = ICU.common, let rules = BundledBreakData.contents("line.brk") else { return nil }
        return ICULineRules(icu: icu, rules: rules)
    }

    /// The UTF-8 offsets in `text` where a line may start (0 and the end excluded), in order.
    func opportunities(in text: String) -> [Int] {
        // At most one UTF-16 unit a UTF-8 byte: both buffers are temporary, filled in one pass.
        let capacity = text.utf8.count
        guard capacity > 0 else { return [] }
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { utf16 in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity + 1) { utf8At in
                let count = Self.transcode(text, into: utf16, offsets: utf8At)
                return opportunities(UnsafeBufferPointer(rebasing: utf16[..<count]), utf8At: utf8At)
            }
        }
    }

    /// Writes `text` as UTF-16 into `utf16` and, at each unit, the UTF-8 offset of its scalar
    /// (and the length at the end) into `offsets`; returns the number of units.
    private static func transcode(
        _ text: String, into utf16: UnsafeMutableBufferPointer<UInt16>, offsets: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        var (position16, position8) = (0, 0)
        for scalar in text.unicodeScalars {
            offsets[position16] = position8
            if scalar.value < 0x10000 {
                utf16[position16] = UInt16(truncatingIfNeeded: scalar.value)
                position16 += 1
            } else {
                let value = scalar.value - 0x10000
                utf16[position16] = UInt16(truncatingIfNeeded: 0xD800 + (value >> 10))
                utf16[position16 + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (value & 0x3FF))
                offsets[position16 + 1] = position8
                position16 += 2
            }
            position8 += UTF8.width(scalar)
        }
        offsets[position16] = position8
        return position16
    }

    /// ICU's boundaries in `utf16`, as UTF-8 offsets (`utf8At`), found with an idle iterator (none
    /// only where ICU can open no other: out of memory).
    private func opportunities(_ utf16: UnsafeBufferPointer<UInt16>, utf8At: UnsafeMutableBufferPointer<Int>) -> [Int] {
        guard let iterator = lock.withLock({ idle.popLast() }) ?? Self.iterator(open, rules) else { return [] }
        defer { lock.withLock { idle.append(iterator) } }
        var status: Int32 = 0
        var found: [Int] = []
        // A title's opportunities without growing the array four times.
        found.reserveCapacity(16)
        setText(iterator, utf16.baseAddress, Int32(utf16.count), &status)
        guard status <= 0 else { return found }
        while true {
            let boundary = Int(next(iterator))
            if boundary < 0 || boundary >= utf16.count { break }
            found.append(utf8At[boundary])
        }
        // Not left pointing at this buffer.
        setText(iterator, nil, 0, &status)
        return found
    }
}
