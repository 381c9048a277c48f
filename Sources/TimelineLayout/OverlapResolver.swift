/// Pushes blocks on one axis apart so that none overlaps the next, moving them as little as
/// possible: the sum of squared moves is minimal and the input order is kept.
///
/// Block `i` wants to start at `wanted[i]` and is `heights[i]` long; block `i + 1` must start at
/// least `gaps[i]` after block `i` ends. Subtracting the running sum of lengths and gaps turns this
/// into isotonic regression (starts must be non-decreasing), solved exactly by pooling adjacent
/// violators; a lower bound is then a clamp, which keeps the solution optimal.
enum OverlapResolver {
    /// Starts for blocks with one `spacing` between all of them, none before `minimum`.
    static func resolve(wanted: [Double], heights: [Double], spacing: Double, minimum: Double? = nil) -> [Double] {
        resolve(
            wanted: wanted, heights: heights, gaps: Array(repeating: spacing, count: max(0, wanted.count - 1)),
            minimum: minimum)
    }

    /// Starts for blocks with their own gap after each (`gaps[i]` between block `i` and `i + 1`),
    /// none before `minimum` and, when they fit, the last ending by `maximum` (when they cannot,
    /// `minimum` wins and the last runs past `maximum`).
    static func resolve(
        wanted: [Double], heights: [Double], gaps: [Double], minimum: Double? = nil, maximum: Double? = nil
    ) -> [Double] {
        let count = wanted.count
        guard count > 0 else { return [] }
        // offsets[i]: how far block i must at least sit after block 0.
        var offsets = [Double](repeating: 0, count: count)
        for index in 1..<max(1, count) {
            let height = index - 1 < heights.count ? heights[index - 1] : 0
            let gap = index - 1 < gaps.count ? gaps[index - 1] : 0
            offsets[index] = offsets[index - 1] + max(0, height) + max(0, gap)
        }
        let shifted = zip(wanted, offsets).map { $0 - $1 }

        // Pool adjacent violators: each pool holds the mean of the values it merged.
        var pools: [(mean: Double, count: Int)] = []
        for value in shifted {
            pools.append((value, 1))
            while pools.count > 1, pools[pools.count - 2].mean > pools[pools.count - 1].mean {
                let last = pools.removeLast()
                let previous = pools.removeLast()
                let merged = previous.count + last.count
                pools.append(
                    ((previous.mean * Double(previous.count) + last.mean * Double(last.count)) / Double(merged), merged)
                )
            }
        }
        var starts: [Double] = []
        starts.reserveCapacity(count)
        // The last block's end bounds every shifted start from above, as `minimum` does from below.
        let ceiling = maximum.map { $0 - max(0, heights.last ?? 0) - (offsets.last ?? 0) } ?? .infinity
        for pool in pools {
            let value = minimum.map { max($0, min(ceiling, pool.mean)) } ?? min(ceiling, pool.mean)
            starts += Array(repeating: value, count: pool.count)
        }
        return zip(starts, offsets).map { $0 + $1 }
    }
}
