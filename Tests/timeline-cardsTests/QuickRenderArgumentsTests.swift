import ArgumentParser
import XCTest

@testable import timeline_cards

/// The render commands read without swift-argument-parser are the commands it makes of the same
/// arguments, every flag's value included; the rest is left to it.
final class QuickRenderArgumentsTests: XCTestCase {
    /// The parser's command, as `TimelineCards.parseNamedSubcommand` asks for it.
    private func parsed(_ arguments: [String]) -> Render? {
        (try? Render.parseAsRoot(arguments)) as? Render
    }

    func testQuickCommandsAreTheParsersCommands() {
        let commands: [[String]] = [
            ["card.yaml"], ["a.yaml", "b.json", "folder"], ["-"], ["card.yaml", "-o", "out"],
            ["card.yaml", "-o", "-"], ["card.yaml", "--output", "card.png"], ["card.yaml", "-o", "out/"],
            ["card.yaml", "--format", "png", "--format", "svg"], ["--format", "pdf", "card.yaml"],
            ["card.yaml", "--jobs", "2"], ["card.yaml", "--scale", "1.5"], ["card.yaml", "--theme", "dark"],
            ["-o", "out", "card.yaml", "--format", "png", "--scale", "2", "--jobs", "1", "--theme", "mono", "b.json"],
            ["card.yaml", "--format", "scene"], ["card.yaml", "--scale", "16"], ["card.yaml", "--scale", "1e-1"],
            ["page.md", "-o", "out/page.md"],
        ]
        for arguments in commands {
            guard let quick = QuickRenderArguments.render(arguments) else {
                XCTFail("\(arguments) not read quickly")
                continue
            }
            guard let full = parsed(arguments) else {
                XCTFail("\(arguments) refused by the parser")
                continue
            }
            XCTAssertEqual(String(reflecting: quick), String(reflecting: full), "\(arguments)")
        }
    }

    /// Commands the checks refuse, flags not read quickly, a value missing or looking like a
    /// flag, a flag given twice: all left to the parser, which gives the message.
    func testEverythingElseIsLeftToTheParser() {
        let commands: [[String]] = [
            [], ["card.yaml", "--jobs", "0"], ["card.yaml", "--scale", "0"], ["card.yaml", "--scale", "nan"],
            ["card.yaml", "--theme", "no-such-theme"], ["card.yaml", "-o", "card.txt"], ["-", "-"],
            ["card.yaml", "--timings"], ["card.yaml", "--format=png"], ["card.yaml", "-o"],
            ["card.yaml", "-ocard.svg"],
            ["card.yaml", "-o", "a", "-o", "b"], ["card.yaml", "--jobs", "two"], ["card.yaml", "--", "b.yaml"],
            ["card.yaml", "--format", "gif"], ["card.yaml", "--scale", "-1"], ["card.yaml", "--format", "-"],
            ["card.yaml", "--watch"], ["card.yaml", "--feed"], ["card.yaml", "-h"],
            ["card.yaml", "--jobs", "1", "--jobs", "2"], ["card.yaml", "-o", "--format"],
        ]
        for arguments in commands {
            XCTAssertNil(QuickRenderArguments.render(arguments), "\(arguments)")
        }
    }
}
