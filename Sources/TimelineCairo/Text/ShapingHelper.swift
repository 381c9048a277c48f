import Dispatch

/// A measurer with a sibling font library, and the thread kept for it: a batch's texts are
/// measured there as well as on the measurer's own thread.
final class ShapingHelper {
    let measurer: PangoTextMeasurer
    /// The helper's thread, which serves until the helper goes.
    let mailbox: JobMailbox

    init(measurer: PangoTextMeasurer, mailbox: JobMailbox) {
        self.measurer = measurer
        self.mailbox = mailbox
    }

    deinit { mailbox.close() }

    /// A helper made here, its thread started; nil when no sibling library or thread can be made.
    static func make(sameFontsAs setup: FontLibrary.Setup) -> ShapingHelper? {
        guard let sibling = try? ShapedLineHandoff.sibling(sameFontsAs: setup) else { return nil }
        let mailbox = JobMailbox()
        guard StartedThread.start({ mailbox.serve() }) else { return nil }
        return ShapingHelper(measurer: PangoTextMeasurer(fonts: sibling), mailbox: mailbox)
    }
}

/// Shaping helpers being made, each on the thread it then serves on: handed to a measurer with
/// `PangoTextMeasurer.adoptHelpers`.
public final class ShapingHelpersAhead: @unchecked Sendable {
    let made = DispatchGroup()
    /// Written by the making threads, under `lock`, before they leave `made`; read after waiting for it.
    var helpers: [ShapingHelper?]
    private let lock = Lock()

    /// Starts making `count` helpers with the fonts of `setup`, each on a thread of its own
    /// that first waits for `after` (fonts loading elsewhere: a core left to them), then makes
    /// its library and warms up `warmUpFonts` with a sample.
    init(
        count: Int, setup: FontLibrary.Setup, warmUpFonts: [String], after: (@Sendable () -> Void)?
    ) {
        helpers = Array(repeating: nil, count: count)
        for index in 0..<count {
            made.enter()
            let mailbox = JobMailbox()
            // Weakly held: a helper's thread serves until the helper goes (its `deinit` closes
            // the mailbox), and must not keep it, nor what holds it, while it waits.
            let started = StartedThread.start { [weak self] in
                after?()
                guard Self.make(index, setup: setup, warmUpFonts: warmUpFonts, mailbox: mailbox, into: self) else {
                    return
                }
                mailbox.serve()
            }
            if !started { made.leave() }
        }
    }

    /// Makes helper `index` into `ahead`, if it is still wanted; whether its thread is to serve.
    /// A function of its own so that the thread holds `ahead` only while it is called.
    private static func make(
        _ index: Int, setup: FontLibrary.Setup, warmUpFonts: [String], mailbox: JobMailbox,
        into ahead: ShapingHelpersAhead?
    ) -> Bool {
        let measurer = (try? ShapedLineHandoff.sibling(sameFontsAs: setup)).map { PangoTextMeasurer(fonts: $0) }
        measurer?.warmUp(warmUpFonts)
        guard let ahead else { return false }
        defer { ahead.made.leave() }
        guard let measurer else { return false }
        ahead.lock.withLock { ahead.helpers[index] = ShapingHelper(measurer: measurer, mailbox: mailbox) }
        return true
    }

    /// The helpers made, once all are.
    func take() -> [ShapingHelper] {
        made.wait()
        return lock.withLock {
            defer { helpers = [] }
            return helpers.compactMap { $0 }
        }
    }
}

extension PangoTextMeasurer {
    /// Starts making `threads - 1` helpers with the fonts of `fontDirectories` and `systemFonts`,
    /// while a big document is decoded, so that loading their fonts does not wait for its texts.
    /// They start once `after` returns; a measurer takes them with `adoptHelpers`.
    public static func makeHelpersAhead(
        threads: Int, fontDirectories: [String], systemFonts: Bool, warmUpFonts: [String],
        after: (@Sendable () -> Void)? = nil
    ) -> ShapingHelpersAhead? {
        guard threads > 1 else { return nil }
        return ShapingHelpersAhead(
            count: threads - 1,
            setup: FontLibrary.Setup(extraDirectories: fontDirectories, systemFonts: systemFonts),
            warmUpFonts: warmUpFonts, after: after)
    }

    /// Takes helpers made ahead for the next batch (those beyond `threads` stay idle).
    public func adoptHelpers(_ ahead: ShapingHelpersAhead) {
        guard helpersAhead == nil else { return }
        helpersAhead = ahead
    }

    /// Starts making the helpers a batch will need for `threads` threads, their fonts warmed up
    /// with a sample in `warmUpFonts`: called while a big document is decoded.
    public func makeHelpersAhead(threads: Int, warmUpFonts: [String]) {
        let count = min(threads, self.threads) - 1 - helpers.count
        guard count > 0, helpersAhead == nil else { return }
        helpersAhead = ShapingHelpersAhead(count: count, setup: fonts.setup, warmUpFonts: warmUpFonts, after: nil)
    }

    func takeHelpersMadeAhead() {
        guard let ahead = helpersAhead else { return }
        helpersAhead = nil
        for helper in ahead.take() {
            fonts.handoff.adopt(helper.measurer.fonts)
            helpers.append(helper)
        }
    }
}
