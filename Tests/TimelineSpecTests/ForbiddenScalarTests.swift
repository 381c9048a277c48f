import TimelineTestSupport
import XCTest

@testable import TimelineSpec

/// The quick byte scan that decides whether a text is read as characters at all (#48: printable
/// ASCII passes with one comparison) finds what the definition finds, on seeded texts of controls,
/// C1 controls, noncharacters, line feeds, tabs and ordinary text.
final class ForbiddenScalarTests: XCTestCase {
    private func definition(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first {
            ($0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t") || isNoncharacter($0)
        }
    }

    private func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    func testTheScanFindsWhatTheDefinitionFinds() throws {
        let codes: [UInt32] = [
            0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xE9, 0x2014,
            0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFD, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF, 0x10FFFD, 0x3000, 0x1F389,
        ]
        var generator = SeededGenerator(seed: 4_849)
        for round in 0..<5_000 {
            let length = Int.random(in: 0...12, using: &generator)
            var text = ""
            for _ in 0..<length {
                let code =
                    Bool.random(using: &generator)
                    ? codes.randomElement(using: &generator) ?? 0x41 : UInt32.random(in: 0x20...0x7E, using: &generator)
                text.unicodeScalars.append(try XCTUnwrap(Unicode.Scalar(code)))
            }
            XCTAssertEqual(
                DecodeContext.forbiddenScalar(in: text), definition(text),
                "round \(round): \(text.unicodeScalars.map(\.value))")
        }
    }
}
