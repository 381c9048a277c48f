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

    /// The document in parts: `<defs>` content is found while the body is written, and the text
    /// layer is written beside the body.
    struct Parts {
        var head: SVGBytes
        var defs: SVGBytes
        var body: SVGBytes
        var textLayer: SVGBytes
        var tail: SVGBytes

        /// The document in the pieces it is made of, put together only as it is written
        /// (`SVGDocument`).
        var document: SVGDocument {
            var pieces = [head]
            if !defs.isEmpty {
                pieces += [SVGBytes(Array("<defs>\n".utf8)), defs, SVGBytes(Array("</defs>\n".utf8))]
            }
            return SVGDocument(pieces: pieces + [body, textLayer, tail])
        }
    }

    /// Scenes of at least this many nodes have their head and text layer written on a thread of
    /// their own while the drawing is written (`Lanes.alongside`): a thousand rows' layer is a
    /// sixth of their SVG's work, an 8-item card's less than starting the thread costs.
    static let textLayerAlongsideMinimum = 400

    /// The per-document state while writing.
    struct State {
        var defs = SVGBytes()
        var body: SVGBytes
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
        var state = State(body: SVGBytes(capacity: 1024))
        state.body.idPrefix = idPrefix
        state.defs.idPrefix = idPrefix
        state.icons = scene.icons
        if scale != 1 {
            state.body.append("<g transform=\"scale(")
            state.body.append(number: scale)
            state.body.append(")\">\n")
        }
        if let color = scene.background {
            let background = scene.backgroundRect(scale: scale)
            state.body.append("<rect")
            state.body.attribute("width", background.width)
            state.body.attribute("height", background.height)
            state.body.fill(color)
            state.body.append("/>\n")
        }
        state.body.reserve(Self.bodyCapacity(scene.nodes, idPrefix: idPrefix.count))
        // The text layer needs no font once its fonts' attributes are known (here, on the text
        // thread): a big scene's is written beside the drawing.
        let layerFonts = textLayerFonts(scene)
        var textLayer = SVGBytes()
        if scene.nodes.count >= Self.textLayerAlongsideMinimum {
            Lanes.alongside(
                {
                    // The head holds the description, every item's text: a thousand rows' is 80 KB.
                    head = Self.head(of: scene, canvas: canvas, idPrefix: idPrefix)
                    Self.writeTextLayer(scene, fonts: layerFonts, into: &textLayer)
                },
                while: { for node in scene.nodes { writeNode(node, &state) } })
        } else {
            head = Self.head(of: scene, canvas: canvas, idPrefix: idPrefix)
            for node in scene.nodes { writeNode(node, &state) }
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
        return Parts(head: head, defs: state.defs, body: state.body, textLayer: textLayer, tail: tail)
    }

    func writeNode(_ node: Primitive, _ state: inout State) {
        switch node {
        case .box(let box): writeBox(box, &state)
        case .line(let line): writeLine(line, &state)
        case .marker(let marker): writeMarker(marker, &state)
        case .text(let text):
            writeText(text, &state)
            writeEmoji(text, &state)
        case .image(let image): writeImage(image, &state)
        case .link: break
        }
    }

    /// Room for the body, so that it seldom grows: about 36 bytes and an id prefix for each
    /// glyph's `<use>` and its text in the text layer (less where words repeat; room not written
    /// is never touched), 150 for a line's group and `<text>`, 200 for other elements.
    static func bodyCapacity(_ nodes: [Primitive], idPrefix: Int) -> Int {
        var size = 256
        for node in nodes {
            if case .text(let text) = node {
                for line in text.lines { size += 150 + (36 + idPrefix) * line.text.utf8.count }
            } else {
                size += 200
            }
        }
        return size
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

    func writeBox(_ box: BoxNode, _ state: inout State) {
        for layer in box.shadowLayers {
            Self.openOutline(layer.outline, into: &state.body)
            state.body.fill(layer.color)
            state.body.append("/>\n")
        }
        guard box.fill != nil || box.stroke != nil else { return }
        Self.openOutline(box.outline, into: &state.body)
        if let fill = box.fill { state.body.fill(fill) } else { state.body.append(" fill=\"none\"") }
        if let stroke = box.stroke { state.body.stroke(stroke) }
        state.body.append("/>\n")
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
        Self.openOutline(line.outline, into: &state.body)
        if let gradient {
            state.body.append(" stroke=\"url(#")
            state.body.id("grad", gradient)
            state.body.append(")\"")
            state.body.attribute("stroke-width", line.stroke.width)
            state.body.dashes(line.stroke.dash)
        } else {
            state.body.stroke(line.stroke)
        }
        state.body.append("/>\n")
    }

    private func writeMarker(_ marker: MarkerNode, _ state: inout State) {
        if marker.fill != nil || marker.stroke != nil {
            Self.openOutline(marker.outline, into: &state.body)
            if let fill = marker.fill { state.body.fill(fill) } else { state.body.append(" fill=\"none\"") }
            if let stroke = marker.stroke {
                state.body.stroke(stroke)
                state.body.append(" stroke-linejoin=\"round\"")
            }
            state.body.append("/>\n")
        }
        for mark in marker.glyphMarks {
            if let width = mark.strokeWidth {
                Self.openOutline(mark.outline, into: &state.body)
                state.body.append(" fill=\"none\"")
                state.body.stroke(Stroke(color: mark.color, width: width))
                state.body.append(" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n")
            } else {
                // Contours of a filled mark never overlap: one element each keeps dots `<circle>`s.
                for contour in mark.outline.contours {
                    Self.openOutline(Outline([contour]), into: &state.body)
                    state.body.fill(mark.color)
                    state.body.append("/>\n")
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
