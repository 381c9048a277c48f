import ArgumentParser
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        _superCommandName: "timeline-cards",
        abstract: "Check inputs without rendering; print every problem and exit 2 if there is one.",
        discussion: "A Markdown page (.md) is checked block by block: each ```timeline block, at the page's own lines.")

    @OptionGroup var input: InputFlags

    func run() throws {
        var sources: [InputSource] = []
        let pages = input.inputs.filter(MarkdownRender.isMarkdown)
        var files = input
        files.inputs.removeAll(where: MarkdownRender.isMarkdown)
        if !files.inputs.isEmpty {
            sources += try files.loadSources()
        }
        for page in pages {
            guard FileKind(atPath: page) == .other, let data = FileManager.default.contents(atPath: page) else {
                Diagnostics.print("\(page): error: cannot read the page")
                throw ExitCode(3)
            }
            let folder = FileWatcher.absolute(page + "/..")
            for (index, block) in MarkdownPage(String(decoding: data, as: UTF8.self)).blocks.enumerated() {
                let source = InputSource(
                    displayName: page, baseName: "block-\(index + 1)", data: Data(block.source.utf8),
                    format: nil, directory: folder)
                sources.append(source)
            }
        }
        let problems = TimelineKit.validate(sources, limits: input.limits)
        if !problems.isEmpty {
            Diagnostics.print(problems)
            throw ExitCode(2)
        }
    }
}
