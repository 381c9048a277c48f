import TimelineScene
import XCTest

/// A card's layers hold thousands of texts and few boxes: a primitive takes the room of the
/// largest node kept in line, so the box, twice any other node's size, is kept out of line.
final class PrimitiveSizeTests: XCTestCase {
    func testAPrimitiveTakesNoMoreRoomThanItsLargestUnboxedNode() {
        let inLine = [
            MemoryLayout<LineNode>.size, MemoryLayout<MarkerNode>.size, MemoryLayout<TextNode>.size,
            MemoryLayout<ImageNode>.size, MemoryLayout<LinkNode>.size,
        ]
        XCTAssertGreaterThan(MemoryLayout<BoxNode>.size, inLine.max()!)
        // The largest node in line, and the byte that tells the cases apart.
        XCTAssertLessThanOrEqual(MemoryLayout<Primitive>.size, inLine.max()! + 1)
    }
}
