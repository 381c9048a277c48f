import Foundation
import TimelinePolicy
import XCTest

/// The one way to open a file below a folder the user named: component by component, no link
/// below the folder followed (not even one that leads back inside it), the folder itself free to
/// be a link; and the one way to make and open folders to write in.
final class ContainedFileTests: XCTestCase {
    private var root: URL!
    private let manager = FileManager.default

    override func setUpWithError() throws {
        root = manager.temporaryDirectory.appendingPathComponent("contained-\(UUID().uuidString)")
        try manager.createDirectory(at: root.appendingPathComponent("in/sub"), withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: root.appendingPathComponent("in/sub/a.txt"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
    }

    override func tearDownWithError() throws {
        try? manager.removeItem(at: root)
    }

    private var folder: String { root.appendingPathComponent("in").path }

    private func link(_ name: String, to target: String) throws {
        try manager.createSymbolicLink(atPath: root.appendingPathComponent(name).path, withDestinationPath: target)
    }

    func testAFileBelowTheFolderIsReadAndNothingOutsideIsNamed() {
        XCTAssertEqual(ContainedFile.read("sub/a.txt", in: folder, maxBytes: 100), .success(Array("inside".utf8)))
        XCTAssertEqual(ContainedFile.read("./sub//a.txt", in: folder, maxBytes: 100), .success(Array("inside".utf8)))
        for outside in ["../secret.txt", "sub/../../secret.txt", "/etc/hostname", ""] {
            XCTAssertEqual(
                ContainedFile.read(outside, in: folder, maxBytes: 100), .failure(.cannotOpen("outside its folder")),
                outside)
        }
        XCTAssertEqual(ContainedFile.read("sub/none.txt", in: folder, maxBytes: 100), .failure(.missing))
        XCTAssertEqual(ContainedFile.read("sub/a.txt", in: folder, maxBytes: 3), .failure(.tooLarge(size: 6, limit: 3)))
    }

    func testNoLinkBelowTheFolderIsFollowedWhereverItLeads() throws {
        try link("in/out.txt", to: root.appendingPathComponent("secret.txt").path)
        try link("in/back.txt", to: root.appendingPathComponent("in/sub/a.txt").path)
        try link("in/linked", to: root.path)
        for name in ["out.txt", "back.txt", "linked/secret.txt"] {
            XCTAssertEqual(ContainedFile.read(name, in: folder, maxBytes: 100), .failure(.link(folder)), name)
        }
        XCTAssertTrue(ContainedFile.exists("out.txt", in: folder), "a link is there, unfollowed")
        XCTAssertFalse(ContainedFile.exists("linked/secret.txt", in: folder))
        // The folder itself may be a link: the user named it.
        try link("named", to: folder)
        XCTAssertEqual(
            ContainedFile.read("sub/a.txt", in: root.appendingPathComponent("named").path, maxBytes: 100),
            .success(Array("inside".utf8)))
    }

    func testAFIFOIsRefusedWithoutBlocking() {
        XCTAssertEqual(mkfifo(root.appendingPathComponent("in/pipe").path, 0o644), 0)
        XCTAssertEqual(ContainedFile.read("pipe", in: folder, maxBytes: 100), .failure(.notRegular("a FIFO")))
    }

    func testFoldersAreMadeAndOpenedNeverThroughALink() throws {
        var made: [String] = []
        let fresh = root.appendingPathComponent("out").path
        guard case .success(let descriptor) = ContainedFile.makeFolder("a/b", in: fresh, made: &made) else {
            return XCTFail("not made")
        }
        close(descriptor)
        XCTAssertEqual(made, [fresh, fresh + "/a", fresh + "/a/b"])
        try link("out/a/elsewhere", to: root.path)
        made = []
        guard case .failure(.link) = ContainedFile.makeFolder("a/elsewhere/c", in: fresh, made: &made) else {
            return XCTFail("made through a link")
        }
        XCTAssertEqual(made, [])
        XCTAssertFalse(manager.fileExists(atPath: root.appendingPathComponent("c").path))
    }

    func testAFolderIsListedWithoutFollowingItsLinks() throws {
        try link("in/linked", to: root.path)
        guard case .success(let descriptor) = ContainedFile.openFolder("", in: folder) else { return XCTFail() }
        defer { close(descriptor) }
        let entries = ContainedFile.entries(of: descriptor).sorted { $0.name < $1.name }
        XCTAssertEqual(entries.map(\.name), ["linked", "sub"])
        XCTAssertEqual(entries.map(\.kind), [S_IFLNK, S_IFDIR])
    }
}
