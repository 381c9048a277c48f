#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One answer of the preview server: its head and its body, both in memory. A body is shared,
/// not copied, by every connection sending it (an image of the round), so that many clients
/// asking for one large image cost one copy of it.
struct PreviewResponse {
    var head: Data
    var body: Data

    var count: Int { head.count + body.count }

    /// The policy of anything but the page itself: nothing loads, nothing runs, even when an
    /// image is opened on its own in a tab (the page shows SVGs as images, where scripts never run).
    static let contentPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox"
    /// The page's policy: its own script and requests only, no frame around it.
    static let pagePolicy =
        "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// `policy` nil: none (a PDF: Chromium's viewer is a plugin, which a policy of 'none' blocks).
    init(status: String = "200 OK", type: String, body: Data, policy: String? = contentPolicy) {
        head = Data(
            ("HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
                + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                + (policy.map { "Content-Security-Policy: \($0)\r\n" } ?? "")
                + "Referrer-Policy: no-referrer\r\nConnection: close\r\n\r\n").utf8)
        self.body = body
    }

    static func text(_ status: String, _ text: String) -> PreviewResponse {
        PreviewResponse(status: status, type: "text/plain; charset=utf-8", body: Data(text.utf8))
    }

    /// The bytes from `offset` on, as one or two runs (the rest of the head, then the body).
    func withBytes<Result>(from offset: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if offset < head.count {
            return head.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
        }
        return self.body.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[(offset - head.count)...])) }
    }

    /// The type a file of the round is served as, by its kind (its name's extension, lowercased).
    static func contentType(ofKind kind: String) -> String {
        switch kind {
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "pdf": "application/pdf"
        case "json": "application/json"
        case "md": "text/markdown; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
