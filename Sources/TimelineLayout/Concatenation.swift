extension Array {
    /// `parts` end to end in one array sized once: `a + b + c + …` copies the growing front
    /// once per `+`, and a card's primitives are thousands of payloads to retain and release.
    init(concatenating parts: [Element]...) {
        self.init()
        reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { append(contentsOf: part) }
    }
}
