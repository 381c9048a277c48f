import TimelineCairo
import TimelineKit
import TimelineModel
import TimelineSpec
import TimelineThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A batch's images written to temporaries beside their destinations as each input finishes,
/// and renamed into place only when every input rendered: the batch holds one input's images at
/// a time per thread (its peak memory is about its largest image, not the sum of all), and a bad
/// input still leaves every file as it was (`discard()` removes the temporaries and the folders
/// made for them).
///
/// Every destination goes through one place here: two images for one path, an image that would
/// replace an input of the run, and a folder below the output folder that is a link (an image
/// written through it would land anywhere) are refused before any byte is written.
public final class StagedImages: @unchecked Sendable {
    private let writer: OutputWriter?
    private let root: String
    private let inputs: Set<FileIdentity>
    private let lock = Lock()
    private var staged: [Int: (input: String, files: [TemporaryFile], images: [EncodedImage])] = [:]
    private var swept: Set<String> = []
    private var owners: [String: String] = [:]
    private var madeFolders: [String] = []
    /// Whether `commit` hands each image's bytes to its caller with its path: `render --serve`
    /// serves the round's images from memory, never by opening their paths again. Off, a staged
    /// input's images are let go of as soon as they are written.
    package var keepsImages = false

    /// A stager for `writer`'s folder; `inputs` are the run's input files, never to be replaced.
    package init(writer: OutputWriter, inputs: [InputSource]) {
        self.writer = writer
        if case .directory(let folder) = writer.target { root = folder } else { root = "." }
        self.inputs = Set(inputs.compactMap { $0.unreadFile ?? $0.sourceFile }.compactMap(FileIdentity.init))
    }

    /// A stager for files named by their caller, in `root`; `inputs` are the run's input files.
    package init(root: String, inputs: [String]) {
        writer = nil
        self.root = root
        self.inputs = Set(inputs.compactMap(FileIdentity.init))
    }

    /// Whether images for `target` can be staged: a folder. One file or standard output takes
    /// exactly one image, which the batch keeps in memory instead.
    package static func canStage(_ target: OutputTarget) -> Bool {
        if case .directory = target { return true }
        return false
    }

    /// Writes `output`'s images (the `index`th input's) to temporaries, or says why not.
    package func stage(_ output: BatchRender.Output, index: Int) -> RenderFailure? {
        guard let writer else { return nil }
        let files = output.images.map { (path: writer.path(for: $0, input: output.input.baseName), image: $0.encoded) }
        return stage(files, input: output.input.displayName, index: index, filesRead: output.filesRead)
    }

    /// Writes `files` (what the `index`th input made) to temporaries, or says why not.
    /// `filesRead` are files the input read (icons, a theme file): no image may replace them.
    package func stage(
        _ files: [(path: String, image: EncodedImage)], input: String, index: Int, filesRead: [String] = []
    ) -> RenderFailure? {
        if let problem = claim(files.map(\.path), input: input, filesRead: filesRead) {
            return .invalidInput([Diagnostic(file: nil, message: problem)])
        }
        var temporaries: [TemporaryFile] = []
        for (path, image) in files {
            let directory: Int32
            switch openFolder(TemporaryFile.split(path).folder) {
            case .success(let descriptor): directory = descriptor
            case .failure(let problem):
                for temporary in temporaries { temporary.discard() }
                return Self.failure(WriteProblem(path: path, reason: problem.reason), input: input)
            }
            defer { close(directory) }
            sweepOnce(TemporaryFile.split(path).folder)
            switch TemporaryFile.create(for: path, writing: image, in: directory) {
            case .success(let temporary): temporaries.append(temporary)
            case .failure(let problem):
                for temporary in temporaries { temporary.discard() }
                return Self.failure(problem, input: input)
            }
        }
        let kept = keepsImages ? files.map(\.image) : []
        lock.withLock { staged[index] = (input, temporaries, kept) }
        return nil
    }

    private static func failure(_ problem: WriteProblem, input: String) -> RenderFailure {
        var failure = WriteFailure(problem)
        failure.input = input
        return .writing(failure)
    }

    /// Renames every staged image into place, in input order, each input's all or nothing as
    /// far as renames allow; `written` is told each path, with the image's bytes when
    /// `keepsImages` (else nil).
    package func commit(written: (String, EncodedImage?) -> Void) throws {
        let order = lock.withLock { staged.keys.sorted() }
        for (position, index) in order.enumerated() {
            guard let (input, temporaries, images) = lock.withLock({ staged.removeValue(forKey: index) }) else {
                continue
            }
            func fail(_ problem: WriteProblem, replaced: [String]) -> RenderFailure {
                for temporary in temporaries { temporary.discard() }
                discard()
                var failure = WriteFailure(problem, replaced: replaced)
                failure.input = input
                failure.inputsWritten = position
                return .writing(failure)
            }
            // rename cannot put a file over a folder: found before any of the input's images moves.
            for temporary in temporaries where OutputFolders.isRealFolder(temporary.destination) {
                throw fail(
                    WriteProblem(path: temporary.destination, reason: "a folder of that name is in the way"),
                    replaced: [])
            }
            for (offset, temporary) in temporaries.enumerated() {
                if let problem = temporary.commit() {
                    throw fail(problem, replaced: temporaries[..<offset].map(\.destination))
                }
                written(temporary.destination, images.indices.contains(offset) ? images[offset] : nil)
            }
        }
    }

    /// Removes every temporary and the folders made for them (those left empty).
    package func discard() {
        let (temporaries, folders) = lock.withLock { () -> ([TemporaryFile], [String]) in
            defer {
                staged = [:]
                madeFolders = []
            }
            return (staged.values.flatMap(\.files), madeFolders)
        }
        for temporary in temporaries { temporary.discard() }
        for folder in folders.reversed() { _ = rmdir(folder) }
    }

    /// Removes the temporaries killed runs left in `folder`, once a run.
    private func sweepOnce(_ folder: String) {
        guard lock.withLock({ swept.insert(folder).inserted }) else { return }
        TemporaryFile.removeStale(in: folder)
    }

    /// Refuses a path another input claimed, or that is an input of the run.
    private func claim(_ paths: [String], input: String, filesRead: [String]) -> String? {
        let read = Set(filesRead.compactMap(FileIdentity.init))
        for path in paths {
            if let identity = FileIdentity(path), read.contains(identity) {
                return "\(MessageText.escaped(path)) is a file \(MessageText.escaped(input)) reads (an icon or a "
                    + "theme); an image must not replace it"
            }
        }
        return lock.withLock { () -> String? in
            for path in paths {
                if let other = owners[path], other != input {
                    return
                        "two images would be written to \(MessageText.escaped(path)); give the inputs different names"
                }
                if FileIdentity(path).map(inputs.contains) == true {
                    return "\(MessageText.escaped(path)) is an input of this run; an image must not replace it"
                }
            }
            for path in paths { owners[path] = input }
            return nil
        }
    }

    /// Opens `folder` below the output folder, made when missing, refusing a link on the way.
    private func openFolder(_ folder: String) -> Result<Int32, OutputFolders.Refusal> {
        lock.withLock { OutputFolders.open(folder, below: root, made: &madeFolders) }
    }
}
