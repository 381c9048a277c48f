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

    private let setText: SetText
    private let next: Next
    /// One iterator, used under `lock`: opening one copies and checks the rules.
    private let iterator: OpaquePointer
    private let lock = Lock()

    /// Loaded once, on the first text that wraps; nil without ICU or the rules file.
    static let shared: ICULineRules? = load()

    private init?(icu: ICU, rules: [UInt8]) {
        guard let open = icu.symbol("ubrk_openBinaryRules", OpenBinary.self),
            let setText = icu.symbol("ubrk_setText", SetText.self), let next = icu.symbol("ubrk_next", Next.self)
        else { return nil }
        var status: Int32 = 0
        // ICU keeps a pointer to the rules: they live as long as the process (`shared`).
        let kept = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rules.count)
        _ = kept.initialize(from: rules)
        guard let iterator = open(kept.baseAddress, Int32(rules.count), nil, 0, &status), status <= 0 else {
            kept.deallocate()
            return nil
        }
        (self.setText, self.next, self.iterator) = (setText, next, iterator)
    }

    /// The iterator on the bundled rules, in libicuuc as `ICU` opened it.
    private static func load() -> ICULineRules? {
        guard let icu = ICU.common, let rules = BundledBreakData.contents("line.brk") else { return nil }
        return ICULineRules(icu: icu, rules: rules)
    }

    /// The UTF-8 offsets in `text` where a line may start (0 and the end excluded), in order.
    func opportunities(in text: String) -> [Int] {
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return [] }
        // UTF-16 offset to UTF-8 offset, for every UTF-16 position that starts a scalar.
        var utf8At = [Int](repeating: 0, count: utf16.count + 1)
        var (position16, position8) = (0, 0)
        for scalar in text.unicodeScalars {
            utf8At[position16] = position8
            position16 += UTF16.width(scalar)
            position8 += UTF8.width(scalar)
        }
        utf8At[position16] = position8
        return lock.withLock {
            var status: Int32 = 0
            var found: [Int] = []
            utf16.withUnsafeBufferPointer { buffer in
                setText(iterator, buffer.baseAddress, Int32(buffer.count), &status)
                guard status <= 0 else { return }
                while true {
                    let boundary = Int(next(iterator))
                    if boundary < 0 || boundary >= buffer.count { break }
                    found.append(utf8At[boundary])
                }
                // Not left pointing at this buffer.
                setText(iterator, nil, 0, &status)
            }
            return found
        }
    }
}
