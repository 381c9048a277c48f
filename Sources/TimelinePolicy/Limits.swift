/// Every bound on what a run reads, holds and writes, in one place: each is set by a command-line
/// flag (`--max-input-bytes` for `maxInputBytes`, and so on, `limitFlag(_:)`), and each error
/// that one stops names its flag. Readers and writers take the run's `Limits`, never a default.
public struct Limits: Hashable, Sendable {
    /// Items in one document, groups and children included.
    public var maxItems = 100_000
    /// Levels of groups inside groups.
    public var maxNesting = 8
    /// Characters in one text field.
    public var maxTextLength = 10_000
    /// YAML nodes after aliases are expanded.
    public var maxNodes = 1_000_000
    /// Bytes of text (keys and values) that aliases expand to, each alias counting its anchor's
    /// text once more. Text written out is bounded by `maxInputBytes` instead; this bounds the
    /// amplification, since every byte of text costs tens of bytes of output and its measuring.
    public var maxExpandedBytes = 4 * 1024 * 1024
    /// Bytes in one input file.
    public var maxInputBytes = 64 * 1024 * 1024
    /// Pixels in one PNG image (width × height at its scale): 64 Mi pixels are 256 MiB of
    /// surface, so two threads drawing the largest images stay within 1 GiB (128 Mi did not). A
    /// 137-byte input once asked for 32,000 × 32,000 pixels (4 GB).
    public var maxPixels = 64 << 20
    /// Bytes of one image file: a few kilobytes of aliases once made a 161 MB SVG.
    public var maxOutputBytes = 256 << 20
    /// Bytes of all the images of one Markdown page: a 537 KB page of many blocks once wrote
    /// 1.4 GB, each image within `maxOutputBytes`.
    public var maxPageOutputBytes = 512 << 20
    /// Bytes of one icon file.
    public var maxIconBytes = 2 << 20
    /// Pixels on either side of a PNG icon: a node is drawn at most a few hundred pixels wide.
    public var maxIconSide = 4096
    /// Bytes of all the icon files of one document.
    public var maxDocumentIconBytes = 16 << 20
    /// Decoded pixels of all the PNG icons of one document (four bytes each when drawn).
    public var maxDocumentIconPixels = 32 << 20
    /// Bytes of one golden (expected) image read by `check` or `docc-resources --check`: goldens
    /// are rendered images, and no rendered image comes near this.
    public var maxGoldenBytes = 64 << 20
    /// Bytes of one font file of a `--fonts` folder: the biggest CJK collections are about 30 MB.
    public var maxFontBytes = 64 << 20
    /// Font files in one `--fonts` folder: each is parsed at every start.
    public var maxFontFiles = 1000
    /// Bytes of all the font files of one `--fonts` folder: each is held in memory for the run
    /// (a thousand sparse files of 60 MB each would otherwise take 60 GB).
    public var maxFontFolderBytes = 512 << 20
    /// Levels of YAML collections inside collections.
    public var maxYAMLDepth = 64
    /// libyaml refuses deeper nesting itself (its process-wide default, never changed here).
    public static let maxYAMLDepthCeiling = 999

    /// The default limits, the command line's defaults too.
    public init() {}
}
