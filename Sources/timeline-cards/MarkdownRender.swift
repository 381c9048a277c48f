import TimelineCairo
import TimelineCommandSupport
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `render page.md -o out/page.md`: each ```` ```timeline ```` block of the page becomes an image
/// named by its card's id (`release.svg`; a second card of one id on the page gets `release-2.svg`)
/// beside the output page or in the `--assets` folder, and the page links it in place of the block,
/// with the card's title as alt text. Problems name the page's own lines. A block with
/// `theme: auto` (or, with `--dark-variants`, naming no theme) gets a dark image too
/// (`release-dark.svg`), and the page a `<picture>` with a `prefers-color-scheme: dark` source.
/// `--check` writes nothing and fails when an image or the page would change (`MarkdownCheck`).
struct MarkdownRender {
    var page: String
    var output: String?
    var formats: [ImageFormat]
    var options: RenderOptions
    var verbose: Bool
    /// Dark images also for blocks naming no theme (the dark theme), not only for `theme: auto`.
    var darkVariants = false
    /// The folder the images go in (`--assets`); nil for the output page's folder.
    var assets: String? = nil
    /// Compare instead of writing (`--check`).
    var check = false
    /// Keeps the page's images and the page in `Render.Outcome.images` (`--serve` serves them).
    var keepsImages = false

    static func isMarkdown(_ path: String) -> Bool {
        ["md", "markdown"].contains(PathName.fileExtension(of: path).lowercased())
    }

    /// The output page: `-o NAME.md`, or the page's name inside the `-o` folder (default: here).
    var outputPage: String {
        let name = String(page.split(separator: "/").last ?? "page.md")
        guard let output else { return name }
        return Self.isMarkdown(output) ? output : PathName.appending(name, to: output)
    }

    /// The folder the output page goes in, never written through a link below it.
    var pageFolder: String {
        let page = outputPage
        return String(page[..<(page.lastIndex(of: "/") ?? page.startIndex)])
    }

    /// The folder the images go in: `--assets`, else the page's.
    var imageFolder: String {
        guard var assets else { return pageFolder }
        while assets.count > 1, assets.hasSuffix("/") { assets.removeLast() }
        return assets
    }

    /// How the page links the image folder: the path from the page's folder to it, "" for the same.
    var imageLinkFolder: String {
        MarkdownImageNames.relativePath(
            to: FileWatcher.absolute(imageFolder.isEmpty ? "." : imageFolder),
            from: FileWatcher.absolute(pageFolder.isEmpty ? "." : pageFolder))
    }

    /// Why a page was not written, with the exit code it gives.
    struct Failure: Error {
        var code: Int32
        var lines: [String]
        var problems = 0
    }

    /// What a page renders to: its images and the rewritten page, written to temporaries beside
    /// their places as each block is drawn (a page holds one block's images at a time), put in
    /// place by `staged.commit` (images first, then the page); or, with `--check`, compared with
    /// the files in place as each block is drawn, nothing written.
    struct Rendered {
        var images: StagedImages
        var page: StagedImages
        var icons: Set<String> = []
        var check = MarkdownCheck()
    }

    func run() -> Render.Outcome {
        var outcome = Render.Outcome()
        outcome.interest.files.insert(FileWatcher.absolute(page))
        outcome.interest.folders.insert(FileWatcher.absolute(page + "/..")) // theme files beside the page
        do {
            let rendered = try render()
            outcome.interest.files.formUnion(rendered.icons)
            if check {
                outcome.exitCode = rendered.check.report(output: outputPage, verbose: verbose)
                return outcome
            }
            do {
                for staged in [rendered.images, rendered.page] {
                    try staged.commit { path, image in
                        if path != outputPage { outcome.written += 1 } // images; the page is not one
                        outcome.interest.written.insert(FileWatcher.absolute(path))
                        if let image { outcome.images[path] = image }
                        if verbose { Diagnostics.print("wrote \(path)") }
                    }
                }
            } catch {
                rendered.page.discard()
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

    /// The page read and a renderer for its blocks, or why not.
    func prepare() throws -> (MarkdownPage, TimelineRenderer) {
        guard FileWatcher.absolute(outputPage) != FileWatcher.absolute(page) else {
            throw Failure(
                code: 2, lines: ["error: -o \(outputPage) would replace the page itself; name another output page"])
        }
        do {
            let markdown = try MarkdownPage.read(page, limits: options.limits)
            return (markdown, try TimelineRenderer(options: options))
        } catch RenderFailure.invalidInput(let diagnostics) {
            throw Failure(code: 2, lines: diagnostics.map(\.description), problems: diagnostics.count)
        } catch {
            throw Failure(code: 3, lines: [Diagnostics.text(error)])
        }
    }

    /// Renders every block in memory; any problem in any block fails the whole page.
    func render() throws -> Rendered {
        let pagePath = outputPage
        let (markdown, renderer) = try prepare()
        var rendered = Rendered(
            images: StagedImages(root: imageFolder, inputs: [page]),
            page: StagedImages(root: pageFolder, inputs: [page]))
        rendered.images.keepsImages = keepsImages
        rendered.page.keepsImages = keepsImages
        var names = MarkdownImageNames(folder: imageFolder, linkFolder: imageLinkFolder)
        var problems: [String] = []
        var links: [String] = []
        // One budget for the whole page's images: each image within --max-output-bytes, a page
        // of many blocks once wrote 1.4 GB.
        var pageBytes = 0
        for (index, block) in markdown.blocks.enumerated() {
            do {
                let (files, link) = try render(
                    block, of: markdown, names: &names, with: renderer, icons: &rendered.icons)
                pageBytes += files.reduce(0) { $0 + $1.image.count }
                if let problem = pageBudgetProblem(pageBytes, at: block) {
                    problems.append(problem)
                    break
                }
                if check {
                    rendered.check.compare(files)
                } else if problems.isEmpty,
                    let failure = rendered.images.stage(
                        files, input: page, index: index, filesRead: Array(rendered.icons))
                {
                    throw failure
                }
                links.append(link)
            } catch RenderFailure.invalidInput(let diagnostics) {
                problems += markdown.located(diagnostics, in: block).map(\.description)
            } catch {
                rendered.images.discard()
                throw Failure(code: 3, lines: [Diagnostics.text(error)])
            }
        }
        if !problems.isEmpty {
            rendered.images.discard()
            throw Failure(code: 2, lines: problems, problems: problems.count)
        }
        if markdown.blocks.isEmpty {
            Diagnostics.print("\(page): no ```timeline block (nor ```mermaid timeline); the page is copied as it is")
        }
        let rewritten = EncodedImage.bytes(Data(markdown.rewritten { links[$0] }.utf8))
        if check {
            rendered.check.compare([(pagePath, rewritten)])
        } else if let failure = rendered.page.stage([(pagePath, rewritten)], input: page, index: 0) {
            rendered.images.discard()
            throw Failure(code: failure.exitCode, lines: [Diagnostics.text(failure)])
        }
        return rendered
    }

    /// The problem at `block` when the page's images, up to it, take `bytes`, past the page's budget.
    private func pageBudgetProblem(_ bytes: Int, at block: MarkdownPage.Block) -> String? {
        guard bytes > options.limits.maxPageOutputBytes else { return nil }
        let message =
            "the page's images take more than \(options.limits.maxPageOutputBytes) bytes by this block "
            + "(raise with --max-page-output-bytes)"
        return Diagnostic(file: page, line: block.fenceLine, column: 1, message: message).description
    }

    /// One block's images (their paths) and the Markdown that links them.
    private func render(
        _ block: MarkdownPage.Block, of markdown: MarkdownPage, names: inout MarkdownImageNames,
        with renderer: TimelineRenderer, icons: inout Set<String>
    ) throws -> (files: [(path: String, image: EncodedImage)], link: String) {
        let source = InputSource(
            displayName: page, baseName: "block-\(block.fenceLine)", data: Data(block.source.utf8),
            format: block.format, directory: FileWatcher.absolute(page + "/.."))
        let document = try renderer.decode(source)
        if verbose {
            let notes = markdown.located(TimelineKit.noteDiagnostics(document), in: block)
            notes.map(\.noteDescription).forEach(Diagnostics.print)
        }
        icons.formUnion(document.filesRead) // its icons and theme file: watched, and never replaced
        let images = try renderer.render(document, name: source.baseName)
        let dark = try renderer.darkVariant(of: document, source: source, darkThemeWhenUnthemed: darkVariants)
        let darkImages = try dark.map { try renderer.render($0, name: source.baseName) } ?? []
        // One name per card (per image of a --feed block), whatever the number of formats.
        var stems: [String: String] = [:]
        for image in images where stems[image.name] == nil {
            stems[image.name] = names.claim(options.feed ? document.cards.first?.id ?? "timeline" : image.name)
        }
        func fileName(_ image: RenderedImage, _ suffix: String = "") -> String {
            "\(stems[image.name] ?? image.name)\(suffix).\(image.format.fileExtension)"
        }
        let link = images.filter { $0.format == formats[0] }.map { image in
            let card = options.feed ? document.cards.first : document.cards.first { $0.id == image.name }
            let alt = card.map(MarkdownImageNames.altText) ?? "Timeline"
            guard darkImages.contains(where: { $0.name == image.name && $0.format == image.format }) else {
                return MarkdownPage.imageLink(alt: alt, path: names.link(fileName(image)))
            }
            return MarkdownPage.picture(
                alt: alt, light: names.link(fileName(image)), dark: names.link(fileName(image, "-dark")))
        }.joined(separator: "\n")
        let files =
            images.map { (names.path(fileName($0)), $0.encoded) }
            + darkImages.map { (names.path(fileName($0, "-dark")), $0.encoded) }
        return (files, link)
    }
}
