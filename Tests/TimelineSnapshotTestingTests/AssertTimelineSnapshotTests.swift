import Foundation
import IssueReporting
import TimelineGolden
import TimelineKit
import TimelineSnapshotTesting
import XCTest

/// Collects reported issues instead of failing the test, to check what a failing assertion says.
final class IssueRecorder: IssueReporter, @unchecked Sendable {
    struct Issue {
        var message: String
        var file: String
        var line: UInt
    }
    private let lock = NSLock()
    private var collected: [Issue] = []
    var issues: [Issue] { lock.withLock { collected } }

    func reportIssue(
        _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
        filePath: StaticString, line: UInt, column: UInt
    ) {
        let issue = Issue(message: message() ?? "", file: "\(filePath)", line: line)
        lock.withLock { collected.append(issue) }
    }
}

final class AssertTimelineSnapshotTests: XCTestCase {
    static let plan = """
        version: 1
        cards:
          - id: plan
            header: { title: Plan }
            items:
              - { title: Kickoff, status: complete }
              - { title: Launch, status: end }
        """
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures")

    var folder: URL!
    /// A test file of its own in a temporary folder, so goldens recorded here go there.
    var fakeTestFile: String { folder.appendingPathComponent("FakeTests.swift").path }
    var goldens: URL { folder.appendingPathComponent("__Snapshots__/FakeTests") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        setenv("TIMELINE_ARTIFACTS", folder.appendingPathComponent("artifacts").path, 1)
    }

    override func tearDownWithError() throws {
        unsetenv("TIMELINE_ARTIFACTS")
        try? FileManager.default.removeItem(at: folder)
    }

    // The committed goldens in __Snapshots__/AssertTimelineSnapshotTests/ are compared here.
    func testStringMatchesItsCommittedGolden() {
        assertTimelineSnapshot(of: Self.plan)
    }

    func testFileInTwoFormatsWithAName() {
        assertTimelineSnapshot(
            of: Self.fixtures.appendingPathComponent("plain.yaml"), as: [.png, .svg], named: "release")
    }

