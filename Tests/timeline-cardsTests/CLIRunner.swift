import Foundation
import XCTest

/// Runs the built `timeline-cards` executable, as a user's shell would.
struct CLIRunner {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `timeline-cards` of this very build: beside the xctest bundle (whatever the scratch
    /// path), else the package's debug build.
    static var executable: URL {
        var folders: [URL] = []
        if let tests = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            folders.append(tests.bundleURL.deletingLastPathComponent())
            folders.append(tests.bundleURL)
        }
        if let arguments = ProcessInfo.processInfo.arguments.first {
            folders.append(URL(fileURLWithPath: arguments).deletingLastPathComponent())
        }
        folders.append(root.appendingPathComponent(".build/debug"))
        for folder in folders {
            let binary = folder.appendingPathComponent("timeline-cards")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return root.appendingPathComponent(".build/debug/timeline-cards")
    }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Whether this test process runs with ThreadSanitizer (`make tsan`, `swift test --sanitize=thread`):
    /// TSan's runtime, linked into every instrumented program, is there. The `timeline-cards` of the
    /// same build (`executable`) is then instrumented too.
    static let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

    /// The variable naming an uninstrumented `timeline-cards` of this commit, which `make tsan` sets.
    static let plainToolVariable = "TIMELINE_CARDS_PLAIN_TOOL"

    /// The tool a run under `limits` starts: `executable`, but under ThreadSanitizer with an
    /// address-space limit (`--as`) the uninstrumented tool `plainToolVariable` names, or a skip.
    /// TSan reserves terabytes of shadow memory and, finding a limit, re-executes itself without it,
    /// which the hard limit prlimit sets forbids ("setrlimit() failed 22", exit 66, before any of ours).
    static func tool(under limits: [String]) throws -> URL {
        guard underThreadSanitizer, limits.contains(where: { $0.hasPrefix("--as") }) else { return executable }
        let path = ProcessInfo.processInfo.environment[plainToolVariable] ?? ""
        guard !path.isEmpty, FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip(
                "an address-space limit cannot run a ThreadSanitizer build: set \(plainToolVariable) to a plain build"
                    + " of timeline-cards (make tsan does)")
        }
        return URL(fileURLWithPath: path)
    }

    /// The resource limits hostile cases run in, so that one exhausting memory fails alone: 1 GiB
    /// of address space.
    static let hostileLimits = ["--as=\(1 << 30)"]
    static let prlimit = "/usr/bin/prlimit"
    static var hasPrlimit: Bool { FileManager.default.isExecutableFile(atPath: prlimit) }

    /// Runs the tool to completion; both pipes are drained while it runs, so any output size works.
    /// `limits` are prlimit's options (`--as=BYTES`, `--fsize=BYTES`), applied where prlimit exists.
    /// `program` runs another program (an installed copy of the tool, make, a script) the same way.
    static func run(
        _ arguments: [String], directory: URL? = nil, stdin: Data? = nil,
        environment: [String: String]? = nil, limits: [String] = [], executable program: URL? = nil
    ) throws -> Result {
        let process = Process()
        if let program {
            process.executableURL = program
            process.arguments = arguments
        } else if !limits.isEmpty, hasPrlimit {
            process.executableURL = URL(fileURLWithPath: prlimit)
            process.arguments = limits + [try tool(under: limits).path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory ?? root
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
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
        return Result(
            status: process.terminationStatus, stdout: outBox.data, stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "timeline-cards-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func fixture(_ name: String) -> String { root.appendingPathComponent("fixtures/\(name)").path }

    /// Writes `text` to `path` inside `folder`, making the folders on the way.
    static func write(_ text: String, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
