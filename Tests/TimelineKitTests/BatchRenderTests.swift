import XCTest

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
}
