import Foundation
import TimelineCommandSupport
import XCTest

@testable import TimelineKit

/// A document's images do not depend on what the same renderer rendered before it: a batch on
/// one thread gives each input the bytes it gets alone.
final class RenderHistoryTests: XCTestCase {
    private func fixture(_ name: String) throws -> InputSource {
        try XCTUnwrap(
            InputSource.load([Fixtures.folder.appendingPathComponent(name).path], maxBytes: Limits().maxInputBytes)
                .first)
    }

    func testAScaledPDFIsTheSameAfterOtherDocuments() throws {
        var options = RenderOptions()
        options.formats = [.pdf, .svg, .png]
        options.scale = 3
        let preview = try fixture("preview.yaml")
        let alone = try TimelineRenderer(options: options).render(preview)
        // Documents that share texts with it first: their measurements are known when it comes.
        let batch = try TimelineRenderer(options: options)
        for name in ["preview.yaml", "theme-auto.yaml", "demo.yaml"] { _ = try batch.render(try fixture(name)) }
        let after = try batch.render(preview)
        XCTAssertEqual(after.map(\.name), alone.map(\.name))
        for (image, expected) in zip(after, alone) {
            XCTAssertTrue(image.data == expected.data, "\(image.name) differs after other documents")
        }
    }
}
