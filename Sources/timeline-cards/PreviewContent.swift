import TimelineCairo
import TimelineCommandSupport
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the preview server knows of the rounds, and its answer to each request: the page, the
/// last round's state, and the last good round's files from memory, each by its number in that
/// round (`/file/ROUND/NUMBER`: a page asking for an older round's file gets 404 and the newer
/// round's event).
final class PreviewContent: @unchecked Sendable {
    /// What the page shows after a round.
    struct Round: Encodable {
        var round = 0
        var summary = "rendering…"
        var problems: [String] = []
        var images: [Image] = []

        struct Image: Encodable {
            var name: String
            var url: String
            var kind: String
        }
    }

    let port: Int
    private let lock = Lock()
    private var round = Round()
    private var state = Data("{}".utf8)
    private var goodRound = 0
    /// The last good round's files, as they are served.
    private var files: [PreviewResponse] = []

    init(port: Int) {
        self.port = port
        state = Self.encode(round)
    }

    func publish(round number: Int, summary: String, problems: [String], images: [String: EncodedImage]?) {
        // Made outside the lock: an SVG's parts are joined once here, not per request.
        let made = images.map { images in
            images.sorted { $0.key < $1.key }.map { path, image in
                let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
                let kind = PathName.fileExtension(of: name).lowercased()
                let type = PreviewResponse.contentType(ofKind: kind)
                let policy = kind == "pdf" ? nil : PreviewResponse.contentPolicy
                return (name, kind, PreviewResponse(type: type, body: image.data, policy: policy))
            }
        }
        lock.withLock {
            round.round = number
            round.summary = summary
            round.problems = problems
            if let made {
                goodRound = number
                files = made.map(\.2)
                round.images = made.enumerated().map { index, file in
                    Round.Image(name: file.0, url: "/file/\(number)/\(index)", kind: file.1)
                }
            }
            state = Self.encode(round)
        }
    }

    /// What an event stream is told when a round ends.
    var event: Data { Data("data: \(lock.withLock { round.round })\n\n".utf8) }

    /// The answer to a request's head (without its closing blank line).
    func answer(_ head: [UInt8]) -> PreviewLoop.Reply {
        guard let request = PreviewRequest.parse(head) else {
            return .response(.text("400 Bad Request", "a GET with one Host header only\n"))
        }
        guard request.names(port: port) else { return .response(.text("421 Misdirected Request", "wrong host\n")) }
        switch request.route {
        case .page:
            return .response(
                PreviewResponse(
                    type: "text/html; charset=utf-8", body: Data(PreviewPage.html.utf8),
                    policy: PreviewResponse.pagePolicy))
        case .script:
            return .response(
                PreviewResponse(type: "text/javascript; charset=utf-8", body: Data(PreviewPage.script.utf8)))
        case .state:
            return .response(PreviewResponse(type: "application/json", body: lock.withLock { state }))
        case .events:
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
                + "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n"
            return .events(Data(head.utf8) + event)
        case .file(let round, let number):
            let file = lock.withLock { round == goodRound && files.indices.contains(number) ? files[number] : nil }
            return .response(file ?? .text("404 Not Found", "not found\n"))
        case .notFound:
            return .response(.text("404 Not Found", "not found\n"))
        }
    }

    private static func encode(_ round: Round) -> Data {
        (try? JSONEncoder().encode(round)) ?? Data("{}".utf8)
    }
}
