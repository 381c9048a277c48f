import TimelinePolicy

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The timeline files of a DocC catalog (`docc-resources`, the `render-timelines` plugin):
/// every `NAME.timeline.yaml`, `.yml` or `.json` anywhere below the catalog, listed from the
/// folders' descriptors (`ContainedFile`) without following a link. Each is then read with
/// `InputSource(file:in:)`, which refuses a link in its place.
package enum CatalogInputs {
    /// The name that marks an input of a catalog, before `.yaml`, `.yml` or `.json`.
    package static let marker = ".timeline"

    /// Whether `name` is a catalog's timeline file: `NAME.timeline.yaml`, `.yml` or `.json`.
    package static func isInput(_ name: String) -> Bool {
        let fileExtension = PathName.fileExtension(of: name).lowercased()
        guard ["yaml", "yml", "json"].contains(fileExtension), !name.hasPrefix(".") else { return false }
        return name.dropLast(fileExtension.count + 1).hasSuffix(marker)
    }

    /// The timeline files anywhere under `folder`, sorted, as paths relative to it: hidden files
    /// and folders skipped, no link followed. A link with an input's name is listed, to be
    /// refused when read.
    package static func inputs(in folder: String, below relative: String = "", depth: Int = 0) -> [String] {
        guard depth < 64, case .success(let descriptor) = ContainedFile.openFolder(relative, in: folder) else {
            return []
        }
        let entries = ContainedFile.entries(of: descriptor).sorted { $0.name < $1.name }
        close(descriptor)
        var found: [String] = []
        for (name, kind) in entries where !name.hasPrefix(".") {
            let path = relative.isEmpty ? name : relative + "/" + name
            if kind == S_IFDIR {
                found += inputs(in: folder, below: path, depth: depth + 1)
            } else if isInput(name), kind == S_IFREG || kind == S_IFLNK {
                found.append(path)
            }
        }
        return found
    }
}
