import TimelineKit
import TimelinePolicy

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

/// The bytes as a DocC catalog: records separated by NUL, each a kind byte, a name up to a line
/// feed and the file's text, planted as files, folders, links to a secret outside the catalog
/// and links to a folder outside it. The catalog is then listed (`CatalogInputs`) and every
/// timeline file read (`InputSource(file:in:)`), decoded and drawn as `docc-resources` does.
/// Any crash is a bug; so is the secret in a message or an image, or a problem without a place.
enum CatalogFuzzTarget {
    static let secret = "FUZZ-SECRET-7731"

    /// The secret and the folder a planted link leads to, beside the catalogs.
    static let outside: String = {
        let path = FuzzTarget.folder + "-outside"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try? Data("version: 1\ncards:\n  - items: [{title: \(secret)}]\n".utf8)
            .write(to: URL(fileURLWithPath: path + "/secret.timeline.yaml"))
        try? Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>\(secret)</text></svg>".utf8)
            .write(to: URL(fileURLWithPath: path + "/secret.svg"))
        return path
    }()

    static func run(_ data: Data) {
        guard let renderer = FuzzTarget.renderer else { fatalError("fonts could not be loaded") }
        let catalog = FuzzTarget.folder + "/catalog.docc"
        try? FileManager.default.removeItem(atPath: catalog)
        try? FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        plant(data, in: catalog)
        for input in CatalogInputs.inputs(in: catalog) {
            do {
                let source = try renderer.read(InputSource(file: input, in: catalog))
                for image in try renderer.render(source) {
                    precondition(!String(decoding: image.data, as: UTF8.self).contains(secret), "the secret was drawn")
                    if image.format == .svg { FuzzTarget.checkWellFormed(image.data) }
                }
            } catch let failure as RenderFailure {
                precondition(!"\(failure)".contains(secret), "the secret was printed: \(failure)")
                FuzzTarget.checkLocated(failure)
            } catch {
                fatalError("render threw something other than RenderFailure: \(error)")
            }
        }
    }

    /// Makes the records of `data` below `catalog`.
    static func plant(_ data: Data, in catalog: String) {
        for record in data.split(separator: 0, omittingEmptySubsequences: true).prefix(32) {
            guard let kind = record.first else { continue }
            let rest = record.dropFirst()
            let nameBytes = rest.prefix { $0 != UInt8(ascii: "\n") }.prefix(40)
            let text = rest.dropFirst(nameBytes.count + 1)
            // Names of letters, digits, dots, dashes and slashes; no part is "..".
            let allowed = nameBytes.map { byte -> Character in
                let scalar = Character(Unicode.Scalar(byte))
                return scalar.isLetter && byte < 128 || scalar.isNumber && byte < 128 || "./-".contains(scalar)
                    ? scalar : "_"
            }
            let parts = String(allowed).split(separator: "/").filter { $0 != "." && $0 != ".." }
            guard !parts.isEmpty else { continue }
            let name = parts.joined(separator: "/")
            let path = catalog + "/" + name
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            switch kind % 4 {
            case 0: _ = FileManager.default.createFile(atPath: path, contents: Data(text))
            case 1: try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            case 2: _ = symlink(outside + (kind & 4 == 0 ? "/secret.timeline.yaml" : "/secret.svg"), path)
            default: _ = symlink(outside, path)
            }
        }
    }
}
