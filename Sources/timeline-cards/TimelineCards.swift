import ArgumentParser
import TimelineCairo
import TimelineCommandSupport
import TimelineKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct TimelineCards: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline-cards",
        abstract: "Render timelines described in YAML, JSON or Mermaid as SVG, PNG and PDF cards.",
        discussion: """
            Exit codes: 0 success, 1 check mismatch, 2 bad input (every problem listed as \
            file:line:column: error: message), 3 I/O or rendering failure.
            """,
        version: versionLine,
        subcommands: [
            Render.self, Validate.self, Check.self, Convert.self, Schema.self, Themes.self, DocCResources.self,
        ],
        defaultSubcommand: nil
    )

    /// Usage mistakes (a bad flag value) are bad input too: exit 2, as the contract says, instead
    /// of ArgumentParser's 64. Help and version still exit 0.
    static func main() {
        // Past a file size limit (ulimit -f), write fails with EFBIG and the run ends with exit 3
        // and its message, instead of the signal killing the process half-way.
        signal(SIGXFSZ, SIG_IGN)
        // A thread or memory GLib cannot get ends the run with exit 3 and a message, not a trap.
        LibraryFailures.endRunsCleanly()
        let first = CommandLine.arguments.dropFirst().first ?? ""
        // Under limits known to be too small, a clear exit 3 before anything can fail on its own.
        let helpOnly = CommandLine.arguments.contains { ["-h", "--help", "--version"].contains($0) }
        if ["render", "check", "validate"].contains(first), !helpOnly { endIfBelowResourceFloor(maxNesting: 0) }
        // Commands that render load the fonts on another core while the arguments are parsed.
        if ["render", "check", "docc-resources"].contains(first) { FontPreload.start() }
        if let word = CommandLine.arguments.dropFirst().first, let message = unknownCommand(word) {
            StandardStreams.writeError(message + "\n")
            exit(withError: ExitCode(2))
        }
        do {
            var command = try parseNamedSubcommand() ?? parseAsRoot()
            if let reader = command as? ReadsInputs {
                endIfBelowResourceFloor(maxNesting: reader.input.limits.maxNesting)
            }
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            // One style for every error: ArgumentParser's "Error: " as the rest are written.
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
            StandardStreams.writeError(message + "\n")
            exit(withError: ExitCode(2)) // prints nothing for an ExitCode
        }
    }

    static func endIfBelowResourceFloor(maxNesting: Int) {
        guard let problem = ResourceFloor.problem(maxNesting: maxNesting) else { return }
        StandardStreams.writeError(problem + "\n")
        exit(withError: ExitCode(3))
    }

    /// The commands that read inputs, parsed on their own when named first: parsing from the root
    /// reflects the command's flags three times (matching the subcommand, parsing it, checking for
    /// catch-all arguments), on their own once less, and the completion-script check is skipped
    /// (their `_superCommandName`). Anything but a clean parse (help, --version, a mistake) goes
    /// through the root, which gives every message and exit code. The commonest render command
    /// lines are read without the parser at all (`QuickRenderArguments`).
    static let parsedAlone: [ParsableCommand.Type] = [Render.self, Check.self, Validate.self]

    static func parseNamedSubcommand() -> ParsableCommand? {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "render", let command = QuickRenderArguments.render(Array(arguments.dropFirst())) {
            return command
        }
        guard let name = arguments.first,
            let subcommand = parsedAlone.first(where: { $0.configuration.commandName == name }),
            let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
            type(of: command) == subcommand
        else { return nil }
        return command
    }

    /// A first argument that is neither a flag, a subcommand nor an input file: a mistyped
    /// subcommand ("rendr"), named with the closest one.
    static func unknownCommand(_ word: String) -> String? {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !word.hasPrefix("-"), !names.contains(word) else { return nil }
        let hint = TimelineKit.didYouMean(word, in: names)
        return
            "error: unknown command '\(word)'\(hint)\nUsage: timeline-cards "
            + "<\(names.dropLast().joined(separator: "|"))> …; see timeline-cards --help"
    }
}

/// A command that reads inputs, with the limits its flags set.
protocol ReadsInputs {
    var input: InputFlags { get }
}

extension Render: ReadsInputs {}
extension Check: ReadsInputs {}
extension Validate: ReadsInputs {}
