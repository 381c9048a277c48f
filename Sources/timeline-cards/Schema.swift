import ArgumentParser
import TimelineKit

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the input format.",
        discussion: "Point editors at it: '# yaml-language-server: $schema=timeline.schema.json'.")

    func run() throws {
        print(TimelineKit.jsonSchema, terminator: "")
    }
}
