import Foundation
import XCTest

/// scripts/function-length.py, which `make lint` runs over Sources: a function counts from its
/// `func` line to its closing brace, braces in strings and comments do not count, and an allowed
/// function that is no longer long is reported so the allowed list only shrinks.
final class FunctionLengthLintTests: XCTestCase {
    private func lint(_ files: [String: String], allowed: String? = nil) throws -> CLIRunner.Result {
        let folder = try CLIRunner.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var arguments = ["python3", CLIRunner.root.appendingPathComponent("scripts/function-length.py").path]
        if let allowed {
            let list = folder.appendingPathComponent("allowed.txt")
            try allowed.write(to: list, atomically: true, encoding: .utf8)
            arguments += ["--allowed", list.path]
        }
        return try CLIRunner.run(
            arguments + ["--limit", "5", "."], directory: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// A function named `name` of these body lines, one more for each of its first and last.
    private func function(_ name: String, body: [String]) -> String {
        "func \(name)() {\n" + body.map { "    \($0)\n" }.joined() + "}\n"
    }

    func testAFunctionOverTheLimitIsReportedAtItsLine() throws {
        let source = "import Foundation\n\n" + function("long", body: ["a()", "b()", "c()", "d()"])
        let result = try lint(["Long.swift": source])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self),
            "Long.swift:3:1: error: function 'long' of 6 lines, over 5\n")
    }

    func testBracesInStringsAndCommentsAndOneLineFunctionsDoNotCount() throws {
        let source =
            function("short", body: [#"let s = "{{{ \(x) {""#, "// {", "/* } */ f()"])
            + "protocol P {\n    func requirement()\n    var x: Int { get }\n    func g()\n}\n"
            + "func one() { }\n"
        let result = try lint(["Short.swift": source])
        XCTAssertEqual(result.status, 0, String(decoding: result.stdout, as: UTF8.self))
    }

    func testAnAllowedFunctionPassesUntilItIsShort() throws {
        let long = function("long", body: ["a()", "b()", "c()", "d()"])
        XCTAssertEqual(try lint(["Long.swift": long], allowed: "Long.swift long\n").status, 0)
        let result = try lint(["Long.swift": function("long", body: ["a()"])], allowed: "Long.swift long\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            String(decoding: result.stdout, as: UTF8.self).contains("Long.swift long is no longer over 5 lines"))
    }
}
