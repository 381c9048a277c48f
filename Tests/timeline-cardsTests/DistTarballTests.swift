import Foundation
import XCTest

/// `make dist`'s tarball (scripts/make-dist.sh, here of this build: no release build inside the
/// tests): one relocatable folder that renders the same bytes wherever it is unpacked, with its own
/// fonts; the same bytes for two builds of one commit; and the action installing it (`tarball:`).
final class DistTarballTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try CLIRunner.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Builds the tarball of the tested binary into `output`; its path.
    func makeDist(into output: URL) throws -> URL {
        let result = try CLIRunner.run(
            [
                CLIRunner.root.appendingPathComponent("scripts/make-dist.sh").path, CLIRunner.executable.path,
                output.path,
            ],
            executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let path = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path)
    }

    func unpack(_ tarball: URL, into place: URL) throws -> URL {
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let result = try CLIRunner.run(
            ["tar", "-xzf", tarball.path, "-C", place.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(result.status, 0, result.stderr)
        return place.appendingPathComponent(tarball.deletingPathExtension().deletingPathExtension().lastPathComponent)
    }

    func testTheTarballRendersTheSameBytesFromAnyFolderWithItsOwnFonts() throws {
        let tarball = try makeDist(into: folder.appendingPathComponent("dist"))
        let version = try SubcommandParsingTests.changelogVersion()
        XCTAssertTrue(tarball.lastPathComponent.hasPrefix("timeline-cards-\(version)-linux-"), tarball.path)
        let one = try unpack(tarball, into: folder.appendingPathComponent("one"))
        let two = try unpack(tarball, into: folder.appendingPathComponent("two/deeper/still"))
        let files =
            InstallTests.installed.filter { !$0.hasSuffix(".ttf") } + [
                "share/timeline-cards/Fonts/Inter-Regular.otf", "README", "share/doc/timeline-cards/CHANGELOG.md",
            ]
        for file in files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: one.appendingPathComponent(file).path), file)
        }
        // A link on PATH to the unpacked binary: followed to find the fonts.
        let link = folder.appendingPathComponent("path/timeline-cards")
        try FileManager.default.createDirectory(
            at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: two.appendingPathComponent("bin/timeline-cards"))
        let input = CLIRunner.fixture("scripts.yaml")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        for format in ["svg", "png", "pdf"] {
            let built = try CLIRunner.run(["render", input, "-o", "-", "--format", format])
            XCTAssertEqual(built.status, 0, built.stderr)
            for tool in [one.appendingPathComponent("bin/timeline-cards"), link] {
                let unpacked = try CLIRunner.run(
                    ["render", input, "-o", "-", "--format", format], directory: elsewhere, executable: tool)
                XCTAssertEqual(unpacked.status, 0, unpacked.stderr)
                XCTAssertEqual(unpacked.stdout, built.stdout, "\(format) from \(tool.path)")
            }
        }
        #if os(Linux)
        let mapped = try InstallTests.fontFilesMapped(by: link, rendering: input, in: elsewhere)
        XCTAssertFalse(mapped.isEmpty)
        let fonts = two.appendingPathComponent("share/timeline-cards/Fonts").resolvingSymlinksInPath().path
        XCTAssertTrue(mapped.allSatisfy { $0.hasPrefix(fonts) }, "\(mapped)")
        #endif
    }

    func testTwoBuildsOfOneCommitAreTheSameBytes() throws {
        let first = try makeDist(into: folder.appendingPathComponent("first"))
        let second = try makeDist(into: folder.appendingPathComponent("second"))
        XCTAssertEqual(try Data(contentsOf: first), try Data(contentsOf: second))
    }

    func testTheActionInstallsATarballInsteadOfCompiling() throws {
        let tarball = try makeDist(into: folder.appendingPathComponent("dist"))
        let prefix = folder.appendingPathComponent("prefix")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TIMELINE_CARDS_FROM")
        environment.removeValue(forKey: "GITHUB_ACTION_PATH")
        environment["INPUT_TARBALL"] = tarball.path
        environment["INPUT_PREFIX"] = prefix.path
        environment["INPUT_INPUTS"] = CLIRunner.fixture("plain.yaml")
        environment["INPUT_EXPECTED"] = CLIRunner.root.appendingPathComponent("fixtures/expected").path
        environment["INPUT_ARGS"] = "--tolerance 1"
        environment["GITHUB_PATH"] = folder.appendingPathComponent("github-path").path
        let result = try CLIRunner.run(
            [CLIRunner.root.appendingPathComponent("scripts/ci-check.sh").path], directory: folder,
            environment: environment, executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("check: 2 of 2 images match"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/timeline-cards").path))
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: prefix.appendingPathComponent("share/timeline-cards/Fonts/Inter-Regular.otf").path))
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("github-path"), encoding: .utf8),
            prefix.appendingPathComponent("bin").path + "\n")
    }
}
