import Foundation
import XCTest

@testable import TimelineKit

/// An SVG's ids start with its card id and a hash of what the card shows and the options, known
/// before the document is written: the same for the same input, another for another text or theme.
final class SVGIDPrefixTests: XCTestCase {
    private func titleID(_ text: String, theme: String? = nil, threads: Int = 1) throws -> String {
        var options = RenderOptions()
        options.theme = theme
        options.threadsPerInput = threads
        let source = InputSource(
            displayName: "plan.yaml", baseName: "plan", data: Data(text.utf8), format: .yaml,
            directory: NSTemporaryDirectory())
        let svg = String(decoding: try TimelineRenderer(options: options).render(source)[0].data, as: UTF8.self)
        let match = try XCTUnwrap(svg.firstRange(of: /<title id="([^"]+)"/))
        return String(svg[match].dropFirst("<title id=\"".count).dropLast())
    }

    func testThePrefixIsTheCardIdAndAHashOfTheInputAndOptions() throws {
        let plan = PipelineTests.plan
        let id = try titleID(plan)
        XCTAssertTrue(id.wholeMatch(of: /plan-[0-9a-f]{8}-title/) != nil, id)
        XCTAssertEqual(try titleID(plan, threads: 2), id, "whatever the threads")
        XCTAssertEqual(try titleID(plan), id, "whatever the process rendered before")
        XCTAssertNotEqual(try titleID(plan.replacingOccurrences(of: "Kickoff", with: "Start")), id)
        XCTAssertNotEqual(try titleID(plan, theme: "dark"), id)
    }

    /// A document rendered without the bytes it was read from has the ids it has when read.
    func testADocumentDecodedAlreadyHasTheIdsOfItsFile() throws {
        let renderer = try TimelineRenderer(options: RenderOptions())
        let source = InputSource(
            displayName: "plan.yaml", baseName: "plan", data: Data(PipelineTests.plan.utf8), format: .yaml,
            directory: NSTemporaryDirectory())
        let document = try renderer.decode(source)
        let first = try renderer.render(document, name: "plan")[0].data
        XCTAssertEqual(try TimelineRenderer(options: RenderOptions()).render(source)[0].data, first)
    }
}
