import CCairo
import CPangoCairo
import TimelineScene
import TimelineThreads

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a scene as SVG directly, drawing what `ScenePainter` draws: boxes, markers and their
/// glyphs as the scene's outlines (`SVGWriter+Outline`), lines as lines, text as glyph outlines
/// (each glyph defined once per document in `<defs>` and placed with `<use>`, so is each word
/// drawn a second time, as a group of those), icons embedded
/// once each as PNG data URLs, links as transparent `<a>` rectangles on top.
///
/// Ours rather than cairo's SVG surface, which numbers ids across the whole process and writes
/// no links, titles or findable text. Ids are numbered per document (`g0`, `clip0`, `grad0`, …),
/// so a document's bytes do not depend on what was rendered before it, after a prefix of the
/// document's own, known before it is written (`SVGIDPrefix`).
struct SVGWriter {
    /// The fonts the scene's glyph runs name.
    let fonts: FontLibrary
    let glyphs: SVGGlyphs
    /// Threads the document may be written on (`SceneRenderer.threads`): with more than one, a
    /// big scene's body is written on several as it is recorded (`writeBody`).
    var threads = 1
    /// The nodes that make a scene big (`textLayerAlongsideMinimum`), and that a stretch of its
    /// body holds at least (`bodyStretchMinimum`): smaller in tests, to take that path with
    /// small scenes.
    var bigScene = Self.textLayerAlongsideMinimum
    var stretchMinimum = Self.bodyStretchMinimum

    /// The document in parts: `<defs>` content is found while the body is written, and the text
    /// layer is written beside the body.
    struct Parts {
        var head: SVGBytes
        var defs: SVGBytes
        /// The body in the stretches it was written in.
        var body: [SVGBytes]
        var textLayer: SVGBytes
        var tail: SVGBytes

        /// The document in the pieces it is made of, put together only as it is written
        /// (`SVGDocument`).
        var document: SVGDocument {
            var pieces = [head]
            if !defs.isEmpty {
                pieces += [SVGBytes(Array("<defs>\n".utf8)), defs, SVGBytes(Array("</defs>\n".utf8))]
            }
            return SVGDocument(pieces: pieces + body + [textLayer, tail])
        }
    }

    /// Scenes of at least this many nodes have their head and text layer written on a thread of
    /// their own while the drawing is written (`Lanes.alongside`): a thousand rows' layer is a
    /// sixth of their SVG's work, an 8-item card's less than starting the thread costs.
    static let textLayerAlongsideMinimum = 400

    /// The per-document state while writing.
    struct State {
        var defs = SVGBytes()
        /// The body being recorded, since the last stretch was taken (`writeBody`).
        var ops: SVGBodyOps
        /// Glyph key → `g` id in this document; -1 for glyphs that draw nothing.
        var glyphIDs: [Int: Int] = [:]
        /// The same by font number and glyph, looked up without hashing: 0 for a glyph not seen
        /// yet, -1 for one that draws nothing, else its id + 1. Glyphs past its width are in
        /// `glyphIDs` only.
        var glyphTable: [[Int32]] = []
        static let glyphTableWidth = 1 << 16
        var glyphCount = 0
        /// Runs of glyphs (`SVGWord`) seen once (-1), or defined as a `w` group (its number).
        var words = SVGWordTable()
        var wordCount = 0
        /// The run being written, its glyphs' ids and positions (`SVGWord.glyphs`).
        var run = SVGWord()
        /// The faces the last glyph runs named, and their fonts (`writeText`).
        var faces = RecentKeys<UnsafeMutablePointer<PangoFont>?>()
        /// Whether a face may hold emoji glyphs (`EmojiPictures.mayHold`), by face, for the last few.
        var emojiFaces = RecentKeys<Bool>()
        var clips = 0
        var gradients = 0
        /// Icons defined so far, by path; nil for an icon that cannot be drawn.
        var images: [String: EmbeddedImage?] = [:]
        /// The scene's icons.
        var icons: [String: IconData] = [:]
    }

