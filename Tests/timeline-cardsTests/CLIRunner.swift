import Foundation
import XCTest

/// Runs the built `timeline-cards` executable, as a user's shell would.
struct CLIRunner {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable next to the test bundle (same build), else the package's debug build.
    static var executable: URL {
        let besideTests = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("timeline-cards")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        for candidate in [".build/debug/timeline-cards", ".build/x86_64-unknown-linux-gnu/debug/timeline-cards"] {
            let url = root.appendingPathComponent(candidate)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return besideTests
    }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
                    directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes while the process runs so a full pipe never blocks it.
        final class Box: @unchecked Sendable { var data = Data() }
        let outBox = Box()
        let group = DispatchGroup()
        group.enter()
        let reader = output.fileHandleForReading
        DispatchQueue.global().async {
            outBox.data = reader.readDataToEndOfFile()
            group.leave()
        }
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: outBox.data, stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-cards-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func fixture(_ name: String) -> String { root.appendingPathComponent("fixtures/\(name)").path }
}
