import CPangoCairo

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Pango 1.50 computes a font's metrics once per language, laying out a sample text to find the
/// approximate character width: the margin its line breaking (and `LineBreaker`) keeps before
/// measuring a break exactly. Its guard against that layout asking again is one static int for the
/// whole process, not per thread: a thread computing a font's metrics while another thread does
/// finds the guard set, skips the width, and its font keeps a width of 0 for good. A text in that
/// font could then break one way in one run and another way in the next. So every font's metrics are
/// computed under one lock, recursive because the sample's layout asks for them again.
enum FontMetricsLock {
    /// Wraps the metrics function of Pango's cairo fonts; once per process, before any font of ours
    /// exists.
    static func install() {
        _ = installed
    }

    private static let installed: Bool = {
        // The class of the fonts a cairo font map makes; exported, though not in Pango's headers.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pango_cairo_fc_font_get_type"),
            let fontClass = g_type_class_ref(unsafeBitCast(symbol, to: (@convention(c) () -> GType).self)())
        else { return false }
        let metricsOf = fontClass.assumingMemoryBound(to: PangoFontClass.self)
        guard let original = metricsOf.pointee.get_metrics else { return false }
        Wrapped.original = original
        metricsOf.pointee.get_metrics = { font, language in
            pthread_mutex_lock(Wrapped.mutex)
            defer { pthread_mutex_unlock(Wrapped.mutex) }
            return Wrapped.original?(font, language)
        }
        return true
    }()

    /// Whether fonts' metrics are computed under the lock.
    static var isInstalled: Bool { installed }

    private enum Wrapped {
        nonisolated(unsafe) static var original:
            (
                @convention(c) (
                    UnsafeMutablePointer<PangoFont>?, OpaquePointer?
                ) -> UnsafeMutablePointer<PangoFontMetrics>?
            )?
        nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
            let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
            return mutex
        }()
    }
}
