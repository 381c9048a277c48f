import XCTest

@testable import TimelineCairo

final class LargePagesTests: XCTestCase {
    func testABigBufferStartsAtALargePageAndHoldsWhatIsWritten() {
        var data = LargePages.data(count: 3 * LargePages.size + 5)
        XCTAssertEqual(data.count, 3 * LargePages.size + 5)
        data.withUnsafeMutableBytes { buffer in
            #if os(Linux)
            XCTAssertEqual(UInt(bitPattern: buffer.baseAddress) % UInt(LargePages.size), 0)
            #endif
            for index in stride(from: 0, to: buffer.count, by: 4096) { buffer[index] = UInt8(index / 4096 % 251) }
        }
        XCTAssertEqual(data[4096 * 300], UInt8(300 % 251))
        let copy = data
        data[0] = 7
        XCTAssertEqual(copy[0], 0, "a copy keeps its bytes")
    }

    func testASmallBufferIsZeroedData() {
        XCTAssertEqual(LargePages.data(count: 100), Data(count: 100))
    }
}