    /// The document of `scene`, every id starting with `idPrefix`.
    func write(_ scene: Scene, scale: Double, idPrefix: [UInt8]) -> Parts {
        // Read text in the Pango state measuring used (a PNG may have been painted since).
        fonts.updateContext(for: glyphs.context)

        let canvas = scene.canvasSize(scale: scale)
        var head = SVGBytes()
        var state = State(ops: SVGBodyOps(idPrefix: idPrefix))
        state.defs.idPrefix = idPrefix
        state.icons = scene.icons
        var start = SVGBytes(capacity: 256)
        start.idPrefix = idPrefix
        if scale != 1 {
            start.append("<g transform=\"scale(")
            start.append(number: scale)
            start.append(")\">\n")
        }
        if let color = scene.background {
            let background = scene.backgroundRect(scale: scale)
            start.append("<rect")
            start.attribute("width", background.width)
            start.attribute("height", background.height)
            start.fill(color)
            start.append("/>\n")
        }
        var body = [start]
        // The text layer needs no font once its fonts' attributes are known (here, on the text
        // thread): a big scene's is written beside the drawing.
        let layerFonts = textLayerFonts(scene)
        var textLayer = SVGBytes()
        if scene.nodes.count >= bigScene {
            Lanes.alongside(
                {
                    // The head holds the description, every item's text: a thousand rows' is 80 KB.
                    head = Self.head(of: scene, canvas: canvas, idPrefix: idPrefix)
                    Self.writeTextLayer(scene, fonts: layerFonts, into: &textLayer)
                },
                while: { body += writeBody(scene.nodes, &state, threads: threads) })
        } else {
            head = Self.head(of: scene, canvas: canvas, idPrefix: idPrefix)
            body += writeBody(scene.nodes, &state, threads: 1)
            Self.writeTextLayer(scene, fonts: layerFonts, into: &textLayer)
        }
        var tail = SVGBytes()
        tail.idPrefix = idPrefix
        // Links last, so that they lie on top of everything they cover.
        for case .link(let link) in scene.nodes {
            writeLink(link, &tail)
        }
        if scale != 1 { tail.append("</g>\n") }
        tail.append("</svg>\n")
        return Parts(head: head, defs: state.defs, body: body, textLayer: textLayer, tail: tail)
    }

    /// The body of `nodes`, in stretches of nodes: each recorded here in node order
    /// (`writeNode`: ids are numbered and definitions written as they are met), then written
    /// from its record (`SVGBodyOps.write`) on whichever of `threads` lanes is free, while the
    /// next is recorded. The same bytes on any number of threads.
    func writeBody(_ nodes: [Primitive], _ state: inout State, threads: Int) -> [SVGBytes] {
        // Stretches to keep two lanes busy and each record small; few enough that the file is
        // written in a few dozen pieces.
        let count = min(Self.bodyStretches, max(1, nodes.count / max(1, stretchMinimum)))
        let size = (nodes.count + count - 1) / max(1, count)
        func range(_ stretch: Int) -> Range<Int> {
            min(nodes.count, stretch * size)..<min(nodes.count, (stretch + 1) * size)
        }
        // By stretch: its record (here, once recorded; let go of by the lane that writes it),
        // then its bytes (by that lane; read once every stretch is written).
        let records = UnsafeMutableBufferPointer<SVGBodyOps?>.allocate(capacity: count)
        records.initialize(repeating: nil)
        let written = UnsafeMutableBufferPointer<SVGBytes>.allocate(capacity: count)
        written.initialize(repeating: SVGBytes())
        defer {
            records.deinitialize()
            records.deallocate()
            written.deinitialize()
            written.deallocate()
        }
        let idPrefix = state.ops.raw.idPrefix
        Lanes.perform(
            iterations: count, threads: threads,
            preparingInOrder: { stretch in
                for node in range(stretch) { writeNode(node, of: nodes, &state) }
                records[stretch] = state.ops
                state.ops = SVGBodyOps(idPrefix: idPrefix)
            },
            { stretch, _ in
                guard let record = records[stretch] else { return }
                records[stretch] = nil
                var bytes = SVGBytes(capacity: record.capacity)
                bytes.idPrefix = idPrefix
                record.write(into: &bytes, nodes: nodes)
                written[stretch] = bytes
            },
            takingInOrder: { _ in })
        return Array(written)
    }

