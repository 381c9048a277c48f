import Foundation
import IssueReporting
@_exported import SnapshotTesting
@_exported import TimelineKit

#if canImport(Testing)
import Testing
#endif

extension Snapshotting where Value == String, Format == Data {
    /// Renders YAML, JSON or Mermaid text and compares the image with the reference in
    /// `__Snapshots__`, as swift-snapshot-testing names, records and reports it:
    ///
    /// ```swift
    /// assertSnapshot(of: "version: 1\ncards: [{ id: plan, items: [{ title: Kickoff }] }]", as: .timeline(.svg))
    /// ```
    /// An SVG is compared by its drawing, not by its generated ids or the last digits of its
    /// numbers; a PNG pixel by pixel within `tolerance`, a failure attaching the reference, the
    /// new image and an expected | difference | actual picture. A document of several cards
    /// is drawn as one strip, unless `card` picks one.
    /// - Parameters:
    ///   - format: the image's format: `.svg`, `.png`, `.pdf` or `.scene`.
    ///   - card: the id of the card to compare, when the document has several.
    ///   - options: render options (`formats` is replaced by `format`).
    ///   - tolerance: largest PNG channel difference accepted (0-255).
    ///   - baseDirectory: where icons and theme files are found (default: the current folder).
    /// - Returns: the strategy.
    public static func timeline(
        _ format: ImageFormat, card: String? = nil, options: RenderOptions = RenderOptions(), tolerance: Int = 0,
        baseDirectory: String? = nil
    ) -> Snapshotting {
        TimelineStrategy.strategy(format: format, card: card, options: options, tolerance: tolerance) {
            .text($0, baseDirectory: baseDirectory)
        }
    }
}

extension Snapshotting where Value == Timeline, Format == Data {
    /// Renders a timeline built in Swift and compares the image with the reference in
    /// `__Snapshots__`, as `Snapshotting.timeline(_:card:options:tolerance:baseDirectory:)` of
    /// its text does:
    ///
    /// ```swift
    /// let plan = Timeline(cards: [Card(id: "plan", items: [Item("Kickoff", status: .complete)])])
    /// assertSnapshot(of: plan, as: .timeline(.png))
    /// ```
    /// - Parameters:
    ///   - format: the image's format: `.svg`, `.png`, `.pdf` or `.scene`.
    ///   - card: the id of the card to compare, when the document has several.
    ///   - options: render options (`formats` is replaced by `format`).
    ///   - tolerance: largest PNG channel difference accepted (0-255).
    ///   - baseDirectory: where icons and theme files are found (default: the current folder).
    /// - Returns: the strategy.
    public static func timeline(
        _ format: ImageFormat, card: String? = nil, options: RenderOptions = RenderOptions(), tolerance: Int = 0,
        baseDirectory: String? = nil
    ) -> Snapshotting {
        TimelineStrategy.strategy(format: format, card: card, options: options, tolerance: tolerance) {
            try .timeline($0, baseDirectory: baseDirectory)
        }
    }
}

/// What the strategies share: rendering one image and its `Diffing`.
enum TimelineStrategy {
    static func strategy<Value>(
        format: ImageFormat, card: String?, options: RenderOptions, tolerance: Int,
        input: @escaping (Value) throws -> TimelineInput
    ) -> Snapshotting<Value, Data> {
        Snapshotting(
            pathExtension: format.fileExtension, diffing: TimelineDiffing.diffing(format, tolerance: tolerance)
        ) { value in
            do {
                return try image(try input(value), format: format, card: card, options: options)
            } catch {
                // The strategy cannot fail the assertion itself: the test fails here, and the
                // compared bytes say why.
                let message = "cannot render the timeline:\n\(error)"
                fail(message)
                return Data(message.utf8)
            }
        }
    }

    /// The one image to compare: the named card's, the only card's, or the strip of all.
    static func image(_ input: TimelineInput, format: ImageFormat, card: String?, options: RenderOptions) throws
        -> Data
    {
        var options = options
        options.formats = [format]
        let images = try TimelineKit.render(input, options: options).images
        if let card {
            guard let image = images.first(where: { $0.name == card }) else {
                throw Failure(message: "no card '\(card)'; the cards are \(images.map(\.name).joined(separator: ", "))")
            }
            return image.data
        }
        guard images.count > 1 else { return images.first?.data ?? Data() }
        options.feed = true
        return try TimelineKit.render(input, options: options).images.first?.data ?? Data()
    }

    /// Fails the running test: under Swift Testing directly (IssueReporting finds Testing's
    /// symbols by name, which not every toolchain keeps), else through IssueReporting.
    static func fail(_ message: String) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message))
            return
        }
        #endif
        reportIssue(message)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
