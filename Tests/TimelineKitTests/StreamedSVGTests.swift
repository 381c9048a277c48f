import Foundation
import XCTest

@testable import TimelineCairo
@testable import TimelineKit

/// An SVG whose texts are written only as it is written out (`RenderOptions.streamsSVGText`, as a
/// batch that stages its images asks) is byte for byte the SVG written in memory, whatever the
/// writer takes at a time, and its size is checked when it is known.
final class StreamedSVGTests: XCTestCase {
    private func svg(_ source: InputSource, streamed: Bool, theme: String? = nil) throws -> RenderedImage {
        var options = RenderOptions()
        options.formats = [.svg]
        if let theme { options.theme = theme }
        options.streamsSVGText = streamed
        return try XCTUnwrap(try TimelineRenderer(options: options).render(source).first)
    }

    /// Every kind of node (icons, colour emoji, links, right-to-left and mixed lines, marks,
    /// markup, a dark style), and 300 wrapped items, which take many chunks.
    func testAStreamedSVGIsTheSVGWrittenInMemory() throws {
        let sources = [
            (ShapingThreadsTests.everyKindOfNode, "auto"), (ShapingThreadsTests.wrappedItems, nil),
        ]
        for (source, theme) in sources {
            let whole = try svg(source, streamed: false, theme: theme)
            let streamed = try svg(source, streamed: true, theme: theme)
            XCTAssertFalse(whole.encoded.isStreamed)
            XCTAssertNil(whole.sizeLimit, "checked when it was made")
            XCTAssertTrue(streamed.encoded.isStreamed, source.displayName)
            XCTAssertNotNil(streamed.sizeLimit, "checked as it is written out")
            XCTAssertEqual(streamed.data, whole.data, source.displayName)
            XCTAssertEqual(streamed.encoded.count, whole.data.count)
            var chunks: [Data] = []
            XCTAssertTrue(
                streamed.encoded.withChunks {
                    chunks.append(Data($0))
                    return true
                })
            XCTAssertEqual(Data(chunks.joined()), whole.data)
            XCTAssertTrue(chunks.allSatisfy { $0.count <= 2 * SVGDocument.chunkSize + (1 << 16) })
            XCTAssertEqual(streamed.data, whole.data, "written out again, the same")
        }
    }

    /// The big card is handed on in pieces, and a writer that refuses one stops it.
    func testAStreamedSVGStopsAtTheFirstPieceRefused() throws {
        let streamed = try svg(ShapingThreadsTests.wrappedItems, streamed: true)
        var pieces = 0
        XCTAssertTrue(
            streamed.encoded.withChunks { _ in
                pieces += 1
                return true
            })
        XCTAssertGreaterThan(pieces, 4)
        var offered = 0
        XCTAssertFalse(
            streamed.encoded.withChunks { _ in
                offered += 1
                return offered < 3
            })
        XCTAssertEqual(offered, 3)
    }

    /// Staged, a streamed SVG past the byte limit is bad input that names its exact size, and
    /// leaves no temporary; at the limit it is written.
    func testAStagedStreamedSVGIsCheckedAgainstTheByteLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = try svg(ShapingThreadsTests.wrappedItems, streamed: false).data.count
        for (limit, refused) in [(size - 1, true), (size, false)] {
            let out = folder.appendingPathComponent("out-\(limit)").path
            var options = RenderOptions()
            options.formats = [.svg]
            options.limits.maxOutputBytes = limit
            let writer = OutputWriter(target: .directory(out), multipleInputs: false, feed: false)
            let staging = StagedImages(writer: writer, inputs: [])
            let result = BatchRender(options: options, jobs: 1).render(
                [ShapingThreadsTests.wrappedItems], staging: staging)
            if refused {
                XCTAssertEqual(result.exitCode, 2)
                let message = try XCTUnwrap(result.problems.first?.message)
                XCTAssertTrue(message.contains("would be a \(size)-byte svg file"), message)
                XCTAssertTrue(message.contains("more than the limit of \(limit)"), message)
                staging.discard()
                let left = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
                XCTAssertEqual(left, [], "no temporary left")
            } else {
                XCTAssertEqual(result.exitCode, 0, "\(result.problems)")
                try staging.commit { _ in }
                let written = try Data(contentsOf: URL(fileURLWithPath: out + "/many.svg"))
                XCTAssertEqual(written.count, size)
            }
        }
    }
}
