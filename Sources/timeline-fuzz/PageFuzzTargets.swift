import TimelineCommandSupport
import TimelineKit
import TimelinePolicy
import TimelineScene

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes as the `description` of an item, laid out and drawn in SVG and PDF: inline markup
/// and its links. Any crash is a bug; so is a link in a scene that `LinkPolicy` did not make.
enum MarkupFuzzTarget {
    nonisolated(unsafe) static let renderer: TimelineRenderer? = {
        var options = RenderOptions()
        options.formats = [.svg, .pdf]
        options.limits.maxTextLength = 4000
        return try? TimelineRenderer(options: options)
    }()

    static func run(_ data: Data) {
        guard let renderer else { fatalError("fonts could not be loaded") }
        struct Input: Encodable {
            var version = 1
            var cards: [[String: [[String: String]]]]
        }
        let text = String(decoding: data, as: UTF8.self)
        let input = Input(cards: [["items": [["title": "t", "description": text]]]])
        do {
            guard let json = try? JSONEncoder().encode(input) else { return }
            let source = InputSource(
                displayName: "fuzz.json", baseName: "fuzz", data: json, format: .json, directory: FuzzTarget.folder)
            let document = try renderer.decode(source)
            for image in try renderer.layOut(document, name: "fuzz") {
                for case .link(let link) in image.scene.nodes {
                    precondition(LinkPolicy.isNormalized(link.url), "a link the policy did not make: \(link.url)")
                }
            }
            for image in try renderer.render(document, name: "fuzz") where image.format == .svg {
                FuzzTarget.checkWellFormed(image.data)
            }
        } catch let failure as RenderFailure {
            FuzzTarget.checkLocated(failure)
        } catch {
            fatalError("render threw something other than RenderFailure: \(error)")
        }
    }
}

/// The bytes as a Markdown page: its blocks found, each decoded and its problems moved to the
/// page's lines, which must lie inside the page; the page rewritten keeps every line outside
/// the blocks.
enum MarkdownFuzzTarget {
    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let page = MarkdownPage(text)
        var limits = Limits()
        limits.maxInputBytes = 256 * 1024
        limits.maxNodes = 20_000
        for (index, block) in page.blocks.enumerated() {
            precondition(block.lines.lowerBound < page.lines.count, "a block past the page's end")
            let source = InputSource(
                displayName: "page.md", baseName: "page-\(index + 1)", data: Data(block.source.utf8), format: nil,
                directory: FuzzTarget.folder)
            let problems = TimelineKit.validateEach([source], limits: limits)[0]
            for problem in page.located(problems, in: block) where problem.file == "page.md" {
                guard let line = problem.line, line >= 1, line <= page.lines.count else {
                    preconditionFailure("a problem outside the page: \(problem)")
                }
            }
        }
        let rewritten = page.rewritten { "![](image-\($0 + 1).svg)" }
        precondition(page.blocks.isEmpty ? rewritten == text : true, "a page without blocks changed")
    }
}
