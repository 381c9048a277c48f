/// Pixel comparisons behind `check` and the golden tests: counts, a root mean square error, and
/// the three-panel picture that shows where two images differ.
public enum GoldenComparison {
    /// How two equally sized images differ.
    public struct PixelDifference: Sendable, Equatable {
        /// Pixels with some channel differing by more than the tolerance.
        public var differingPixels: Int
        /// Pixels in either image.
        public var totalPixels: Int
        /// The largest difference of one channel over the whole image (0-255), tolerated or not.
        public var largestChannelDifference: Int
        /// The tolerance the pixels were compared with.
        public var tolerance: Int

        /// No pixel differs by more than the tolerance.
        public var matches: Bool { differingPixels == 0 }
    }

    /// What comparing two images found.
    public enum PixelComparison: Sendable, Equatable {
        /// Images of one size, and how their pixels differ.
        case difference(PixelDifference)
        /// Images of different sizes: no pixel is compared.
        case sizeMismatch(expected: PixelSize, actual: PixelSize)

        /// The images are of one size and no pixel differs by more than the tolerance.
        public var matches: Bool {
            if case .difference(let difference) = self { return difference.matches }
            return false
        }
    }

    /// An image's size in pixels.
    public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
        /// Pixels in a row.
        public var width: Int
        /// Rows.
        public var height: Int
        /// A size of `width` × `height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
        /// `960×540 px`.
        public var description: String { "\(width)×\(height) px" }
    }

    /// Compares premultiplied RGBA channel by channel. `tolerance` is the largest channel
    /// difference (0-255) still counted as equal.
    public static func compare(expected: PixelImage, actual: PixelImage, tolerance: Int = 0) -> PixelComparison {
        guard expected.width == actual.width, expected.height == actual.height else {
            return .sizeMismatch(
                expected: PixelSize(width: expected.width, height: expected.height),
                actual: PixelSize(width: actual.width, height: actual.height))
        }
        var differing = 0
        var largest = 0
        expected.rgba.withUnsafeBufferPointer { a in
            actual.rgba.withUnsafeBufferPointer { b in
                var offset = 0
                while offset < a.count {
                    var pixelLargest = 0
                    for channel in offset..<offset + 4 {
                        pixelLargest = max(pixelLargest, abs(Int(a[channel]) - Int(b[channel])))
                    }
                    if pixelLargest > tolerance { differing += 1 }
                    largest = max(largest, pixelLargest)
                    offset += 4
                }
            }
        }
        return .difference(
            PixelDifference(
                differingPixels: differing, totalPixels: expected.width * expected.height,
                largestChannelDifference: largest, tolerance: tolerance))
    }

    /// The channels root mean square error is taken over.
    public enum ErrorSpace: Sendable {
        /// Premultiplied red, green, blue and alpha.
        case rgba
        /// Red, green and blue after compositing on white (what a viewer on white shows).
        case rgbOnWhite
    }

    /// `sqrt(mean((a - b)²)) / 255`: 0 for equal images, 1 for black against white.
    /// Nil when the sizes differ.
    public static func rootMeanSquareError(
        _ first: PixelImage, _ second: PixelImage, over space: ErrorSpace = .rgbOnWhite
    ) -> Double? {
        guard first.width == second.width, first.height == second.height else { return nil }
        guard first.width * first.height > 0 else { return 0 }
        var sum = 0.0
        var count = 0
        for offset in stride(from: 0, to: first.rgba.count, by: 4) {
            let alphaA = Int(first.rgba[offset + 3])
            let alphaB = Int(second.rgba[offset + 3])
            switch space {
            case .rgba:
                for channel in offset..<offset + 4 {
                    let delta = Double(Int(first.rgba[channel]) - Int(second.rgba[channel]))
                    sum += delta * delta
                }
                count += 4
            case .rgbOnWhite:
                // Premultiplied over white: colour + (255 - alpha).
                for channel in offset..<offset + 3 {
                    let delta = Double(
                        (Int(first.rgba[channel]) + 255 - alphaA) - (Int(second.rgba[channel]) + 255 - alphaB))
                    sum += delta * delta
                }
                count += 3
            }
        }
        return (sum / Double(count)).squareRoot() / 255
    }

    /// Gap between the panels of a diff image, in pixels.
    static let panelGap = 8

    /// Three panels side by side, labelled above: expected | the expected image faded, with every
    /// pixel that differs by more than `tolerance` in red | actual. Panels are as large as the
    /// larger image; where only one image has pixels, the middle panel is red too.
    public static func diffImage(expected: PixelImage, actual: PixelImage, tolerance: Int = 0) -> PixelImage {
        let panelWidth = max(expected.width, actual.width)
        let panelHeight = max(expected.height, actual.height)
        let width = panelWidth * 3 + panelGap * 2
        // Panels sit on white; the gaps are mid grey so the borders of white images show.
        var output = PixelImage(width: width, height: panelHeight, red: 160, green: 160, blue: 160)
        func put(_ x: Int, _ y: Int, _ color: (UInt8, UInt8, UInt8)) {
            let offset = (y * width + x) * 4
            output.rgba[offset] = color.0
            output.rgba[offset + 1] = color.1
            output.rgba[offset + 2] = color.2
            output.rgba[offset + 3] = 255
        }
        func onWhite(_ image: PixelImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? {
            guard x < image.width, y < image.height else { return nil }
            let pixel = image.pixel(x: x, y: y)
            let white = 255 - Int(pixel.alpha)
            return (UInt8(Int(pixel.red) + white), UInt8(Int(pixel.green) + white), UInt8(Int(pixel.blue) + white))
        }
        let middle = panelWidth + panelGap
        let right = 2 * (panelWidth + panelGap)
        for y in 0..<panelHeight {
            for x in 0..<panelWidth {
                let left = onWhite(expected, x, y)
                let shown = onWhite(actual, x, y)
                put(x, y, left ?? (255, 255, 255))
                put(right + x, y, shown ?? (255, 255, 255))
                if let left, shown != nil, pixelDifference(expected, actual, x, y) <= tolerance {
                    // Faded to a quarter of its contrast, so the red stands out.
                    func fade(_ channel: UInt8) -> UInt8 { UInt8(255 - (255 - Int(channel)) / 4) }
                    put(middle + x, y, (fade(left.0), fade(left.1), fade(left.2)))
                } else if left == nil, shown == nil {
                    put(middle + x, y, (255, 255, 255))
                } else {
                    put(middle + x, y, (255, 0, 0))
                }
            }
        }
        return DiffLabels.labelled(output, panelWidth: panelWidth, gap: panelGap)
    }

    @inline(__always)
    static func pixelDifference(_ first: PixelImage, _ second: PixelImage, _ x: Int, _ y: Int) -> Int {
        let a = first.pixel(x: x, y: y)
        let b = second.pixel(x: x, y: y)
        return max(
            abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
            abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
    }
}
