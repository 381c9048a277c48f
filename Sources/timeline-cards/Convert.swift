import ArgumentParser
import TimelineCommandSupport
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        _superCommandName: "timeline-cards",
        abstract: "Print the YAML timeline equivalent to a Mermaid timeline (.mmd) on standard output.",
        discussion: """
            Sections become groups with their colours, periods items, events the lines under them, \
            the title a header: the YAML renders the same picture, and takes every key of the format.
            """)

    @OptionGroup var input: InputFlags

    func validate() throws {
        if input.inputs.count != 1 { throw ValidationError("convert takes one Mermaid file (.mmd), or -") }
    }

    func run() throws {
        guard let source = try input.loadSources().first else { throw ExitCode(2) }
        guard source.format == .mermaid else {
            Diagnostics.print(
                "\(source.displayName): error: convert reads Mermaid timelines (.mmd, or - with --input-format "
                    + "mermaid); this input is already in our format")
            throw ExitCode(2)
        }
        do {
            let yaml = try TimelineKit.convertMermaid(source, limits: input.limits)
            guard StandardStreams.writeOutput(Data(yaml.utf8)) else { throw ExitCode(3) }
        } catch RenderFailure.invalidInput(let diagnostics) {
            Diagnostics.print(diagnostics)
            throw ExitCode(2)
        }
    }
}
