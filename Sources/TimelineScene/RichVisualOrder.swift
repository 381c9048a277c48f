import TimelineBreaks

/// A line of runs that mixes directions, in the order a reader reads it: the line's embedding
/// levels (UAX #9, from the measurer) split a run where they change inside it, and rule L2 orders
/// the pieces. A run whose pieces stay side by side, and which its own shaping sets in the same
/// direction, stays whole with its glyphs.
extension RichLineBreaks {
    /// A stretch of one of a line's pieces at one embedding level.
    struct LevelStretch {
        var piece: Int
        var text: String
        var level: UInt8
    }

    /// What is set as one text: a whole piece, or one of its stretches.
    struct VisualUnit {
        var piece: Int
        var text: String
        var isWhole: Bool
        var readsRightToLeft: Bool
    }

    /// `pieces` (a line's, in logical order, placed from its left) in visual order from the
    /// line's left, and the line's width; nil when that order is the one the line has without
    /// it: every piece whole, in logical order, reversed when `firstStrongIsRightToLeft`.
    func visuallyOrdered(_ pieces: [MeasuredRun], firstStrongIsRightToLeft: Bool) -> (
        runs: [MeasuredRun], width: Double
    )? {
        let text = pieces.map(\.text).joined()
        let base = baseIsRightToLeft ?? firstStrongIsRightToLeft
        // Nothing before Hebrew reads right to left (nor is an explicit mark): such a line in a
        // left-to-right paragraph is all at level 0, in the order it has, without asking ICU.
        if !base, !firstStrongIsRightToLeft, text.unicodeScalars.allSatisfy({ $0.value < 0x0590 }) { return nil }
        guard !pieces.isEmpty, let levels = measurer.embeddingLevels(of: text, rightToLeft: base),
            levels.count == text.unicodeScalars.count
        else { return nil }
        let stretches = Self.stretches(pieces, levels: levels)
        let units = Self.units(Self.visualOrder(stretches.map(\.level)), stretches: stretches, pieces: pieces)
        let unchanged: [Int] = firstStrongIsRightToLeft ? pieces.indices.reversed() : Array(pieces.indices)
        if units.allSatisfy(\.isWhole), units.map(\.piece) == unchanged { return nil }
        var placed: [MeasuredRun] = []
        var x: Double = 0
        for unit in units {
            let piece = pieces[unit.piece]
            var run = piece
            if !unit.isWhole {
                run.text = unit.text
                run.width = Self.width(of: unit.text, font: piece.font, measurer: measurer)
                run.glyphs =
                    measurer.measure(unit.text, font: piece.font, maxWidth: Self.unwrapped, maxLines: 1).lines.first?
                    .glyphs
            }
            run.x = 0
            let width = run.width
            if unit.readsRightToLeft { run = rightToLeftPiece(run, lineWidth: width) }
            run.x += x
            placed.append(run)
            x += width
        }
        return (placed, x)
    }

    /// Each piece's stretches of one level, in logical order; a character (a grapheme cluster:
    /// an emoji sequence, a letter and its marks) whole, at its first scalar's level.
    static func stretches(_ pieces: [MeasuredRun], levels: [UInt8]) -> [LevelStretch] {
        var found: [LevelStretch] = []
        var offset = 0
        for (index, piece) in pieces.enumerated() {
            var current: LevelStretch?
            for character in piece.text {
                let level = levels[offset]
                offset += character.unicodeScalars.count
                if current?.level == level {
                    current?.text.append(character)
                    continue
                }
                if let current { found.append(current) }
                current = LevelStretch(piece: index, text: String(character), level: level)
            }
            if let current { found.append(current) }
        }
        return found
    }

    /// The positions of `levels` in visual order (rule L2): from the highest level down to the
    /// lowest odd one, every stretch at that level or higher reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }

    /// The stretches in `order` as they are set: a piece whose stretches all lie side by side,
    /// and whose own shaping reads the way its lowest level does, as one whole piece.
    static func units(_ order: [Int], stretches: [LevelStretch], pieces: [MeasuredRun]) -> [VisualUnit] {
        var units: [VisualUnit] = []
        var position = 0
        while position < order.count {
            let stretch = stretches[order[position]]
            let count = stretches.filter { $0.piece == stretch.piece }.count
            let side = order[position..<min(order.count, position + count)].allSatisfy {
                stretches[$0].piece == stretch.piece
            }
            let lowest = stretches.filter { $0.piece == stretch.piece }.map(\.level).min() ?? stretch.level
            let own = LineBreaks.firstStrongIsRightToLeft(pieces[stretch.piece].text) ?? (lowest & 1 == 1)
            if side, count == 1 || own == (lowest & 1 == 1) {
                units.append(VisualUnit(piece: stretch.piece, text: "", isWhole: true, readsRightToLeft: own))
                position += count
                continue
            }
            units.append(
                VisualUnit(
                    piece: stretch.piece, text: stretch.text, isWhole: false, readsRightToLeft: stretch.level & 1 == 1))
            position += 1
        }
        return units
    }
}
