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

/// What `--theme` completes to in every shell: the built-in themes, then the theme files (.yaml,
/// .yml, .json) of the current folder, since a theme file is the other thing it takes.
enum ThemeCompletion {
    static let command = "timeline-cards themes 2>/dev/null | cut -d' ' -f1; ls -1 -- *.yaml *.yml *.json 2>/dev/null"
}