    func testMissingGoldenIsRecordedThenMatches() throws {
        let failures = verify(mode: .missing, name: nil)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("no golden image; recorded, run again") ?? false, "\(failures)")
        let golden = goldens.appendingPathComponent("testPlan.plan.png")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: golden.path),
            "recorded at __Snapshots__/<TestFile>/<testName>.<card-id>.png")
        XCTAssertTrue(verify(mode: .missing).count == 1, "a named assertion has goldens of its own")
        XCTAssertTrue(verify(mode: .missing).isEmpty)
    }

    /// A snapshot named after its card does not say the name twice; other names keep the card's id.
    func testGoldenNamesDoNotStutter() throws {
        XCTAssertEqual(verify(mode: .missing, name: "plan").count, 1)
        XCTAssertEqual(verify(mode: .missing, name: "release").count, 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted()
        XCTAssertEqual(names, ["testPlan.plan.png", "testPlan.release.plan.png"])
        XCTAssertEqual(TimelineSnapshot.goldenStem("testRelease.release", card: "release"), "testRelease.release")
        XCTAssertEqual(TimelineSnapshot.goldenStem("testRelease.2", card: "release"), "testRelease.2.release")
    }

    /// `assertTimelineSnapshot` itself reports at its caller's line (here, through a real call).
    func testAssertionReportsAtTheCallSite() {
        let recorder = IssueRecorder()
        var line: UInt = 0
        withIssueReporters([recorder]) {
            line = #line + 1 // the call below
            assertTimelineSnapshot(of: "version: 1\ncards: [{ id: x, items: [{ titel: Oops }] }]")
        }
        XCTAssertEqual(recorder.issues.count, 1)
        XCTAssertEqual(recorder.issues.first?.line, line)
        XCTAssertEqual(recorder.issues.first?.file, #filePath)
        XCTAssertTrue(recorder.issues.first?.message.contains("unknown key 'titel'") ?? false, "\(recorder.issues)")
    }

    func verify(_ input: String = plan, mode: SnapshotRecordMode, formats: [ImageFormat] = [.png], name: String? = "n")
        -> [TimelineSnapshot.Failure]
    {
        TimelineSnapshot.verify(
            render: { try TimelineKit.render(input, options: $0) }, formats: formats, named: name,
            record: mode, options: RenderOptions(), tolerance: 0, filePath: fakeTestFile, testName: "testPlan()")
    }

    func testMismatchWritesAThreePanelDiffToTheArtifactsFolder() throws {
        XCTAssertEqual(verify(mode: .missing).count, 1)
        let golden = goldens.appendingPathComponent("testPlan.n.plan.png")
        var image = try PixelImage(png: Data(contentsOf: golden))
        image.rgba[0..<4] = [255, 0, 255, 255]
        try image.pngData().write(to: golden)
        let failures = verify(mode: .missing)
        XCTAssertEqual(failures.count, 1)
        let message = failures.first?.message ?? ""
        XCTAssertTrue(message.contains("1 of \(image.width * image.height) pixels differ"), message)
        let diff = folder.appendingPathComponent("artifacts/FakeTests/testPlan.n.plan.diff.png")
        XCTAssertTrue(message.contains(diff.path), message)
        let panels = try PixelImage(png: Data(contentsOf: diff))
        XCTAssertEqual(panels.width, image.width * 3 + 16)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("artifacts/FakeTests/testPlan.n.plan.actual.png").path))
        // `missing` leaves a mismatching golden alone; `failed` replaces it (and still fails).
        XCTAssertEqual(verify(mode: .missing).count, 1)
        XCTAssertTrue(verify(mode: .failed).first?.message.contains("recorded the new image") ?? false)
        XCTAssertTrue(verify(mode: .never).isEmpty)
    }

    func testNeverDoesNotRecordAndAllAlwaysDoes() throws {
        let never = verify(mode: .never, formats: [.svg])
        XCTAssertTrue(never.first?.message.contains("no golden image (TIMELINE_RECORD=never)") ?? false, "\(never)")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: goldens.appendingPathComponent("testPlan.n.plan.svg").path))
        XCTAssertEqual(verify(mode: .missing, formats: [.svg]).count, 1)
        XCTAssertTrue(verify(mode: .missing, formats: [.svg]).isEmpty)
        let all = verify(mode: .all, formats: [.svg])
        XCTAssertTrue(all.first?.message.contains("recorded (TIMELINE_RECORD=all)") ?? false, "\(all)")
    }

    func testUnnamedAssertionsOfOneTestGetNumbers() {
        XCTAssertEqual(verify(mode: .missing, name: nil).count, 1)
        XCTAssertEqual(verify(mode: .missing, name: nil).count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("testPlan.plan.png").path))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: goldens.appendingPathComponent("testPlan.2.plan.png").path))
    }

    func testRecordModeFromTheEnvironment() {
        XCTAssertEqual(SnapshotRecordMode.fromEnvironment(nil), .missing)
        XCTAssertEqual(SnapshotRecordMode.fromEnvironment("failed"), .failed)
        XCTAssertEqual(SnapshotRecordMode.fromEnvironment("NEVER"), .never)
        XCTAssertEqual(SnapshotRecordMode.fromEnvironment("1"), .all)
        XCTAssertNil(SnapshotRecordMode.fromEnvironment("sometimes"))
    }

    func testOneCallRenderingInMemory() throws {
        let images = try TimelineKit.render(
            Self.plan,
            options: {
                var options = RenderOptions()
                options.formats = [.svg, .png]
                return options
            }())
        XCTAssertEqual(images.map(\.name), ["plan", "plan"])
        XCTAssertEqual(images.map(\.format), [.svg, .png])
        XCTAssertTrue(String(decoding: images[0].data, as: UTF8.self).contains("<svg"))
        XCTAssertThrowsError(try TimelineKit.render("version: 2\ncards: []", name: "bad")) { error in
            XCTAssertTrue("\(error)".contains("bad:1:"), "\(error)")
        }
    }

    /// Artifacts go into the package's own .build folder, not a folder every project on the
    /// machine shares.
    func testArtifactsGoIntoThePackagesBuildFolder() {
        unsetenv("TIMELINE_ARTIFACTS") // setUp sets it for the other tests
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        XCTAssertEqual(
            TimelineSnapshot.artifactsDirectory(forTestFile: #filePath).path,
            package.appendingPathComponent(".build/timeline-snapshots").path)
        XCTAssertEqual(
            TimelineSnapshot.artifactsDirectory(forTestFile: "/no/package/here/Test.swift").path,
            FileManager.default.temporaryDirectory.appendingPathComponent("timeline-snapshots").path)
    }
}
