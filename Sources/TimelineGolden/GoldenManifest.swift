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

/// The images timeline-cards made in a folder of goldens (`check --record`) or a DocC catalog's
/// `Resources/` (`docc-resources`): a file `.timeline-cards-manifest` there, one path a line,
/// relative to the folder. Only the files it lists are ever replaced or removed (`--prune`); a
/// hand-made `Resources/logo.png` is never overwritten because a card's id is `logo`.
///
/// A folder of goldens recorded before manifests existed has none: the first `--record` adopts
/// the goldens at the paths it records (they are where the tool put them), and from then on the
/// manifest decides. A Resources folder without one adopts only files whose bytes are what the
/// tool would write now (`Adoption.identicalOnly`): hand-made images live there.
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

    /// The manifest of `folder`, empty when there is none; nil with the reason when one is there
    /// but cannot be read (a link, not a regular file, over `maxBytes`).
    public static func read(in folder: String, maxBytes: Int) -> Result<GoldenManifest, GoldenCheck.SetupProblem> {
        let path = PathName.appending(fileName, to: folder)
        switch ContainedFile.read(fileName, in: folder, maxBytes: maxBytes) {
        case .success(let bytes):
            let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            let files = lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init)
            return .success(GoldenManifest(folder: folder, files: Set(files), existed: true))
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
        if adoption == .goldenPaths, !existed { return true }
        if case .success(let bytes) = ContainedFile.read(relative, in: folder, maxBytes: maxBytes) {
            return bytes.count == data.count && Data(bytes) == data
        }
        return false
    }

    /// Records that the tool made (or adopted) `path`.
    public mutating func add(_ path: String) {
        if let relative = relative(path) { files.insert(relative) }
    }

    /// Forgets `path` (removed).
    public mutating func remove(_ path: String) {
        if let relative = relative(path) { files.remove(relative) }
    }

    /// The manifest's text: a line saying what it is, then the files, sorted.
    var text: String {
        "# Images timeline-cards made here: only these does it replace or remove (check --record --prune, "
            + "docc-resources). Keep this file with them.\n" + files.sorted().map { $0 + "\n" }.joined()
    }

    /// Writes the manifest into its folder (no link below it followed).
    func write() throws {
        try OutputWriter.writeAtomically(
            Data(text.utf8), to: PathName.appending(Self.fileName, to: folder), below: folder)
    }
}
