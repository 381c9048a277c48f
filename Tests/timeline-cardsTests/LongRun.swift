import Foundation
import XCTest

/// The tool started in the background (`--watch`, `--serve`), its standard error written to a
/// file that the test reads. A file, not a pipe's readability handler: Foundation's handler once
/// stopped delivering in CI while the process went on rendering, and the test waited for lines
/// that had long been written.
final class LongRun {
    let process = Process()
    private let log: URL

    /// `limits` are prlimit's options (`--nofile=48`): prlimit sets them and becomes the tool, so
    /// `process` is the tool's own.
    init(_ arguments: [String], in folder: URL, limits: [String] = []) throws {
        log = try CLIRunner.temporaryDirectory().appendingPathComponent("stderr.log")
        try Data().write(to: log)
        if limits.isEmpty {
            process.executableURL = CLIRunner.executable
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: CLIRunner.prlimit)
            process.arguments = limits + ["--", CLIRunner.executable.path] + arguments
        }
        process.currentDirectoryURL = folder
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit { stop() }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// All the process has written to standard error so far.
    var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    func contains(_ needle: String) -> Bool { text.contains(needle) }

    /// Whether `needle` was written within `seconds`.
    func wait(for needle: String, seconds: Double = 20) -> Bool {
        wait(seconds: seconds) { $0.contains(needle) }
    }

    /// Whether standard error came to satisfy `condition` within `seconds`.
    func wait(seconds: Double = 20, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition(text)
    }
}
