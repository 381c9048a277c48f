import ArgumentParser
import TimelineKit

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check inputs without rendering; print every problem and exit 2 if there is one.")

    @OptionGroup var input: InputFlags

    func run() throws {
        let sources = try input.loadSources()
        var problems: [String] = []
        for source in sources {
            problems += TimelineKit.validate(source, limits: input.limits)
        }
        if !problems.isEmpty {
            Diagnostics.print(problems.joined(separator: "\n"))
            throw ExitCode(2)
        }
    }
}
