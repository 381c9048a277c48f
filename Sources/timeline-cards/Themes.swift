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

/// What `--theme` completes to in every shell: the built-in themes, then the theme files of the
/// current folder, not every file: a `.yaml`, `.yml` or `.json` regular file whose first 64 KiB
/// set `style` or `feed` at the top and no `cards` (a theme, not a timeline). bash's `compgen -W`
/// expands each word it is given, so there a name is quoted (`printf %q`): a file named
/// `$(…).yaml` is offered as a name, never run.
enum ThemeCompletion {
    static let command =
        "timeline-cards themes 2>/dev/null | cut -d' ' -f1; for f in *.yaml *.yml *.json; do [ -f \"$f\" ] || "
        + "continue; head -c 65536 -- \"$f\" | grep -qE '^(style|feed):|^[{ ]*\"(style|feed)\" *:' || continue; "
        + "head -c 65536 -- \"$f\" | grep -qE '^cards:|\"cards\" *:' && continue; "
        + "if [ \"$SAP_SHELL\" = bash ]; then printf '%q\\n' \"$f\"; else printf '%s\\n' \"$f\"; fi; done"
}
