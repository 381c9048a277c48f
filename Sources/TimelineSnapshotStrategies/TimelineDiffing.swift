import Foundation
import SnapshotTesting
import TimelineGolden
import TimelineKit

/// The comparisons of `timeline-cards check`, as swift-snapshot-testing's `Diffing`.
enum TimelineDiffing {
    static func diffing(_ format: ImageFormat, tolerance: Int) -> Diffing<Data> {
        .diff(toData: { $0 }, fromData: { $0 }, diffV2: { compare(format, $0, $1, tolerance: tolerance) })
    }

    /// Nil when `actual` matches `reference`, else why not and the files to attach.
    static func compare(_ format: ImageFormat, _ reference: Data, _ actual: Data, tolerance: Int)
        -> (String, [DiffAttachment])?
    {
        switch format {
        case .svg: return svg(reference, actual)
        case .png: return png(reference, actual, tolerance: tolerance)
        default:
            guard reference != actual else { return nil }
            let ext = format.fileExtension
            return (
                "the \(ext) differs from the reference",
                [.data(reference, name: "reference.\(ext)"), .data(actual, name: "failure.\(ext)")]
            )
        }
    }

    /// SVGs by their drawing: ids renumbered, numbers within `GoldenComparison.svgNumberTolerance`.
    static func svg(_ reference: Data, _ actual: Data) -> (String, [DiffAttachment])? {
        guard let difference = GoldenComparison.compareSVG(expected: reference, actual: actual) else { return nil }
        let normalized = [
            DiffAttachment.data(Data(GoldenComparison.normalizeSVG(reference).utf8), name: "reference.normalized.svg"),
            .data(Data(GoldenComparison.normalizeSVG(actual).utf8), name: "failure.normalized.svg"),
        ]
        return (
            "the SVG draws otherwise than the reference (its ids aside): \(difference)",
            [.data(reference, name: "reference.svg"), .data(actual, name: "failure.svg")] + normalized
        )
    }

    /// PNGs pixel by pixel within `tolerance`, with the labelled expected | difference | actual picture.
    static func png(_ reference: Data, _ actual: Data, tolerance: Int) -> (String, [DiffAttachment])? {
        let expectedImage: PixelImage
        let actualImage: PixelImage
        do {
            expectedImage = try PixelImage(png: reference)
            actualImage = try PixelImage(png: actual)
        } catch {
            if reference == actual { return nil }
            return ("cannot compare the images: \(error)", [.data(actual, name: "failure.png")])
        }
        let comparison = GoldenComparison.compare(expected: expectedImage, actual: actualImage, tolerance: tolerance)
        if comparison.matches { return nil }
        var attachments: [DiffAttachment] = [
            .data(reference, name: "reference.png"), .data(actual, name: "failure.png"),
        ]
        let diff = GoldenComparison.diffImage(expected: expectedImage, actual: actualImage, tolerance: tolerance)
        var shown = ""
        if let picture = try? diff.pngData() {
            attachments.append(.data(picture, name: "difference.png"))
            if let path = DifferenceArtifact.write(picture, for: reference, actual) {
                shown = "\nexpected | difference | actual: \(path)"
            }
            DifferenceArtifact.attach(picture)
        }
        switch comparison {
        case .sizeMismatch(let expected, let actual):
            return ("the image is \(actual), the reference \(expected)" + shown, attachments)
        case .difference(let found):
            return (
                "\(found.differingPixels) of \(found.totalPixels) pixels differ (largest channel difference "
                    + "\(found.largestChannelDifference), tolerance \(found.tolerance))" + shown,
                attachments
            )
        }
    }
}
