import TimelineCommandSupport
import TimelineKit
import TimelineModel
import TimelinePolicy
import TimelineSpec

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The images timeline-cards made in a folder of goldens (`check --record`) or a DocC catalog's
/// `Resources/` (`docc-resources`): a file `.timeline-cards-manifest` there, one path a line,
/// relative to the folder. Only the files it lists are ever replaced or removed (`--prune`); a
/// hand-made `Resources/logo.png` is never overwritten because a card's id is `logo`.
///
/// A folder of goldens recorded before manifests existed has none: the first `--record` adopts
/// the goldens at the paths it records (they are where the tool put them) and starts the
/// manifest, noting the other images found there then (`~ PATH` lines): those were in the folder
/// before the tool kept a manifest, so they too are adopted when a later `--record` writes their
/// path (a per-file record loop over an old folder), and only then listed as made. An image that
/// appears after the manifest was started is never adopted. A Resources folder without a
/// manifest adopts only files whose bytes are what the tool would write now
/// (`Adoption.identicalOnly`): hand-made images live there.
public struct GoldenManifest: Sendable, Equatable {
    /// The manifest's file name inside its folder.
    public static let fileName = ".timeline-cards-manifest"

    /// What a folder without a manifest lets the tool replace.
    public enum Adoption: Sendable {
        /// Any file at a golden's path (a folder of goldens, all recorded by the tool).
        case goldenPaths
        /// Only files whose bytes equal the new image's (a DocC catalog's Resources/).
        case identicalOnly
    }

    /// The folder the paths are relative to.
    public var folder: String
    /// The files the tool made there, relative to `folder`.
    public private(set) var files: Set<String>
    /// Whether the folder had a manifest when read.
    public private(set) var existed: Bool
    /// Images found in a folder of goldens when its manifest was started, not recorded since:
    /// adopted when a record writes their path.
    public private(set) var foundBefore: Set<String> = []
    /// What marks a line of `foundBefore` in the manifest's text.
    static let foundBeforeMark = "~ "
    /// The kinds of file a folder of goldens holds.
    static let imageExtensions: Set<String> = ["png", "svg", "pdf"]

    /// The manifest of `folder`, empty when there is none; nil with the reason when one is there
    /// but cannot be read (a link, not a regular file, over `maxBytes`).
    public static func read(in folder: String, maxBytes: Int) -> Result<GoldenManifest, GoldenCheck.SetupProblem> {
        let path = PathName.appending(fileName, to: folder)
        switch ContainedFile.read(fileName, in: folder, maxBytes: maxBytes) {
        case .success(let bytes):
            let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            let found = lines.filter { $0.hasPrefix(foundBeforeMark) }.map {
                String($0.dropFirst(foundBeforeMark.count))
            }
            let files = lines.filter { !$0.hasPrefix("#") && !$0.hasPrefix(foundBeforeMark) && !$0.isEmpty }
            var manifest = GoldenManifest(folder: folder, files: Set(files.map(String.init)), existed: true)
            manifest.foundBefore = Set(found).subtracting(manifest.files)
            return .success(manifest)
        case .failure(.missing):
            return .success(GoldenManifest(folder: folder, files: [], existed: false))
        case .failure(.tooLarge(let size, let limit)):
            return .failure(
                GoldenCheck.SetupProblem(
                    path: path,
                    reason: "is \(size) bytes, more than the limit of \(limit) (raise with --max-input-bytes)"))
        case .failure(let problem):
            return .failure(GoldenCheck.SetupProblem(path: path, reason: "the manifest \(problem.message)"))
        }
    }

    /// `path` relative to the folder, or nil when it is not inside it.
    public func relative(_ path: String) -> String? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// Whether the tool made the file at `path`.
    public func lists(_ path: String) -> Bool { relative(path).map(files.contains) ?? false }

    /// Whether the file at `path` may be replaced by `data`: nothing is there, the tool made it,
    /// it holds those very bytes, or (`.goldenPaths`) the folder has no manifest yet.
    func mayReplace(_ path: String, with data: Data, adoption: Adoption, maxBytes: Int) -> Bool {
        guard let relative = relative(path) else { return false }
        if files.contains(relative) || !ContainedFile.exists(relative, in: folder) { return true }
        if adoption == .goldenPaths, !existed || foundBefore.contains(relative) { return true }
        if case .success(let bytes) = ContainedFile.read(relative, in: folder, maxBytes: maxBytes) {
            return bytes.count == data.count && Data(bytes) == data
        }
        return false
    }

    /// Records that the tool made (or adopted) `path`.
    public mutating func add(_ path: String) {
        guard let relative = relative(path) else { return }
        files.insert(relative)
        foundBefore.remove(relative)
    }

    /// Notes the images in a folder of goldens that has no manifest yet (`foundBefore`): found
    /// from the folder's descriptor, no link followed, hidden files left out.
    public mutating func noteImagesFoundBefore() {
        guard !existed else { return }
        foundBefore = Set(Self.images(in: folder, below: "", depth: 0)).subtracting(files)
    }

    private static func images(in folder: String, below relative: String, depth: Int) -> [String] {
        guard depth < 16, case .success(let descriptor) = ContainedFile.openFolder(relative, in: folder) else {
            return []
        }
        let entries = ContainedFile.entries(of: descriptor)
        close(descriptor)
        return entries.flatMap { name, kind -> [String] in
            guard !name.hasPrefix(".") else { return [] }
            let path = relative.isEmpty ? name : relative + "/" + name
            if kind == S_IFDIR { return images(in: folder, below: path, depth: depth + 1) }
            let isImage = imageExtensions.contains(PathName.fileExtension(of: name).lowercased())
            return kind == S_IFREG && isImage ? [path] : []
        }
    }

    /// Forgets `path` (removed).
    public mutating func remove(_ path: String) {
        if let relative = relative(path) { files.remove(relative) }
    }

    /// The manifest's text: a line saying what it is, then the files, sorted, then the images
    /// found before it was started.
    var text: String {
        var text =
            "# Images timeline-cards made here: only these does it replace or remove (check --record --prune, "
            + "docc-resources). Keep this file with them.\n" + files.sorted().map { $0 + "\n" }.joined()
        if !foundBefore.isEmpty {
            text +=
                "# Found here before this file was started: each is adopted when check --record writes it.\n"
                + foundBefore.sorted().map { Self.foundBeforeMark + $0 + "\n" }.joined()
        }
        return text
    }

    /// Writes the manifest into its folder (no link below it followed).
    func write() throws {
        try OutputWriter.writeAtomically(
            Data(text.utf8), to: PathName.appending(Self.fileName, to: folder), below: folder)
    }
}
