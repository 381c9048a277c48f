import Foundation
import Testing
import TimelineGolden

@testable import TimelineSnapshotStrategies

/// The strategies' comparisons: an SVG's ids do not count, its drawing does; a PNG within a
/// tolerance, with the labelled difference picture attached and written for Linux readers.
@Suite struct TimelineDiffingTests {
    static func render(_ title: String, _ format: ImageFormat, more: Bool = false) throws -> Data {
        var options = RenderOptions()
        options.formats = [format]
        let middle = more ? "{ title: C }, " : ""
        let text = "version: 1\ncards: [{ id: a, items: [{ title: \(title) }, \(middle){ title: B, status: end }] }]"
        return try #require(try TimelineKit.render(.text(text), options: options).images.first?.data)
    }

    @Test func anSVGWhoseIdsAloneDifferMatches() throws {
        let svg = try Self.render("A", .svg)
        let text = String(decoding: svg, as: UTF8.self)
        // Ids are `<card>-<hash>-<name>`: another hash is what an edit elsewhere in the card gives.
        let start = try #require(text.firstRange(of: " id=\"a-")).upperBound
        let hash = String(text[start...].prefix { $0 != "-" })
        #expect(hash.count == 8)
        let renamed = Data(text.replacingOccurrences(of: "a-\(hash)-", with: "a-0badcafe-").utf8)
        #expect(renamed != svg)
        #expect(TimelineDiffing.diffing(.svg, tolerance: 0).diffV2(svg, renamed) == nil)
    }

    @Test func anSVGThatDrawsOtherwiseFailsWithBothFiles() throws {
        let failure = try #require(
            TimelineDiffing.diffing(.svg, tolerance: 0).diffV2(try Self.render("A", .svg), try Self.render("C", .svg)))
        #expect(failure.0.hasPrefix("the SVG draws otherwise than the reference (its ids aside): SVG differs at"))
        #expect(Self.names(failure.1).contains("failure.svg"))
    }

    @Test func aPNGWithinTheToleranceMatches() throws {
        let png = try Self.render("A", .png)
        var image = try PixelImage(png: png)
        // The card's middle, an opaque pixel of its background.
        let middle = (image.height / 2 * image.width + image.width / 2) * 4
        #expect(image.rgba[middle + 3] == 255)
        image.rgba[middle] = image.rgba[middle] > 3 ? image.rgba[middle] - 3 : image.rgba[middle] + 3
        let changed = try image.pngData()
        #expect(TimelineDiffing.diffing(.png, tolerance: 3).diffV2(png, changed) == nil)
        let failure = try #require(TimelineDiffing.diffing(.png, tolerance: 2).diffV2(png, changed))
        #expect(failure.0.hasPrefix("1 of \(image.width * image.height) pixels differ (largest channel difference 3"))
        #expect(Self.names(failure.1) == ["reference.png", "failure.png", "difference.png"])
        let path = try #require(failure.0.split(separator: "expected | difference | actual: ").last)
        let written = try PixelImage(png: Data(contentsOf: URL(fileURLWithPath: String(path))))
        #expect(written.width > 3 * image.width, "three panels")
    }

    @Test func aPNGOfAnotherSizeFails() throws {
        let failure = try #require(
            TimelineDiffing.diffing(.png, tolerance: 0).diffV2(
                try Self.render("A", .png), try Self.render("A", .png, more: true)))
        #expect(failure.0.hasPrefix("the image is 960×"))
    }

    static func names(_ attachments: [DiffAttachment]) -> [String] {
        attachments.compactMap {
            if case .data(_, let name) = $0 { return name }
            return nil
        }
    }
}
