import ArgumentParser

@main
struct TimelineCards: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline-cards",
        abstract: "Render timelines described in YAML or JSON as SVG, PNG and PDF cards.",
        discussion: """
            Exit codes: 0 success, 1 check mismatch, 2 bad input (every problem listed as \
            file:line:column: error: message), 3 I/O or rendering failure.
            """,
        version: "0.1.0",
        subcommands: [Render.self, Validate.self, Check.self, Schema.self, Themes.self],
        defaultSubcommand: nil
    )
}
