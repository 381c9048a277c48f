import Dispatch
import TimelineCairo
import TimelineKit
import TimelineModel
import TimelineSpec
import TimelineThreads

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders many inputs on several threads, then writes only if every input rendered, each
/// input's images all or nothing.
public struct BatchRender {
    /// The options every input is rendered with.
    public var options: RenderOptions
    /// Threads to use, 1 to `cores`: every thread loads fonts of its own, so threads beyond the
    /// cores add no speed, only memory (and fontconfig fails past a few thousand). Larger values
    /// are clamped. With `options.systemFonts`, a batch renders on one thread.
    public var jobs: Int {
        didSet { jobs = Self.clampedJobs(jobs) }
    }
    /// Leaves the renderers (fonts, kept layouts, caches) allocated when done: for a process that
    /// exits right after, freeing them only delays the exit.
    package var keepsRenderers = false

    /// The cores this process may use, read once: every read parses the cgroup files.
    public static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// A batch of `jobs` threads (clamped to 1 ... `cores`).
    public init(options: RenderOptions, jobs: Int = BatchRender.cores) {
        self.options = options
        self.jobs = Self.clampedJobs(jobs)
    }

    static func clampedJobs(_ jobs: Int) -> Int {
        max(1, min(jobs, cores))
    }

    /// The threads a render uses: `jobs`, but one with the machine's fonts (`systemFonts`). The
    /// threads' font maps then share FreeType faces that cairo and Pango use without a common
    /// lock: drawing the boxes of characters no font has crashed in FreeType with two threads.
    var threads: Int { options.systemFonts ? 1 : jobs }

    /// What one input produced.
    public struct Output: Sendable {
        /// The input rendered.
        public var input: InputSource
        /// Its images, in the order `TimelineRenderer.render(_:)` made them.
        public var images: [RenderedImage]
        /// The files its document read besides itself (icons, a theme file): never to be replaced.
        public var filesRead: [String] = []

        /// An input and its images.
        public init(input: InputSource, images: [RenderedImage]) {
            self.input = input
            self.images = images
        }
    }

    /// What a batch produced: the images of the inputs that rendered, and every problem.
    public struct Result: Sendable {
        /// The inputs that rendered, in input order.
        public var outputs: [Output] = []
        /// Bad-input problems from every input, in input order.
        public var problems: [Diagnostic] = []
        /// The first failure other than bad input (fonts, cairo, files), if any.
        public var failure: RenderFailure?
        /// Time spent by every thread, by phase.
        public var timings = PhaseTimings()

        /// 0 when every input rendered, 2 for bad input, 3 for a failure (2 for unusable fonts).
        public var exitCode: Int32 { failure?.exitCode ?? (problems.isEmpty ? 0 : 2) }
    }

    /// Each input's result in its own slot (made for every input beforehand, so input order
    /// needs no scheduling), and each lane's renderer; written under the lock.
    private final class Slots: @unchecked Sendable {
        let lock = Lock()
        var outputs: [Output?]
        /// Each input's failure: bad input (its problems) or a failure of fonts, cairo or files.
        var failures: [RenderFailure?]
        /// Each lane's renderer, made for the lane's first input that needs fonts.
        var renderers: [TimelineRenderer?]
        /// Why renderers cannot be made: every lane fails alike (unusable font files, say).
        var unavailable: RenderFailure?
        var timings = PhaseTimings()
        var progress: ((Int) -> Void)?
        var done = 0
        init(count: Int, lanes: Int) {
            outputs = Array(repeating: nil, count: count)
            failures = Array(repeating: nil, count: count)
            renderers = Array(repeating: nil, count: lanes)
        }
        /// The outputs in input order, the bad inputs' problems, the first other failure.
        var result: Result {
            var result = Result()
            result.outputs = outputs.compactMap { $0 }
            for failure in ([unavailable] + failures).compactMap({ $0 }) {
                if case .invalidInput(let diagnostics) = failure {
                    result.problems += diagnostics
                } else if result.failure == nil {
                    result.failure = failure
                }
            }
            result.timings = timings
            return result
        }
    }

    /// Reads, decodes, lays out and encodes every input in memory. `progress` gets the number
    /// finished. With `staging`, each input's images are written to temporaries as soon as they
    /// are made and let go of (the outputs then hold no images); `StagedImages.commit` puts them
    /// in place. A thread that could not be started for the batch (a limit on processes) fails
    /// it, after its inputs rendered on the threads that did start: `failure` says so, and
    /// nothing is to be written; one thread (`jobs` 1) starts none.
    public func render(
        _ inputs: [InputSource], progress: ((Int) -> Void)? = nil, staging: StagedImages? = nil
    ) -> Result {
        // Pango works on the text thread alone; where it could not start, on one lane alone (and
        // a batch that wanted more fails as one whose lanes could not start).
        let wanted = min(threads, max(1, inputs.count))
        let textThreadFailed = wanted > 1 && TextThread.failedStart != nil
        let lanes = textThreadFailed ? 1 : wanted
        let slots = Slots(count: inputs.count, lanes: lanes)
        slots.progress = progress
        var perInput = options
        // Threads not needed for whole inputs write the images of one.
        perInput.threadsPerInput = max(1, threads / lanes)
        let options = perInput
        let keepsRenderers = keepsRenderers
        let failedBefore = Lanes.failedStarts.count
        Lanes.perform(iterations: inputs.count, threads: lanes) { index, lane in
            Self.render(
                inputs, index, lane: lane, into: slots, options: options, staging: staging, keeps: keepsRenderers)
        }
        for case let renderer? in slots.renderers {
            slots.timings.add(renderer.timings)
            if keepsRenderers { _ = Unmanaged.passRetained(renderer) }
        }
        var result = slots.result
        let failed = Lanes.failedStarts
        if failed.count > failedBefore || textThreadFailed, result.failure == nil {
            result.failure = .threads(Lanes.failureMessage(failed.reason ?? "unknown"))
        }
        return result
    }

