import Foundation
import IssueReporting
import TimelineKit

/// Renders a timeline and compares its images with goldens stored beside the test file, in
/// `__Snapshots__/<TestFile>/<testName>.<card-id>.<ext>`; a difference fails the test that called
/// it, at the caller's line, in XCTest and in Swift Testing alike.
///
/// ```swift
/// assertTimelineSnapshot(of: "version: 1\ncards: [{ id: plan, items: [{ title: Kickoff }] }]")
/// assertTimelineSnapshot(of: url, as: [.png, .svg], named: "release")
/// let plan = Timeline(cards: [Card(id: "plan", items: [Item("Kickoff", status: .complete)])])
/// assertTimelineSnapshot(of: plan)
/// ```
/// A missing golden is recorded and the test fails with "recorded, run again"; the environment
/// variable `TIMELINE_RECORD` (`all`, `missing`, `failed`, `never`; default `missing`) or
/// `record:` says when goldens are written. Each mismatch leaves an expected | difference | actual
/// PNG and the rendered image in `TIMELINE_ARTIFACTS` (else a temporary folder the message names),
/// also attached to the test under Swift Testing.
/// - Parameters:
///   - subject: a document's text (YAML or JSON, sniffed; icons are found in the test file's
///     folder), a file (icons beside it) or a `Timeline` built in Swift (icons in the test file's folder).
///   - formats: the image formats compared (default PNG).
///   - name: tells apart several assertions of one test: `<testName>.<name>.<card-id>.<ext>`.
///   - record: overrides `TIMELINE_RECORD`.
///   - options: render options (`formats` is replaced by `formats`).
///   - tolerance: largest PNG channel difference accepted (0-255).
///   - fileID: the calling file, where a failure is reported.
///   - filePath: the calling file's path: goldens live in `__Snapshots__` beside it.
///   - testName: the calling test, which names its goldens.
///   - line: the line a failure is reported at.
///   - column: the column a failure is reported at.
public func assertTimelineSnapshot(
    of subject: some TimelineSnapshotSubject,
    as formats: [ImageFormat] = [.png],
    named name: String? = nil,
    record: SnapshotRecordMode? = nil,
    options: RenderOptions = RenderOptions(),
    tolerance: Int = 0,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().path
    let failures = TimelineSnapshot.verify(
        render: { options in
            try TimelineKit.render(subject.timelineInput(besideTestIn: folder), options: options).images
        },
        formats: formats, named: name, record: record, options: options, tolerance: tolerance,
        filePath: "\(filePath)", testName: testName)
    TimelineSnapshot.report(failures, fileID: fileID, filePath: filePath, line: line, column: column)
}
