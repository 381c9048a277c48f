import ArgumentParser
import TimelineCommandSupport
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
        discussion:
            "A Markdown page (.md) is checked block by block: each ```timeline block and each ```mermaid "
            + "timeline, at the page's own lines.")

    @OptionGroup var input: InputFlags

    @Flag(help: "Text that would be cut with an ellipsis is a problem too (as render --strict says).")
    var strict = false

    func run() throws {
        let pages = input.inputs.filter(MarkdownRender.isMarkdown)
        var files = input
        files.inputs.removeAll(where: MarkdownRender.isMarkdown)
        // Each file read just before it is validated and let go after: a large input's bytes are
        // not held beside its layout, nor beside the next input's.
        let validator = TimelineKit.Validator(limits: input.limits, strict: strict)
        var fileProblems: [Diagnostic] = []
        for source in files.inputs.isEmpty ? [] : try files.listSources().sources {
            fileProblems += validator.problems(of: try files.read(source))
        }
        var problems: [Diagnostic] = []
        for page in pages {
            do {
                let markdown = try MarkdownPage.read(page, limits: input.limits)
                let folder = FileWatcher.absolute(page + "/..")
                let blocks = markdown.blocks.enumerated().map { index, block in
                    InputSource(
                        displayName: page, baseName: "block-\(index + 1)", data: Data(block.source.utf8),
                        format: block.format, directory: folder)
                }
                let found = TimelineKit.validateEach(blocks, limits: input.limits, strict: strict)
                for (block, diagnostics) in zip(markdown.blocks, found) {
                    problems += markdown.located(diagnostics, in: block)
                }
            } catch RenderFailure.invalidInput(let diagnostics) {
                problems += diagnostics
            } catch let error as InputSource.LoadError {
                Diagnostics.print(error.description)
                throw ExitCode(3)
            }
        }
        problems = fileProblems + problems
        if !problems.isEmpty {
            Diagnostics.print(problems)
            throw ExitCode(2)
        }
    }
}
