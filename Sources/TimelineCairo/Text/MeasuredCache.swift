import TimelineScene

/// Measured texts by request, for `PangoTextMeasurer`: entries in arrays, in the order they came,
/// found through an open-addressing table of their positions.
///
/// Not a dictionary keyed by the request: that stores the request and its answer in every slot
/// of a table kept partly empty, and a large batch then spends longer touching fresh memory
/// than hashing its texts. Here a slot is 4 bytes.
struct MeasuredCache {
    private(set) var requests: [TextRequest] = []
    private var hashes: [Int] = []
    /// By entry; a batch adds its new texts with a placeholder and fills them in once shaped.
    var values: [MeasuredText] = []
    /// Entry positions, -1 for an empty slot; a power of two long, at most three quarters full.
    private var slots: [Int32] = []

    var count: Int { requests.count }

    /// The entry for `request`, whose `hashValue` is `hash`.
    func entry(of request: TextRequest, hash: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if hashes[entry] == hash, requests[entry] == request { return entry }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `request`, which must not be here yet, with its answer; its entry.
    mutating func append(_ request: TextRequest, hash: Int, _ value: MeasuredText) -> Int {
        if (count + 1) * 4 > slots.count * 3 { rebuild(slotCount: max(64, slots.count * 2)) }
        let entry = count
        requests.append(request)
        hashes.append(hash)
        values.append(value)
        place(entry, hash: hash)
        return entry
    }

    /// Room for `total` entries without growing the table on the way.
    mutating func reserveCapacity(_ total: Int) {
        requests.reserveCapacity(total)
        hashes.reserveCapacity(total)
        values.reserveCapacity(total)
        var slotCount = max(64, slots.count)
        while total * 4 > slotCount * 3 { slotCount *= 2 }
        if slotCount > slots.count { rebuild(slotCount: slotCount) }
    }

    mutating func removeAll() {
        requests.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = -1 }
    }

    private mutating func rebuild(slotCount: Int) {
        slots = Array(repeating: -1, count: slotCount)
        for entry in hashes.indices { place(entry, hash: hashes[entry]) }
    }

    private mutating func place(_ entry: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry)
    }
}
