import ArgumentParser
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
            matches, 1 on a mismatch or missing image, 2 when an expected image cannot be used.
            """)

    @OptionGroup var input: InputFlags
    @OptionGroup var image: ImageFlags

    @Option(help: "The folder of expected images.")
    var expected: String

    @Option(help: "Image format to compare: svg or png (repeatable; default both).")
    var format: [CheckFormat] = []

    @Option(help: "Largest PNG channel difference accepted (0-255).")
    var tolerance = 0

    @Option(help: "Write a diff PNG (expected | difference | actual) for each PNG mismatch into this folder.")
    var diff: String?

    @Flag(help: "Write the rendered images as the expected ones instead of comparing.")
    var record = false

    @Option(
        help: ArgumentHelp(
            "Threads: inputs render in parallel, and a big card's text is shaped on the threads left over (default: "
                + "the number of cores, which is also the most).")
    )
    var jobs: Int?

    @Flag(help: "List every image compared or recorded.")
    var verbose = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if !(0...255).contains(tolerance) { throw ValidationError("--tolerance must be between 0 and 255") }
    }

    func run() throws {
        var formats = format.isEmpty ? [ImageFormat.svg, .png] : format.map(\.imageFormat)
        formats = formats.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        let golden = GoldenCheck(directory: expected, tolerance: tolerance, diffDirectory: diff, record: record)
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
        if let failure = result.failure { _ = Diagnostics.report(failure) }
        guard result.exitCode == 0 else { throw ExitCode(result.exitCode) }

        let report: GoldenCheck.Report
        do {
            report = try golden.run(result.outputs, feed: image.feed)
        } catch let failure as RenderFailure {
            throw ExitCode(Diagnostics.report(failure))
        }
        for problem in report.problems { Diagnostics.print(problem.description) }
        for mismatch in report.mismatches { Diagnostics.print(mismatch.description) }
        if record {
            for line in report.recordSummary { Diagnostics.print(line) }
            let counts = Dictionary(grouping: report.recorded, by: \.status).mapValues(\.count)
            Diagnostics.print(
                "recorded: \(counts[.new] ?? 0) new, \(counts[.changed] ?? 0) changed, \(counts[.unchanged] ?? 0) "
                    + "unchanged"
            )
        } else {
            if verbose { for path in report.matched { Diagnostics.print("matches: \(path)") } }
            let total = report.matched.count + report.mismatches.count + report.problems.count
            if report.exitCode != 0 || verbose {
                Diagnostics.print("check: \(report.matched.count) of \(total) image\(total == 1 ? "" : "s") match")
            }
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}

/// What `check` compares: PDF files carry no stable bytes or pixels to compare.
enum CheckFormat: String, RawValueArgument {
    case svg, png
    var imageFormat: ImageFormat { self == .svg ? .svg : .png }
}
