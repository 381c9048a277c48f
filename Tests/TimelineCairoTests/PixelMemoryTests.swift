import XCTest

@testable import TimelineCairo

final class PixelMemoryTests: XCTestCase {
    /// Made present on another thread, the memory is zeros and takes what is written to it.
    func testPopulatedMemoryIsZerosAndWritable() throws {
        let memory = try XCTUnwrap(PixelMemory(count: 3 * 4096 + 100))
        memory.populateMeanwhile()
        memory.waitUntilPopulated()
        let bytes = UnsafeMutableRawBufferPointer(start: memory.base, count: memory.count)
        XCTAssertTrue(bytes.allSatisfy { $0 == 0 })
        bytes[memory.count - 1] = 7
        XCTAssertEqual(bytes[memory.count - 1], 7)
        XCTAssertNil(PixelMemory(count: 0))
    }
}
