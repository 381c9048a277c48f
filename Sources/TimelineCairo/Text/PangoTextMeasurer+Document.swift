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

    /// Lays out one document: first the fonts are put in the measuring state, so that no
    /// measurement depends on what was painted before (a PNG at another scale); then `layout`
    /// runs with this measurer. The answers of earlier documents are forgotten, so that a
    /// document's lines and their glyphs are made by its own measuring, whatever came before it.
    /// The whole layout runs on the text thread (`TextThread`): its measuring is Pango's work.
    public func measuringDocument<Result>(
        _ layout: (PangoTextMeasurer) throws -> Result
    ) rethrows -> DocumentMeasurement<Result> {
        try TextThread.run { try measuringHere(layout) }
    }

    private func measuringHere<Result>(
        _ layout: (PangoTextMeasurer) throws -> Result
    ) rethrows -> DocumentMeasurement<Result> {
        forgetMeasured()
        fonts.enterMeasuringState()
        let shapingBefore = shapingSeconds
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try layout(self)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let shaping = shapingSeconds - shapingBefore
        return DocumentMeasurement(result: result, layoutSeconds: max(0, seconds - shaping), shapingSeconds: shaping)
    }
}
