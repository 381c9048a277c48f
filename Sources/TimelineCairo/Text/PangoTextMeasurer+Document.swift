import Dispatch

extension PangoTextMeasurer {
    /// What laying out one document with this measurer gave, and its time in two phases: placing
    /// things, and Pango shaping and measuring new texts.
    public struct DocumentMeasurement<Result> {
        /// What `layout` returned.
        public var result: Result
        /// Seconds of the layout spent placing things, shaping left out.
        public var layoutSeconds: Double
        /// Seconds of the layout spent shaping, for timings that report Pango's work on its own.
        public var shapingSeconds: Double
    }

    /// Lays out one document: first the lines kept for painting the previous document are
    /// dropped and the fonts put in the measuring state, so that no measurement depends on
    /// what was painted before (a PNG at another scale); then `layout` runs with this measurer.
    /// The answers of earlier documents go with their lines: a text answered from them would
    /// have no kept line and be laid out again to paint, which a scaled PDF draws at a font size
    /// rounded another way, so a document's bytes would depend on what came before it.
    public func measuringDocument<Result>(
        _ layout: (PangoTextMeasurer) throws -> Result
    ) rethrows -> DocumentMeasurement<Result> {
        forgetMeasured()
        FontLibrary.pangoTurn.withLock { fonts.enterMeasuringState() }
        let shapingBefore = shapingSeconds
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try layout(self)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let shaping = shapingSeconds - shapingBefore
        return DocumentMeasurement(result: result, layoutSeconds: max(0, seconds - shaping), shapingSeconds: shaping)
    }
}
