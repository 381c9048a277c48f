import Foundation
import TimelineSnapshotTesting
import XCTest

/// A failing assertion under XCTest says what failed and nothing more: on Linux, IssueReporting's
/// 7-line "host application" note used to follow every failure. The failure is caught where XCTest
/// records it (`recordFailure`), so this test itself passes.
final class XCTestFailureTests: XCTestCase {
    private var capturing = false
    private var recorded: [(description: String, file: String, line: Int)] = []

    #if os(Linux)
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard capturing else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        recorded.append((description, filePath, lineNumber))
    }

    func testAFailureUnderXCTestCarriesNoHostApplicationNote() {
        capturing = true
        let line = #line + 1
        assertTimelineSnapshot(of: "version: 1\ncards: [{ id: x, items: [{ titel: Oops }] }]")
        capturing = false
        XCTAssertEqual(recorded.count, 1)
        let failure = recorded.first
        XCTAssertTrue(failure?.description.contains("unknown key 'titel'") ?? false, "\(recorded)")
        XCTAssertFalse(failure?.description.contains("host application") ?? true, "\(recorded)")
        XCTAssertFalse(failure?.description.contains("━━┉┅") ?? true, "\(recorded)")
        XCTAssertEqual(failure?.file, #filePath)
        XCTAssertEqual(failure?.line, line)
    }
    #endif
}
