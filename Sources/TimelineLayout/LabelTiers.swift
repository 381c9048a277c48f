/// Labels of a horizontal time card placed in tiers under the line, each at its own node so that
/// the nearest mark to a label is always its own: centred under the node, or hanging to one side
/// of it (its text flush with the node a few points inside its edge) where that keeps it clear of
/// its neighbours. A label that meets the one before it takes a tier below, joined to its node by
/// a straight vertical leader that no label of a tier above crosses; a label never covers a leader
/// that passes its tier. Labels of items at the same date (or nodes closer than `stackDistance`)
/// stack under one another beside their one mark, while each one's title spans its node. Labels
/// are never slid along the line away from their nodes: where no arrangement holds them all, the
/// caller wraps them narrower or refuses the card.
///
/// The labels are placed in date order, each in the first tier and position that fits; when one
/// fits nowhere, the choices before it are revisited (a depth-first search, within `budget`
/// tries), so that an earlier label may drop a tier to let a later one sit above it.
struct LabelTiers {
    /// Each label's tier, 0 nearest the line.
    var tier: [Int]
    /// Each label's column centre: its node's, or beside it when the label hangs to one side.
    var centers: [Double]
    /// Labels stacked under the label of an item with the same date: they share its mark and leader.
    var stacked: [Bool]
    /// How each label's lines sit in its column: centred, or flush toward its node's side.
    var alignments: [TextAlignment]

    /// Whether labels of different dates share a column, their nodes too close to tell apart.
    var huddled = false

    /// How many tiers the labels take.
    var depth: Int { (tier.max() ?? -1) + 1 }

    /// Between a leader and a label it passes.
    static let clearance: Double = 4
    /// Between two sections' labels: room for their bands' edges.
    static let bandGap: Double = 10
    /// How far inside the edge of a label hanging beside its node the node stays: its leader meets
    /// the label's text, never the gap beside it.
    static let hold: Double = 6
    /// How many tiers deeper than any so far a label may go, leaving those above to later labels.
    static let lookahead = 8
    /// Nodes closer than this share a column of labels, as those of one date do.
    static let stackDistance: Double = 8

    /// Tiers for labels `widths` wide under `nodes` (in date order), kept inside `bounds`, each
    /// `gutter` apart in a tier; `runs` (each label's section run, if any) keeps one section's
    /// labels clear of the next one's, so each band holds its own. Nil when no arrangement was
    /// found within the search's budget. `shallowest` tries 1, 2 and 3 tiers before any number.
    /// `titles`: each label's title width, when narrower than its column: a label stacks under
    /// the one before only while its title spans its node.
    static func staggered(
        nodes: [Double], widths: [Double], runs: [Int?], gutter: Double, bounds: ClosedRange<Double>,
        shallowest: Bool = true, titles: [Double]? = nil
    ) -> LabelTiers? {
        // The fewest tiers first: a shallow arrangement reads better than the first one found.
        // Asking only whether any arrangement exists (`shallowest` false), the search runs once.
        for most in shallowest ? Self.depths : [Int.max] {
            var search = TierSearch(
                nodes: nodes, widths: widths, runs: runs, gutter: gutter, bounds: bounds, most: most,
                titles: titles.map { zip($0, widths).map { min($0, $1) } } ?? widths)
            if let found = search.run() { return found }
        }
        return nil
    }

    /// The most tiers tried, one limit after another; the last is as many as there are labels.
    private static let depths = [1, 2, 3, Int.max]
}

/// The depth-first search behind `LabelTiers.staggered`: one label placed per level, each
/// level's choices in order of preference, undone when a later label finds none.
private struct TierSearch {
    let nodes: [Double]
    let widths: [Double]
    let runs: [Int?]
    let gutter: Double
    let bounds: ClosedRange<Double>
    /// Tiers allowed.
    let most: Int
    /// Each label's title width, at most its column's.
    let titles: [Double]

    struct Choice {
        var tier: Int
        var left: Double
        var alignment: TextAlignment
        var stacked: Bool
    }

    /// What placing a label changes, to be undone.
    private struct Level {
        var choices: [Choice]
        var next = 0
        var lastRight: [Double]
        var barrier: Double
        var runRight: Double
        var leader: Bool = false
    }

    private var chosen: [Choice] = []
    /// Leaders of labels below tier 0: (x, tier) each, which no label above may cover.
    private var leaders: [(x: Double, tier: Int)] = []
    /// Each tier's rightmost label edge.
    private var lastRight: [Double] = []
    private var (barrier, runRight) = (-Double.infinity, -Double.infinity)

    init(
        nodes: [Double], widths: [Double], runs: [Int?], gutter: Double, bounds: ClosedRange<Double>, most: Int,
        titles: [Double]
    ) {
        (self.nodes, self.widths, self.runs, self.gutter, self.bounds) = (nodes, widths, runs, gutter, bounds)
        (self.most, self.titles) = (most, titles)
    }

