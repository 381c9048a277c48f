import Foundation
import XCTest

/// `timeline-cards schema` agrees with the decoder: documents it accepts pass the schema, and the
/// documents it rejects for their keys or values fail it.
final class SchemaCommandTests: XCTestCase {
    /// Validates documents against a schema with Python's jsonschema; YAML read without timestamp
    /// resolution, so dates stay strings as timeline-cards reads them.
    static let checker = """
        import json, sys, yaml, jsonschema
        class Loader(yaml.SafeLoader): pass
        Loader.yaml_implicit_resolvers = {k: [r for r in v if r[0] != 'tag:yaml.org,2002:timestamp']
                                          for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            document = yaml.load(open(path, encoding='utf-8'), Loader=Loader)
            errors = list(validator.iter_errors(document))
            print(path + '\\t' + ('valid' if not errors else 'invalid: ' + errors[0].message[:200]))
        """

    func runChecker(schema: URL, documents: [String]) throws -> [String: String] {
        let script = schema.deletingLastPathComponent().appendingPathComponent("check.py")
        try Self.checker.write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, schema.path] + documents
        let pipe = Pipe()
        let errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(
            process.terminationStatus, 0,
            "python3 with jsonschema and PyYAML is needed (make test installs jsonschema): \(problems)")
        var verdicts: [String: String] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if parts.count == 2 { verdicts[parts[0]] = parts[1] }
        }
        return verdicts
    }

    func testSchemaAcceptsEveryFixtureTheDecoderAcceptsAndRejectsBadKeys() throws {
        let result = try CLIRunner.run(["schema"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertEqual(json["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        let dir = try CLIRunner.temporaryDirectory()
        let schema = dir.appendingPathComponent("timeline.schema.json")
        try result.stdout.write(to: schema)

        let fixtures = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.fixture(""))
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted().map { CLIRunner.fixture($0) }
        XCTAssertGreaterThan(fixtures.count, 8)
        var bad: [String] = []
        for (name, text) in [
            ("unknown-key", "version: 1\ncards:\n  - items:\n      - { title: A, titel: B }\n"),
            ("bad-status", "version: 1\ncards:\n  - items:\n      - { title: A, status: opne }\n"),
            ("bad-color", "version: 1\ncards:\n  - style: { nodeColor: \"#12\" }\n    items:\n      - { title: A }\n"),
            ("bad-version", "version: 2\ncards:\n  - items:\n      - { title: A }\n"),
            ("no-cards", "version: 1\n"),
            ("empty-cards", "version: 1\ncards: []\n"),
            ("bad-id", "version: 1\ncards:\n  - id: \"Bad Id!\"\n    items:\n      - { title: A }\n"),
            ("empty-group", "version: 1\ncards:\n  - items:\n      - { title: A, items: [] }\n"),
        ] {
            let url = dir.appendingPathComponent("\(name).yaml")
            try text.write(to: url, atomically: true, encoding: .utf8)
            bad.append(url.path)
        }
        let verdicts = try runChecker(schema: schema, documents: fixtures + bad)
        for fixture in fixtures {
            let decoder = try CLIRunner.run(["validate", fixture])
            let decoderAccepts = decoder.status == 0
            let schemaAccepts = verdicts[fixture] == "valid"
            XCTAssertEqual(
                decoderAccepts, schemaAccepts,
                "\(fixture): decoder \(decoder.stderr) schema \(verdicts[fixture] ?? "?")")
        }
        for path in bad {
            XCTAssertEqual(try CLIRunner.run(["validate", path]).status, 2, path)
            XCTAssertTrue(verdicts[path]?.hasPrefix("invalid") ?? false, "\(path): the schema should reject it")
        }
    }
}
