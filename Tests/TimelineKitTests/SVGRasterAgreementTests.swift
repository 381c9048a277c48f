import Foundation
import TimelineGolden
import TimelineKit
import XCTest

/// Our SVG means what our PNG shows: librsvg draws each fixture's SVG at zoom 2 and the result
/// must be close to our own PNG (same size, small root mean square error on white).
final class SVGRasterAgreementTests: XCTestCase {
    /// Normalized RMSE accepted; antialiasing and glyph rasterization differ a little between
    /// cairo and librsvg, a misplaced or missing element does not stay under it.
    static let limit = 0.03

    static func rsvgConvert() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("rsvg-convert")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    func testSVGRasterizedByLibrsvgAgreesWithOurPNG() throws {
        guard let rsvg = Self.rsvgConvert() else {
            XCTFail("rsvg-convert is not installed; install librsvg2-bin (`make deps`) to run this test")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("svg-raster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var errors: [(String, Double)] = []
        for file in try FixtureGoldenTests.fixtureFiles() {
            let sources = try InputSource.load([file.path])
            let renderer = try TimelineRenderer(options: FixtureGoldenTests.options(for: file))
            for source in sources {
                let images = try renderer.render(try renderer.decode(source), name: source.baseName)
                for svg in images where svg.format == .svg {
                    let label = "\(file.lastPathComponent) \(svg.name)"
                    guard let png = images.first(where: { $0.format == .png && $0.name == svg.name }) else {
                        XCTFail("\(label): no PNG was rendered next to the SVG")
                        continue
                    }
                    let svgFile = scratch.appendingPathComponent("\(source.baseName)-\(svg.name).svg")
                    let rasterFile = scratch.appendingPathComponent("\(source.baseName)-\(svg.name).rsvg.png")
                    try svg.data.write(to: svgFile)
                    let status = try Self.run(rsvg, ["--zoom", "2", "--format", "png", "-o", rasterFile.path, svgFile.path])
                    XCTAssertEqual(status, 0, "\(label): rsvg-convert failed")
                    guard status == 0 else { continue }
                    let ours = try PixelImage(png: png.data)
                    let theirs = try PixelImage(png: Data(contentsOf: rasterFile))
                    guard let error = GoldenComparison.rootMeanSquareError(ours, theirs, over: .rgbOnWhite) else {
                        XCTFail("\(label): librsvg drew \(theirs.width)×\(theirs.height) px, our PNG is \(ours.width)×\(ours.height) px")
                        continue
                    }
                    errors.append((label, error))
                    if error >= Self.limit {
                        let diff = FixtureGoldenTests.diffs.appendingPathComponent("rsvg/\(source.baseName)-\(svg.name).png")
                        try? OutputWriter.writeAtomically(
                            try GoldenComparison.diffImage(expected: ours, actual: theirs, tolerance: 16).pngData(), to: diff.path)
                        XCTFail("\(label): SVG drawn by librsvg differs from our PNG, "
                                + "RMSE \(String(format: "%.4f", error)) ≥ \(Self.limit); diff: \(diff.path)")
                    }
                }
            }
        }
        XCTAssertFalse(errors.isEmpty, "no fixture was compared")
        if let low = errors.map(\.1).min(), let high = errors.map(\.1).max() {
            print("SVGRasterAgreementTests: RMSE over \(errors.count) images from \(String(format: "%.4f", low)) to \(String(format: "%.4f", high))")
        }
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
