import Foundation

/// Without libFuzzer (a plain `swift build`), the tool replays the files it is given through the
/// same target, so a crash found by `make fuzz` can be rerun and debugged in an ordinary build.
@main
enum Replay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            FileHandle.standardError.write(Data("usage: timeline-fuzz FILE...  (build with -sanitize=fuzzer to fuzz; see make fuzz)\n".utf8))
            exit(64)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("timeline-fuzz: cannot read \(path)\n".utf8))
                exit(66)
            }
            FuzzTarget.run(data)
        }
        print("replayed \(paths.count) input\(paths.count == 1 ? "" : "s") without a crash")
    }
}
