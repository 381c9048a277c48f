import TimelineCairo
import TimelineKit
import TimelineModel
import TimelinePolicy

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `render page.md -o out/page.md --check`: the files a render would write, compared byte for
/// byte with those in place (the output is the same bytes on every machine), nothing written.
/// Every image that is missing or differs, and the page when a link in it would change, is named;
/// any one fails the check (exit 1), for CI.
struct MarkdownCheck {
    /// The paths compared, in page order.
    private(set) var compared: [String] = []
    /// Those that are missing or differ, each with why.
    private(set) var stale: [(path: String, reason: String)] = []

    /// Compares each file with the one at its path.
    mutating func compare(_ files: [(path: String, image: EncodedImage)]) {
        for (path, image) in files {
            compared.append(path)
            // Read in the folder the command line named (the output page's or --assets), a
            // regular file only (never a FIFO) and no link followed, no further than one byte past
            // the size it should have.
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[..<$0]) } ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            switch ContainedFile.read(name, in: folder.isEmpty ? "/" : folder, maxBytes: image.count + 1) {
            case .success(let bytes) where bytes.count == image.count && Data(bytes) == image.data: break
            case .failure(.missing): stale.append((path, "missing"))
            case .failure(.link): stale.append((path, "is a link, and links are not followed; it is not compared"))
            default: stale.append((path, "differs from what the page renders to"))
            }
        }
    }

    /// Prints each stale file and a summary line; the exit code: 0 all current, 1 any stale.
    func report(output: String, verbose: Bool) -> Int32 {
        if verbose {
            let current = Set(compared).subtracting(stale.map(\.path))
            for path in compared where current.contains(path) { Diagnostics.print("up to date: \(path)") }
        }
        for (path, reason) in stale {
            Diagnostics.print("\(MessageText.escaped(path)): stale: \(reason)")
        }
        let total = compared.count
        let summary = "check: \(total - stale.count) of \(total) file\(total == 1 ? "" : "s") of \(output) up to date"
        guard !stale.isEmpty else {
            Diagnostics.print(summary)
            return 0
        }
        Diagnostics.print(summary + "; run the same command without --check to update them")
        return 1
    }
}
