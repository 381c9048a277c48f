import TimelineKit
import TimelineTestSupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One fuzz input as an icon file (PNG when it starts with PNG's signature, SVG otherwise),
/// named by a small document and drawn in every format: the size and header checks, cairo's and
/// librsvg's decoding, and the painting of what passed. Any crash is a bug; so is an unlocated
/// problem, an SVG that is not well-formed, or an icon's markup reaching our SVG.
enum IconFuzzTarget {
    /// Fonts and Pango are loaded once; libFuzzer calls in from a single thread.
    nonisolated(unsafe) static let renderer: TimelineRenderer? = {
        var options = RenderOptions()
        options.formats = [.svg, .png, .pdf]
        return try? TimelineRenderer(options: options)
    }()

    static let document = Data(
        "version: 1\ncards:\n  - items:\n      - {title: a, icon: icon.png}\n      - {title: b, icon: icon.svg}\n".utf8)

    static func run(_ data: Data) {
        guard let renderer else { fatalError("fonts could not be loaded") }
        let isPNG = data.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let folder = FuzzTarget.folder
        // Both names exist; the one not under test is a valid 1-pixel stand-in.
        let (icon, other) = isPNG ? ("icon.png", "icon.svg") : ("icon.svg", "icon.png")
        _ = FileManager.default.createFile(atPath: folder + "/" + icon, contents: data)
        _ = FileManager.default.createFile(atPath: folder + "/" + other, contents: isPNG ? standInSVG : standInPNG)
        let source = InputSource(
            displayName: "fuzz.yaml", baseName: "fuzz", data: document, format: .yaml, directory: folder)
        do {
            for image in try renderer.render(source) where image.format == .svg {
                FuzzTarget.checkWellFormed(image.data)
                let text = String(decoding: image.data, as: UTF8.self)
                precondition(
                    !text.contains("<script") && !text.contains("image/svg"), "an icon's markup reached our SVG")
            }
        } catch let failure as RenderFailure {
            FuzzTarget.checkLocated(failure)
        } catch {
            fatalError("threw something other than RenderFailure: \(error)")
        }
    }

    static let standInSVG = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>".utf8)
    static let standInPNG = Data(TestIcons.onePixelPNG)
}
