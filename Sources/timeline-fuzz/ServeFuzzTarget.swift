import TimelineCommandSupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes as what a client sends the preview server (`render --serve`): framed into a head as
/// the server's loop frames it, in pieces of the sizes the first byte picks (as they come off a
/// socket), then parsed, checked for the server's own name and routed. Any crash is a bug; so is
/// a head framed differently when it arrives in pieces, a head past the bound, or a request whose
/// path or host holds a byte the head did not.
enum ServeFuzzTarget {
    static let maxHead = 8192
    static let port = 8100

    static func run(_ data: Data) {
        let bytes = [UInt8](data)
        let whole = PreviewRequest.frame(bytes, maxHead: maxHead)
        let pieces = framedInPieces(bytes, size: 1 + Int(bytes.first ?? 0) % 64)
        precondition(pieces == whole || whole == .tooLong || pieces == .tooLong, "framing depends on the pieces")
        guard case .complete(let head) = whole else { return }
        precondition(head.count <= bytes.count && !head.contains(subsequence: [13, 10, 13, 10]), "head past its end")
        guard let request = PreviewRequest.parse(head) else { return }
        precondition(!request.path.contains("?") && !request.path.contains(" "), "path holds a query or a space")
        precondition(!request.host.contains("\r\n"), "host runs into the next line")
        if request.names(port: port) {
            precondition(["127.0.0.1:8100", "localhost:8100", "[::1]:8100"].contains(request.host.lowercased()))
        }
        if case .file(let round, let number) = request.route {
            precondition(
                round >= 0 && number >= 0 && request.path.hasPrefix("/file/"), "a file route from \(request.path)")
        }
    }

    /// `frame` as the server's loop calls it: after each piece received, on all bytes so far,
    /// stopping at the first answer that is not `waiting`.
    static func framedInPieces(_ bytes: [UInt8], size: Int) -> PreviewRequest.Framing {
        var received: [UInt8] = []
        var start = 0
        while start < bytes.count {
            received += bytes[start..<min(start + size, bytes.count)]
            start += size
            let framing = PreviewRequest.frame(received, maxHead: maxHead)
            if framing != .waiting { return framing }
        }
        return .waiting
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence: [UInt8]) -> Bool { firstRange(of: subsequence) != nil }
}
