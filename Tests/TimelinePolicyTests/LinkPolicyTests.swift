import XCTest

@testable import TimelinePolicy

final class LinkPolicyTests: XCTestCase {
    private func normalized(_ link: String) -> String? {
        if case .success(let url) = LinkPolicy.normalized(link) { return url }
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
        XCTAssertEqual(LinkPolicy.normalized("javascript:alert(1)"), .failure(.scheme))
        XCTAssertEqual(LinkPolicy.normalized("https://"), .failure(.scheme))
        XCTAssertEqual(LinkPolicy.normalized("HTTPS://E.COM"), .success("HTTPS://E.COM"))
        XCTAssertEqual(LinkPolicy.normalized("https://e.com/\u{7F}"), .failure(.controlCharacter))
    }

    /// U+0600 joins the `)` after it into one `Character`; read by scalars, the `)` is still seen
    /// and encoded, and so are bidi controls and C1 controls are refused.
    func testLinksAreReadByScalarsNotCharacters() {
        XCTAssertEqual(normalized("https://e.com/\u{0600})/S"), "https://e.com/%D8%80%29/S")
        XCTAssertEqual(normalized("https://e.com/\u{202E}x\\("), "https://e.com/%E2%80%AEx%5C%28")
        XCTAssertEqual(LinkPolicy.normalized("https://e.com/\u{85}"), .failure(.controlCharacter))
        XCTAssertEqual(LinkPolicy.normalized("\u{0600}https://e.com"), .failure(.scheme))
    }

    /// What the policy makes of a link is a fixed point: normalizing again changes nothing.
    func testNormalizedLinksAreFixedPoints() {
        for link in ["https://e.com/a b(c)", "mailto:x@y.z?s=\u{0600})", "http://e.com/%41%zz\\"] {
            guard let once = normalized(link) else { return XCTFail(link) }
            XCTAssertTrue(LinkPolicy.isNormalized(once), once)
        }
    }

    func testSchemesAreRecognizedWhateverTheirCase() {
        XCTAssertTrue(LinkPolicy.hasAllowedScheme("HTTP://e.com"))
        XCTAssertTrue(LinkPolicy.hasAllowedScheme("MailTo:a@b.org"))
        XCTAssertFalse(LinkPolicy.hasAllowedScheme("ftp://e.com"))
        XCTAssertFalse(LinkPolicy.hasAllowedScheme(" https://e.com"))
        XCTAssertFalse(LinkPolicy.hasAllowedScheme("https:/e.com"))
    }
}
