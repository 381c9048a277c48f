#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TimelineKit

/// `render page.md -o out/page.md`: each ```` ```timeline ```` block of the page becomes an image
/// beside the output page (`page-1.svg`, or `page-1-<card-id>.svg` for a block of several cards),
/// and the page links it in place of the block. Problems name the page's own lines.
struct MarkdownRender {
    var page: String
    var output: String?
    var formats: [ImageFormat]
    var options: RenderOptions
    var verbose: Bool
    var watching: Bool

    static func isMarkdown(_ path: String) -> Bool {
        ["md", "markdown"].contains(PathName.fileExtension(of: path).lowercased())
    }

    /// The output page: `-o NAME.md`, or the page's name inside the `-o` folder (default: here).
    var outputPage: String {
        let name = String(page.split(separator: "/").last ?? "page.md")
        guard let output else { return name }
        return Self.isMarkdown(output) ? output : PathName.appending(name, to: output)
    }

    func run() -> Render.Outcome {
        var outcome = Render.Outcome()
        outcome.interest.files.insert(FileWatcher.absolute(page))
        let pagePath = outputPage
        guard FileWatcher.absolute(pagePath) != FileWatcher.absolute(page) else {
            Diagnostics.print("error: -o \(pagePath) would replace the page itself; name another output page")
            outcome.exitCode = 2
            return outcome
        }
        guard FileKind(atPath: page) == .other, let data = FileManager.default.contents(atPath: page) else {
            Diagnostics.print("\(page): error: cannot read the page")
            outcome.exitCode = 3
            return outcome
        }
        let markdown = MarkdownPage(String(decoding: data, as: UTF8.self))
        let folder = String(pagePath[..<(pagePath.lastIndex(of: "/") ?? pagePath.startIndex)])
        let stem = String(PathName.fileExtension(of: pagePath).isEmpty ? pagePath.split(separator: "/").last ?? "page"
            : (pagePath.split(separator: "/").last ?? "page").dropLast(PathName.fileExtension(of: pagePath).count + 1))
        let pageFolder = FileWatcher.absolute(page + "/..")

        let renderer: TimelineRenderer
        do {
            renderer = try TimelineRenderer(options: options)
        } catch {
            Diagnostics.print("\(error)")
            outcome.exitCode = 3
            return outcome
        }
        var problems: [String] = []
        var files: [(path: String, data: Data)] = []
        var links: [String] = []
        for (index, block) in markdown.blocks.enumerated() {
            let name = "\(stem)-\(index + 1)"
            let source = InputSource(displayName: page, baseName: name, data: Data(block.source.utf8), format: nil, directory: pageFolder)
            do {
                let document = try renderer.decode(source)
                outcome.interest.files.formUnion(document.icons.keys)
                let images = try renderer.render(document, name: name)
                let several = !options.feed && document.cards.count > 1
                func fileName(_ image: RenderedImage) -> String {
                    several ? "\(name)-\(image.name).\(image.format.rawValue)" : "\(name).\(image.format.rawValue)"
                }
                for image in images { files.append((PathName.appending(fileName(image), to: folder), image.data)) }
                let linked = images.filter { $0.format == formats[0] }
                links.append(linked.map { image in
                    let card = options.feed ? nil : document.cards.first { $0.id == image.name }
                    let alt = card.map { $0.header?.title ?? $0.title ?? $0.id } ?? document.cards.first?.header?.title ?? name
                    return MarkdownPage.imageLink(alt: alt, path: fileName(image))
                }.joined(separator: "\n"))
            } catch let failure as RenderFailure {
                if case .invalidInput(let lines) = failure { problems += lines } else {
                    Diagnostics.print(failure.description)
                    outcome.exitCode = 3
                    return outcome
                }
            } catch {
                Diagnostics.print("\(page): error: \(error)")
                outcome.exitCode = 3
                return outcome
            }
        }
        if !problems.isEmpty {
            Diagnostics.print(problems.joined(separator: "\n"))
            outcome.problems = problems.count
            outcome.exitCode = 2
            return outcome
        }
        if markdown.blocks.isEmpty { Diagnostics.print("\(page): no ```timeline block; the page is copied as it is") }
        files.append((pagePath, Data(markdown.rewritten { links[$0] }.utf8)))
        do {
            for (path, data) in files {
                try OutputWriter.writeAtomically(data, to: path)
                outcome.written += 1
                if verbose { Diagnostics.print("wrote \(path)") }
            }
        } catch {
            Diagnostics.print("\(error)")
            outcome.exitCode = 3
        }
        return outcome
    }
}
