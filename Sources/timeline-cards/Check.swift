import ArgumentParser
import TimelineCommandSupport
import TimelineGolden
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        _superCommandName: "timeline-cards",
        abstract: "Compare rendered images with committed ones (or record them with --record).",
        discussion: """
            Expected images have one layout whatever the number of inputs: \
            DIR/<input-name>/<card-id>.<ext>, and DIR/<input-name>.<ext> with --feed. SVG is compared \
            after normalizing ids, numbers and whitespace; PNG by decoded pixels. Exit 0 when everything \
            matches, 1 on a mismatch, a missing image or an obsolete one (no card makes it any more), 2 \
            when an input is bad (every good input is still compared) or an expected image cannot be used.
            """)

    @OptionGroup var input: InputFlags
    @OptionGroup var image: ImageFlags

    @Option(help: "The folder of expected images.", completion: .directory)
    var expected: String

    @Option(help: "Image format to compare: svg or png (repeatable; default both).")
    var format: [CheckFormat] = []

    @Option(help: "Largest PNG channel difference accepted (0-255).")
    var tolerance = 0

    @Option(
        help: ArgumentHelp(
            "Write NAME.actual.svg|png for each mismatch into this folder, and NAME.diff.png "
                + "(expected | difference | actual) for PNG."),
        completion: .directory)
    var diff: String?

    @Flag(help: "Write the rendered images as the expected ones instead of comparing.")
    var record = false

    @Flag(help: "With --record, remove expected images no checked input makes any more (a card renamed).")
    var prune = false

    @Option(
        help: ArgumentHelp(
            "Threads: inputs render in parallel, and a big card's images are made on the threads left over (default: "
                + "the number of cores, which is also the most).")
    )
    var jobs: Int?

    @Flag(help: "List every image compared or recorded.")
    var verbose = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if !(0...255).contains(tolerance) { throw ValidationError("--tolerance must be between 0 and 255") }
        if prune, !record { throw ValidationError("--prune removes goldens while recording: use it with --record") }
    }

    func run() throws {
        var formats = format.isEmpty ? [ImageFormat.svg, .png] : format.map(\.imageFormat)
        formats = formats.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        var golden = GoldenCheck(
            directory: expected, tolerance: tolerance, diffDirectory: diff, record: record, limits: input.limits)
        golden.prune = prune
        // A missing folder is bad setup: say so before spending time on rendering.
        if let problem = golden.directoryProblem {
            Diagnostics.print(problem.description)
            throw ExitCode(2)
        }
        let sources = try input.loadSources()
        var batch = BatchRender(
            options: image.options(formats: formats, limits: input.limits), jobs: jobs ?? BatchRender.cores)
        batch.keepsRenderers = true // the process ends after this command
        let result = batch.render(sources)
        Diagnostics.print(result.problems)
        if let failure = result.failure { throw ExitCode(Diagnostics.report(failure)) }
        // Bad inputs are told, and every good input is still compared; nothing is recorded then.
        if record, !result.problems.isEmpty { throw ExitCode(2) }
        let scope = GoldenCheck.Scope(
            inputs: sources.map(\.baseName), rendered: result.outputs.map(\.input.baseName),
            // A shard checks part of a folder: the other parts' goldens are not obsolete.
            coversFolders: input.shard == nil && input.inputs.allSatisfy { FileKind(atPath: $0) == .directory },
            extensions: Set(formats.map(\.fileExtension)))
        let report: GoldenCheck.Report
        do {
            report = try golden.run(result.outputs, feed: image.feed, scope: scope)
        } catch let failure as RenderFailure {
            throw ExitCode(Diagnostics.report(failure))
        }
        print(report, badInputs: result.problems.count)
        let code = result.problems.isEmpty ? report.exitCode : 2
        if code != 0 { throw ExitCode(code) }
    }

    /// Every problem, mismatch and obsolete golden, then a summary line.
    private func print(_ report: GoldenCheck.Report, badInputs: Int) {
        for problem in report.problems { Diagnostics.print(problem.description) }
        for mismatch in report.mismatches { Diagnostics.print(mismatch.description) }
        if record {
            for line in report.recordSummary { Diagnostics.print(line) }
            for line in report.pruneSummary { Diagnostics.print(line) }
            let counts = Dictionary(grouping: report.recorded, by: \.status).mapValues(\.count)
            Diagnostics.print(
                "recorded: \(counts[.new] ?? 0) new, \(counts[.changed] ?? 0) changed, \(counts[.unchanged] ?? 0) "
                    + "unchanged" + (report.pruned.isEmpty ? "" : ", \(report.pruned.count) removed"))
        } else {
            if verbose { for path in report.matched { Diagnostics.print("matches: \(path)") } }
            let total = report.matched.count + report.mismatches.count + report.problems.count
            // Always, success too: a CI log then shows that the check ran and on how many images.
            let bad = badInputs > 0 ? "; \(badInputs) problem\(badInputs == 1 ? "" : "s") in the inputs" : ""
            Diagnostics.print("check: \(report.matched.count) of \(total) image\(total == 1 ? "" : "s") match\(bad)")
        }
    }
}

/// What `check` compares: PDF files carry no stable bytes or pixels to compare.
enum CheckFormat: String, RawValueArgument {
    case svg, png
    var imageFormat: ImageFormat { self == .svg ? .svg : .png }
}
