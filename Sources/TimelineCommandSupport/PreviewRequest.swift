/// The part of an HTTP request the preview server (`render --serve`) answers by: a GET's path and
/// its Host header, and what the path asks for. Plain values from the bytes a client sent, so the
/// fuzz binary's `serve` target drives the same code the server does.
package struct PreviewRequest: Equatable, Sendable {
    package var path: String
    package var host: String

    /// What a request asks for, by its path.
    package enum Route: Equatable, Sendable {
        case page
        case script
        case state
        case events
        /// `/file/ROUND/NUMBER`: a round's image by its number.
        case file(round: Int, number: Int)
        case notFound
    }

    /// Where a request's head stands in the bytes received so far.
    package enum Framing: Equatable, Sendable {
        /// The head, without its closing blank line.
        case complete([UInt8])
        /// More bytes are needed.
        case waiting
        /// Past `maxHead` bytes without an end: the client is dropped.
        case tooLong
    }

    package init(path: String, host: String) {
        self.path = path
        self.host = host
    }

    /// The head in `received` (bytes from a connection's start): complete at the first blank
    /// line, or waiting for more while within `maxHead` bytes.
    package static func frame(_ received: [UInt8], maxHead: Int) -> Framing {
        if let end = received.firstRange(of: [13, 10, 13, 10]) { return .complete(Array(received[..<end.lowerBound])) }
        return received.count > maxHead ? .tooLong : .waiting
    }

    /// A GET's head (without its closing blank line); nil for anything else, or a head naming no
    /// host or more than one.
    package static func parse(_ head: [UInt8]) -> PreviewRequest? {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let words = lines.first?.split(separator: " ") ?? []
        guard words.count == 3, words[0] == "GET" else { return nil }
        let target = words[1]
        let path = String(target[..<(target.firstIndex(of: "?") ?? target.endIndex)])
        let hosts = lines.dropFirst().filter { $0.lowercased().hasPrefix("host:") }
        guard hosts.count == 1, let host = hosts.first else { return nil }
        let value = host.dropFirst(5).drop { $0 == " " || $0 == "\t" }
        return PreviewRequest(path: path, host: String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
    }

    /// Whether the request was sent to this server by its own name, not through another one that
    /// resolves to the loopback address.
    package func names(port: Int) -> Bool {
        ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host.lowercased())
    }

    /// What the path asks for.
    package var route: Route {
        switch path {
        case "/": return .page
        case "/preview.js": return .script
        case "/state": return .state
        case "/events": return .events
        default:
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0].isEmpty, parts[1] == "file", let round = Int(parts[2]),
                let number = Int(parts[3]), round >= 0, number >= 0
            else { return .notFound }
            return .file(round: round, number: number)
        }
    }
}
