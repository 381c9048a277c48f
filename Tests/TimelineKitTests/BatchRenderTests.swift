import XCTest

@testable import TimelineCommandSupport
@testable import TimelineKit

final class BatchRenderTests: XCTestCase {
    func testJobsAreClampedToTheCores() {
        var batch = BatchRender(options: RenderOptions(), jobs: 10_000)
        XCTAssertEqual(batch.jobs, BatchRender.cores)
        batch.jobs = 0
        XCTAssertEqual(batch.jobs, 1)
        batch.jobs = Int.max
        XCTAssertEqual(batch.jobs, BatchRender.cores)
    }

    func testTheMachinesFontsRenderOnOneThread() {
        var options = RenderOptions()
        XCTAssertEqual(BatchRender(options: options, jobs: 2).threads, min(2, BatchRender.cores))
        options.systemFonts = true
        XCTAssertEqual(BatchRender(options: options, jobs: 2).threads, 1)
    }

    /// A renderer of a process that ends after its renders keeps the last document it drew, for
    /// the process's end to give back at once (only the last: a batch of big inputs must not pile
    /// them up); one that lives on (`--watch`) keeps nothing from round to round.
    func testOnlyARendererOfAProcessThatEndsKeepsWhatItDrewLast() throws {
        let yaml = "version: 1\ncards:\n  - items:\n      - title: Plan\n"
        let input = InputSource(
            displayName: "in.yaml", baseName: "in", data: Data(yaml.utf8), format: .yaml, directory: ".")
        let renderer = try TimelineRenderer(options: RenderOptions())
        for _ in 0..<3 { _ = try renderer.render(input) }
        XCTAssertNil(renderer.drawn)
        renderer.keepsDrawnDocuments = true
        _ = try renderer.render(input)
        let first = try XCTUnwrap(renderer.drawn?.1.first?.scene)
        let other = InputSource(
            displayName: "other.yaml", baseName: "other",
            data: Data(yaml.replacingOccurrences(of: "Plan", with: "Ship").utf8),
            format: .yaml, directory: ".")
        _ = try renderer.render(other)
        XCTAssertEqual(renderer.drawn?.1.count, 1, "the card's scene")
        XCTAssertNotEqual(renderer.drawn?.1.first?.scene, first, "the last document's, the first one's let go")
    }

    /// Characters no font has, in many scripts, in two inputs at once with the machine's fonts:
    /// on two threads this crashed in FreeType in about half the runs.
    func testMissingGlyphsWithTheMachinesFontsRenderInABatch() throws {
        let input = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Inputs/missing-glyphs.yaml")
        var options = RenderOptions()
        options.systemFonts = true
        options.formats = [.pdf]
        let batch = BatchRender(options: options, jobs: 2)
        for _ in 0..<3 {
            let result = batch.render([InputSource(file: input.path), InputSource(file: input.path)])
            XCTAssertEqual(result.exitCode, 0)
            XCTAssertEqual(result.outputs.count, 2)
        }
    }

    /// Every fixture as a PDF, on two threads, is what one thread makes: finishing a PDF embeds
    /// its fonts through the FreeType faces cairo opens for Pango's fonts. Finished on two
    /// threads at once (before the text thread), two crashed the release build in about one batch
    /// in ten (`scripts/release-check.sh` runs such a batch forty times; this debug build seldom
    /// hits it). Two batches here, not more: `make tsan` runs this test and reports such unordered
    /// access in one batch, crash or not (six took 93 s of its run).
    func testPDFsOfABatchFinishOnTwoThreadsAsOnOne() throws {
        let inputs = try Fixtures.files().filter { !Fixtures.isFeed($0) }.map { InputSource(file: $0.path) }
        var options = RenderOptions()
        options.formats = [.pdf]
        func pdfs(jobs: Int) -> [Data] {
            BatchRender(options: options, jobs: jobs).render(inputs).outputs.flatMap { $0.images.map(\.data) }
        }
        let one = pdfs(jobs: 1)
        XCTAssertGreaterThan(one.count, 40)
        for _ in 0..<2 { XCTAssertEqual(pdfs(jobs: 2), one) }
    }

