import TimelineCommandSupport
import TimelineKit
import TimelineModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Golden-image checks for users' own XCTest or Swift Testing suites.
///
/// ```swift
/// let mismatches = try GoldenCheck.assertImages(ofFile: input, matchIn: goldens)
/// XCTAssert(mismatches.isEmpty, mismatches.map(\.description).joined(separator: "\n"))
/// ```
/// Run the tests with `TIMELINE_RECORD=1` to (re-)record the goldens.
extension GoldenCheck {
    /// SVG and PNG at their default scales: what `check` compares by default.
    public static var defaultOptions: RenderOptions {
        var options = RenderOptions()
        options.formats = [.svg, .png]
        return options
    }

    /// Goldens that cannot be used; thrown so a test fails on them rather than passing.
    public struct SetupProblems: Error, Sendable, CustomStringConvertible {
        /// Each golden that cannot be used, and why.
        public var problems: [SetupProblem]
        /// One `path: error: reason` line per problem.
        public var description: String { problems.map(\.description).joined(separator: "\n") }
    }

    /// Renders `document` and compares every image with its golden in `directory`
    /// (`<card-id>.<ext>`, or `<name>.<ext>` when `options.feed` is set).
    ///
    /// `options.now` applies; `options.theme` does not (a decoded document's theme is resolved).
    /// - Returns: the mismatches, empty when everything matches or was recorded.
    /// - Throws: `RenderFailure` when rendering fails, `SetupProblems` when a golden cannot be used.
    public static func assertImages(
        of document: Document, named name: String, matchIn directory: URL,
        options: RenderOptions = defaultOptions, tolerance: Int = 0,
        diffDirectory: URL? = nil, record: Bool = recordModeFromEnvironment,
        recordHint: String = "run the tests with TIMELINE_RECORD=1"
    ) throws -> [Mismatch] {
        try report(
            of: document, named: name, matchIn: directory, options: options, tolerance: tolerance,
            diffDirectory: diffDirectory, record: record, recordHint: recordHint
        ).checkedMismatches()
    }

    /// Reads a YAML or JSON file (applying `options.now` and `options.theme`) and compares its
    /// images as `assertImages(of:named:matchIn:)` does, naming a feed after the file.
    public static func assertImages(
        ofFile file: URL, matchIn directory: URL,
        options: RenderOptions = defaultOptions, tolerance: Int = 0,
        diffDirectory: URL? = nil, record: Bool = recordModeFromEnvironment,
        recordHint: String = "run the tests with TIMELINE_RECORD=1"
    ) throws -> [Mismatch] {
        try report(
            ofFile: file, matchIn: directory, options: options, tolerance: tolerance,
            diffDirectory: diffDirectory, record: record, recordHint: recordHint
        ).checkedMismatches()
    }

    /// The full report for a document: matches, mismatches, unusable goldens and what was recorded.
    public static func report(
        of document: Document, named name: String, matchIn directory: URL,
        options: RenderOptions = defaultOptions, tolerance: Int = 0,
        diffDirectory: URL? = nil, record: Bool = recordModeFromEnvironment,
        recordHint: String = "run the tests with TIMELINE_RECORD=1"
    ) throws -> Report {
        var document = document
        if let now = options.now {
            document.now = now
            for index in document.cards.indices { document.cards[index].now = now }
        }
        let images = try TimelineRenderer(options: options).render(document, name: name)
        let source = InputSource(
            displayName: name, baseName: name, data: Data(), format: nil, directory: directory.path)
        var check = GoldenCheck(
            directory: directory.path, tolerance: tolerance, diffDirectory: diffDirectory?.path,
            record: record, recordHint: recordHint, limits: options.limits
        )
        check.keepsManifest = false
        return try check.run([BatchRender.Output(input: source, images: images)], feed: options.feed, layout: .flat)
    }

    /// The full report for a YAML or JSON file.
    public static func report(
        ofFile file: URL, matchIn directory: URL,
        options: RenderOptions = defaultOptions, tolerance: Int = 0,
        diffDirectory: URL? = nil, record: Bool = recordModeFromEnvironment,
        recordHint: String = "run the tests with TIMELINE_RECORD=1"
    ) throws -> Report {
        let sources: [InputSource]
        do {
            sources = try InputSource.load([file.path], maxBytes: options.limits.maxInputBytes)
        } catch let error as InputSource.LoadError {
            throw RenderFailure.invalidInput([error.diagnostic])
        }
        let renderer = try TimelineRenderer(options: options)
        let outputs = try sources.map { source in
            BatchRender.Output(input: source, images: try renderer.render(source))
        }
        var check = GoldenCheck(
            directory: directory.path, tolerance: tolerance, diffDirectory: diffDirectory?.path,
            record: record, recordHint: recordHint, limits: options.limits
        )
        check.keepsManifest = false
        return try check.run(outputs, feed: options.feed, layout: .flat)
    }
}

extension GoldenCheck.Report {
    /// The mismatches, after throwing if any golden could not be used.
    func checkedMismatches() throws -> [GoldenCheck.Mismatch] {
        if !problems.isEmpty { throw GoldenCheck.SetupProblems(problems: problems) }
        return mismatches
    }

    /// One line per golden recorded, e.g. `new: fixtures/expected/demo/release-2.png`.
    public var recordSummary: [String] {
        recorded.map { "\($0.status.rawValue): \(MessageText.escaped($0.path))" }
    }

    /// While recording: one line per obsolete golden, left (without `--prune`) or removed.
    public var pruneSummary: [String] {
        let kept = Set(keptUnlisted)
        return obsolete.filter { !pruned.contains($0) && !kept.contains($0) }.map {
            "\(MessageText.escaped($0)): obsolete golden: no card of the inputs checked makes it (--prune removes it)"
        }
            + keptUnlisted.map {
                "\(MessageText.escaped($0)): obsolete golden, not removed: timeline-cards did not make it "
                    + "(\(GoldenManifest.fileName) does not list it); remove it by hand if it is not needed"
            } + pruned.map { "removed obsolete golden \(MessageText.escaped($0))" }
    }
}

extension GoldenCheck.Report {
    /// Adds what another check (of another folder) found.
    public mutating func merge(_ other: GoldenCheck.Report) {
        mismatches += other.mismatches
        problems += other.problems
        matched += other.matched
        recorded += other.recorded
        obsolete += other.obsolete
        pruned += other.pruned
        keptUnlisted += other.keptUnlisted
    }
}
