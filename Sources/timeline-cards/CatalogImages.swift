import TimelineGolden
import TimelineKit
import TimelinePolicy

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

/// The images of the timeline files in DocC catalogs (`docc-resources`, which the
/// `render-timelines` plugin runs): every `*.timeline.yaml` / `*.timeline.json` of a folder, each
/// card written into the folder's `Resources/` under DocC's names: `CARD.png` and `CARD@2x.png`
/// (2 pixels per point), `CARD~dark.png` and `CARD~dark@2x.png` from the card's dark variant.
/// Everything is rendered in memory first: one bad input, and nothing is written.
struct CatalogImages {
    var folders: [String]
    var options: RenderOptions

    /// One file to write (or compare): the rendered image, its path, and the folder (as named)
    /// whose Resources/ it goes in.
    struct Planned {
        var image: RenderedImage
        var path: String
        var folder: String
    }

    /// Why nothing was written, with the exit code it gives (2 bad input, 3 I/O).
    struct Failure: Error {
        var code: Int32
        var lines: [String]
    }

    /// Whether `name` is a catalog's timeline file (`CatalogInputs`).
    static func isInput(_ name: String) -> Bool { CatalogInputs.isInput(name) }

    /// The timeline files anywhere under `folder`, relative to it (`CatalogInputs`).
    static func inputs(in folder: String) -> [String] { CatalogInputs.inputs(in: folder) }

    /// Where a folder's images go.
    static func resources(of folder: String) -> String { PathName.appending("Resources", to: folder) }

    /// Renders every input of every folder; any problem in any input fails them all.
    func plan() throws(Failure) -> [Planned] {
        let renderers: Renderers
        do {
            renderers = try Renderers(options: options)
        } catch {
            throw Failure(code: 3, lines: [Diagnostics.text(error)])
        }
        var planned: [Planned] = []
        var problems: [String] = []
        for folder in folders {
            var owners: [String: String] = [:] // image path → the card that makes it, as located
            if let problem = Self.linkedResources(of: folder) {
                problems.append(problem)
                continue
            }
            for input in Self.inputs(in: folder) {
                do {
                    let images = try render(input, in: folder, with: renderers)
                    for (image, location) in images {
                        let path = PathName.appending(
                            "\(image.name).\(image.format.fileExtension)", to: Self.resources(of: folder))
                        if let owner = owners[path] {
                            problems.append(
                                "\(location): error: \(path) is already the image of the card at \(owner); "
                                    + "give one of the cards another id")
                            continue
                        }
                        owners[path] = location
                        planned.append(Planned(image: image, path: path, folder: folder))
                    }
                } catch RenderFailure.invalidInput(let diagnostics) {
                    problems += diagnostics.map(\.description)
                } catch let error as InputSource.LoadError {
                    problems.append(error.description)
                } catch {
                    throw Failure(code: 3, lines: [Diagnostics.text(error)])
                }
            }
        }
        if !problems.isEmpty { throw Failure(code: 2, lines: problems) }
        return planned
    }

    /// The renderers of a catalog's images: `main` for SVG and for PNG at 2 pixels per point
    /// (`CARD@2x.png`), `single` for PNG at 1 (`CARD.png`), so a screen of either density gets
    /// pixels drawn for it rather than one file under two names.
    struct Renderers {
        var main: TimelineRenderer
        var single: TimelineRenderer?

        init(options: RenderOptions) throws {
            main = try TimelineRenderer(options: options)
            guard options.formats.contains(.png) else { return }
            var single = options
            single.formats = [.png]
            single.scale = 1
            self.single = try TimelineRenderer(options: single)
        }
    }

    /// Why `folder`'s Resources/ cannot be used: it is a link (images would be read from and
    /// written to wherever it leads), or not a folder.
    static func linkedResources(of folder: String) -> String? {
        var info = stat()
        let path = resources(of: folder)
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return nil
        case S_IFLNK:
            let message = "is a link; docc-resources never reads or writes images through a link in a catalog"
            return Diagnostic(file: path, message: message).description
        default: return Diagnostic(file: path, message: "is not a folder").description
        }
    }

    /// One input's images under their DocC names, each with where its card starts.
    func render(_ input: String, in folder: String, with renderers: Renderers) throws -> [(RenderedImage, String)] {
        let renderer = renderers.main
        let source = try renderer.read(InputSource(file: input, in: folder))
        let document = try renderer.decode(source)
        let dark = try renderer.darkVariant(of: document, source: source, darkThemeWhenUnthemed: true)
        // The light image is light only: DocC picks `~dark` itself, by its own color scheme toggle,
        // which an SVG's `prefers-color-scheme` style sheet would not follow.
        var light = document
        light.darkFeed = nil
        light.cards = document.cards.map { card in
            var card = card
            card.darkStyle = nil
            return card
        }
        var named: [(RenderedImage, String)] = []
        for (variant, suffix) in [(light, "")] + (dark.map { [($0, "~dark")] } ?? []) {
            let singles = try renderers.single?.render(variant, name: source.baseName) ?? []
            for image in try renderer.render(variant, name: source.baseName) {
                let card = document.cards.first { $0.id == image.name }
                let location = card?.location.map(\.description) ?? PathName.appending(input, to: folder)
                if image.format == .png, let single = singles.first(where: { $0.name == image.name }) {
                    var copy = single
                    copy.name = image.name + suffix
                    named.append((copy, location))
                }
                var copy = image
                copy.name = image.name + suffix + (image.format == .png ? "@2x" : "")
                named.append((copy, location))
            }
        }
        return named
    }
}