    /// Documents in many scripts (Latin, Greek, Cyrillic, CJK, Korean, Arabic and Hebrew, emoji,
    /// rich descriptions, an SVG icon with text that librsvg sets with Pango) rendered on four
    /// threads, again and again, in every format, give the bytes one thread gives: the renderers
    /// share one font library and Pango works on the text thread alone (`TextThread`).
    func testDocumentsInManyScriptsOnFourThreadsAsOnOne() throws {
        let names = [
            "scripts", "rtl", "emoji", "descriptions", "locale-words", "icons-svg-text", "time-calendars", "demo",
        ]
        let inputs = names.map { InputSource(file: Fixtures.folder.appendingPathComponent("\($0).yaml").path) }
        var options = RenderOptions()
        options.formats = [.svg, .png, .pdf]
        func images(jobs: Int) -> [String: Data] {
            let result = BatchRender(options: options, jobs: jobs).render(inputs)
            XCTAssertEqual(result.exitCode, 0, "\(result.failure.map { "\($0)" } ?? "")")
            var images: [String: Data] = [:]
            for output in result.outputs {
                for image in output.images {
                    images["\(output.input.baseName)/\(image.name).\(image.format)"] = image.data
                }
            }
            return images
        }
        let one = images(jobs: 1)
        XCTAssertGreaterThanOrEqual(one.count, names.count * 3)
        for run in 0..<3 {
            let four = images(jobs: 4)
            XCTAssertEqual(four.keys.sorted(), one.keys.sorted())
            let differing = one.keys.filter { four[$0] != one[$0] }.sorted()
            XCTAssertEqual(differing, [], "run \(run): images that differ from one thread's")
        }
    }

    /// A batch reads and decodes a thread's first input before the thread's fonts are loaded: the
    /// images and the failures are those of rendering the input with the fonts loaded.
    func testAnInputReadAheadRendersAsTheInputItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-ahead-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("small.yaml")
        try "version: 1\ncards:\n  - id: a\n    items:\n      - title: Plan\n".write(
            to: small, atomically: true, encoding: .utf8)
        let bad = folder.appendingPathComponent("bad.yaml")
        try "version: 1\ncards: 3\n".write(to: bad, atomically: true, encoding: .utf8)
        let big = folder.appendingPathComponent("big.yaml")
        let item = "      - title: Plan the next version with the whole team\n"
        let items = String(repeating: item, count: 600)
        try ("version: 1\ncards:\n  - id: a\n    items:\n" + items).write(to: big, atomically: true, encoding: .utf8)
        let missing = folder.appendingPathComponent("missing.yaml")

        let renderer = try TimelineRenderer(options: RenderOptions())
        let options = renderer.options
        let smallAhead = TimelineRenderer.readAhead(InputSource(file: small.path), options: options)
        XCTAssertNotNil(smallAhead.decoded, "a small input is decoded ahead")
        XCTAssertEqual(
            try renderer.render(smallAhead).map(\.data), try renderer.render(InputSource(file: small.path)).map(\.data))
        var twoThreads = options
        twoThreads.threadsPerInput = 2
        let bigAhead = TimelineRenderer.readAhead(InputSource(file: big.path), options: twoThreads)
        XCTAssertNotNil(bigAhead.decoded, "a big input is decoded ahead too")
        let twoThreaded = try TimelineRenderer(options: twoThreads)
        XCTAssertEqual(
            try twoThreaded.render(bigAhead).map(\.data), try renderer.render(InputSource(file: big.path)).map(\.data))
        for failing in [bad, missing] {
            let ahead = TimelineRenderer.readAhead(InputSource(file: failing.path), options: options)
            var errors: [RenderFailure] = []
            XCTAssertThrowsError(try renderer.render(ahead)) { errors.append($0 as! RenderFailure) }
            XCTAssertThrowsError(try renderer.render(InputSource(file: failing.path))) {
                errors.append($0 as! RenderFailure)
            }
            XCTAssertEqual(errors.map(\.description), errors.reversed().map(\.description))
            XCTAssertEqual(errors.map(\.exitCode), [failing == bad ? 2 : 3, failing == bad ? 2 : 3])
        }
        let result = BatchRender(options: options, jobs: 1).render(
            [small, bad, missing, big].map { InputSource(file: $0.path) })
        XCTAssertEqual(result.outputs.map(\.input.baseName), ["small", "big"])
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertEqual(result.failure?.exitCode, 3)
    }
}
