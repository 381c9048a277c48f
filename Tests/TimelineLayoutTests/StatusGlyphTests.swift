import TimelineModel
import TimelineScene
import XCTest

@testable import TimelineLayout

/// Issue #36: no two statuses share a node, whatever outline `shape` gives them, and every glyph
/// stays inside the tightest outline it can sit in.
final class StatusGlyphTests: XCTestCase {
    private func marker(_ status: Status, shape: Shape?) throws -> MarkerNode {
        var item = Item()
        item.status = status
        item.shape = shape
        let look = NodeLook(item: item, style: Style(), isOverdue: false)
        return try XCTUnwrap(look.marker(center: Point(x: 0, y: 0), size: 14, background: Style().background))
    }

    func testEveryStatusHasItsOwnNodeWithItsOwnOutline() throws {
        let markers = try Status.allCases.map { try marker($0, shape: nil) }
        let looks = Set(markers.map { "\($0.shape) \($0.stroke == nil) \($0.glyph?.rawValue ?? "-")" })
        XCTAssertEqual(looks.count, Status.allCases.count, "\(looks.sorted())")
    }

    /// A shared outline (a ring is always hollow) leaves the glyph alone to tell statuses apart.
    func testEveryStatusHasItsOwnGlyphUnderASharedShape() throws {
        for shape in Shape.allCases where shape != .none {
            let glyphs = try Status.allCases.map { try marker($0, shape: shape).glyph?.rawValue ?? "-" }
            XCTAssertEqual(Set(glyphs).count, Status.allCases.count, "\(shape): \(glyphs)")
        }
    }

    /// A diamond's room is |x| + |y| within half the size; a hollow one's less its stroke, whose
    /// inner edge lies half a width further in plus half a width's diagonal reach. A stroked
    /// glyph's round caps reach half its width times the square root of 2 in that measure.
    func testEveryGlyphFitsInsideADiamond() throws {
        for status in Status.allCases {
            let node = try marker(status, shape: .diamond)
            let width = node.stroke?.width ?? 0
            let room = node.size / 2 - width / 2 - width / 2 * 2.squareRoot()
            for mark in node.glyphMarks {
                let reach = (mark.strokeWidth ?? 0) / 2 * 2.squareRoot()
                for point in Self.points(mark.outline) {
                    XCTAssertLessThanOrEqual(abs(point.x) + abs(point.y) + reach, room, "\(status) at \(point)")
                }
            }
        }
    }

    /// A legend over all nine statuses draws nine different nodes.
    func testTheLegendShowsNineDifferentNodes() throws {
        let items = Status.allCases.map { "      - { title: \($0.rawValue), status: \($0.rawValue) }" }
        let card = try LayoutFixture.card(
            "version: 1\ncards:\n  - style: { legend: true, shape: circle }\n    items:\n"
                + items.joined(separator: "\n"))
        let legend = Legend.layout(card: card, width: 400, top: 0, measurer: FakeTextMeasurer()).nodes
        let glyphs = legend.compactMap { node -> String? in
            if case .marker(let marker) = node { return marker.glyph?.rawValue ?? "-" } else { return nil }
        }
        XCTAssertEqual(glyphs.count, 9)
        XCTAssertEqual(Set(glyphs).count, 9, "\(glyphs)")
    }

    private static func points(_ outline: Outline) -> [Point] {
        outline.contours.flatMap { contour -> [Point] in
            switch contour {
            case .rectangle(let rect):
                return [Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.maxY)]
            case .circle(let center, let radius):
                return [Point(x: center.x + radius, y: center.y), Point(x: center.x - radius, y: center.y)]
            case .path(let segments, _):
                return segments.flatMap { segment -> [Point] in
                    switch segment {
                    case .line(let point): return [point]
                    case .arc(let arc): return [arc.start, arc.end]
                    }
                }
            }
        }
    }
}
