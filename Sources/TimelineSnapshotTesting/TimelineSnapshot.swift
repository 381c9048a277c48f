import Foundation
import IssueReporting
import TimelineCommandSupport
import TimelineGolden
import TimelineKit

#if canImport(Testing)
import Testing
#endif

/// The work behind `assertTimelineSnapshot`, returning its failures instead of reporting them.
public enum TimelineSnapshot {
    /// One reason an assertion fails, with the files worth attaching.
    public struct Failure: Sendable, CustomStringConvertible {
        /// What failed, with the paths of the goldens and artifacts concerned.
        public var message: String
        /// Artifacts written for it (diff PNG, rendered image), by path.
        public var artifacts: [String] = []
        /// The message.
        public var description: String { message }
    }

    /// The folder of one test file's goldens: `__Snapshots__/<TestFile>/` beside it.
    public static func snapshotDirectory(forTestFile filePath: String) -> URL {
        let file = URL(fileURLWithPath: filePath)
        return file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    }

    /// Where the artifacts of a failed assertion in `testFile` go: `TIMELINE_ARTIFACTS`, else
    /// `.build/timeline-snapshots` in the package the test file belongs to (the nearest folder
    /// above it with a `Package.swift`), not a folder every project on the machine shares; else
    /// `timeline-snapshots` in the temporary folder.
    public static func artifactsDirectory(forTestFile testFile: String) -> URL {
        if let folder = Environment.value("TIMELINE_ARTIFACTS"), !folder.isEmpty { return URL(fileURLWithPath: folder) }
        var folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while folder.path != "/", !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/timeline-snapshots")
            }
            folder = folder.deletingLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("timeline-snapshots")
    }

    /// `testRelease()` → `testRelease`; anything but letters, digits, `-`, `_` and `.` → `-`.
    static func sanitized(_ name: String) -> String {
        let base = name.split(separator: "(").first.map(String.init) ?? name
        return String(base.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
    }

    /// Assertions made so far per test, so that a second unnamed one gets names of its own.
    private final class Counter: @unchecked Sendable {
        let lock = Lock()
        var counts: [String: Int] = [:]
        func next(_ key: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            counts[key, default: 0] += 1
            return counts[key] ?? 1
        }
    }
    private static let counter = Counter()

    /// Whether the running test is a case of a parameterized Swift Testing test: its cases run
    /// in parallel, in any order, so an unnamed assertion cannot be named by counting (the
    /// counter once gave `card.2` to whichever case came second, and later runs failed).
    static var isParameterizedCase: Bool {
        #if canImport(Testing)
        return Test.Case.current?.isParameterized ?? false
        #else
        return false
        #endif
    }

    static let unnamedInParameterizedTest =
        "an unnamed snapshot in a parameterized test: its cases run in parallel, in any order, so they cannot be "
        + "told apart by counting; give each case a name from its argument, e.g. "
        + "assertTimelineSnapshot(of: input, named: \"\\(argument)\")"

    /// Renders with `render`, then compares, records and writes artifacts as the mode says.
    public static func verify(
        render: (RenderOptions) throws -> [RenderedImage], formats: [ImageFormat],
        named name: String?, record: SnapshotRecordMode?, options: RenderOptions,
        tolerance: Int, filePath: String, testName: String
    ) -> [Failure] {
        guard let mode = record ?? SnapshotRecordMode.fromEnvironment() else {
            return [
                Failure(
                    message:
                        "TIMELINE_RECORD='\(Environment.value("TIMELINE_RECORD") ?? "")' is not one of all, missing, "
                        + "failed, never"
                )
            ]
        }
        var options = options
        options.formats = formats.isEmpty ? [.png] : formats
        let images: [RenderedImage]
        do {
            images = try render(options)
        } catch {
            return [Failure(message: "cannot render the timeline:\n\(error)")]
        }
        if name == nil, isParameterizedCase { return [Failure(message: Self.unnamedInParameterizedTest)] }
        let test = sanitized(testName)
        var stem = name.map { "\(test).\(sanitized($0))" } ?? test
        if name == nil {
            let count = counter.next(filePath + "\u{0}" + test)
            if count > 1 { stem += ".\(count)" }
        }
        let goldens = snapshotDirectory(forTestFile: filePath)
        let artifacts = artifactsDirectory(forTestFile: filePath).appendingPathComponent(goldens.lastPathComponent)
        return images.compactMap { image in
            let imageStem = goldenStem(stem, card: image.name)
            return compare(
                image, golden: goldens.appendingPathComponent("\(imageStem).\(image.format.fileExtension)"),
                artifacts: artifacts, artifactStem: imageStem, mode: mode, tolerance: tolerance,
                limits: options.limits)
        }
    }

    /// `stem.card`, or `stem` alone when its last part already is the card's id: an assertion
    /// named after its card gives `testRelease.release.png`, not `testRelease.release.release.png`.
    package static func goldenStem(_ stem: String, card: String) -> String {
        stem.split(separator: ".").last.map(String.init) == card ? stem : "\(stem).\(card)"
    }

    static func compare(
        _ image: RenderedImage, golden: URL, artifacts: URL, artifactStem: String,
        mode: SnapshotRecordMode, tolerance: Int, limits: Limits
    ) -> Failure? {
        let diffPath = artifacts.appendingPathComponent("\(artifactStem).diff.png").path
        let check = GoldenCheck(
            directory: golden.deletingLastPathComponent().path, tolerance: tolerance,
            recordHint: "set TIMELINE_RECORD=missing", limits: limits)
        var report = GoldenCheck.Report()
        do {
            try check.check(image, at: golden.path, diffPath: image.format == .png ? diffPath : nil, into: &report)
        } catch {
            return Failure(message: "\(error)")
        }
        if let problem = report.problems.first { return Failure(message: problem.description) }
        func write() -> Failure? {
            do {
                try OutputWriter.writeAtomically(
                    image.data, to: golden.path, below: golden.deletingLastPathComponent().path)
                return nil
            } catch {
                return Failure(message: "cannot record \(golden.path): \(error)")
            }
        }
        if !report.matched.isEmpty {
            guard mode == .all else { return nil }
            return write() ?? Failure(message: "\(golden.path): recorded (TIMELINE_RECORD=all), run again without it")
        }
        guard let mismatch = report.mismatches.first else { return nil }
        if case .missing = mismatch.kind {
            guard mode != .never else {
                return Failure(
                    message:
                        "\(golden.path): no golden image (TIMELINE_RECORD=never); run with TIMELINE_RECORD=missing to "
                        + "record it"
                )
            }
            return write() ?? Failure(message: "\(golden.path): no golden image; recorded, run again")
        }
        var failure = Failure(message: mismatch.description)
        let actual = artifacts.appendingPathComponent("\(artifactStem).actual.\(image.format.fileExtension)").path
        if (try? OutputWriter.writeAtomically(image.data, to: actual, below: artifacts.path)) != nil {
            failure.artifacts.append(actual)
        }
        if let diff = mismatch.diffPath { failure.artifacts.insert(diff, at: 0) }
        if !failure.artifacts.isEmpty {
            failure.message += "\nartifacts: \(failure.artifacts.joined(separator: ", "))"
        }
        if mode == .failed || mode == .all {
            if let error = write() { return error }
            failure.message += "\nrecorded the new image (TIMELINE_RECORD=\(mode.rawValue)), run again"
        }
        return failure
    }

    /// Fails the running test once per failure at the caller's place, attaching artifacts where
    /// the test framework takes them (Swift Testing). Under Swift Testing the issue is recorded
    /// directly (IssueReporting finds Testing's symbols by name, which not every toolchain keeps);
    /// under XCTest on Linux by XCTest's own XCTFail (`XCTestFailure`); otherwise, or when issue
    /// reporters are overridden, through IssueReporting.
    public static func report(
        _ failures: [Failure], fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
        for failure in failures {
            #if canImport(Testing)
            if Test.current != nil, IssueReporters.current.count == 1, IssueReporters.current.first is _DefaultReporter
            {
                let location = Testing.SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
                Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
                for path in failure.artifacts {
                    guard let data = FileManager.default.contents(atPath: path) else { continue }
                    Attachment.record(
                        [UInt8](data), named: URL(fileURLWithPath: path).lastPathComponent, sourceLocation: location)
                }
                continue
            }
            #endif
            #if os(Linux)
            if IssueReporters.current.count == 1, IssueReporters.current.first is _DefaultReporter,
                let fail = XCTestFailure.function()
            {
                fail(failure.message, filePath, line)
                continue
            }
            #endif
            reportIssue(failure.message, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}
