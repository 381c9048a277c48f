import TimelineKit

/// `--shard K/N`: one of N stable parts of many inputs, for CI matrices that split a big folder
/// across machines. An input belongs to a shard by a hash of its path as given (FNV-1a), so every
/// machine agrees and adding an input never moves the others to another shard.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    package var index: Int
    /// How many shards the inputs are split into.
    package var count: Int

    /// Shard `index` of `count`; nil unless 1 ≤ `index` ≤ `count`.
    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 ≤ K ≤ N.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`, as `--shard` takes it.
    package var description: String { "\(index)/\(count)" }

    /// Whether the input named `path` (as shown in messages) belongs to this shard.
    package func contains(_ path: String) -> Bool {
        Int(Self.hash(path) % UInt64(count)) == index - 1
    }

    /// The inputs of this shard, in their order.
    package func select(_ sources: [InputSource]) -> [InputSource] {
        sources.filter { contains($0.displayName) }
    }

    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
