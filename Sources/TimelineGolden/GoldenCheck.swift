import TimelineCairo
import TimelineCommandSupport
import TimelineKit
import TimelineModel
import TimelinePolicy
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Compares rendered images with committed ("golden") ones, or records them. `check` on the
/// command line and the Swift test helpers both run through here.
///
/// Goldens have one layout whatever the number of inputs: `<input-name>/<card-id>.<ext>` for cards
/// and `<input-name>.<ext>` for feeds (`Layout.inputFolders`), so adding an input moves nothing.
/// The Swift helpers, given one document's own folder, use `Layout.flat`: `<card-id>.<ext>`.
public struct GoldenCheck: Sendable {
    /// Where an image's golden lives inside `directory`.
    public enum Layout: Sendable {
        /// `<input-name>/<card-id>.<ext>`, or `<input-name>.<ext>` for a feed: what `check` uses.
        case inputFolders
        /// `<card-id>.<ext>` (or `<name>.<ext>` for a feed): the folder holds one document's goldens.
        case flat
    }

    /// The folder of golden images.
    public var directory: String
    /// Largest channel difference (0-255) accepted between PNG pixels.
    public var tolerance: Int
    /// Where three-panel diff PNGs of mismatching images go (named like the image), if anywhere.
    public var diffDirectory: String?
    /// Write the images as the new goldens instead of comparing.
    public var record: Bool
    /// With `record`, remove the goldens no checked input makes any more.
    public var prune = false
    /// Tells a reader how to record goldens, in messages about missing ones.
    public var recordHint: String
    /// The run's limits: a golden is read up to `maxGoldenBytes`.
    public var limits: Limits
    /// The folder whose `GoldenManifest` says which files the tool made: `directory` for
    /// `check`, a catalog's `Resources/` for `docc-resources`.
    public var manifestDirectory: String
    /// What a folder without a manifest lets recording replace.
    public var adoption = GoldenManifest.Adoption.goldenPaths
    /// Whether recording writes the folder's manifest (`check`, `docc-resources`). The Swift
    /// test helpers, which never prune, leave their goldens' folders as they are.
    public var keepsManifest = true
    /// Files the run's inputs read (inputs, icons, themes): no golden, diff or actual image is
    /// ever written over one.
    package var filesRead: Set<FileIdentity> = []

    /// A check of images against the goldens in `directory`, or recording into it when `record`
    /// is set, within `limits` (the run's: `RenderOptions.limits`).
    public init(
        directory: String, tolerance: Int = 0, diffDirectory: String? = nil, record: Bool = false,
        recordHint: String = "run again with --record", limits: Limits
    ) {
        self.directory = directory
        self.tolerance = tolerance
        self.diffDirectory = diffDirectory
        self.record = record
        self.recordHint = recordHint
        self.limits = limits
        self.manifestDirectory = directory
    }

    /// Whether `TIMELINE_RECORD` asks tests to re-record their goldens: `1`, `all` or `failed`
    /// (the modes of `assertTimelineSnapshot` that replace goldens).
    public static var recordModeFromEnvironment: Bool {
        ["1", "true", "all", "failed"].contains(Environment.value("TIMELINE_RECORD")?.lowercased() ?? "")
    }

    /// An image that does not match its golden.
    public struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        /// How an image differs from its golden.
        public enum Kind: Sendable, Equatable {
            /// No golden image at the path.
            case missing(recordHint: String)
            /// No golden at the path, but one in the flat layout used before 0.1.0 for a single input.
            case oldFlatLayout(oldPath: String, recordHint: String)
            /// PNG pixels differ by more than the tolerance.
            case pixels(GoldenComparison.PixelDifference)
            /// The PNG images are of different sizes.
            case size(expected: GoldenComparison.PixelSize, actual: GoldenComparison.PixelSize)
            /// The SVG documents differ after normalizing, at the line given.
            case svg(GoldenComparison.SVGDifference)
            /// Files compared byte for byte (PDF) differ.
            case bytes
            /// A golden no checked input makes any more (a card or an input renamed).
            case obsolete
        }

        /// The golden image's path.
        public var path: String
        /// How it differs.
        public var kind: Kind
        /// The diff PNG written for it, if any.
        public var diffPath: String?
        /// The rendered image written beside the diff, if any.
        public var actualPath: String?

