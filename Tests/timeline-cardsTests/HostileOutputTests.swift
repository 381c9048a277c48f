import Foundation
import TimelineTestSupport
import XCTest

/// The output half of hostile input, end to end: flags, folders and files around the
/// output that must not crash, hang, exhaust memory or leave a half-updated set of images. Each
/// case runs in 1 GiB of address space.
final class HostileOutputTests: XCTestCase {
    static let hangLimit: TimeInterval = 30
    static let oneItem = "version: 1\ncards:\n  - items:\n      - title: a\n"

    private func run(
        _ arguments: [String], in folder: URL, limits: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> CLIRunner.Result {
        let start = Date()
        let result = try CLIRunner.run(arguments, directory: folder, limits: CLIRunner.hostileLimits + limits)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, Self.hangLimit, "took \(elapsed) s: a hang", file: file, line: line)
        return result
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    // MARK: --jobs

    func testHugeJobsCountIsClampedToTheCores() throws {
        let folder = try CLIRunner.temporaryDirectory()
        // Over 32 KB: its text is shaped on every thread left over from whole inputs.
        let items = (0..<3000).map { "      - {title: Item \($0) with a few words, subtitle: subtitle \($0)}\n" }
            .joined()
        try write("version: 1\ncards:\n  - items:\n" + items, to: folder.appendingPathComponent("in/big.yaml"))
        for index in 1...5 { try write(Self.oneItem, to: folder.appendingPathComponent("in/small-\(index).yaml")) }
        let result = try run(["render", "in", "-o", "out", "--jobs", "10000"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/big/card-1.svg").path))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/small-5/card-1.svg").path))
    }

    // MARK: Temporary files

