import CCairo
import CPangoCairo

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether our own text paths are used: texts shaped and broken into lines without a
/// `PangoLayout` (`ShapedLine`, `LineBreaker`, `SimpleLogAttributes`, word pieces), which
/// reproduce Pango 1.50, and `PDFGlyphDrift`, which corrects cairo 1.16's PDF glyph positions.
/// With another Pango or cairo, whose results ours could silently disagree with, or with
/// `TIMELINE_CARDS_LIBRARY_TEXT=1` in the environment, `PangoLayout` and cairo's own positions
/// are used instead (`make library-text-check` renders every fixture so).
enum OwnTextPaths {
    /// The environment variable that turns our own paths off.
    static let environmentVariable = "TIMELINE_CARDS_LIBRARY_TEXT"

    private static let forcedOff: Bool = getenv(environmentVariable).map { String(cString: $0) == "1" } ?? false

    /// Pango 1.50 (`pango_version()` encodes 1.50.x as 15000 + x).
    static let pango = !forcedOff && (15000..<15100).contains(pango_version())

    /// cairo 1.16.
    static let cairo = !forcedOff && (11600..<11700).contains(cairo_version())
}
