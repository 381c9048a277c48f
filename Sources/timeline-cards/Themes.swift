import ArgumentParser
import TimelineKit

struct Themes: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "themes", abstract: "List the built-in themes.")

    func run() throws {
        for (name, summary) in TimelineKit.themes {
            // Padded (or cut) to 9 characters, so the summaries start in one column.
            let column = String(name.prefix(9)) + String(repeating: " ", count: max(0, 9 - name.count))
            print("\(column) \(summary)")
        }
    }
}
