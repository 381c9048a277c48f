import XCTest

@testable import TimelineSpec

final class LinkURLTests: XCTestCase {
    private func normalized(_ link: String) -> String? {
        if case .success(let url) = LinkURL.normalized(link) { return url }
        return nil
    }

    /// A ')' left as it is would close cairo's PDF string and make the rest of the link a
    /// JavaScript action.
    func testPDFStringDelimitersAreEncoded() {
        XCTAssertEqual(
            normalized("https://e.com/)/S/JavaScript/JS(app.alert(1))/Type/Action/X("),
            "https://e.com/%29/S/JavaScript/JS%28app.alert%281%29%29/Type/Action/X%28")
        XCTAssertEqual(normalized("https://e.com/a\\b'c"), "https://e.com/a%5Cb%27c")
    }

    func testStructureAndEscapesAreKept() {
        XCTAssertEqual(
            normalized("https://user@e.com:8080/a/b?x=1&y=[2]#frag;!$*+,="),
            "https://user@e.com:8080/a/b?x=1&y=[2]#frag;!$*+,=")
        XCTAssertEqual(normalized("https://e.com/a%20b"), "https://e.com/a%20b")
        XCTAssertEqual(normalized("mailto:a@b.org?subject=Hi"), "mailto:a@b.org?subject=Hi")
    }

    func testEverythingElseIsPercentEncoded() {
        XCTAssertEqual(normalized("https://e.com/a b\"<>{}|^`"), "https://e.com/a%20b%22%3C%3E%7B%7D%7C%5E%60")
        XCTAssertEqual(normalized("https://e.com/%zz%4"), "https://e.com/%25zz%254")
        XCTAssertEqual(normalized("https://e.com/café"), "https://e.com/caf%C3%A9")
    }

    func testOnlyWebAndMailSchemesAndNoControlCharacters() {
        XCTAssertEqual(LinkURL.normalized("javascript:alert(1)"), .failure(.scheme))
        XCTAssertEqual(LinkURL.normalized("https://"), .failure(.scheme))
        XCTAssertEqual(LinkURL.normalized("HTTPS://E.COM"), .success("HTTPS://E.COM"))
        XCTAssertEqual(LinkURL.normalized("https://e.com/\u{7F}"), .failure(.controlCharacter))
    }
}
