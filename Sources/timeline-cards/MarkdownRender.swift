import TimelineCairo
import TimelineCommandSupport
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `render page.md -o out/page.md`: each ```` ```timeline ```` block of the page becomes an image
/// beside the output page (`page-1.svg`, or `page-1-<card-id>.svg` for a block of several cards),
/// and the page links it in place of the block. Problems name the page's own lines. A block with
/// `theme: auto` (or, with `--dark-variants`, naming no theme) gets a dark image too
/// (`page-1-dark.svg`), and the page a `<picture>` with a `prefers-color-scheme: dark` source.
struct MarkdownRender {
    var page: String
    var output: String?
    var formats: [ImageFormat]
    var options: RenderOptions
    var verbose: Bool
    /// Dark images also for blocks naming no theme (the dark theme), not only for `theme: auto`.
    var darkVariants = false

    static func isMarkdown(_ path: String) -> Bool {
        ["md", "markdown"].contains(PathName.fileExtension(of: path).lowercased())
    }

    /// The output page: `-o NAME.md`, or the page's name inside the `-o` folder (default: here).
    var outputPage: String {
        let name = String(page.split(separator: "/").last ?? "page.md")
        guard let output else { return name }
        return Self.isMarkdown(output) ? output : PathName.appending(name, to: output)
    }

    /// The folder the output page goes in: its images go there too, never through a link below it.
    var pageFolder: String {
        let page = outputPage
        return String(page[..<(page.lastIndex(of: "/") ?? page.startIndex)])
    }

    /// Why a page was not written, with the exit code it gives.
    struct Failure: Error {
        var code: Int32
        var lines: [String]
        var problems = 0
    }

    /// What a page renders to: its images and the rewritten page, written to temporaries beside
    /// their places as each block is drawn (a page holds one block's images at a time), put in
    /// place by `staged.commit`.
    struct Rendered {
        var staged: StagedImages
        var icons: Set<String> = []
    }

    func run() -> Render.Outcome {
        var outcome = Render.Outcome()
        outcome.interest.files.insert(FileWatcher.absolute(page))
        outcome.interest.folders.insert(FileWatcher.absolute(page + "/..")) // theme files beside the page
        do {
            let rendered = try render()
            outcome.interest.files.formUnion(rendered.icons)
            do {
                try rendered.staged.commit { path in
                    if path != outputPage { outcome.written += 1 } // images; the page is not one
                    outcome.interest.written.insert(FileWatcher.absolute(path))
                    if verbose { Diagnostics.print("wrote \(path)") }
                }
            } catch {
                throw Failure(code: 3, lines: [Diagnostics.text(error)])
            }
        } catch {
            let failure = error as? Failure ?? Failure(code: 3, lines: ["\(page): error: \(error)"])
            Diagnostics.print(failure.lines.joined(separator: "\n"))
            outcome.exitCode = failure.code
            outcome.problems = failure.problems
        }
        return outcome
    }

    /// Renders every block in memory; any problem in any block fails the whole page.
    func render() throws -> Rendered {
        let pagePath = outputPage
        guard FileWatcher.absolute(pagePath) != FileWatcher.absolute(page) else {
            throw Failure(
                code: 2, lines: ["error: -o \(pagePath) would replace the page itself; name another output page"])
        }
        let markdown: MarkdownPage
        do {
            markdown = try MarkdownPage.read(page, limits: options.limits)
        } catch RenderFailure.invalidInput(let diagnostics) {
            throw Failure(code: 2, lines: diagnostics.map(\.description), problems: diagnostics.count)
        } catch {
            throw Failure(code: 3, lines: [Diagnostics.text(error)])
        }
        let folder = String(pagePath[..<(pagePath.lastIndex(of: "/") ?? pagePath.startIndex)])
        let fileName = String(pagePath.split(separator: "/").last ?? "page.md")
        let stem = String(fileName.dropLast(PathName.fileExtension(of: fileName).count + 1))
        let renderer: TimelineRenderer
        do {
            renderer = try TimelineRenderer(options: options)
        } catch {
            throw Failure(code: 3, lines: [Diagnostics.text(error)])
        }
        var rendered = Rendered(staged: StagedImages(root: pageFolder, inputs: [page]))
        var problems: [String] = []
        var links: [String] = []
        for (index, block) in markdown.blocks.enumerated() {
            do {
                let (files, link) = try render(
                    block, of: markdown, named: "\(stem)-\(index + 1)", with: renderer, icons: &rendered.icons)
                let paths = files.map { (PathName.appending($0.name, to: folder), $0.image) }
                if problems.isEmpty,
                    let failure = rendered.staged.stage(
                        paths, input: page, index: index, filesRead: Array(rendered.icons))
                {
                    throw failure
                }
                links.append(link)
            } catch RenderFailure.invalidInput(let diagnostics) {
                problems += markdown.located(diagnostics, in: block).map(\.description)
            } catch {
                rendered.staged.discard()
                throw Failure(code: 3, lines: [Diagnostics.text(error)])
            }
        }
        if !problems.isEmpty {
            rendered.staged.discard()
            throw Failure(code: 2, lines: problems, problems: problems.count)
        }
        if markdown.blocks.isEmpty {
            Diagnostics.print("\(page): no ```timeline block (nor ```mermaid timeline); the page is copied as it is")
        }
        let rewritten = EncodedImage.bytes(Data(markdown.rewritten { links[$0] }.utf8))
        if let failure = rendered.staged.stage([(pagePath, rewritten)], input: page, index: markdown.blocks.count) {
            rendered.staged.discard()
            throw Failure(code: failure.exitCode, lines: [Diagnostics.text(failure)])
        }
        return rendered
    }

    /// One block's images (file names beside the page) and the Markdown that links them.
    private func render(
        _ block: MarkdownPage.Block, of markdown: MarkdownPage, named name: String, with renderer: TimelineRenderer,
        icons: inout Set<String>
    ) throws -> (files: [(name: String, image: EncodedImage)], link: String) {
        let source = InputSource(
            displayName: page, baseName: name, data: Data(block.source.utf8), format: block.format,
            directory: FileWatcher.absolute(page + "/.."))
        let document = try renderer.decode(source)
        if verbose {
            let notes = markdown.located(TimelineKit.noteDiagnostics(document), in: block)
            notes.map(\.noteDescription).forEach(Diagnostics.print)
        }
        icons.formUnion(document.filesRead) // its icons and theme file: watched, and never replaced
        let images = try renderer.render(document, name: name)
        let dark = try renderer.darkVariant(of: document, source: source, darkThemeWhenUnthemed: darkVariants)
        let darkImages = try dark.map { try renderer.render($0, name: name) } ?? []
        let several = !options.feed && document.cards.count > 1
        func fileName(_ image: RenderedImage, _ suffix: String = "") -> String {
            let stem = several ? "\(name)-\(image.name)" : name
            return "\(stem)\(suffix).\(image.format.fileExtension)"
        }
        let link = images.filter { $0.format == formats[0] }.map { image in
            let card = options.feed ? nil : document.cards.first { $0.id == image.name }
            let alt = card.map { $0.header?.title ?? $0.title ?? $0.id } ?? document.cards.first?.header?.title ?? name
            guard darkImages.contains(where: { $0.name == image.name && $0.format == image.format }) else {
                return MarkdownPage.imageLink(alt: alt, path: fileName(image))
            }
            return MarkdownPage.picture(alt: alt, light: fileName(image), dark: fileName(image, "-dark"))
        }.joined(separator: "\n")
        let files = images.map { (fileName($0), $0.encoded) } + darkImages.map { (fileName($0, "-dark"), $0.encoded) }
        return (files, link)
    }
}
