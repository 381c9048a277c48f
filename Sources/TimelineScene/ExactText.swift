/// Texts compared and hashed by their UTF-8 bytes. Swift's `String` equality is canonical
/// equivalence ("é" equals "e" + U+0301), but the two shape and draw differently and their text
/// layers differ, so caches of shaped or measured text must not take one for the other.
extension String {
    /// Whether the two texts are the same bytes.
    package func hasSameBytes(as other: String) -> Bool {
        var left = self
        var right = other
        return left.withUTF8 { a in right.withUTF8 { b in a.elementsEqual(b) } }
    }

    /// Feeds the text's bytes to `hasher`, consistent with `hasSameBytes(as:)`.
    package func hashBytes(into hasher: inout Hasher) {
        var copy = self
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
