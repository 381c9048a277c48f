import Foundation
import TimelineKit

/// What `assertTimelineSnapshot(of:)` renders: a document's text (`String`), a file (`URL`) or a
/// timeline built in Swift (`Timeline`); one assertion serves all three.
public protocol TimelineSnapshotSubject {
    /// The input rendered, `folder` being the calling test file's (where icons of a text or a
    /// `Timeline` are found).
    /// - Throws: `EncodingError` when a `Timeline` cannot be written as JSON.
    func timelineInput(besideTestIn folder: String) throws -> TimelineInput
}

extension String: TimelineSnapshotSubject {
    /// The text, read as YAML or JSON (sniffed), named "input".
    public func timelineInput(besideTestIn folder: String) -> TimelineInput {
        .text(self, name: "input", baseDirectory: folder)
    }
}

extension URL: TimelineSnapshotSubject {
    /// The file, its icons beside it.
    public func timelineInput(besideTestIn folder: String) -> TimelineInput { .file(self) }
}

extension Timeline: TimelineSnapshotSubject {
    /// The timeline as its format's JSON, named "input".
    public func timelineInput(besideTestIn folder: String) throws -> TimelineInput {
        try .timeline(self, name: "input", baseDirectory: folder)
    }
}
