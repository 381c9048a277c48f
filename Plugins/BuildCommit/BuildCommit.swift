import Foundation
import PackagePlugin

/// Records the commit `timeline-cards` is built from, for `--version`: before every build,
/// `scripts/build-commit.sh` writes `BuildCommit.swift` (rewritten only when the commit changed,
/// so an unchanged commit recompiles nothing). A source tree without `.git` (a release's tarball)
/// takes the commit `git archive` wrote into `.commit`, else builds with none.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        return [
            .prebuildCommand(
                displayName: "Recording the commit of timeline-cards",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [package.appendingPathComponent("scripts/build-commit.sh").path, package.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
