import TimelineKit
import TimelinePolicy
import TimelineSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Goldens no checked input makes any more (a card or input renamed): Jest's obsolete
/// snapshots. A golden counts only in a format being compared, in the folder of an input that
/// rendered (a bad input's goldens are left alone), or, when the run checked whole folders of
/// inputs, in a folder of the goldens that no input of the run is named after.
extension GoldenCheck {
    /// What decides which goldens are obsolete.
    public struct Scope: Sendable {
        /// The base names of every input of the run, those that failed included.
        public var inputs: [String]
        /// The base names of the inputs that rendered: their folders are complete.
        public var rendered: [String]
        /// Whether every input came from a folder argument, so the run covers whole folders.
        public var coversFolders: Bool
        /// The extensions compared (`svg`, `png`).
        public var extensions: Set<String>

        /// A scope of `inputs`, of which `rendered` rendered.
        public init(inputs: [String], rendered: [String], coversFolders: Bool, extensions: Set<String>) {
            self.inputs = inputs
            self.rendered = rendered
            self.coversFolders = coversFolders
            self.extensions = extensions
        }
    }

    /// The goldens in `directory` that `scope`'s inputs no longer make, sorted; `made` holds the
    /// goldens this run compared or recorded.
    func obsoleteGoldens(made: Set<String>, scope: Scope, feed: Bool) -> [String] {
        var candidates: [String] = []
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if feed {
            if scope.coversFolders {
                candidates += entries.filter { Self.isRegularFile(PathName.appending($0, to: directory)) }
                    .filter { name in !scope.inputs.contains { Self.isFeedFile(name, of: $0) } }
                    .map { PathName.appending($0, to: directory) }
            }
        } else {
            var folders = scope.rendered
            if scope.coversFolders {
                folders += entries.filter { !scope.inputs.contains($0) && !$0.hasPrefix(".") }
            }
            for folder in Set(folders) {
                let path = PathName.appending(folder, to: directory)
                // A link below the folder of goldens is never followed: its files are not ours to
                // list, and pruning through it would delete files elsewhere.
                guard Self.isRealFolder(path) else { continue }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                candidates += names.map { PathName.appending($0, to: path) }.filter(Self.isRegularFile)
            }
        }
        return candidates.filter { candidate in
            scope.extensions.contains(PathName.fileExtension(of: candidate).lowercased()) && !made.contains(candidate)
                && !(candidate.split(separator: "/").last ?? "").hasPrefix(".")
        }.sorted()
    }

    /// Removes those of `paths` (goldens below `directory`) that the tool made (its manifest lists
    /// them), and the folders they leave empty; the others are listed as kept. Each is removed
    /// from its folder's descriptor, opened without following a link below `directory`.
    func prune(_ paths: [String], into report: inout Report) throws {
        for path in paths {
            guard report.manifest?.lists(path) == true,
                let relative = report.manifest?.relative(path), let manifestFolder = report.manifest?.folder
            else {
                report.keptUnlisted.append(path)
                continue
            }
            let (folder, name) = Self.split(relative)
            let descriptor: Int32
            switch ContainedFile.openFolder(folder, in: manifestFolder) {
            case .success(let opened): descriptor = opened
            case .failure(let problem):
                throw RenderFailure.writing(WriteFailure(path: path, reason: "cannot remove: \(problem.message)"))
            }
            defer { close(descriptor) }
            guard unlinkat(descriptor, name, 0) == 0 else {
                throw RenderFailure.writing(
                    WriteFailure(path: path, reason: "cannot remove: \(String(cString: strerror(errno)))"))
            }
            report.pruned.append(path)
            report.manifest?.remove(path)
            if !folder.isEmpty,
                case .success(let parent) = ContainedFile.openFolder(Self.split(folder).folder, in: manifestFolder)
            {
                _ = unlinkat(parent, Self.split(folder).name, AT_REMOVEDIR) // only when empty
                close(parent)
            }
        }
    }

    /// The folder part (without its slash, or empty) and the name of a relative path.
    private static func split(_ relative: String) -> (folder: String, name: String) {
        guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
        return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
    }

    private static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Whether `name` is the feed image of the input `input`: `input.ext` or a part `input-N.ext`.
    private static func isFeedFile(_ name: String, of input: String) -> Bool {
        let stem = String(name.dropLast(PathName.fileExtension(of: name).count + 1))
        if stem == input { return true }
        guard stem.hasPrefix(input + "-") else { return false }
        return stem.dropFirst(input.count + 1).allSatisfy(\.isNumber)
    }
}