    private func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testPlantedLinksAtPredictableNamesAreNeverFollowed() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let secret = try CLIRunner.temporaryDirectory().appendingPathComponent("secret.txt")
        try write("do not touch\n", to: secret)
        // Names an attacker can predict: a temporary named `.<image>.<pid>.tmp` for the pids the
        // run is likely to get, and the image's own name.
        let pid = Int(ProcessInfo.processInfo.processIdentifier)
        for candidate in pid...(pid + 300) {
            try FileManager.default.createSymbolicLink(
                atPath: out.appendingPathComponent(".card-1.svg.\(candidate).tmp").path,
                withDestinationPath: secret.path)
        }
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("card-1.svg").path, withDestinationPath: secret.path)
        try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))
        let result = try run(["render", "in.yaml", "-o", "out"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: secret, encoding: .utf8), "do not touch\n")
        // The link at the image's name is replaced by the image, not written through.
        let image = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("card-1.svg").path)
        XCTAssertEqual(image[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(try contents(out).filter { !$0.hasPrefix(".card-1.svg.") }, ["card-1.svg"])
    }

    func testImagesGetTheUsualModeAndNoTemporaryIsLeft() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))
        let result = try run(["render", "in.yaml", "-o", "out", "--format", "svg", "--format", "png"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let mask = umask(0)
        umask(mask)
        for name in ["card-1.svg", "card-1.png"] {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent("out/\(name)").path)
            XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o777 }, 0o666 & ~Int(mask), name)
        }
        XCTAssertEqual(try contents(folder.appendingPathComponent("out")), ["card-1.png", "card-1.svg"])
    }

    /// A process id that no process has: one that ran and was waited for.
    private func finishedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func testStaleTemporariesOfKilledRunsAreRemovedAndNothingElse() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let out = folder.appendingPathComponent("out")
        let dead = try finishedProcessID()
        let alive = ProcessInfo.processInfo.processIdentifier
        func name(_ image: String, _ pid: Int32) -> String { ".\(image).timeline-cards-\(pid)-0123456789abcdef.tmp" }
        let secret = try CLIRunner.temporaryDirectory().appendingPathComponent("secret.txt")
        try write("do not touch\n", to: secret)
        let removed = [name("card-1.svg", dead), name("other.png", dead), name("old.svg", alive)]
        let kept = [
            name("running.svg", alive), ".card-1.svg.\(dead).tmp", "notes.tmp", ".x.timeline-cards-\(dead)-short.tmp",
        ]
        for file in removed + kept { try write("partial", to: out.appendingPathComponent(file)) }
        // A running process's temporary more than an hour old: its pid is a reused one.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7200)],
            ofItemAtPath: out.appendingPathComponent(name("old.svg", alive)).path)
        // A link with our name is not ours: neither it nor what it points to is removed.
        let link = name("link.svg", dead)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent(link).path, withDestinationPath: secret.path)
        try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))
        let result = try run(["render", "in.yaml", "-o", "out"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contents(out), (kept + [link, "card-1.svg"]).sorted())
        XCTAssertEqual(try String(contentsOf: secret, encoding: .utf8), "do not touch\n")
    }

    /// The folder is read while the card renders when `-o` names a file or a folder of one
    /// input's images; a batch's subfolders are read when first written. Each way, the stale
    /// temporaries go and the running process's stay.
    func testStaleTemporariesGoWhateverTheOutputNames() throws {
        let dead = try finishedProcessID()
        let alive = ProcessInfo.processInfo.processIdentifier
        func name(_ image: String, _ pid: Int32) -> String { ".\(image).timeline-cards-\(pid)-0123456789abcdef.tmp" }
        let cases: [(arguments: [String], folder: String, written: [String])] = [
            (["render", "in.yaml", "-o", "out/named.svg"], "out", ["named.svg"]),
            (["render", "in.yaml", "other.yaml", "-o", "out"], "out/in", ["card-1.svg"]),
        ]
        for (arguments, subfolder, written) in cases {
            let folder = try CLIRunner.temporaryDirectory()
            let out = folder.appendingPathComponent(subfolder)
            for file in [name("named.svg", dead), name("running.svg", alive)] {
                try write("partial", to: out.appendingPathComponent(file))
            }
            try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))
            try write(Self.oneItem, to: folder.appendingPathComponent("other.yaml"))
            let result = try run(arguments, in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try contents(out), ([name("running.svg", alive)] + written).sorted(), "\(arguments)")
        }
    }

    // MARK: All or nothing per input

    /// The images of `yaml` by name, rendered into a scratch folder.
    private func render(_ yaml: String, formats: [String], in folder: URL) throws -> [String: Data] {
        let scratch = folder.appendingPathComponent("scratch-\(UUID().uuidString)")
        try write(yaml, to: scratch.appendingPathComponent("in.yaml"))
        let result = try run(["render", "in.yaml", "-o", "out"] + formats.flatMap { ["--format", $0] }, in: scratch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = scratch.appendingPathComponent("out")
        return try Dictionary(
            uniqueKeysWithValues: contents(out).map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) })
    }

    func testAWriteFailingPartWayChangesNoImageOfThatInput() throws {
        guard CLIRunner.hasPrlimit else { throw XCTSkip("needs prlimit for a file size limit") }
        let folder = try CLIRunner.temporaryDirectory()
        let old = Self.oneItem
        let new = Self.oneItem.replacingOccurrences(of: "title: a", with: "title: changed")
        let earlier = try render(old, formats: ["svg", "png"], in: folder)
        let sizes = try render(new, formats: ["svg", "png"], in: folder).mapValues(\.count)
        let svg = try XCTUnwrap(sizes["card-1.svg"])
        let png = try XCTUnwrap(sizes["card-1.png"])
        XCTAssertLessThan(svg, png, "the SVG, written first, must fit under the limit the PNG passes")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for (name, data) in earlier { try data.write(to: out.appendingPathComponent(name)) }
        try write(new, to: folder.appendingPathComponent("in.yaml"))
        // A file size limit between the two: the SVG is written, the PNG fails as on a full disk.
        let result = try run(
            ["render", "in.yaml", "-o", "out", "--format", "svg", "--format", "png"], in: folder,
            limits: ["--fsize=\((svg + png) / 2)"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(
            result.stderr, "error: cannot write out/card-1.png: File too large; no image of in.yaml was changed\n")
        for (name, data) in earlier {
            XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent(name)), data, name)
        }
        XCTAssertEqual(try contents(out), earlier.keys.sorted())
    }

    /// A user whose home cannot be written (a CI user, nobody) gets no "Fontconfig error: No
    /// writable cache directories" on every run: the bundled fonts are added file by file, which
    /// writes no cache.
    func testAUserWithoutAWritableHomeGetsNoFontconfigMessage() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run as another user")
        }
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let result = try CLIRunner.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", CLIRunner.executable.path, "render", "in.yaml",
                "-o", "out", "--format", "png",
            ], directory: folder, environment: ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"],
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }

    /// Where no thread can be made (a limit of one process for the user), a render ends with exit
    /// 3 and GLib's message, and writes nothing: it waited for ever for the font-loading thread,
    /// then, that fixed, trapped in GLib when Pango could not start its own; with Dispatch only,
    /// it waited for ever for the pool's first thread, even for help. Help and a bad input
    /// need no fonts, and are told as ever.
    func testARunThatCannotStartAThreadEndsWithExit3() throws {
        let tools = ["/usr/bin/timeout", "/usr/bin/setpriv", CLIRunner.prlimit]
        guard getuid() == 0, tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("needs root, timeout, setpriv and prlimit to run as another user with a process limit")
        }
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))
        try write("version: 1\ncards:\n  - items: [{title: a,\n", to: folder.appendingPathComponent("bad.yaml"))
        // The user the run becomes (nobody) reads the input and would write beside it.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        func runAsNobody(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(
                [
                    "60", "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", CLIRunner.prlimit,
                    "--nproc=1", CLIRunner.executable.path,
                ] + arguments, directory: folder, executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        }
        let render = try runAsNobody(["render", "in.yaml", "-o", "out", "--format", "png"])
        XCTAssertEqual(render.status, 3, render.stderr)
        XCTAssertTrue(render.stderr.contains("error: GLib: creating thread"), render.stderr)
        let ours = render.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        XCTAssertEqual(ours.count, 1, "one message, whole: \(render.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // Two inputs on two threads (`Lanes`: a thread that cannot start is known at once, never
        // waited for) end alike.
        try write(Self.oneItem, to: folder.appendingPathComponent("second.yaml"))
        let batch = try runAsNobody(["render", "in.yaml", "second.yaml", "-o", "out", "--format", "svg"])
        XCTAssertEqual(batch.status, 3, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("error: GLib: creating thread"), batch.stderr)
        let help = try runAsNobody(["render", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(String(decoding: help.stdout, as: UTF8.self).contains("USAGE"))
        let bad = try runAsNobody(["render", "bad.yaml", "-o", "out"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("bad.yaml:4:1: error:"), bad.stderr)
    }

    func testAFolderInTheWayOfAnInputsSecondImageChangesNoneOfItsImages() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let two = "version: 1\ncards:\n  - {id: a, items: [{title: a}]}\n  - {id: b, items: [{title: b}]}\n"
        try write(Self.oneItem, to: folder.appendingPathComponent("first.yaml"))
        try write(two, to: folder.appendingPathComponent("second.yaml"))
        XCTAssertEqual(try run(["render", "first.yaml", "second.yaml", "-o", "out"], in: folder).status, 0)
        let out = folder.appendingPathComponent("out")
        let earlierFirst = try Data(contentsOf: out.appendingPathComponent("first/card-1.svg"))
        let earlierA = try Data(contentsOf: out.appendingPathComponent("second/a.svg"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("second/b.svg"))
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("second/b.svg"), withIntermediateDirectories: true)
        try write(
            Self.oneItem.replacingOccurrences(of: "title: a", with: "title: new"),
            to: folder.appendingPathComponent("first.yaml"))
        try write(
            two.replacingOccurrences(of: "title: a", with: "title: new"),
            to: folder.appendingPathComponent("second.yaml"))
        let result = try run(["render", "first.yaml", "second.yaml", "-o", "out"], in: folder)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "error: cannot write out/second/b.svg: a folder of that name is in the way; "
                + "no image of second.yaml was changed; the images of the 1 input before it were written\n")
        XCTAssertNotEqual(try Data(contentsOf: out.appendingPathComponent("first/card-1.svg")), earlierFirst)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("second/a.svg")), earlierA)
        XCTAssertEqual(try contents(out.appendingPathComponent("second")), ["a.svg", "b.svg"])
    }

    // MARK: -o

    func testOutputNamingAFileIsAnErrorInWords() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))
        try write("not a folder", to: folder.appendingPathComponent("taken"))
        let named = try run(["render", "in.yaml", "-o", "taken"], in: folder)
        XCTAssertEqual(named.status, 2, named.stderr)
        XCTAssertTrue(
            named.stderr.hasPrefix(
                "error: -o taken is a file, not a folder; -o takes a folder, a file NAME.svg, NAME.png or NAME.pdf"),
            named.stderr)
        let below = try run(["render", "in.yaml", "-o", "taken/sub"], in: folder)
        XCTAssertEqual(below.status, 3, below.stderr)
        XCTAssertEqual(
            below.stderr,
            "error: cannot write taken/sub/card-1.svg: taken is a file, not a folder; no image of in.yaml was changed\n"
        )
        try write(
            "version: 1\ncards:\n  - items: [{title: a}]\n  - items: [{title: b}]\n",
            to: folder.appendingPathComponent("two.yaml"))
        try write("earlier", to: folder.appendingPathComponent("one.svg"))
        let many = try run(["render", "two.yaml", "-o", "one.svg"], in: folder)
        XCTAssertEqual(many.status, 2, many.stderr)
        XCTAssertEqual(
            many.stderr, "error: one.svg takes exactly one image, but this run makes 2; write to a folder instead\n")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("one.svg"), encoding: .utf8), "earlier")
        for output in [folder.appendingPathComponent("taken"), folder.appendingPathComponent("one.svg")] {
            XCTAssertFalse(try String(contentsOf: output, encoding: .utf8).contains("<svg"))
        }
        XCTAssertFalse(named.stderr.contains("NSCocoaErrorDomain") || below.stderr.contains("NSCocoaErrorDomain"))
    }

    // MARK: Image sizes per format

    /// A card about `items` × `spacing` points tall.
    private static func tallCard(id: String, items: Int, spacing: Int) -> String {
        "  - id: \(id)\n    style: {itemSpacing: \(spacing)}\n    items:\n"
            + String(repeating: "      - title: a\n", count: items)
    }

    /// The height of a PDF's first page, from its MediaBox.
    private static func pageHeight(_ pdf: Data) -> Double? {
        let text = PDFObjects([UInt8](pdf)).text
        guard let box = text.range(of: "/MediaBox [") else { return nil }
        let numbers = text[box.upperBound...].prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
        return numbers.count == 4 ? numbers[3] - numbers[1] : nil
    }

    func testATallFeedIsSplitOnlyForTheFormatsThatNeedIt() throws {
        let folder = try CLIRunner.temporaryDirectory()
        // Three cards of about 8,000 points: one PNG at scale 2 (16,383 points) or one PDF page
        // (14,400 points) holds one card; an SVG holds them all.
        let cards = (1...3).map { Self.tallCard(id: "c\($0)", items: 9, spacing: 1000) }.joined()
        try write("version: 1\ncards:\n" + cards, to: folder.appendingPathComponent("tall.yaml"))
        let result = try run(
            ["render", "tall.yaml", "--feed", "-o", "out", "--format", "svg", "--format", "png", "--format", "pdf"],
            in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = folder.appendingPathComponent("out")
        XCTAssertEqual(
            try contents(out),
            ["tall-1.pdf", "tall-1.png", "tall-2.pdf", "tall-2.png", "tall-3.pdf", "tall-3.png", "tall.svg"])
        for index in 1...3 {
            let height = try XCTUnwrap(
                Self.pageHeight(try Data(contentsOf: out.appendingPathComponent("tall-\(index).pdf"))))
            XCTAssertGreaterThan(height, 7000)
            XCTAssertLessThanOrEqual(height, 14_400)
        }
        let svg = try String(contentsOf: out.appendingPathComponent("tall.svg"), encoding: .utf8)
        let svgHeight = svg.components(separatedBy: " height=\"").dropFirst().first?.prefix { $0 != "\"" }
        XCTAssertGreaterThan(try XCTUnwrap(svgHeight.flatMap { Double($0) }), 3 * 7000, "the SVG holds every card")
        // SVG alone: one strip, never parts.
        let alone = try run(["render", "tall.yaml", "--feed", "-o", "svg-only"], in: folder)
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(try contents(folder.appendingPathComponent("svg-only")), ["tall.svg"])
    }

    func testACardTallerThanAPDFPageIsRefusedAtItsLine() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(
            "version: 1\ncards:\n" + Self.tallCard(id: "tall", items: 16, spacing: 1000),
            to: folder.appendingPathComponent("in.yaml"))
        let pdf = try run(["render", "in.yaml", "-o", "out", "--format", "svg", "--format", "pdf"], in: folder)
        XCTAssertEqual(pdf.status, 2, pdf.stderr)
        XCTAssertTrue(pdf.stderr.hasPrefix("in.yaml:3:5: error: card 'tall' would be a 480×"), pdf.stderr)
        XCTAssertTrue(
            pdf.stderr.hasSuffix(
                " point PDF page; PDF pages are limited to 14400 points a side (lower --scale, or use SVG or PNG)\n"),
            pdf.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "no partial output")
        // A feed of it: a card alone taller than a page cannot be split.
        let feed = try run(["render", "in.yaml", "--feed", "-o", "out", "--format", "pdf"], in: folder)
        XCTAssertEqual(feed.status, 2, feed.stderr)
        XCTAssertTrue(feed.stderr.hasPrefix("in.yaml:3:5: error: card 'tall' alone would be a 520×"), feed.stderr)
        // Scale counts: at 0.5 the page fits.
        let scaled = try run(["render", "in.yaml", "-o", "out", "--format", "pdf", "--scale", "0.5"], in: folder)
        XCTAssertEqual(scaled.status, 0, scaled.stderr)
        XCTAssertLessThanOrEqual(
            try XCTUnwrap(Self.pageHeight(try Data(contentsOf: folder.appendingPathComponent("out/tall.pdf")))), 14_400)
    }

    // MARK: --fonts

    func testAFontFolderNeverBlocksOnAFIFOAndNamesEveryUnusableFont() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(
            at: fonts.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let bundled = CLIRunner.root.appendingPathComponent("Sources/TimelineCairo/Fonts/Bundled/DejaVuSans.ttf")
        try FileManager.default.copyItem(at: bundled, to: fonts.appendingPathComponent("sub/good.ttf"))
        XCTAssertEqual(mkfifo(fonts.appendingPathComponent("pipe.ttf").path, 0o644), 0)
        XCTAssertEqual(mkfifo(fonts.appendingPathComponent("pipe-without-extension").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(
            atPath: fonts.appendingPathComponent("zero.otf").path, withDestinationPath: "/dev/zero")
        try write("not a font", to: fonts.appendingPathComponent("text.otf"))
        try write("", to: fonts.appendingPathComponent("empty.ttf"))
        try write("SIL Open Font License", to: fonts.appendingPathComponent("LICENSE.txt"))
        try write("not a font either", to: fonts.appendingPathComponent("._good.ttf"))
        // 65 MiB, sparse: bigger than any font file.
        let huge = fonts.appendingPathComponent("huge.ttf")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))

        let result = try run(["render", "in.yaml", "-o", "out", "--fonts", "fonts"], in: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").sorted(),
            [
                "fonts/empty.ttf: error: is empty (--fonts)",
                "fonts/huge.ttf: error: is 68157440 bytes, more than the limit of 67108864 for a font file (raise with "
                    + "--max-font-bytes) (--fonts)",
                "fonts/pipe.ttf: error: is a FIFO, not a font file (--fonts)",
                "fonts/text.otf: error: is not a font file FreeType can read (--fonts)",
                "fonts/zero.otf: error: is a link, and links are not followed inside a --fonts folder (--fonts)",
            ])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "no partial output")

        for name in ["pipe.ttf", "zero.otf", "text.otf", "empty.ttf", "huge.ttf"] {
            try FileManager.default.removeItem(at: fonts.appendingPathComponent(name))
        }
        let usable = try run(["render", "in.yaml", "-o", "out", "--fonts", "fonts", "--format", "png"], in: folder)
        XCTAssertEqual(usable.status, 0, usable.stderr)
    }

    // MARK: check

    /// A PNG whose header claims `width` × `height` pixels, with no pixels after it: decoding
    /// would allocate what the header says before finding out.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IEND", []))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    func testCheckRefusesHugeBlockingAndOversizedGoldensWithoutReadingThem() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try write(Self.oneItem, to: folder.appendingPathComponent("in.yaml"))
        let recorded = try run(["check", "in.yaml", "--expected", "expected", "--record"], in: folder)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        let expected = folder.appendingPathComponent("expected")
        // Goldens sit in a folder per input (check's one layout).
        let png = expected.appendingPathComponent("in/card-1.png")
        let svg = expected.appendingPathComponent("in/card-1.svg")

        // 30,000 × 30,000 pixels would take 3.6 GB to decode.
        try Self.pngHeader(width: 30_000, height: 30_000).write(to: png)
        let huge = try run(["check", "in.yaml", "--expected", "expected", "--diff", "diffs"], in: folder)
        XCTAssertEqual(huge.status, 2, huge.stderr)
        XCTAssertTrue(
            huge.stderr.hasPrefix(
                "expected/in/card-1.png: error: the expected image is 30000×30000 px, far larger than the rendered "),
            huge.stderr)
        XCTAssertTrue(huge.stderr.contains(" px; it is not decoded\n"), huge.stderr)

        // A FIFO would block a plain read for good.
        try FileManager.default.removeItem(at: png)
        XCTAssertEqual(mkfifo(png.path, 0o644), 0)
        let fifo = try run(["check", "in.yaml", "--expected", "expected"], in: folder)
        XCTAssertEqual(fifo.status, 2, fifo.stderr)
        XCTAssertTrue(
            fifo.stderr.hasPrefix("expected/in/card-1.png: error: the expected image is a FIFO, not a regular file\n"),
            fifo.stderr)
        try FileManager.default.removeItem(at: png)

        // 65 MiB, sparse: more than any golden may be.
        XCTAssertTrue(FileManager.default.createFile(atPath: svg.path, contents: nil))
        let handle = try FileHandle(forWritingTo: svg)
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let big = try run(["check", "in.yaml", "--expected", "expected", "--format", "svg"], in: folder)
        XCTAssertEqual(big.status, 2, big.stderr)
        XCTAssertTrue(
            big.stderr.hasPrefix(
                "expected/in/card-1.svg: error: the expected image is 68157440 bytes, more than the limit of 67108864 "
                    + "(raise with --max-golden-bytes)\n"
            ), big.stderr)

        // A golden of another size within reason is a mismatch, found from the header alone.
        try Self.pngHeader(width: 100, height: 50).write(to: png)
        let other = try run(["check", "in.yaml", "--expected", "expected", "--format", "png"], in: folder)
        XCTAssertEqual(other.status, 1, other.stderr)
        XCTAssertTrue(
            other.stderr.hasPrefix("expected/in/card-1.png: size differs: expected 100×50 px, actual "), other.stderr)
    }
}
