/// The part of an HTTP request the preview answers by: a GET's path and its Host header.
struct PreviewRequest {
    var path: String
    var host: String

    /// A GET's head (without its closing blank line); nil for anything else, or a head naming no
    /// host or more than one.
    static func parse(_ head: [UInt8]) -> PreviewRequest? {
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
    func names(port: Int) -> Bool {
        ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host.lowercased())
    }
}