        /// The path and the difference in words, with the diff image if one was written.
        public var description: String {
            // Paths come from folder listings and input names: escaped, as everything printed is.
            let path = MessageText.escaped(path)
            let diff =
                (diffPath.map { "; diff: \(MessageText.escaped($0))" } ?? "")
                + (actualPath.map { "; actual: \(MessageText.escaped($0))" } ?? "")
            switch kind {
            case .missing(let hint):
                return "\(path): no golden image; \(hint) to record it"
            case .oldFlatLayout(let oldPath, let hint):
                let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
                let stem =
                    oldPath.hasSuffix(".\(PathName.fileExtension(of: oldPath))")
                    ? String(oldPath.dropLast(PathName.fileExtension(of: oldPath).count + 1)) : oldPath
                return
                    "\(path): no golden image, but \(oldPath) is in the old flat layout; goldens now sit in a folder "
                    + "per input, whatever the number of inputs: move them with `mkdir -p \(folder) && mv \(stem).* "
                    + "\(folder)/`, "
                    + "or \(hint) to record them there"
            case .pixels(let difference):
                return "\(path): \(difference.differingPixels) of \(difference.totalPixels) pixels differ "
                    + "(largest channel difference \(difference.largestChannelDifference), tolerance "
                    + "\(difference.tolerance))\(diff)"
            case .size(let expected, let actual):
                return "\(path): size differs: expected \(expected), actual \(actual)\(diff)"
            case .svg(let difference):
                return "\(path): \(difference)\(diff)"
            case .bytes:
                return "\(path): the bytes differ"
            case .obsolete:
                return "\(path): obsolete golden: no card of the inputs checked makes it (--record --prune removes it)"
            }
        }
    }

    /// A golden that cannot be used: unreadable, not a PNG, or the folder is missing (exit 2).
    public struct SetupProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The golden's path, or the folder's.
        public var path: String
        /// Why it cannot be used.
        public var reason: String
        /// `path: error: reason`.
        public var description: String { "\(MessageText.escaped(path)): error: \(reason)" }
    }

    /// What recording did to one golden.
    public enum RecordStatus: String, Sendable {
        /// Written where there was none.
        case new
        /// Written over a golden that did not match (or could not be read).
        case changed
        /// Left alone: it matched.
        case unchanged
    }

    /// What a run found.
    public struct Report: Sendable {
        /// The images that differ from their goldens, or have none.
        public var mismatches: [Mismatch] = []
        /// The goldens (or the folder) that cannot be used.
        public var problems: [SetupProblem] = []
        /// Images that matched their goldens.
        public var matched: [String] = []
        /// Goldens written or left alone in record mode, in order.
        public var recorded: [(path: String, status: RecordStatus)] = []
        /// Goldens no checked input makes any more; in record mode, listed (and with `prune`
        /// removed) rather than counted as mismatches.
        public var obsolete: [String] = []
        /// Obsolete goldens removed (`--record --prune`).
        public var pruned: [String] = []
        /// Obsolete goldens left in place with `--prune`: the tool did not make them (no
        /// `GoldenManifest` lists them).
        public var keptUnlisted: [String] = []
        /// The files the tool made in the folder, as recording leaves them (read at the first
        /// golden recorded, written by `finish`).
        public var manifest: GoldenManifest?
        /// The manifest as read, to write it only when it changed.
        var manifestAsRead: GoldenManifest?

        /// A report of nothing yet.
        public init() {}

        /// 0 all matched (or recorded), 1 a mismatch, 2 a golden could not be used.
        public var exitCode: Int32 { !problems.isEmpty ? 2 : (mismatches.isEmpty ? 0 : 1) }
    }

    /// The folder of goldens is missing (only recording may create it).
    public var directoryProblem: SetupProblem? {
        if record || FileKind(atPath: directory) == .directory {
            return nil
        }
        return SetupProblem(
            path: directory, reason: "the folder of expected images does not exist (\(recordHint) to create it)")
    }

    /// Checks (or records) every image of `outputs`, named as `render` would name them.
    /// - Throws: `RenderFailure.writing` when a golden or diff cannot be written.
    public func run(
        _ outputs: [BatchRender.Output], feed: Bool, layout: Layout = .inputFolders, scope: Scope? = nil
    ) throws -> Report {
        var report = Report()
        if let problem = directoryProblem {
            report.problems.append(problem)
            return report
        }
        report.problems = namingProblems(outputs, feed: feed, layout: layout)
        if !report.problems.isEmpty { return report }
        var check = self
        check.filesRead = Set(
            outputs.flatMap { $0.filesRead + [$0.input.sourceFile, $0.input.unreadFile].compactMap { $0 } }
                .compactMap(FileIdentity.init))
        if record {
            let planned = outputs.flatMap { output in
                output.images.map { image in
                    (
                        image,
                        Self.path(of: image, input: output.input.baseName, in: directory, feed: feed, layout: layout)
                    )
                }
            }
            report.problems = check.ownershipProblems(planned, report: &report)
            if !report.problems.isEmpty { return report }
        }
        try check.checkAll(outputs, feed: feed, layout: layout, scope: scope, into: &report)
        try check.finish(&report)
        return report
    }

    private func checkAll(
        _ outputs: [BatchRender.Output], feed: Bool, layout: Layout, scope: Scope?, into report: inout Report
    ) throws {
        for output in outputs {
            for image in output.images {
                let input = output.input.baseName
                let path = Self.path(of: image, input: input, in: directory, feed: feed, layout: layout)
                // Beside each other in the diff folder: NAME.diff.png and NAME.actual.EXT.
                let artifact = diffDirectory.map {
                    let path = Self.path(of: image, input: input, in: $0, feed: feed, layout: layout)
                    return String(path.dropLast(image.format.fileExtension.count + 1))
                }
                let diffPath = artifact.map { $0 + ".diff.png" }
                let actualPath = artifact.map { $0 + ".actual." + image.format.fileExtension }
                let oldPath =
                    layout == .inputFolders && !feed
                    ? Self.path(of: image, input: input, in: directory, feed: feed, layout: .flat) : nil
                try check(
                    image, at: path, diffPath: diffPath, actualPath: actualPath, oldFlatPath: oldPath, into: &report)
            }
        }
        if let scope, layout == .inputFolders {
            let made = Set(report.matched + report.mismatches.map(\.path) + report.recorded.map(\.path))
            let obsolete = obsoleteGoldens(made: made, scope: scope, feed: feed)
            report.obsolete = obsolete
            if record {
                if prune { try self.prune(obsolete, into: &report) }
            } else {
                report.mismatches += obsolete.map { Mismatch(path: $0, kind: .obsolete) }
            }
        }
    }

    /// The manifest of `manifestDirectory`, read once into `report`.
    func loadManifest(into report: inout Report) throws(SetupProblem) -> GoldenManifest {
        if let manifest = report.manifest { return manifest }
        switch GoldenManifest.read(in: manifestDirectory, maxBytes: limits.maxInputBytes) {
        case .success(var manifest):
            // Before anything is written: what a folder of goldens held before its manifest.
            if record, keepsManifest, adoption == .goldenPaths { manifest.noteImagesFoundBefore() }
            report.manifest = manifest
            report.manifestAsRead = manifest
            return manifest
        case .failure(let problem): throw problem
        }
    }

    /// The goldens of `planned` that recording may not write: files the tool did not make
    /// (`GoldenManifest`). Found before anything is written, so a refusal writes nothing.
    public func ownershipProblems(_ planned: [(RenderedImage, String)], report: inout Report) -> [SetupProblem] {
        let manifest: GoldenManifest
        do {
            manifest = try loadManifest(into: &report)
        } catch {
            return [error]
        }
        return planned.compactMap { image, path in
            if manifest.relative(path) == nil { return nil } // outside the manifest's folder: not its to judge
            guard
                !manifest.mayReplace(path, with: image.data, adoption: adoption, maxBytes: limits.maxGoldenBytes)
            else { return nil }
            return SetupProblem(
                path: path,
                reason:
                    "timeline-cards did not make this file (\(GoldenManifest.fileName) does not list it), so it is not "
                    + "replaced; move it away or give the card another id")
        }
    }

    /// Writes the manifest when recording changed it.
    public func finish(_ report: inout Report) throws {
        guard record, keepsManifest, let manifest = report.manifest, manifest != report.manifestAsRead else { return }
        try manifest.write()
        report.manifestAsRead = manifest
    }

    /// Goldens that may not be written or compared as named: two inputs whose images share a
    /// golden (`a.yaml` and `a.json`) would overwrite each other's, or be compared with the
    /// other's, refused as `render` refuses them; and a golden over a file its input reads
    /// (itself, an icon, a theme file) is never written.
    func namingProblems(_ outputs: [BatchRender.Output], feed: Bool, layout: Layout) -> [SetupProblem] {
        var problems: [SetupProblem] = []
        var inputsOfGolden: [String: String] = [:]
        for output in outputs {
            let read = Set(
                (output.filesRead + [output.input.sourceFile, output.input.unreadFile].compactMap { $0 })
                    .compactMap(FileIdentity.init))
            let input = MessageText.escaped(output.input.displayName)
            for image in output.images {
                let path = Self.path(of: image, input: output.input.baseName, in: directory, feed: feed, layout: layout)
                if record, let identity = FileIdentity(path), read.contains(identity) {
                    problems.append(
                        SetupProblem(path: path, reason: "is a file \(input) reads; a golden must not replace it"))
                }
                if let other = inputsOfGolden.updateValue(output.input.displayName, forKey: path),
                    other != output.input.displayName
                {
                    let reason =
                        "both \(MessageText.escaped(other)) and \(input) have this golden; give the inputs "
                        + "different names"
                    problems.append(SetupProblem(path: path, reason: reason))
                }
            }
        }
        return problems
    }

    /// `path` as the folder of goldens and the part below it, which `ContainedFile` opens.
    func containedPath(_ path: String) -> (root: String, relative: String) {
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard path.hasPrefix(root + "/") else {
            let split = path.lastIndex(of: "/").map { (String(path[..<$0]), String(path[path.index(after: $0)...])) }
            return split ?? (".", path)
        }
        return (root, String(path.dropFirst(root.count + 1)))
    }

    /// Where the golden of `image` of the input `input` lives in `folder`.
    public static func path(of image: RenderedImage, input: String, in folder: String, feed: Bool, layout: Layout)
        -> String
    {
        let file = "\(image.name).\(image.format.fileExtension)"
        if layout == .inputFolders, !feed {
            return PathName.appending(file, to: PathName.appending(input, to: folder))
        }
        return PathName.appending(file, to: folder)
    }

    /// Checks or records one image against the golden at `path`.
    /// `oldFlatPath`, when a golden is missing at `path` but present there, turns the message into
    /// one that says how to move it.
    public func check(
        _ image: RenderedImage, at path: String, diffPath: String?, actualPath: String? = nil,
        oldFlatPath: String? = nil,
        into report: inout Report
    ) throws {
        let golden: Data?
        let (root, relative) = containedPath(path)
        if ContainedFile.exists(relative, in: root) {
            // Only a regular file of bounded size is read, and no link is followed inside the
            // folder of goldens (a link to /proc/self/environ would be printed): a FIFO, device
            // or link there is refused at once, never waited on or followed.
            switch ContainedFile.read(relative, in: root, maxBytes: limits.maxGoldenBytes) {
            case .success(let bytes):
                golden = Data(bytes)
            case .failure(let problem):
                if record {
                    try writeGolden(image, to: path, into: &report)
                    report.recorded.append((path, .changed))
                } else {
                    let hint = if case .tooLarge = problem { " (raise with --max-golden-bytes)" } else { "" }
                    report.problems.append(
                        SetupProblem(path: path, reason: "the expected image \(problem.message)\(hint)"))
                }
                return
            }
        } else {
            golden = nil
        }
        let outcome: Result<Mismatch.Kind?, SetupProblem>
        if let golden {
            outcome = compare(image, with: golden, path: path)
        } else if let oldFlatPath, FileKind(atPath: oldFlatPath) == .other {
            outcome = .success(.oldFlatLayout(oldPath: oldFlatPath, recordHint: recordHint))
        } else {
            outcome = .success(.missing(recordHint: recordHint))
        }
        if record {
            // A golden that still matches is left alone, so recording on another machine does
            // not churn files that differ only within the tolerance.
            if case .success(nil) = outcome {
                report.recorded.append((path, .unchanged))
                _ = try loadManifest(into: &report)
                report.manifest?.add(path) // the tool's image, made before the manifest was
            } else {
                try writeGolden(image, to: path, into: &report)
                report.recorded.append((path, golden == nil ? .new : .changed))
            }
            return
        }
        switch outcome {
        case .failure(let problem):
            report.problems.append(problem)
        case .success(nil):
            report.matched.append(path)
        case .success(let kind?):
            report.mismatches.append(
                try mismatch(kind, of: image, at: path, golden: golden, diffPath: diffPath, actualPath: actualPath))
        }
    }

    /// Writes a golden the tool may replace (`ownershipProblems`), and lists it in the manifest.
    private func writeGolden(_ image: RenderedImage, to path: String, into report: inout Report) throws {
        let manifest = try loadManifest(into: &report)
        guard manifest.mayReplace(path, with: image.data, adoption: adoption, maxBytes: limits.maxGoldenBytes) else {
            throw RenderFailure.writing(
                WriteFailure(path: path, reason: "timeline-cards did not make this file; it is not replaced"))
        }
        try OutputWriter.writeAtomically(image.data, to: path, below: directory)
        report.manifest?.add(path)
    }

    /// Writes a diff or actual image, never over a file an input of the run reads.
    private func writeArtifact(_ data: Data, to path: String) throws {
        if let identity = FileIdentity(path), filesRead.contains(identity) {
            throw RenderFailure.writing(
                WriteFailure(
                    path: path, reason: "is a file an input of this run reads; a diff image must not replace it"))
        }
        let root = diffDirectory ?? String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try OutputWriter.writeAtomically(data, to: path, below: root)
    }

    /// A mismatch, with the diff picture and the rendered image written where asked.
    private func mismatch(
        _ kind: Mismatch.Kind, of image: RenderedImage, at path: String, golden: Data?, diffPath: String?,
        actualPath: String?
    ) throws -> Mismatch {
        var mismatch = Mismatch(path: path, kind: kind)
        if let diffPath, let golden, image.format == .png, try writeDiff(of: image, against: golden, to: diffPath) {
            mismatch.diffPath = diffPath
        }
        if let actualPath {
            try writeArtifact(image.data, to: actualPath)
            mismatch.actualPath = actualPath
        }
        return mismatch
    }

    /// Writes the picture of where a PNG differs from its golden; false when either does not decode.
    func writeDiff(of image: RenderedImage, against golden: Data, to diffPath: String) throws -> Bool {
        guard let expected = try? PixelImage(png: golden), let actual = try? PixelImage(png: image.data) else {
            return false
        }
        let diff = GoldenComparison.diffImage(expected: expected, actual: actual, tolerance: tolerance)
        do {
            try writeArtifact(try diff.pngData(), to: diffPath)
        } catch let error as PixelImage.CodingError {
            throw RenderFailure.writing(
                WriteFailure(path: diffPath, reason: "the diff image cannot be encoded: \(error)"))
        }
        return true
    }

    /// Whether an expected image of `size` may be decoded (for the diff picture) beside a
    /// rendered one of `actual`: up to four times its pixels, or 4 million (16 MB), whichever is
    /// more, and never a side the renderer cannot make.
    static func isDecodable(_ size: GoldenComparison.PixelSize, besides actual: GoldenComparison.PixelSize) -> Bool {
        size.width <= SceneRenderer.maxPixelSide && size.height <= SceneRenderer.maxPixelSide
            && size.width * size.height <= max(4 * actual.width * actual.height, 1 << 22)
    }

    /// A PNG's size from its header, nil when the bytes do not start as a PNG: a golden comes from
    /// outside, so it is measured before it is decoded.
    static func pngSize(of data: Data) -> GoldenComparison.PixelSize? {
        guard case .success(let size) = PNGHeader.read(Array(data.prefix(PNGHeader.byteCount))) else { return nil }
        return GoldenComparison.PixelSize(width: size.width, height: size.height)
    }

    /// Nil when the image matches the golden bytes.
    func compare(_ image: RenderedImage, with golden: Data, path: String) -> Result<Mismatch.Kind?, SetupProblem> {
        // An SVG's parts are joined each time its data is asked for: once here.
        let actual = image.data
        if golden == actual { return .success(nil) }
        switch image.format {
        case .svg:
            return .success(GoldenComparison.compareSVG(expected: golden, actual: actual).map(Mismatch.Kind.svg))
        case .png:
            guard let expectedSize = Self.pngSize(of: golden) else {
                return .failure(SetupProblem(path: path, reason: "the expected image is not a PNG file"))
            }
            if let actualSize = Self.pngSize(of: actual), expectedSize != actualSize {
                guard Self.isDecodable(expectedSize, besides: actualSize) else {
                    return .failure(
                        SetupProblem(
                            path: path,
                            reason:
                                "the expected image is \(expectedSize), far larger than the rendered \(actualSize); it "
                                + "is not decoded"
                        ))
                }
                return .success(.size(expected: expectedSize, actual: actualSize))
            }
            let expected: PixelImage
            do {
                expected = try PixelImage(png: golden)
            } catch {
                return .failure(SetupProblem(path: path, reason: "the expected image is \(error)"))
            }
            guard let pixels = try? PixelImage(png: actual) else {
                return .failure(SetupProblem(path: path, reason: "the rendered image could not be decoded"))
            }
            switch GoldenComparison.compare(expected: expected, actual: pixels, tolerance: tolerance) {
            case .sizeMismatch(let expectedSize, let actualSize):
                return .success(.size(expected: expectedSize, actual: actualSize))
            case .difference(let difference):
                return .success(difference.matches ? nil : .pixels(difference))
            }
        case .scene:
            return .success(.bytes)
        case .pdf:
            // PDF bytes carry no stable pixels to compare; only identical files match.
            return .success(.bytes)
        }
    }
}
