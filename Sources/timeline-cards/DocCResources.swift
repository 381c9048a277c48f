import ArgumentParser
import TimelineGolden
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `timeline-cards docc-resources FOLDER...`: the work of the `render-timelines` plugin, which
/// runs it on each target's DocC catalog (docs/docc.md).
struct DocCResources: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docc-resources",
        abstract: "Render the *.timeline.yaml and *.timeline.json files of DocC catalogs into their Resources/.",
        discussion: """
            Each card of each timeline file anywhere under FOLDER becomes FOLDER/Resources/CARD.png \
            and CARD@2x.png (2 pixels per point) and, from its dark variant (theme: auto, or the dark \
            theme when the file names no theme), CARD~dark.png and CARD~dark@2x.png: the names DocC \
            gives light and dark images. Files whose image has not changed are left untouched. A bad \
            input writes nothing (exit 2). --check writes nothing and exits 1 when an image differs \
            from what the inputs make, or is missing, compared as check compares.
            """)

    @Argument(help: "DocC catalogs (.docc folders) or other folders of timeline files.", completion: .directory)
    var folders: [String]

    @Flag(help: "Compare the images in Resources/ with what the inputs make instead of writing them.")
    var check = false

    @Option(help: "Image format to write: png or svg (repeatable; default png).")
    var format: [CheckFormat] = []

    @Option(help: "The date that counts as today (ISO 8601), over the documents' 'now'.")
    var now: String?

    @Option(help: "Add a folder of fonts (repeatable).", completion: .directory)
    var fonts: [String] = []

    @Flag(help: "Print unchanged and matching images too.")
    var verbose = false

    /// Every limit flag, as on the other commands that read timeline files.
    @OptionGroup var limitFlags: LimitFlags

    /// The run's limits.
    var limits: Limits { limitFlags.limits }

    func validate() throws {
        if folders.isEmpty { throw ValidationError("give at least one folder") }
        for folder in folders where FileKind(atPath: folder) != .directory {
            throw ValidationError("'\(folder)' is not a folder")
        }
        if let now, TimelineKit.parseDate(now) == nil {
            throw ValidationError("--now '\(now)' is not an ISO 8601 date or date-time")
        }
        for folder in fonts where FileKind(atPath: folder) != .directory {
            throw ValidationError("--fonts '\(folder)' is not a folder")
        }
    }

    var options: RenderOptions {
        var options = RenderOptions()
        options.formats = format.isEmpty ? [.png] : format.map(\.imageFormat)
        options.formats = options.formats.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        options.scale = nil // 2 pixels per point for PNG, 1 for SVG
        options.now = now.flatMap(TimelineKit.parseDate)
        options.fontDirectories = fonts
        options.limits = limits
        return options
    }

    func run() throws {
        let planned: [CatalogImages.Planned]
        do {
            planned = try CatalogImages(folders: folders, options: options).plan()
        } catch {
            Diagnostics.print(error.lines.joined(separator: "\n"))
            throw ExitCode(error.code)
        }
        if planned.isEmpty {
            Diagnostics.print(
                "no *.timeline.yaml, *.timeline.yml or *.timeline.json file in \(folders.joined(separator: ", "))")
            return
        }
        // One check per folder: its Resources/ is the folder of goldens, and its manifest says
        // which images the tool made there. The catalog is the root no link below is followed in.
        var report = GoldenCheck.Report()
        let folders = planned.reduce(into: [String]()) { if !$0.contains($1.folder) { $0.append($1.folder) } }
        var checks: [(GoldenCheck, GoldenCheck.Report, [CatalogImages.Planned])] = folders.map { folder in
            var golden = GoldenCheck(
                directory: folder, tolerance: 0, diffDirectory: nil, record: !check, recordHint: "run without --check",
                limits: limits)
            golden.manifestDirectory = CatalogImages.resources(of: folder)
            golden.adoption = .identicalOnly
            return (golden, GoldenCheck.Report(), planned.filter { $0.folder == folder })
        }
        // Files the tool did not make are found before anything is written: then nothing is.
        if !check {
            let refused = checks.indices.flatMap { index in
                checks[index].0.ownershipProblems(checks[index].2.map { ($0.image, $0.path) }, report: &checks[index].1)
            }
            if !refused.isEmpty {
                for problem in refused { Diagnostics.print(problem.description) }
                throw ExitCode(2)
            }
        }
        do {
            for index in checks.indices {
                for file in checks[index].2 {
                    try checks[index].0.check(file.image, at: file.path, diffPath: nil, into: &checks[index].1)
                }
                try checks[index].0.finish(&checks[index].1)
                report.merge(checks[index].1)
            }
        } catch {
            throw ExitCode(Diagnostics.report(error))
        }
        try summarize(report, images: planned.count)
    }

    private func summarize(_ report: GoldenCheck.Report, images: Int) throws {
        for problem in report.problems { Diagnostics.print(problem.description) }
        if check {
            for mismatch in report.mismatches { Diagnostics.print(mismatch.description) }
            if verbose { for path in report.matched { Diagnostics.print("matches: \(path)") } }
            Diagnostics.print("docc-resources: \(report.matched.count) of \(images) images match")
        } else {
            for (path, status) in report.recorded where status != .unchanged || verbose {
                Diagnostics.print(status == .unchanged ? "unchanged: \(path)" : "wrote \(path)")
            }
            let written = report.recorded.filter { $0.status != .unchanged }.count
            Diagnostics.print("docc-resources: \(written) written, \(images - written) unchanged")
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
