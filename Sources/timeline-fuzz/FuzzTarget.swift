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
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One fuzz input through decode → layout → SVG, with small limits so each run stays fast.
/// Any crash, trap or sanitizer report is a bug; so is an SVG that is not well-formed XML or a
/// problem reported without a place.
enum FuzzTarget {
    /// Fonts and Pango are loaded once; libFuzzer calls in from a single thread.
    nonisolated(unsafe) static let renderer: TimelineRenderer? = {
        var options = RenderOptions()
        options.formats = [.svg]
        options.limits.maxItems = 200
        options.limits.maxTextLength = 2000
        options.limits.maxNodes = 20_000
        options.limits.maxExpandedBytes = 256 * 1024
        options.limits.maxInputBytes = 256 * 1024
        options.maxVectorSide = 50_000
        return try? TimelineRenderer(options: options)
    }()

    /// An empty folder: icons and theme files in fuzz inputs resolve inside it and find nothing.
    static let folder: String = {
        // NSTemporaryDirectory() (full Foundation): $TMPDIR with a trailing slash, else /tmp/.
        let temporary =
            ProcessInfo.processInfo.environment["TMPDIR"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/tmp/"
        let path = temporary + "timeline-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func run(_ data: Data) {
        guard let renderer else { fatalError("fonts could not be loaded") }
        let formats: [InputFormat] = InputFormat(sniffing: data) == .json ? [.json, .yaml] : [.yaml]
        for format in formats {
            let source = InputSource(
                displayName: "fuzz.\(format.rawValue)", baseName: "fuzz", data: data, format: format, directory: folder)
            do {
                for image in try renderer.render(source) { checkWellFormed(image.data) }
            } catch let failure as RenderFailure {
                checkLocated(failure)
            } catch {
                fatalError("render threw something other than RenderFailure: \(error)")
            }
        }
    }

    /// Every problem with the input itself has a line and column, from 1.
    static func checkLocated(_ failure: RenderFailure) {
        guard case .invalidInput(let problems) = failure else { return }
        precondition(!problems.isEmpty, "invalid input without a problem")
        for problem in problems where problem.file?.hasPrefix("fuzz.") ?? false {
            guard let line = problem.line, let column = problem.column, line >= 1, column >= 1 else {
                preconditionFailure("problem without a line and column: \(problem)")
            }
        }
    }

    static func checkWellFormed(_ svg: Data) {
        let parser = XMLParser(data: svg)
        precondition(parser.parse(), "SVG is not well-formed XML: \(String(describing: parser.parserError))")
    }
}

/// libFuzzer's entry point (`-sanitize=fuzzer` links libFuzzer's own `main`).
@_cdecl("LLVMFuzzerTestOneInput")
public func timelineFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTargetChoice.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
