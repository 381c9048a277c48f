/// What a measurer's shaping remembers from text to text: word pieces' glyphs and the analyses
/// of one-item texts. Used by one thread at a time, as its measurer.
final class ShapingMemory {
    let pieces = WordPieceShapes()
    let analyses = KnownItemAnalyses()
}
