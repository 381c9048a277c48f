import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TimelineKit

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render each card (or, with --feed, each input) as images.",
        discussion: """
            Images go to OUT/<card-id>.<ext> for one input, OUT/<input-name>/<card-id>.<ext> for \
            several, and OUT/<input-name>.<ext> with --feed. -o - writes the single image to standard \
            output; -o NAME.svg names the file when there is exactly one image.
            """)

    @OptionGroup var input: InputFlags
    @OptionGroup var image: ImageFlags

    @Option(name: .shortAndLong, help: "Output folder, file (NAME.svg|png|pdf), or - for standard output.")
    var output: String?

    @Option(help: "Image format: svg, png, pdf, or scene (the draw list as JSON, <card-id>.scene.json; repeatable; default svg, or the -o file's extension).")
    var format: [ImageFormat] = []

    @Option(help: "Threads: inputs render in parallel, and a big card's text is shaped on the threads left over (default: the number of cores, which is also the most).")
    var jobs: Int?

    @Flag(help: "Print the time spent in each phase (read, decode, layout, shape, paint, encode, write) on standard error.")
    var timings = false

    @Flag(help: "List each file written.")
    var verbose = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        let target = OutputTarget(output)
        if case .directory(let folder) = target, FileKind(atPath: folder) == .other {
            throw ValidationError("-o \(folder) is a file, not a folder; -o takes a folder, a file NAME.svg, NAME.png or NAME.pdf for a single image, or - for standard output")
        }
        if let implied = target.impliedFormat, !format.isEmpty, format != [implied] {
            throw ValidationError("-o \(output ?? "") names a .\(implied.rawValue) file but --format asks for \(format.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        let target = OutputTarget(output)
        var formats = format.isEmpty ? [target.impliedFormat ?? .svg] : format
        formats = formats.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        var readTime = PhaseTimings()
        let sources = try measureTime(&readTime.read) { try input.loadSources() }
        var batch = BatchRender(options: image.options(formats: formats, limits: input.limits), jobs: jobs ?? BatchRender.cores)
        batch.keepsRenderers = true // the process ends after this command
        let progress = ProgressReporter(total: sources.count)
        var result = batch.render(sources, progress: progress.update)
        progress.finish()
        result.timings.add(readTime)
        if !result.problems.isEmpty {
            Diagnostics.print(result.problems.joined(separator: "\n"))
        }
        if let failure = result.failure { Diagnostics.print(failure) }
        guard result.exitCode == 0 else { throw ExitCode(result.exitCode) }

        let writer = OutputWriter(target: target, multipleInputs: sources.count > 1, feed: image.feed)
        var count = 0
        do {
            try batch.write(result.outputs, with: writer, timings: &result.timings) { path in
                count += 1
                if verbose { Diagnostics.print("wrote \(path)") }
            }
        } catch let failure as RenderFailure {
            Diagnostics.print(failure.description)
            throw ExitCode(failure.exitCode)
        }
        if timings { Diagnostics.print(result.timings.summary) }
        if verbose || progress.isInteractive {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            Diagnostics.print("\(count) image\(count == 1 ? "" : "s") in \(decimalText(seconds, places: 1)) s")
        }
    }
}
