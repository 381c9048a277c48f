/// Labels of a horizontal time card staggered into tiers under the line, so each stays centred
/// under its node instead of being pushed along the axis: a label that would run into the one
/// before it takes the first tier below where it fits, joined to its node by a short straight
/// leader that no label of a tier above crosses. Labels of items sharing a date stack under one
/// another beside their one mark. Where no tier holds a label, the labels are pushed apart instead.
struct LabelTiers {
    /// Each label's tier, 0 nearest the line.
    var tier: [Int]
    /// Each label's centre: its node's, or on tier 0, pushed right of the label before it.
    var centers: [Double]
    /// Labels stacked under the label of an item with the same date: they share its mark and leader.
    var stacked: [Bool]

    /// Most tiers: deeper ones would put a label too far from its line to read as its.
    static let most = 3
    /// Between a leader and a label it passes.
    static let clearance: Double = 4
    /// Between two sections' labels: room for their bands' edges.
    static let bandGap: Double = 10

    private struct Placed {
        var left: Double
        var right: Double
        var tier: Int
    }

    /// Tiers for labels `widths` wide under `nodes` (in date order), kept inside `bounds`, each
    /// `gutter` apart in a tier; `runs` (each label's section run, if any) keeps one section's
    /// labels clear of the next one's, so each band holds its own. Nil when a label fits nowhere.
    static func staggered(
        nodes: [Double], widths: [Double], runs: [Int?], gutter: Double, bounds: ClosedRange<Double>
    ) -> LabelTiers? {
        var result = LabelTiers(tier: [], centers: [], stacked: [])
        var placed: [Placed] = []
        // Leaders of labels below tier 0: (x, tier) each, which no label above may cover.
        var leaders: [(x: Double, tier: Int)] = []
        var lastRight = [Double](repeating: -.infinity, count: most)
        var (barrier, runRight) = (-Double.infinity, -Double.infinity)
        for (index, node) in nodes.enumerated() {
            if index > 0, runs[index] != runs[index - 1] {
                (barrier, runRight) = (runRight + bandGap, -.infinity)
            }
            let width = widths[index]
            func free(_ left: Double, _ right: Double, tier: Int) -> Bool {
                left >= max(lastRight[tier] + gutter, barrier, bounds.lowerBound) && right <= bounds.upperBound
                    && !leaders.contains { $0.tier > tier && $0.x > left - clearance && $0.x < right + clearance }
            }
            func uncrossed(_ x: Double, above tier: Int) -> Bool {
                !placed.contains { $0.tier < tier && x > $0.left - clearance && x < $0.right + clearance }
            }
            var choice: (tier: Int, center: Double, stacked: Bool)?
            let sharesDate = index > 0 && abs(node - nodes[index - 1]) < 0.5
            if sharesDate, let above = result.tier.last, above + 1 < most {
                // Under the label of the same date, in its column: one mark, one leader.
                let center = result.centers[index - 1]
                if free(center - width / 2, center + width / 2, tier: above + 1) { choice = (above + 1, center, true) }
            }
            if choice == nil {
                let center = min(max(node, bounds.lowerBound + width / 2), bounds.upperBound - width / 2)
                // A push shorter than a gutter reads as at its node still: better than a tier down.
                let nudged = max(center, lastRight[0] + gutter + width / 2)
                if nudged - center <= gutter, free(nudged - width / 2, nudged + width / 2, tier: 0) {
                    choice = (0, nudged, false)
                }
                for tier in 0..<most where choice == nil && (tier == 0 || abs(center - node) < 0.5) {
                    if free(center - width / 2, center + width / 2, tier: tier),
                        tier == 0 || uncrossed(node, above: tier)
                    {
                        choice = (tier, center, false)
                    }
                }
                // Last, tier 0 pushed right: a slanted leader under the line, as before tiers.
                let pushed = max(center, lastRight[0] + gutter + width / 2, barrier + width / 2)
                if choice == nil, free(pushed - width / 2, pushed + width / 2, tier: 0) { choice = (0, pushed, false) }
            }
            guard let choice else { return nil }
            let (left, right) = (choice.center - width / 2, choice.center + width / 2)
            placed.append(Placed(left: left, right: right, tier: choice.tier))
            if choice.tier > 0, !choice.stacked { leaders.append((node, choice.tier)) }
            lastRight[choice.tier] = right
            runRight = max(runRight, right)
            result.tier.append(choice.tier)
            result.centers.append(choice.center)
            result.stacked.append(choice.stacked)
        }
        return result
    }
}
