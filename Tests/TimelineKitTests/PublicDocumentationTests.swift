import Foundation
import XCTest

/// Every public declaration of the products users import has a `///` comment, as DocC shows it.
final class PublicDocumentationTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// The products' own sources, the types TimelineKit re-exports, and the model's types that a
    /// re-exported `Document` reaches.
    static let documented = [
        "TimelineKit", "TimelineGolden", "TimelineSnapshotTesting", "TimelineSnapshotStrategies",
        "TimelineSpec/Diagnostics.swift", "TimelinePolicy/Limits.swift", "TimelineSpec/PathName.swift",
        "TimelineCairo/ImageFormat.swift", "TimelineModel",
    ]

    func testEveryPublicDeclarationHasADocComment() throws {
        var undocumented: [String] = []
        for path in Self.documented {
            let root = Self.sources.appendingPathComponent(path)
            for file in try Self.swiftFiles(at: root) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let name = file.path.dropFirst(Self.sources.path.count + 1)
                undocumented += Self.undocumentedDeclarations(in: text).map { "\(name):\($0.line): \($0.text)" }
            }
        }
        XCTAssertEqual(undocumented, [], "public declarations without a /// comment")
    }

    /// The checker finds what it should: a public member, an enum case of a public enum, and not
    /// a switch's cases, a private enum's cases or an attribute's line.
    func testTheCheckerFindsUndocumentedDeclarations() {
        let text = """
            /// Documented.
            public enum Shown {
                /// Documented.
                case first
                case second(Int)
                public var bare: Int { 0 }
                /// Documented.
                @inline(__always)
                public func attributed() -> Int {
                    switch self {
                    case .first: return 1
                    case .second: return 2
                    }
                }
            }
            enum Hidden {
                case any
            }
            """
        XCTAssertEqual(Self.undocumentedDeclarations(in: text).map(\.line), [5, 6])
    }

    static func swiftFiles(at url: URL) throws -> [URL] {
        if url.pathExtension == "swift" { return [url] }
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted {
            $0.path < $1.path
        }
    }

    /// Public declarations, and the cases of public enums, whose lines above (attributes
    /// skipped) are not a `///` comment. Braces are counted to know which enum a case is in.
    static func undocumentedDeclarations(in text: String) -> [(line: Int, text: String)] {
        let lines = text.components(separatedBy: "\n")
        var found: [(line: Int, text: String)] = []
        // The depth each enclosing enum's body starts at, and whether the enum is public.
        var enums: [(depth: Int, isPublic: Bool)] = []
        var depth = 0
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let isPublic =
                trimmed.range(of: #"^(@[\w()]+\s+)*(public|open)\s"#, options: .regularExpression) != nil
                && !trimmed.hasPrefix("@_exported")
            let isEnumCase =
                trimmed.range(
                    of: #"^case [a-z]\w*(\(.*\))?(\s*=\s*\S+)?(,\s*[a-z]\w*)*$"#,
                    options: .regularExpression) != nil
            if isPublic || (isEnumCase && enums.last?.depth == depth && enums.last?.isPublic == true) {
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                if above < 0 || !lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    found.append((index + 1, trimmed))
                }
            }
            let opens = line.filter { $0 == "{" }.count
            let closes = line.filter { $0 == "}" }.count
            if trimmed.range(of: #"\benum\s+\w+"#, options: .regularExpression) != nil, opens > closes {
                enums.append((depth + 1, isPublic))
            }
            depth += opens - closes
            while let last = enums.last, depth < last.depth { enums.removeLast() }
        }
        return found
    }
}
