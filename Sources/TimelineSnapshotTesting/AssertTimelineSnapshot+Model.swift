import Foundation
import TimelineKit

/// Renders a timeline built in Swift and compares its images as `assertTimelineSnapshot(of:)`
/// with its text does; icons are found in the test file's folder.
///
/// ```swift
/// let plan = Timeline(cards: [Card(id: "plan", items: [Item("Kickoff", status: .complete)])])
/// assertTimelineSnapshot(of: plan, as: [.png, .svg])
/// ```
/// - Parameters:
///   - timeline: the document.
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
    of timeline: Timeline,
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
            try TimelineKit.render(.timeline(timeline, name: "input", baseDirectory: folder), options: options).images
        },
        formats: formats, named: name, record: record, options: options, tolerance: tolerance,
        filePath: "\(filePath)", testName: testName)
    TimelineSnapshot.report(failures, fileID: fileID, filePath: filePath, line: line, column: column)
}
