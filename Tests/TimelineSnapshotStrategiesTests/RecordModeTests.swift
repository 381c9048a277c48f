import Foundation
import Testing
import TimelineSnapshotStrategies

/// swift-snapshot-testing's record modes and names apply to the strategies as to its own.
@Suite struct RecordModeTests {
    static let yaml = "version: 1\ncards: [{ id: a, items: [{ title: Kickoff }] }]"
    static let other = "version: 1\ncards: [{ id: a, items: [{ title: Launch }] }]"

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("strategy-\(UUID().uuidString)").path
    }

    @Test func missingRecordsOnceThenCompares() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = verifySnapshot(
            of: Self.yaml, as: .timeline(.svg), named: "kickoff", record: .missing, snapshotDirectory: folder)
        #expect(first?.contains("No reference was found on disk") == true)
        #expect(FileManager.default.fileExists(atPath: folder + "/missingRecordsOnceThenCompares.kickoff.svg"))
        #expect(
            verifySnapshot(
                of: Self.yaml, as: .timeline(.svg), named: "kickoff", record: .missing, snapshotDirectory: folder)
                == nil)
        let changed = verifySnapshot(
            of: Self.other, as: .timeline(.svg), named: "kickoff", record: .missing, snapshotDirectory: folder)
        #expect(changed?.contains("the SVG draws otherwise than the reference") == true)
    }

    @Test func neverRecordsAndFailedRecordsTheNewImage() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/modes.card.png"
        func verify(_ text: String, _ mode: SnapshotTestingConfiguration.Record) -> String? {
            verifySnapshot(
                of: text, as: .timeline(.png), named: "card", record: mode, snapshotDirectory: folder, testName: "modes"
            )
        }
        #expect(verify(Self.yaml, .never) != nil)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(verify(Self.yaml, .all) != nil)
        let recorded = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(verify(Self.yaml, .never) == nil)
        let failed = verify(Self.other, .failed)
        #expect(failed?.contains("A new snapshot was automatically recorded") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) != recorded)
    }

    /// A document that cannot be drawn fails the test with every problem.
    @Test func aBadDocumentFailsWithItsProblems() {
        withKnownIssue {
            _ = verifySnapshot(
                of: "version: 1\ncards: [{ items: [{ title: A, status: ended }] }]", as: .timeline(.svg),
                record: .never, snapshotDirectory: Self.folder())
        } matching: { issue in
            issue.description.contains("cannot render the timeline") && issue.description.contains("status")
        }
    }
}
