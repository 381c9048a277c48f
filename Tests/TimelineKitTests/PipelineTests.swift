import Foundation
import TimelineCommandSupport
import XCTest

@testable import TimelineKit

/// The pipeline of `TimelineRenderer.render(_:)` and the problems it reports, as values.
final class PipelineTests: XCTestCase {
    private func source(_ text: String, named name: String = "plan") -> InputSource {
        InputSource(
            displayName: "\(name).yaml", baseName: name, data: Data(text.utf8), format: .yaml,
            directory: NSTemporaryDirectory())
    }

    private func diagnostics(_ text: String, options: RenderOptions = RenderOptions()) throws -> [Diagnostic] {
        do {
            _ = try TimelineRenderer(options: options).render(source(text))
            XCTFail("rendered without a problem")
            return []
        } catch let failure as RenderFailure {
            XCTAssertEqual(failure.exitCode, 2, "\(failure)")
            return failure.diagnostics
        }
    }

    static let plan =
        "version: 1\ncards:\n  - id: plan\n    items: [{ title: Kickoff }, { title: Launch, status: end }]\n"

    func testRenderingAFileReadsItThenRunsEveryStep() throws {
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pipeline-\(UUID()).yaml")
        try Data(Self.plan.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var options = RenderOptions()
        options.formats = [.svg, .png]
        let renderer = try TimelineRenderer(options: options)
        let unread = InputSource(file: file.path)
        XCTAssertTrue(unread.data.isEmpty)
        let images = try renderer.render(unread)
        XCTAssertEqual(images.map(\.name), ["plan", "plan"])
        XCTAssertEqual(images.map(\.format), [.svg, .png])
        XCTAssertTrue(String(decoding: images[0].data, as: UTF8.self).contains("Kickoff"))
        XCTAssertEqual(Array(images[1].data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let timings = renderer.timings
        for (phase, seconds) in [
            ("read", timings.read), ("decode", timings.decode), ("layout", timings.layout),
            ("shape", timings.shape), ("paint", timings.paint), ("encode", timings.encode),
        ] {
            XCTAssertGreaterThan(seconds, 0, phase)
        }
    }

    func testShapingIsTimedApartFromLayoutForEachDocument() throws {
        let renderer = try TimelineRenderer()
        _ = try renderer.render(source(Self.plan))
        let first = renderer.timings
        XCTAssertGreaterThan(first.shape, 0)
        XCTAssertGreaterThan(first.layout, 0)
        // Each document measures its own texts (its images must not depend on earlier ones).
        _ = try renderer.render(source(Self.plan))
        XCTAssertGreaterThan(renderer.timings.shape, first.shape)
        XCTAssertGreaterThan(renderer.timings.layout, first.layout)
    }

    func testAFileThatCannotBeReadIsAFailureOfThatFile() throws {
        let renderer = try TimelineRenderer()
        XCTAssertThrowsError(try renderer.render(InputSource(file: "/nonexistent/plan.yaml"))) { error in
            guard case RenderFailure.unreadableInput(let diagnostic) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(diagnostic.file, "/nonexistent/plan.yaml")
            XCTAssertEqual((error as? RenderFailure)?.exitCode, 3)
        }
        var options = RenderOptions()
        options.limits.maxInputBytes = 10
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pipeline-\(UUID()).yaml")
        try Data(Self.plan.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertThrowsError(try TimelineRenderer(options: options).render(InputSource(file: file.path))) { error in
            XCTAssertEqual((error as? RenderFailure)?.exitCode, 2, "a file over the limit is bad input")
            XCTAssertEqual((error as? RenderFailure)?.diagnostics.map(\.file), [file.path])
        }
    }

    func testTheBatchKeepsAFailureAsAValue() {
        let result = BatchRender(options: RenderOptions(), jobs: 2).render([
            source(Self.plan), InputSource(file: "/nonexistent/gone.yaml"),
        ])
        XCTAssertEqual(result.exitCode, 3)
        XCTAssertEqual(result.outputs.map(\.input.baseName), ["plan"])
        guard case .unreadableInput(let diagnostic)? = result.failure else {
            return XCTFail("\(String(describing: result.failure))")
        }
        XCTAssertEqual(diagnostic.file, "/nonexistent/gone.yaml")
    }

    func testDecodingProblemsKeepTheirPlaceAndSuggestion() throws {
        let found = try diagnostics("version: 1\ncards:\n  - id: plan\n    items: [{ title: A, colr: red }]\n")
        XCTAssertEqual(
            found,
            [
                Diagnostic(
                    SourceLocation(file: "plan.yaml", line: 4, column: 25),
                    "unknown key 'colr' in cards[0].items[0]", suggestion: "color")
            ])
    }

    func testATooNarrowCardIsReportedAtItsPlace() throws {
        let found = try diagnostics(
            "version: 1\ncards:\n  - id: thin\n    style: { width: 60 }\n    items: [{ title: A }]\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.location, SourceLocation(file: "plan.yaml", line: 3, column: 5))
        XCTAssertTrue(found.first?.message.hasPrefix("card 'thin': width 60 is too narrow") ?? false, "\(found)")
    }

    func testAnImageTooLargeForItsFormatIsReportedAtItsCard() throws {
        var options = RenderOptions()
        options.maxVectorSide = 100
        let found = try diagnostics(Self.plan, options: options)
        XCTAssertEqual(found.first?.location, SourceLocation(file: "plan.yaml", line: 3, column: 5))
        XCTAssertTrue(found.first?.message.hasSuffix("points, more than the limit of 100") ?? false, "\(found)")
    }

    func testStrictReportsEachCutTextAtItsItem() throws {
        var options = RenderOptions()
        options.strict = true
        options.formats = [.svg, .png]
        let long = String(repeating: "far too long for two lines ", count: 8)
        let text =
            "version: 1\ncards:\n  - id: cut\n    style: { width: 320, maxTitleLines: 1 }\n    items:\n"
            + "      - title: \(long)\n"
        let found = try diagnostics(text, options: options)
        XCTAssertEqual(
            found.map(\.location), [SourceLocation(file: "plan.yaml", line: 6, column: 9)], "once, not per format")
        XCTAssertTrue(found.first?.message.hasPrefix("text does not fit and was cut with an ellipsis") ?? false)
    }

    func testTheBatchKeepsEveryInputsProblemsAsValues() {
        let inputs = [
            source(Self.plan),
            source("version: 1\ncards: [{ id: b, items: [{ title: B, stauts: end }] }]\n", named: "bad"),
        ]
        let result = BatchRender(options: RenderOptions(), jobs: 2).render(inputs)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.outputs.map(\.input.baseName), ["plan"])
        XCTAssertEqual(result.problems.map(\.file), ["bad.yaml"])
        XCTAssertEqual(result.problems.map(\.suggestion), ["status"])
        XCTAssertEqual(result.problems.first?.line, 2)
    }

    func testALoadProblemIsADiagnosticOfTheFile() {
        XCTAssertThrowsError(try InputSource.load(["/nonexistent/plan.yaml"], maxBytes: Limits().maxInputBytes)) {
            error in
            let diagnostic = (error as? InputSource.LoadError)?.diagnostic
            XCTAssertEqual(diagnostic?.file, "/nonexistent/plan.yaml")
            XCTAssertNil(diagnostic?.line)
            XCTAssertEqual(
                diagnostic?.description, "/nonexistent/plan.yaml: error: cannot read: no such file or folder")
        }
    }

    func testValidateReturnsTheProblems() {
        XCTAssertEqual(TimelineKit.validate(source(Self.plan)), [])
        let found = TimelineKit.validate(source("version: 1\ncards: [{ id: b, items: [{ title: B, status: ned }] }]\n"))
        XCTAssertEqual(found.map(\.suggestion), ["end"])
    }

    /// A card `render` refuses for its width is a problem `validate` finds too, at the card.
    func testValidateFindsACardTooNarrowToLayOut() {
        let found = TimelineKit.validate(
            source("version: 1\ncards:\n  - style: {width: 50}\n    items: [{title: A}]\n"))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.line, 3)
        XCTAssertTrue(found.first?.message.contains("width 50 is too narrow") ?? false, "\(found)")
    }

    /// Several inputs are validated with one renderer, their problems in the inputs' order.
    func testValidateSeveralInputsInOrder() {
        let narrow = source("version: 1\ncards:\n  - style: {width: 50}\n    items: [{title: A}]\n")
        let unknown = source("version: 1\ncards: [{ id: b, items: [{ title: B, status: ned }] }]\n")
        let found = TimelineKit.validate([source(Self.plan), narrow, unknown])
        XCTAssertEqual(found.map(\.line), [3, 2])
        XCTAssertEqual(found.last?.suggestion, "end")
    }
}
