#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The part of an HTTP request the preview answers by: a GET's path and its Host header.
struct PreviewRequest {
    var path: String
    var host: String

    /// The request head, at most 8 KiB (the page's requests are a few hundred bytes); nil for
    /// anything but a GET or a head that does not end in time.
    static func read(from connection: Int32) -> PreviewRequest? {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 2048)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while head.count < 8192 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            head += buffer[..<count]
            if head.firstRange(of: end) != nil { break }
        }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let words = lines.first?.split(separator: " ") ?? []
        guard words.count == 3, words[0] == "GET" else { return nil }
        let target = words[1]
        let path = String(target[..<(target.firstIndex(of: "?") ?? target.endIndex)])
        let host = lines.dropFirst().first { $0.lowercased().hasPrefix("host:") }
            .map { String($0.dropFirst(5).drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " }.reversed()) }
        return PreviewRequest(path: path, host: host ?? "")
    }

    /// Whether the request was sent to this server by its own name, not through another one that
    /// resolves to the loopback address.
    func names(port: Int) -> Bool {
        ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host.lowercased())
    }
}
