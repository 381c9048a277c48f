import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory render-timelines [--target T]... [--input DIR]...
/// [--check] [--format png|svg]... [--now DATE] [--verbose]`: renders the `*.timeline.yaml` and
/// `*.timeline.json` files of each target's DocC catalog (and of each `--input` folder) into its
/// `Resources/`, with the package's own `timeline-cards`, which it builds from source in release. The
/// work is `timeline-cards docc-resources` (docs/docc.md); this plugin only finds the folders.
@main
struct RenderTimelines: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let inputs = extractor.extractOption(named: "input")
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        var folders = targets.compactMap { ($0 as? SourceModuleTarget)?.doccCatalog }
        folders += inputs.map { folder in
            folder.hasPrefix("/") ? folder : context.package.directoryURL.appendingPathComponent(folder).path
        }
        guard !folders.isEmpty else {
            let named = targetNames.isEmpty ? "the package's targets" : targetNames.joined(separator: ", ")
            Diagnostics.remark("render-timelines: no DocC catalog in \(named); name folders with --input DIR")
            return
        }
        let process = Process()
        process.executableURL = try releaseTool()
        process.arguments = ["docc-resources"] + folders + extractor.remainingArguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // timeline-cards printed every problem; the error tells SwiftPM the command failed.
            throw Failure(status: process.terminationStatus)
        }
    }
}

extension RenderTimelines {
    /// The package's `timeline-cards`, built in release: the plugin declares no dependency on it,
    /// since SwiftPM builds a plugin's tools in debug, whose first build takes longer and whose
    /// renders are slower; the release build is made once and reused, as `swift build -c release`.
    func releaseTool() throws -> URL {
        var parameters = PackageManager.BuildParameters(configuration: .release)
        parameters.logging = .concise
        let result = try packageManager.build(.product("timeline-cards"), parameters: parameters)
        guard result.succeeded,
            let tool = result.builtArtifacts.first(where: {
                $0.kind == .executable && $0.url.lastPathComponent == "timeline-cards"
            })
        else {
            Diagnostics.error(result.logText)
            throw BuildFailure()
        }
        return tool.url
    }
}

/// The release build of `timeline-cards` failed (SwiftPM's log was printed).
struct BuildFailure: Error, CustomStringConvertible {
    var description: String { "render-timelines: timeline-cards could not be built in release" }
}

/// `timeline-cards docc-resources` failed: 1 an image differs (--check), 2 a bad input, 3 I/O.
struct Failure: Error, CustomStringConvertible {
    var status: Int32
    var description: String {
        let reason = [1: "an image differs from its input", 2: "an input is bad"][status] ?? "it failed"
        return "render-timelines: nothing written: \(reason) (timeline-cards exited with \(status))"
    }
}

extension SourceModuleTarget {
    /// The target's DocC catalog (its `.docc` folder), if it has one.
    var doccCatalog: String? {
        sourceFiles.first { $0.url.pathExtension.lowercased() == "docc" }?.url.path
    }
}
