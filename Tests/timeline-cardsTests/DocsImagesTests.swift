import Foundation
import XCTest

/// The pictures in docs/ are what the tool renders today from docs/examples/ (`make docs` refreshes them).
final class DocsImagesTests: XCTestCase {
    func testDocsImagesAreCurrent() throws {
        let result = try CLIRunner.run([
            "check", CLIRunner.root.appendingPathComponent("docs/examples").path,
            "--expected", CLIRunner.root.appendingPathComponent("docs/images").path,
            "--format", "svg", "--format", "png", "--tolerance", "1",
        ])
        XCTAssertEqual(result.status, 0, "docs/images is stale; run `make docs`:\n\(result.stderr)")
    }

    /// docs/docc.md's catalog: its Resources/ are what `render-timelines` writes today.
    func testDocCCatalogImagesAreCurrent() throws {
        let result = try CLIRunner.run([
            "docc-resources", CLIRunner.root.appendingPathComponent("docs/docc/Timelines.docc").path, "--check",
        ])
        XCTAssertEqual(result.status, 0, "docs/docc is stale; run `make docs`:\n\(result.stderr)")
    }

    func testDocumentedSchemaIsTheOneTheToolPrints() throws {
        let printed = try CLIRunner.run(["schema"]).stdout
        let committed = try Data(contentsOf: CLIRunner.root.appendingPathComponent("docs/timeline.schema.json"))
        XCTAssertEqual(printed, committed, "docs/timeline.schema.json is stale; run `make docs`")
    }
}
