import Dispatch

/// Seconds spent in each phase, summed over a run.
public struct PhaseTimings: Sendable {
    /// Reading the inputs.
    public var read: Double = 0
    /// YAML or JSON into documents, every problem collected.
    public var decode: Double = 0
    /// Placing everything, Pango's shaping left out.
    public var layout: Double = 0
    /// Text shaping and measuring by Pango, done for layout but not counted in it.
    public var shape: Double = 0
    /// Drawing the scenes with cairo.
    public var paint: Double = 0
    /// Encoding PNG, finishing PDF and SVG documents.
    public var encode: Double = 0
    /// Writing the files.
    public var write: Double = 0

    /// All phases at zero.
    public init() {}

    /// Adds `other`'s time, phase by phase (another thread's, say).
    public mutating func add(_ other: PhaseTimings) {
        read += other.read
        decode += other.decode
        layout += other.layout
        shape += other.shape
        paint += other.paint
        encode += other.encode
        write += other.write
    }

    /// One line, `timings: read 1.2 ms, decode …; total …`, as `--timings` prints it.
    package var summary: String {
        let total = read + decode + layout + shape + paint + encode + write
        func ms(_ value: Double) -> String { decimalText(value * 1000, places: 1) + " ms" }
        return
            "timings: read \(ms(read)), decode \(ms(decode)), layout \(ms(layout)), shape \(ms(shape)), paint "
            + "\(ms(paint)), encode \(ms(encode)), write \(ms(write)); total \(ms(total))"
    }
}

/// Runs `body`, adding its wall time in seconds to `slot` (a phase of `PhaseTimings`).
package func measureTime<T>(_ slot: inout Double, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { slot += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    return try body()
}
