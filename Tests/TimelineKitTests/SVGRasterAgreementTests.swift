import Foundation
import Testing
import TimelineCommandSupport
import TimelineGolden
import TimelineKit

/// Our SVG means what our PNG shows: librsvg draws each fixture's SVG at zoom 2 and the result
/// must be close to our own PNG (same size, small root mean square error on white). One test
/// case per fixture, named by its file.
@Suite struct SVGRasterAgreementTests {
    /// Normalized RMSE accepted; antialiasing and glyph rasterization differ a little between
    /// cairo and librsvg, a misplaced or missing element does not stay under it.
    static let limit = 0.03

    static func rsvgConvert() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("rsvg-convert")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    @Test(arguments: Fixtures.names)
    func svgRasterizedByLibrsvgAgreesWithOurPNG(_ name: String) throws {
        let rsvg = try #require(
            Self.rsvgConvert(), "rsvg-convert is not installed; install librsvg2-bin (`make deps`) to run this test")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("svg-raster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let file = Fixtures.file(name)
        let renderer = try TimelineRenderer(options: Fixtures.options(for: file))
        var compared = 0
        for source in try InputSource.load([file.path], maxBytes: Limits().maxInputBytes) {
            let images = try renderer.render(try renderer.decode(source), name: source.baseName)
            for svg in images where svg.format == .svg {
                guard let png = images.first(where: { $0.format == .png && $0.name == svg.name }) else {
                    Issue.record("\(svg.name): no PNG was rendered next to the SVG")
                    continue
                }
                let svgFile = scratch.appendingPathComponent("\(source.baseName)-\(svg.name).svg")
                let rasterFile = scratch.appendingPathComponent("\(source.baseName)-\(svg.name).rsvg.png")
                try svg.data.write(to: svgFile)
                let status = try Self.run(
                    rsvg, ["--zoom", "2", "--format", "png", "-o", rasterFile.path, svgFile.path])
                guard status == 0 else {
                    Issue.record("\(svg.name): rsvg-convert failed with status \(status)")
                    continue
                }
                let ours = try PixelImage(png: png.data)
                let theirs = try PixelImage(png: Data(contentsOf: rasterFile))
                guard let error = GoldenComparison.rootMeanSquareError(ours, theirs, over: .rgbOnWhite) else {
                    let sizes =
                        "librsvg drew \(theirs.width)×\(theirs.height) px, "
                        + "our PNG is \(ours.width)×\(ours.height) px"
                    Issue.record("\(svg.name): \(sizes)")
                    continue
                }
                compared += 1
                if error >= Self.limit {
                    let diff = Fixtures.diffs.appendingPathComponent("rsvg/\(source.baseName)-\(svg.name).png")
                    let image = GoldenComparison.diffImage(expected: ours, actual: theirs, tolerance: 16)
                    try? OutputWriter.writeAtomically(try image.pngData(), to: diff.path, below: Fixtures.diffs.path)
                    let rmse = "RMSE \(String(format: "%.4f", error)) ≥ \(Self.limit)"
                    Issue.record("\(svg.name): SVG drawn by librsvg differs from our PNG, \(rmse); diff: \(diff.path)")
                }
            }
        }
        #expect(compared > 0, "no image was compared")
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
