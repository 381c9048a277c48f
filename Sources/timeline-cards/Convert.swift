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
        abstract: "Write the YAML timeline equivalent to a Mermaid timeline (.mmd), on standard output or to a file.",
        discussion: """
            Sections become the card's sections with their colours, periods items, events the lines \
            under them, the title a header: the YAML renders the same picture, and takes every key of \
            the format.
            """)

    @OptionGroup var flags: ConvertFlags

    func run() throws {
        let source = try flags.loadSource()
        guard source.format == .mermaid else {
            Diagnostics.print(
                "\(source.displayName): error: convert reads Mermaid timelines (.mmd, or - with --input-format "
                    + "mermaid); this input is already in our format")
            throw ExitCode(2)
        }
        let yaml = try Self.yaml(of: source, limits: flags.limits)
        guard let output = flags.output, output != "-" else {
            guard StandardStreams.writeOutput(Data(yaml.utf8)) else { throw ExitCode(3) }
            return
        }
        // Through a temporary beside it, renamed into place: a failure leaves the file as it was.
        do {
            // The file's own folder is the one named: nothing below it is followed through a link.
            let folder = output.lastIndex(of: "/").map { String(output[..<$0]) } ?? "."
            try OutputWriter.writeAtomically(Data(yaml.utf8), to: output, below: folder.isEmpty ? "/" : folder)
        } catch {
            throw ExitCode(Diagnostics.report(error))
        }
    }

    /// The diagram as YAML; its problems printed, all at once, and exit 2.
    static func yaml(of source: InputSource, limits: Limits) throws -> String {
        do {
            return try TimelineKit.convertMermaid(source, limits: limits)
        } catch {
            // convertMermaid throws only RenderFailure (typed throws).
            guard case .invalidInput(let diagnostics) = error else { throw error }
            Diagnostics.print(diagnostics)
            throw ExitCode(2)
        }
    }
}

/// `convert`'s own options: one input, the limits of reading it, and where the YAML goes.
struct ConvertFlags: ParsableArguments {
    @Argument(
        help: "A Mermaid timeline (.mmd), or - for standard input.",
        completion: .file(extensions: ["mmd", "mermaid"]))
    var input: String

    @Option(
        name: .shortAndLong, help: "The YAML file to write (written whole or not at all); - or none: standard output.")
    var output: String?

    @Option(help: "Syntax of standard input (mermaid); sniffed when not given.")
    var inputFormat: InputFormat?

    @Option(help: "Most items in one document.")
    var maxItems = WholeNumber(Limits().maxItems)
    @Option(help: "Longest text in one field, in characters.")
    var maxText = WholeNumber(Limits().maxTextLength)
    @Option(help: "Largest input file, in bytes.")
    var maxInputBytes = WholeNumber(Limits().maxInputBytes)

    var limits: Limits {
        var limits = Limits()
        limits.maxItems = maxItems.value
        limits.maxTextLength = maxText.value
        limits.maxInputBytes = maxInputBytes.value
        return limits
    }

    func validate() throws {
        for (flag, value) in [("--max-items", maxItems), ("--max-text", maxText), ("--max-input-bytes", maxInputBytes)]
        where value.value < 1 {
            throw ValidationError("\(flag) must be at least 1")
        }
        if let output, output != "-", FileKind(atPath: output) == .directory {
            throw ValidationError("-o names a folder; convert writes one YAML file (e.g. -o roadmap.yaml)")
        }
        if let output, output != "-", input != "-", FileIdentity(output) != nil,
            FileIdentity(output) == FileIdentity(input)
        {
            throw ValidationError("-o names the input itself; convert never writes over its input")
        }
    }

    /// The one input, read.
    func loadSource() throws -> InputSource {
        do {
            let sources = try InputSource.list([input], stdinFormat: inputFormat, maxBytes: maxInputBytes.value)
            guard sources.count == 1, let source = sources.first else {
                Diagnostics.print("error: convert takes one Mermaid file (.mmd), or -")
                throw ExitCode(2)
            }
            return try source.read(maxBytes: maxInputBytes.value)
        } catch let error as InputSource.LoadError {
            Diagnostics.print(error.description)
            switch error {
            case .tooLarge, .unsupported: throw ExitCode(2)
            case .unreadable, .noInputs, .refused: throw ExitCode(3)
            }
        }
    }
}