    mutating func run() -> LabelTiers? {
        // Generous for a card of a few dozen labels, where crowded clusters need it; a tenth
        // as much a label beyond, so a card of hundreds is placed or refused in time.
        var budget = 400 + 40 * min(nodes.count, 40) + 4 * max(0, nodes.count - 40)
        var levels: [Level] = []
        while chosen.count < nodes.count {
            let index = chosen.count
            if levels.count == index {
                var level = Level(choices: [], lastRight: lastRight, barrier: barrier, runRight: runRight)
                enterRun(index)
                level.choices = choices(index)
                levels.append(level)
            }
            budget -= 1
            guard budget > 0 else { return nil }
            let level = levels[index]
            guard level.next < level.choices.count else {
                // Nothing fits here: undo the label before and try its next choice.
                levels.removeLast()
                (lastRight, barrier, runRight) = (level.lastRight, level.barrier, level.runRight)
                guard !levels.isEmpty else { return nil }
                undo(&levels[index - 1])
                continue
            }
            let choice = level.choices[level.next]
            levels[index].next += 1
            levels[index].leader = place(choice, index)
        }
        return LabelTiers(
            tier: chosen.map(\.tier), centers: chosen.indices.map { chosen[$0].left + widths[$0] / 2 },
            stacked: chosen.map(\.stacked), alignments: chosen.map(\.alignment),
            huddled: chosen.indices.contains { chosen[$0].stacked && abs(nodes[$0] - nodes[$0 - 1]) >= 0.5 })
    }

    /// Places label `index` as `choice`; whether it drew a leader.
    private mutating func place(_ choice: Choice, _ index: Int) -> Bool {
        let right = choice.left + widths[index]
        chosen.append(choice)
        while lastRight.count <= choice.tier { lastRight.append(-.infinity) }
        lastRight[choice.tier] = right
        runRight = max(runRight, right)
        guard choice.tier > 0, !choice.stacked else { return false }
        leaders.append((nodes[index], choice.tier))
        return true
    }

    /// Takes back the label `level` placed: the state before it, with its run's barrier set again.
    private mutating func undo(_ level: inout Level) {
        chosen.removeLast()
        if level.leader { leaders.removeLast() }
        level.leader = false
        (lastRight, barrier, runRight) = (level.lastRight, level.barrier, level.runRight)
        enterRun(chosen.count)
    }

    /// Before label `index`: a new section run starts clear of the one before.
    private mutating func enterRun(_ index: Int) {
        guard index > 0, runs[index] != runs[index - 1] else { return }
        (barrier, runRight) = (runRight + LabelTiers.bandGap, -.infinity)
    }

    /// Label `index`'s places in order of preference: under the label before when their nodes
    /// (nearly) meet; else the shallowest tier first, and in a tier centred, hanging left, hanging
    /// right, those that leave the next node uncovered first.
    private func choices(_ index: Int) -> [Choice] {
        let (node, width) = (nodes[index], widths[index])
        func free(_ left: Double, tier: Int) -> Bool {
            let previous = tier < lastRight.count ? lastRight[tier] + gutter : -.infinity
            let right = left + width
            return left >= max(previous, barrier, bounds.lowerBound) - 0.001 && right <= bounds.upperBound + 0.001
                && !leaders.contains {
                    $0.tier > tier && $0.x > left - LabelTiers.clearance && $0.x < right + LabelTiers.clearance
                }
        }
        func crossed(above tier: Int) -> Bool {
            chosen.indices.contains { other in
                let left = chosen[other].left
                return chosen[other].tier < tier && node > left - LabelTiers.clearance
                    && node < left + widths[other] + LabelTiers.clearance
            }
        }
        var result: [Choice] = []
        if let stacked = stackedChoice(index), free(stacked.left, tier: stacked.tier) { result.append(stacked) }
        let next = nodes[(index + 1)...].first { abs($0 - node) >= LabelTiers.stackDistance }
        let candidates: [(left: Double, alignment: TextAlignment)] = [
            (node - width / 2, .center), (node + LabelTiers.hold - width, .right), (node - LabelTiers.hold, .left),
        ]
        // Up to `lookahead` tiers past the deepest so far: an earlier label may leave the tiers
        // above it to later ones, a staircase down from right to left.
        for tier in 0...min(lastRight.count + LabelTiers.lookahead, most - 1) {
            if tier > 0, crossed(above: tier) { break }
            let fitting = candidates.filter { free($0.left, tier: tier) }
            let clear = fitting.filter { candidate in
                next.map {
                    $0 <= candidate.left - LabelTiers.clearance || $0 >= candidate.left + width + LabelTiers.clearance
                }
                    ?? true
            }
            let ordered = clear + fitting.filter { candidate in !clear.contains { $0.left == candidate.left } }
            result += ordered.map { Choice(tier: tier, left: $0.left, alignment: $0.alignment, stacked: false) }
        }
        return result
    }

    /// Label `index` under the label before, in its column, flush on the side its node is (one
    /// mark, one leader), when their nodes (nearly) meet and its title, flush as the column is,
    /// spans its node: a chain of close nodes drifts past a short title (four nodes 5 pt apart
    /// outrun a 28 pt one), and then the label is placed as any other, at its own node.
    private func stackedChoice(_ index: Int) -> Choice? {
        let (node, width) = (nodes[index], widths[index])
        guard index > 0, abs(node - nodes[index - 1]) < LabelTiers.stackDistance, let above = chosen.last,
            above.tier + 1 < most
        else { return nil }
        let previous = (left: above.left, right: above.left + widths[index - 1])
        let left: Double
        let title = titles[index]
        let titleLeft: Double
        switch above.alignment {
        case .left: (left, titleLeft) = (previous.left, previous.left)
        case .right:
            left = max(previous.right, node + LabelTiers.hold) - width
            titleLeft = left + width - title
        default:
            left = (previous.left + previous.right) / 2 - width / 2
            titleLeft = left + (width - title) / 2
        }
        guard node >= titleLeft - 0.5, node <= titleLeft + title + 0.5 else { return nil }
        return Choice(tier: above.tier + 1, left: left, alignment: above.alignment, stacked: true)
    }
}
