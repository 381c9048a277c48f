import ArgumentParser
import TimelineKit
import XCTest

@testable import timeline_cards

/// One `Limits`: every bound in it is set by a flag of the commands that read inputs, found here
/// by walking the struct's fields, so a bound added later without its flag fails this test.
final class LimitFlagTests: XCTestCase {
    /// Flags whose names are not the field's in kebab case.
    static let renamed = ["maxTextLength": "--max-text", "maxYAMLDepth": "--max-depth"]

    static func flag(of field: String) -> String {
        if let flag = renamed[field] { return flag }
        return "--"
            + field.reduce(into: "") { name, character in
                if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
            }
    }

    func testEveryLimitIsSetByItsFlagOnEveryCommandThatReadsInputs() throws {
        let fields = Mirror(reflecting: Limits()).children.compactMap(\.label)
        XCTAssertGreaterThan(fields.count, 15)
        for field in fields {
            let flag = Self.flag(of: field)
            for command in [["render"], ["check", "--expected", "gold"], ["validate"]] {
                let parsed = try TimelineCards.parseAsRoot(command + ["in.yaml", flag, "7"])
                let limits: Limits
                switch parsed {
                case let render as Render: limits = render.input.limits
                case let check as Check: limits = check.input.limits
                case let validate as Validate: limits = validate.input.limits
                default: return XCTFail("\(command) parsed as \(type(of: parsed))")
                }
                let value = Mirror(reflecting: limits).children.first { $0.label == field }?.value as? Int
                XCTAssertEqual(value, 7, "\(command) \(flag) sets \(field)")
            }
        }
    }

    /// `convert` reads one Mermaid diagram and renders nothing: it takes the bounds of that reading
    /// (items, text, input bytes), each set by the same flag as on the other commands.
    func testConvertSetsTheBoundsOfItsReading() throws {
        for field in ["maxItems", "maxTextLength", "maxInputBytes"] {
            let flag = Self.flag(of: field)
            let parsed = try TimelineCards.parseAsRoot(["convert", "in.mmd", flag, "7"])
            let convert = try XCTUnwrap(parsed as? Convert)
            let value = Mirror(reflecting: convert.flags.limits).children.first { $0.label == field }?.value as? Int
            XCTAssertEqual(value, 7, "convert \(flag) sets \(field)")
        }
    }

    /// `docc-resources` reads timeline files too: every bound, its inputs' included, is set by
    /// the same flag as on `render`, and reaches the options it renders with.
    func testDocCResourcesSetsEveryLimit() throws {
        let fields = Mirror(reflecting: Limits()).children.compactMap(\.label)
        XCTAssertEqual(fields.count, LimitFlags.fields.count, "every field of Limits has its flag")
        for field in fields {
            let flag = Self.flag(of: field)
            let parsed = try TimelineCards.parseAsRoot(["docc-resources", ".", flag, "9"])
            let command = try XCTUnwrap(parsed as? DocCResources)
            let value = Mirror(reflecting: command.options.limits).children.first { $0.label == field }?.value as? Int
            XCTAssertEqual(value, 9, "docc-resources \(flag) sets \(field)")
        }
    }

    /// A limit below 1 is a usage error on every command that takes the limit flags.
    func testALimitBelowOneIsRefusedByDocCResources() {
        XCTAssertThrowsError(try TimelineCards.parseAsRoot(["docc-resources", ".", "--max-input-bytes", "0"]))
        XCTAssertThrowsError(try TimelineCards.parseAsRoot(["docc-resources", ".", "--max-depth", "1000"]))
    }
}
