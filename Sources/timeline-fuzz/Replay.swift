import TimelineCommandSupport
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry point. Built with `-sanitize=fuzzer`, libFuzzer is linked in and this hands it the
/// command line (SwiftPM's own `main` for the module wins over libFuzzer's, so it is called by
/// name). In a plain build the tool replays the files it is given through the same target, so a
/// crash found by `make fuzz` can be rerun and debugged without sanitizers.
@main
enum Replay {
    typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    typealias RunDriver =
        @convention(c) (
            UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
            TestOneInput
        ) -> Int32

    static func main() {
        if let driver = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") {
            let run = unsafeBitCast(driver, to: RunDriver.self)
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            // A closure, not the @_cdecl function itself: naming that here would emit its C symbol twice.
            exit(
                run(&argc, &argv) { bytes, count in
                    FuzzTargetChoice.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
                    return 0
                })
        }
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            StandardStreams.writeError(
                "usage: timeline-fuzz FILE...  (built with -sanitize=fuzzer it fuzzes; see make fuzz)\n")
            exit(64)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                StandardStreams.writeError("timeline-fuzz: cannot read \(path)\n")
                exit(66)
            }
            FuzzTargetChoice.run(data)
        }
        print("replayed \(paths.count) input\(paths.count == 1 ? "" : "s") without a crash")
    }
}