    /// Renders the input at `index` on `lane` into its slot. A lane's first input is read and
    /// decoded before its renderer takes the fonts, which the first renderer waits for while
    /// they load on another thread (FontPreload).
    private static func render(
        _ inputs: [InputSource], _ index: Int, lane: Int, into slots: Slots, options: RenderOptions,
        staging: StagedImages?, keeps: Bool
    ) {
        let (stopped, made) = slots.lock.withLock { (slots.unavailable != nil, slots.renderers[lane]) }
        if stopped { return }
        let input = inputs[index]
        var renderer = made
        let ahead = renderer == nil ? TimelineRenderer.readAhead(input, options: options) : nil
        var output: Output?
        var failure: RenderFailure?
        do {
            output = try render(input, ahead: ahead, renderer: &renderer, options: options, keeps: keeps)
        } catch let unavailable as RendererUnavailable {
            slots.lock.withLock {
                slots.unavailable = slots.unavailable ?? Self.failure(unavailable.error, input: inputs.first)
            }
            return
        } catch {
            failure = Self.failure(error, input: input)
        }
        if let staging, let made = output { (output, failure) = staged(made, index: index, in: staging) }
        let done = slots.lock.withLock {
            slots.renderers[lane] = renderer
            slots.outputs[index] = output
            slots.failures[index] = failure
            slots.done += 1
            return slots.done
        }
        slots.progress?(done)
    }

    /// `input`'s images, by `renderer`, made here for the first input that needs fonts: an input
    /// that could not be read or decoded ahead is told as such without them (and so where they
    /// cannot be loaded at all). Throws `RendererUnavailable` when the renderer cannot be made.
    /// A renderer that `keeps` keeps the last document it drew (`keepsRenderers`).
    private static func render(
        _ input: InputSource, ahead: TimelineRenderer.Ahead?, renderer: inout TimelineRenderer?,
        options: RenderOptions, keeps: Bool
    ) throws -> Output {
        if let failed = ahead?.failure { throw failed }
        let made: TimelineRenderer
        do {
            made = try renderer ?? TimelineRenderer(options: options)
        } catch {
            throw RendererUnavailable(error: error)
        }
        made.keepsDrawnDocuments = keeps
        renderer = made
        let (images, filesRead) = try ahead.map { try made.renderTellingFiles($0) } ?? made.renderTellingFiles(input)
        var output = Output(input: input, images: images)
        output.filesRead = filesRead
        return output
    }

    /// `output` written to `staging`: what the batch keeps of it then (no images), or why not.
    private static func staged(_ output: Output, index: Int, in staging: StagedImages) -> (Output?, RenderFailure?) {
        if let failure = staging.stage(output, index: index) { return (nil, failure) }
        var kept = Output(input: output.input, images: [])
        kept.filesRead = output.filesRead
        return (kept, nil)
    }

    /// Why a thread's renderer could not be made.
    private struct RendererUnavailable: Error {
        let error: any Error
    }

    /// What the renderer threw, as a failure value: the renderer throws only `RenderFailure`.
    private static func failure(_ error: any Error, input: InputSource?) -> RenderFailure {
        if let failure = error as? RenderFailure { return failure }
        return .unreadableInput(Diagnostic(file: input?.displayName, message: "\(error)"))
    }

    /// Writes every image where `writer` says, each input's images all or nothing (a failure
    /// leaves that input's images and the later inputs' as they were); fails before writing
    /// anything when names clash or a single-file target would get more than one image.
    public func write(
        _ outputs: [Output], with writer: OutputWriter, timings: inout PhaseTimings,
        written: (String) -> Void = { _ in }
    ) throws {
        let planned = outputs.map { output in
            output.images.map { (path: writer.path(for: $0, input: output.input.baseName), image: $0.encoded) }
        }
        let count = planned.reduce(0) { $0 + $1.count }
        let single: String?
        switch writer.target {
        case .file(let path): single = path
        case .standardOutput: single = "standard output (-o -)"
        case .directory: single = nil
        }
        if let single, count != 1 {
            let message = "\(single) takes exactly one image, but this run makes \(count); write to a folder instead"
            throw RenderFailure.invalidInput([Diagnostic(file: nil, message: message)])
        }
        // Neither an input nor a file an input reads (an icon, a theme file) is written over.
        let inputs = Set(
            outputs.flatMap { [$0.input.unreadFile ?? $0.input.sourceFile].compactMap { $0 } + $0.filesRead }
                .compactMap(FileIdentity.init))
        for (path, _) in planned.joined() where FileIdentity(path).map(inputs.contains) == true {
            let message =
                "\(MessageText.escaped(path)) is an input of this run or a file one reads; an image must not replace it"
            throw RenderFailure.invalidInput([Diagnostic(file: nil, message: message)])
        }
        var seen: [String: Int] = [:]
        for (path, _) in planned.joined() {
            seen[path, default: 0] += 1
            if seen[path] == 2 {
                let message =
                    "two images would be written to \(MessageText.escaped(path)); give the inputs different names"
                throw RenderFailure.invalidInput([Diagnostic(file: nil, message: message)])
            }
        }
        try measureTime(&timings.write) {
            for (index, files) in planned.enumerated() {
                do throws(WriteFailure) {
                    try writer.writeSet(files)
                } catch {
                    var failure = error
                    failure.input = outputs[index].input.displayName
                    failure.inputsWritten = index
                    throw RenderFailure.writing(failure)
                }
                for (path, _) in files { written(path) }
            }
        }
    }
}
