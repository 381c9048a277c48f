@testable import TimelineCairo
import TimelineScene
import XCTest

/// The measuring cache's own table: finds what it holds, only that, through collisions, growth
/// and clearing.
final class MeasuredCacheTests: XCTestCase {
    private func request(_ index: Int) -> TextRequest {
        TextRequest(text: "text \(index)", font: index.isMultiple(of: 2) ? "Inter 12" : "Inter Bold 12",
                    maxWidth: Double(100 + index % 7), maxLines: index.isMultiple(of: 3) ? 2 : nil)
    }

    private func answer(_ index: Int) -> MeasuredText {
        MeasuredText(lines: [MeasuredLine(text: "text \(index)", width: Double(index), baseline: 10)], height: 12,
                     lineHeight: 12, isTruncated: false)
    }

    func testFindsEveryEntryThroughGrowth() {
        var cache = MeasuredCache()
        for index in 0..<1_000 {
            XCTAssertNil(cache.entry(of: request(index), hash: request(index).hashValue))
            XCTAssertEqual(cache.append(request(index), hash: request(index).hashValue, answer(index)), index)
        }
        XCTAssertEqual(cache.count, 1_000)
        for index in 0..<1_000 {
            let entry = cache.entry(of: request(index), hash: request(index).hashValue)
            XCTAssertEqual(entry, index)
            XCTAssertEqual(entry.map { cache.values[$0] }, answer(index))
        }
        // Equal texts in another font, width or line limit are other entries.
        XCTAssertNil(cache.entry(of: TextRequest(text: "text 1", font: "Inter 12", maxWidth: 101, maxLines: nil),
                                 hash: TextRequest(text: "text 1", font: "Inter 12", maxWidth: 101, maxLines: nil).hashValue))
    }

    func testCollidingHashesAreToldApartByTheirRequests() {
        var cache = MeasuredCache()
        // Every request under one hash: the table probes past each to the right one.
        for index in 0..<100 { _ = cache.append(request(index), hash: 42, answer(index)) }
        for index in 0..<100 { XCTAssertEqual(cache.entry(of: request(index), hash: 42), index) }
        XCTAssertNil(cache.entry(of: request(100), hash: 42))
        XCTAssertNil(cache.entry(of: request(0), hash: 43))
    }

    func testClearingForgetsEverythingAndKeepsWorking() {
        var cache = MeasuredCache()
        cache.reserveCapacity(500)
        for index in 0..<500 { _ = cache.append(request(index), hash: request(index).hashValue, answer(index)) }
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertNil(cache.entry(of: request(7), hash: request(7).hashValue))
        XCTAssertEqual(cache.append(request(7), hash: request(7).hashValue, answer(7)), 0)
        XCTAssertEqual(cache.entry(of: request(7), hash: request(7).hashValue), 0)
    }
}
