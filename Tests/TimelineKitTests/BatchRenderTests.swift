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
}
