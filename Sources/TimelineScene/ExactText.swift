/// Texts compared and hashed by their UTF-8 bytes. Swift's `String` equality is canonical
/// equivalence ("é" equals "e" + U+0301), but the two shape and draw differently and their text
/// layers differ, so caches of shaped or measured text must not take one for the other.
extension String {
    /// Whether the two texts are the same bytes.
    package func hasSameBytes(as other: String) -> Bool {
        var left = self
        var right = other
        return left.withUTF8 { a in right.withUTF8 { b in Self.sameBytes(a, b) } }
    }

    /// Eight bytes at a time: a byte-by-byte `elementsEqual` shows in profiles of caches' lookups.
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        let left = UnsafeRawPointer(first)
        let right = UnsafeRawPointer(second)
        var offset = 0
        while offset + 8 <= a.count {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < a.count {
            guard first[offset] == second[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// Feeds the text's bytes to `hasher`, consistent with `hasSameBytes(as:)`.
    package func hashBytes(into hasher: inout Hasher) {
        var copy = self
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