    /// Stretches a body is written in at most, and nodes a stretch holds at least.
    static let bodyStretches = 32
    static let bodyStretchMinimum = 64

    /// Records node `index` of `nodes` in `state.ops`.
    func writeNode(_ index: Int, of nodes: [Primitive], _ state: inout State) {
        switch nodes[index] {
        case .box, .marker: state.ops.shape(index)
        case .line(let line):
            if line.fadeTo == nil { state.ops.shape(index) } else { writeLine(line, &state) }
        case .text(let text):
            writeText(text, &state)
            writeEmoji(text, &state)
        case .image(let image): writeImage(image, &state)
        case .link: break
        }
    }

    /// Writes `node` into `body` when it is a shape whose bytes need nothing of the document's
    /// state (a box, a marker, a line without a gradient), and says whether it was one.
    static func writeShape(_ node: Primitive, into body: inout SVGBytes) -> Bool {
        switch node {
        case .box(let box): writeBox(box, into: &body)
        case .line(let line) where line.fadeTo == nil: writeStroke(of: line, gradient: nil, into: &body)
        case .marker(let marker): writeMarker(marker, into: &body)
        default: return false
        }
        return true
    }

    /// The XML declaration, the `<svg>` element's start, the title, the description and the
    /// dark style.
    private static func head(of scene: Scene, canvas: (width: Double, height: Double), idPrefix: [UInt8]) -> SVGBytes {
        var head = SVGBytes(capacity: 512)
        head.idPrefix = idPrefix
        head.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        head.append("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"")
        head.attribute("width", canvas.width)
        head.attribute("height", canvas.height)
        head.append(" viewBox=\"0 0 ")
        head.point(canvas.width, canvas.height)
        // One image to assistive technology, named by its title and described by its desc. An
        // image's children are presentational, links included: a card with links is a graphics
        // document instead, its links reachable, its desc the description SVG gives it anyway.
        if scene.nodes.contains(where: { if case .link = $0 { true } else { false } }) {
            head.append("\" role=\"graphics-document\" aria-labelledby=\"")
            head.id("title")
        } else {
            head.append("\" role=\"img\" aria-labelledby=\"")
            head.id("title")
            head.append(" ")
            head.id("desc")
        }
        head.append("\">\n<title id=\"")
        head.id("title")
        head.append("\">")
        head.append(escaped: scene.title)
        head.append("</title>\n<desc id=\"")
        head.id("desc")
        head.append("\">")
        // Line by line: the same bytes as the lines joined, without copying them all first.
        for index in scene.description.indices {
            if index > 0 { head.append("\n") }
            head.append(escaped: scene.description[index])
        }
        head.append("</desc>\n")
        if !scene.darkPalette.isEmpty { Self.darkStyle(scene.darkPalette, into: &head) }
        return head
    }

    /// `theme: auto`: a style sheet that recolors the drawing when the reader prefers dark. Each
    /// light color names one dark color (`Scene.merging`), so attribute selectors suffice.
    static func darkStyle(_ palette: [ColorSwap], into head: inout SVGBytes) {
        head.append("<style>@media (prefers-color-scheme: dark) {\n")
        for swap in palette {
            for property in ["fill", "stroke", "stop-color"] {
                head.append("[")
                head.append(escaped: property)
                head.append("=\"")
                head.append(color: swap.light)
                head.append("\"]{")
                head.append(escaped: property)
                head.append(":")
                head.append(color: swap.dark)
                head.append("}")
            }
            head.append("\n")
        }
        head.append("}</style>\n")
    }

    // MARK: Shapes

    static func writeBox(_ box: BoxNode, into body: inout SVGBytes) {
        for layer in box.shadowLayers {
            openOutline(layer.outline, into: &body)
            body.fill(layer.color)
            body.append("/>\n")
        }
        guard box.fill != nil || box.stroke != nil else { return }
        openOutline(box.outline, into: &body)
        if let fill = box.fill { body.fill(fill) } else { body.append(" fill=\"none\"") }
        if let stroke = box.stroke { body.stroke(stroke) }
        body.append("/>\n")
    }

    private func writeLine(_ line: LineNode, _ state: inout State) {
        var gradient: Int?
        if let fade = line.fadeTo {
            let id = state.gradients
            state.gradients += 1
            gradient = id
            state.defs.append("<linearGradient id=\"")
            state.defs.id("grad", id)
            state.defs.append("\" gradientUnits=\"userSpaceOnUse\"")
            state.defs.attribute("x1", line.from.x)
            state.defs.attribute("y1", line.from.y)
            state.defs.attribute("x2", line.to.x)
            state.defs.attribute("y2", line.to.y)
            state.defs.append(">")
            for (offset, color) in [(0.0, line.stroke.color), (1.0, fade)] {
                state.defs.append("<stop")
                state.defs.attribute("offset", offset)
                state.defs.append(" stop-color=\"")
                state.defs.append(color: color)
                state.defs.append("\"")
                if color.a < 255 { state.defs.attribute("stop-opacity", Double(color.a) / 255) }
                state.defs.append("/>")
            }
            state.defs.append("</linearGradient>\n")
        }
        state.ops.raw { Self.writeStroke(of: line, gradient: gradient, into: &$0) }
    }

    /// A line's path, stroked in its color or with the gradient numbered `gradient`.
    private static func writeStroke(of line: LineNode, gradient: Int?, into body: inout SVGBytes) {
        openOutline(line.outline, into: &body)
        if let gradient {
            body.append(" stroke=\"url(#")
            body.id("grad", gradient)
            body.append(")\"")
            body.attribute("stroke-width", line.stroke.width)
            body.dashes(line.stroke.dash)
        } else {
            body.stroke(line.stroke)
        }
        body.append("/>\n")
    }

    private static func writeMarker(_ marker: MarkerNode, into body: inout SVGBytes) {
        if marker.fill != nil || marker.stroke != nil {
            openOutline(marker.outline, into: &body)
            if let fill = marker.fill { body.fill(fill) } else { body.append(" fill=\"none\"") }
            if let stroke = marker.stroke {
                body.stroke(stroke)
                body.append(" stroke-linejoin=\"round\"")
            }
            body.append("/>\n")
        }
        for mark in marker.glyphMarks {
            if let width = mark.strokeWidth {
                openOutline(mark.outline, into: &body)
                body.append(" fill=\"none\"")
                body.stroke(Stroke(color: mark.color, width: width))
                body.append(" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n")
            } else {
                // Contours of a filled mark never overlap: one element each keeps dots `<circle>`s.
                for contour in mark.outline.contours {
                    openOutline(Outline([contour]), into: &body)
                    body.fill(mark.color)
                    body.append("/>\n")
                }
            }
        }
    }

    private func writeLink(_ link: LinkNode, _ out: inout SVGBytes) {
        out.append("<a href=\"")
        out.append(escaped: link.url)
        out.append("\" xlink:href=\"")
        out.append(escaped: link.url)
        out.append("\" aria-label=\"")
        out.append(escaped: link.label)
        out.append("\"><rect")
        out.attribute("x", link.rect.x)
        out.attribute("y", link.rect.y)
        out.attribute("width", link.rect.width)
        out.attribute("height", link.rect.height)
        out.append(" fill=\"#000\" fill-opacity=\"0\"/></a>\n")
    }
}
