import ArgumentParser
import TimelineKit

struct Themes: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "themes", abstract: "List the built-in themes.")

    func run() throws {
        for (name, summary) in TimelineKit.themes {
            print("\(name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(summary)")
        }
    }
}
