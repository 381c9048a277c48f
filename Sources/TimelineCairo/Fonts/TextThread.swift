import TimelineThreads

/// The one thread that does all Pango work: Pango 1.50 keeps process-wide state without a guard
/// (`_pango_cairo_font_get_metrics` computes a font's approximate widths under one `static` flag
/// for the whole process: a font measured on a second thread meanwhile keeps a width of 0, and its
/// text breaks otherwise), and cairo 1.16 opens the FreeType faces of Pango's fonts
/// (`FT_New_Face` in `_cairo_ft_unscaled_font_lock_face`) outside the lock of the FreeType
/// library they share, closing others as it does. So every Pango object (and librsvg's, which
/// sets text with Pango) is made, used and let go of on this thread, with no lock around any of
/// it: a renderer's thread gives it a whole document to measure, or an image to paint, and waits
/// (`run`); a deinit on another thread gives it the letting go and goes on (`release`).
/// HarfBuzz's shaping of a batch's texts (`ShapingAhead`) and everything else run on the
/// renderers' threads.
public enum TextThread {
    static let owner = OwnerThread(name: "text")

    /// Runs `body` on the text thread and returns its answer (at once when already on it).
    public static func run<T>(_ body: () throws -> T) rethrows -> T {
        try owner.run(body)
    }

    /// Whether the calling thread is the text thread.
    public static var isCurrent: Bool {
        owner.isCurrent
    }

    /// Lets go of Pango, cairo or librsvg objects on the text thread, without waiting: what a
    /// deinit does, wherever its object's last reference went.
    public static func release(_ job: @escaping () -> Void) {
        owner.post(job)
    }

    /// Gives the text thread `job` without waiting for it (fonts loaded while arguments are
    /// parsed); drops it where the thread cannot start, for the thread that needs the work done
    /// to do it then: help and mistakes in the arguments need none of it.
    public static func postIfStarted(_ job: @escaping () -> Void) {
        guard owner.startIfNeeded() else { return }
        owner.post(job)
    }

    /// Why the text thread could not start, if so: Pango then works on the thread that asks.
    public static var failedStart: String? {
        owner.failedStart
    }
}
