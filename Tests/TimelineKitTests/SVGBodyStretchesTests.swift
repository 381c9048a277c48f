import Foundation
import Testing
import TimelineCommandSupport

@testable import TimelineCairo
@testable import TimelineKit

/// A big scene's SVG body is recorded on the text thread and written in stretches on other
/// threads as it is (`SVGWriter.writeBody`). Every fixture's cards (icons, emoji, gradient
/// lines, groups, links, every layout), forced down that path with stretches of a node or two,
/// are the bytes written on one thread.
@Suite struct SVGBodyStretchesTests {
    @Test(arguments: Fixtures.names) func stretchesWrittenOnThreadsAreTheSameBytes(_ name: String) throws {
        let file = Fixtures.file(name)
        let renderer = try TimelineRenderer(options: Fixtures.options(for: file))
        var compared = 0
        for source in try InputSource.load([file.path], maxBytes: Limits().maxInputBytes) {
            let document = try renderer.decode(source)
            for image in try renderer.layOut(document, name: source.baseName) where image.format == .svg {
                let alone = SceneRenderer(fonts: renderer.fonts)
                let stretched = SceneRenderer(fonts: renderer.fonts)
                stretched.threads = 2
                stretched.svgBigScene = 0
                stretched.svgStretchMinimum = 1
                let expected = try alone.render(image.scene, format: .svg, name: image.name)
                let written = try stretched.render(image.scene, format: .svg, name: image.name)
                #expect(written == expected, "\(image.name)")
                compared += 1
            }
        }
        #expect(compared > 0, "no SVG drawn from \(name)")
    }
}
