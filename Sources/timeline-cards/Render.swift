import ArgumentParser
import Dispatch
import TimelineCairo
import TimelineCommandSupport
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Render: ParsableCommand {
    /// Standard input starting with `{` or `[` is read as strict JSON, which a YAML flow mapping
    /// also starts with: say so when it failed.
    static let sniffedJSONNote =
        "note: standard input was read as JSON, as it starts with '{' or '['; "
        + "for YAML, pass --input-format yaml"

    static let configuration = CommandConfiguration(
        commandName: "render",
        _superCommandName: "timeline-cards",
        abstract: "Render each card (or, with --feed, each input) as images.",
        discussion: """
            Images go to OUT/<card-id>.<ext> for one input, OUT/<input-name>/<card-id>.<ext> for \
            several (or with --shard), and OUT/<input-name>.<ext> with --feed. -o - writes the single \
            image to standard output; -o NAME.svg names the file when there is exactly one image. \
            A Markdown input (page.md -o out/page.md) has each ```timeline block (and each ```mermaid \
            timeline) rendered to an image named by its card's id, beside the output page or in the \
            --assets folder, which the page links in place of the block; --check fails when one is stale. \
            Mermaid timeline files (.mmd) are inputs like YAML and JSON; --verbose notes the \
            configuration they hold that cards do not use.
            """)

    @OptionGroup var input: InputFlags
    @OptionGroup var image: ImageFlags

    @Option(
        name: .shortAndLong,
        help: "Output folder, file (NAME.svg|png|pdf, or NAME.md for a Markdown input), or - for standard output.",
        completion: .file(extensions: ["svg", "png", "pdf", "md"]))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Image format: svg, png, pdf, or scene (the draw list as JSON, <card-id>.scene.json; repeatable; default "
                + "svg, or the -o file's extension).")
    )
    var format: [ImageFormat] = []

    @Option(
        help: ArgumentHelp(
            "Threads: inputs render in parallel, and a big card's images are made on the threads left over (default: "
                + "the number of cores, which is also the most).")
    )
    var jobs: Int?

    @Flag(
        help:
            "Print the time spent in each phase (read, decode, layout, shape, paint, encode, write) on standard error.")
    var timings = false

    @Flag(help: "List each file written.")
    var verbose = false

    @Flag(help: "Keep running and render again whenever an input, its theme or its icons change (stop with Ctrl-C).")
    var watch = false

    @Flag(
        help: ArgumentHelp(
            "Watch as --watch does, and serve the images on http://localhost:PORT/ in a page that shows each new "
                + "round as it ends, and a bad round's errors above the last good images."))
    var serve = false

    @Option(help: "The port --serve listens on, on 127.0.0.1 and [::1] only (default 8100; 0: any free port).")
    var port: Int?

    /// Whether the command keeps running and renders again on every change.
    var watching: Bool { watch || serve }

    @Flag(
        help: ArgumentHelp(
            "Markdown pages: give each block of a file naming no theme a dark image too (the dark theme), linked as "
                + "a <picture> with a prefers-color-scheme: dark source, as theme: auto blocks always are."))
    var darkVariants = false

    @Option(
        help: ArgumentHelp(
            "Markdown pages: the folder the images go in (default: the output page's); the page links them there.",
            valueName: "dir"),
        completion: .directory)
    var assets: String?

    @Flag(
        help: ArgumentHelp(
            "Markdown pages: write nothing; exit 1 when an image or a link of the output page is missing or stale "
                + "(for CI)."))
    var check = false

    var markdownInput: String? {
        input.inputs.first { MarkdownRender.isMarkdown($0) }
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let page = markdownInput {
            if input.inputs.count > 1 {
                throw ValidationError("a Markdown page (\(page)) is rendered alone; give it as the only input")
            }
            if output == "-" {
                throw ValidationError(
                    "-o - cannot take a Markdown page; name the output page, e.g. -o "
                        + "out/\(page.split(separator: "/").last ?? "page.md")"
                )
            }
            if check, watching { throw ValidationError("--check compares once; it cannot be used with --watch") }
            if let assets, FileKind(atPath: assets) == .other {
                throw ValidationError("--assets \(assets) is a file, not a folder")
            }
            return
        }
        for (flag, used) in [("--dark-variants", darkVariants), ("--assets", assets != nil), ("--check", check)]
        where used {
            throw ValidationError("\(flag) is for Markdown pages (render page.md -o out/page.md)")
        }
        if let output, output != "-", !output.hasSuffix("/") {
            let ext = PathName.fileExtension(of: output).lowercased()
            if !ext.isEmpty, OutputTarget(output).impliedFormat == nil, FileKind(atPath: output) != .directory {
                if MarkdownRender.isMarkdown(output) {
                    throw ValidationError(
                        "-o \(output) is a Markdown page, but the input is not one: render page.md -o \(output)")
                }
                throw ValidationError(
                    "-o \(output): timeline-cards does not write .\(ext) files; name a .svg, .png, .pdf or .scene.json "
                        + "file, or a folder (end it with / if its name has a dot)"
                )
            }
        }
        let target = OutputTarget(output)
        if case .directory(let folder) = target, FileKind(atPath: folder) == .other {
            throw ValidationError(
                "-o \(folder) is a file, not a folder; -o takes a folder, a file NAME.svg, NAME.png or NAME.pdf for a "
                    + "single image, or - for standard output"
            )
        }
        if let implied = target.impliedFormat, !format.isEmpty, format != [implied] {
            throw ValidationError(
                "-o \(output ?? "") names a .\(implied.rawValue) file but --format asks for "
                    + "\(format.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let watchFlag = serve ? "--serve" : "--watch"
        if watching, output == "-" {
            throw ValidationError("\(watchFlag) writes files; it cannot write to standard output (-o -)")
        }
        if watching, input.inputs.contains("-") {
            throw ValidationError("\(watchFlag) cannot watch standard input (-)")
        }
        if let port, !serve { throw ValidationError("--port \(port) is for --serve") }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
    }

    /// What one render did, for `--watch` to report and to know what to watch next.
    struct Outcome {
        var exitCode: Int32 = 0
        var written = 0
        var problems = 0
        var interest = FileWatcher.Interest()
        /// With `--serve`: every file written, by its path, with its bytes (served from memory).
        var images: [String: EncodedImage] = [:]
    }

    func run() throws {
        guard watching else {
            let outcome = renderOnce()
            if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
            return
        }
        let watcher = try FileWatcher()
        let server = try serve ? startPreview() : nil
        var interest = FileWatcher.Interest()
        var round = 0
        while true {
            round += 1
            let start = DispatchTime.now().uptimeNanoseconds
            let started = FileWatcher.Moment.now()
            if server != nil { Diagnostics.startRecording() }
            let outcome = renderOnce()
            let problems = Diagnostics.takeRecorded()
            let seconds = decimalText(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, places: 2)
            let summary: String
            if outcome.exitCode == 0 {
                summary =
                    "render \(round): \(outcome.written) image\(outcome.written == 1 ? "" : "s") written in \(seconds) "
                    + "s; watching for changes"
                interest = outcome.interest
            } else {
                let what =
                    outcome.problems > 0 ? "\(outcome.problems) problem\(outcome.problems == 1 ? "" : "s")" : "failed"
                let kept = interest.written.isEmpty ? "no image yet" : "the last good images are kept"
                summary = "render \(round): \(what); \(kept); watching for changes"
                // Keep watching what the last good render named (icons), and the inputs themselves.
                interest.files.formUnion(outcome.interest.files)
                interest.folders.formUnion(outcome.interest.folders)
            }
            Diagnostics.print(summary)
            server?.publish(
                round: round, summary: summary, problems: problems,
                images: outcome.exitCode == 0 ? outcome.images : nil)
            watcher.waitForChange(interest, since: started)
        }
    }

    /// The preview server of `--serve`, listening before the first round; its addresses printed.
    private func startPreview() throws -> PreviewServer {
        do {
            let server = try PreviewServer(port: port ?? 8100)
            server.start()
            Diagnostics.print("serving \(server.addresses.joined(separator: " and ")) (stop with Ctrl-C)")
            return server
        } catch let failure as PreviewListeners.Failure {
            Diagnostics.print(failure.description)
            throw ExitCode(3)
        }
    }

    private func renderOnce() -> Outcome {
        if let page = markdownInput {
            return MarkdownRender(
                page: page, output: output, formats: format.isEmpty ? [.svg] : format,
                options: image.options(formats: format.isEmpty ? [.svg] : format, limits: input.limits),
                verbose: verbose, darkVariants: darkVariants, assets: assets, check: check, keepsImages: serve
            ).run()
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let target = OutputTarget(output)
        var formats = format.isEmpty ? [target.impliedFormat ?? .svg] : format
        formats = formats.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        var outcome = Outcome()
        // Only --watch reads what to watch; resolving the paths costs every other run.
        if watching { outcome.interest = inputInterest }
        var readTime = PhaseTimings()
        let loaded: (sources: [InputSource], total: Int)
        do {
            loaded = try measureTime(&readTime.read) { try input.listSources() }
        } catch {
            outcome.exitCode = Diagnostics.report(error)
            return outcome
        }
        let writer = OutputWriter(
            target: target, multipleInputs: loaded.total > 1 || input.shard != nil, feed: image.feed)
        writer.startRemovingStaleTemporaries()
        var batch = BatchRender(
            options: image.options(formats: formats, limits: input.limits), jobs: jobs ?? BatchRender.cores)
        batch.keepsRenderers = !watching // the process ends after this command
        if watching { outcome.interest.files.formUnion(iconFiles(of: loaded.sources, options: batch.options)) }
        let progress = ProgressReporter(total: loaded.sources.count)
        let staging = StagedImages.canStage(target) ? StagedImages(writer: writer, inputs: loaded.sources) : nil
        staging?.keepsImages = serve
        var result = batch.render(loaded.sources, progress: progress.update, staging: staging)
        progress.finish()
        result.timings.add(readTime)
        if verbose { TimelineKit.mermaidNotes(loaded.sources, limits: input.limits).forEach(Diagnostics.print) }
        printProblems(of: result, sources: loaded.sources)
        if let failure = result.failure { _ = Diagnostics.report(failure) }
        outcome.problems = result.problems.count
        outcome.exitCode = result.exitCode
        guard result.exitCode == 0 else {
            staging?.discard()
            return outcome
        }
        if let staging {
            commit(staging, timings: &result.timings, into: &outcome)
        } else {
            write(&result, with: writer, batch: batch, into: &outcome)
        }
        guard outcome.exitCode == 0 else { return outcome }
        if timings { Diagnostics.print(result.timings.summary) }
        if !watching, verbose || progress.isInteractive {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            Diagnostics.print(
                "\(outcome.written) image\(outcome.written == 1 ? "" : "s") in \(decimalText(seconds, places: 1)) s")
        }
        return outcome
    }

    /// A batch's problems, and a note when standard input was sniffed as JSON and failed.
    private func printProblems(of result: BatchRender.Result, sources: [InputSource]) {
        Diagnostics.print(result.problems)
        let stdin = InputSource.standardInputName
        if input.inputFormat == nil, result.problems.contains(where: { $0.file == stdin }),
            sources.contains(where: { $0.displayName == stdin && $0.format == .json })
        {
            Diagnostics.print(Self.sniffedJSONNote)
        }
    }

    /// Puts a batch's staged images in place, counting them in `outcome` (and its exit code on a
    /// failure).
    private func commit(_ staging: StagedImages, timings: inout PhaseTimings, into outcome: inout Outcome) {
        do {
            try measureTime(&timings.write) {
                try staging.commit { path, image in
                    outcome.written += 1
                    if let image { outcome.images[path] = image }
                    if watching { outcome.interest.written.insert(FileWatcher.absolute(path)) }
                    if verbose { Diagnostics.print("wrote \(path)") }
                }
            }
        } catch {
            outcome.exitCode = Diagnostics.report(error)
        }
    }

    /// Writes a batch's images, counting them in `outcome` (and its exit code on a failure).
    private func write(
        _ result: inout BatchRender.Result, with writer: OutputWriter, batch: BatchRender, into outcome: inout Outcome
    ) {
        // One file or a folder not staged: the images are still in the outputs, by their paths.
        var made: [String: EncodedImage] = [:]
        if serve {
            for output in result.outputs {
                for image in output.images {
                    made[writer.path(for: image, input: output.input.baseName)] = image.encoded
                }
            }
        }
        do {
            try batch.write(result.outputs, with: writer, timings: &result.timings) { path in
                outcome.written += 1
                if let image = made[path] { outcome.images[path] = image }
                if watching { outcome.interest.written.insert(FileWatcher.absolute(path)) }
                if verbose { Diagnostics.print("wrote \(path)") }
            }
        } catch {
            outcome.exitCode = Diagnostics.report(error)
        }
    }

    /// What `--watch` watches before any input is decoded: the inputs (a folder's inputs and theme
    /// files through the folder), the folders around input files (their theme files), `--theme`'s file.
    private var inputInterest: FileWatcher.Interest {
        var interest = FileWatcher.Interest()
        for path in input.inputs where path != "-" {
            if FileKind(atPath: path) == .directory {
                interest.folders.insert(FileWatcher.absolute(path))
            } else {
                interest.files.insert(FileWatcher.absolute(path))
                interest.folders.insert(FileWatcher.absolute(path + "/.."))
            }
        }
        if let theme = image.theme, FileKind(atPath: theme) != nil {
            interest.files.insert(FileWatcher.absolute(theme))
        }
        return interest
    }

    /// The icon files the inputs name (by absolute path), for `--watch`.
    private func iconFiles(of sources: [InputSource], options: RenderOptions) -> Set<String> {
        guard let renderer = try? TimelineRenderer(options: options) else { return [] }
        var files: Set<String> = []
        for source in sources {
            if let document = try? renderer.decode(renderer.read(source)) { files.formUnion(document.icons.keys) }
        }
        return files
    }
}
