import Dispatch
import TimelineKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `render --serve`: the images of the last good round on http://127.0.0.1:PORT/, in a page that
/// asks again whenever a round ends (server-sent events) and shows a bad round's problems above the
/// images it keeps. Only the loopback address is bound, and only requests naming it as their host
/// are answered, so that no other machine and no web page under another name (DNS rebinding) can
/// read the images. It serves only files the last round wrote, by their number in its list.
final class PreviewServer: @unchecked Sendable {
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

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let listener: Int32
    private static let maxListeners = 32
    private let lock = Lock()
    private var round = Round()
    /// The files the page may ask for, by their number in `round.images`.
    private var files: [String] = []
    private var listeners: [Int32] = []

    /// Binds 127.0.0.1:`port` (0: any free port; `port` then says which).
    init(port: Int) throws {
        let socketType: Int32
        #if canImport(Glibc)
        // glibc imports the socket types as an enum; musl as numbers.
        socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #elseif os(Linux)
        socketType = SOCK_STREAM | SOCK_CLOEXEC
        #else
        socketType = SOCK_STREAM
        #endif
        let listener = socket(AF_INET, socketType, 0)
        guard listener >= 0 else { throw Failure(description: "error: --serve: no socket: \(Self.errorText())") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            let reason = Self.errorText()
            close(listener)
            throw Failure(
                description: "error: --serve cannot listen on 127.0.0.1:\(port): \(reason); name another with --port")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    var address: String { "http://127.0.0.1:\(port)/" }

    /// Reads request heads on a queue of its own (`PreviewHeads`); each is answered on Dispatch's
    /// global queue.
    func start() {
        DispatchQueue(label: "timeline-cards.preview.heads").async { [self] in
            var heads = PreviewHeads(listener: listener) { connection, head in self.answer(connection, head) }
            heads.run()
        }
    }

    /// After a round: what the page shows, and every open page told to ask for it.
    func publish(round number: Int, summary: String, problems: [String], written: [String]?) {
        lock.lock()
        round.round = number
        round.summary = summary
        round.problems = problems
        if let written {
            files = written.sorted()
            round.images = files.enumerated().map { index, path in
                let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
                return Round.Image(name: name, url: "/file/\(index)?round=\(number)", kind: Self.kind(of: name))
            }
        }
        // Without waiting: a page that stopped reading is dropped rather than holding the lock.
        let event = "data: \(number)\n\n"
        listeners = listeners.filter { connection in
            if Self.deliver(Data(event.utf8), to: connection, waiting: false) { return true }
            close(connection)
            return false
        }
        lock.unlock()
    }

    private func answer(_ connection: Int32, _ head: [UInt8]) {
        guard let request = PreviewRequest.parse(head) else {
            close(connection)
            return
        }
        guard request.names(port: port) else {
            respond(connection, status: "421 Misdirected Request", type: "text/plain", body: Data("wrong host\n".utf8))
            return
        }
        switch request.path {
        case "/":
            respond(connection, status: "200 OK", type: "text/html; charset=utf-8", body: Data(PreviewPage.html.utf8))
        case "/state":
            lock.lock()
            let body = (try? JSONEncoder().encode(round)) ?? Data("{}".utf8)
            lock.unlock()
            respond(connection, status: "200 OK", type: "application/json", body: body)
        case "/events":
            subscribe(connection)
        default:
            serveFile(request.path, to: connection)
        }
    }

    private func subscribe(_ connection: Int32) {
        lock.lock()
        defer { lock.unlock() }
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + "Connection: keep-alive\r\n\r\ndata: \(round.round)\n\n"
        guard Self.deliver(head, to: connection) else {
            close(connection)
            return
        }
        listeners.append(connection)
        // Open tabs each hold a connection: past a few, the oldest is closed (its page reconnects
        // when it is still open), so that forgotten tabs cannot use up the process's descriptors.
        if listeners.count > Self.maxListeners { close(listeners.removeFirst()) }
    }

    private func serveFile(_ path: String, to connection: Int32) {
        lock.lock()
        let index = path.hasPrefix("/file/") ? Int(path.dropFirst(6)) : nil
        let file = index.flatMap { files.indices.contains($0) ? files[$0] : nil }
        lock.unlock()
        let descriptor = file.map { open($0, O_RDONLY | O_CLOEXEC) } ?? -1
        var status = stat()
        guard let file, descriptor >= 0, fstat(descriptor, &status) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            respond(connection, status: "404 Not Found", type: "text/plain", body: Data("not found\n".utf8))
            return
        }
        defer {
            close(descriptor)
            close(connection)
        }
        // In parts: an image can be large, and several pages may ask for it at once.
        guard
            Self.deliver(
                Self.head("200 OK", type: Self.contentType(of: file), length: Int(status.st_size)), to: connection)
        else { return }
        var part = [UInt8](repeating: 0, count: 1 << 18)
        while case let count = read(descriptor, &part, part.count), count > 0 {
            guard Self.deliver(Data(part[..<count]), to: connection) else { return }
        }
    }

    private static func head(_ status: String, type: String, length: Int) -> Data {
        Data(
            ("HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(length)\r\n"
                + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n").utf8)
    }

    private func respond(_ connection: Int32, status: String, type: String, body: Data) {
        if Self.deliver(Self.head(status, type: type, length: body.count), to: connection) {
            _ = Self.deliver(body, to: connection)
        }
        close(connection)
    }

    /// Writes all of `bytes`; false when the page has gone (no SIGPIPE: the process keeps serving),
    /// stopped reading for the send timeout, or, when not `waiting`, cannot take them at once.
    private static func deliver(_ text: String, to connection: Int32) -> Bool {
        deliver(Data(text.utf8), to: connection)
    }

    private static func deliver(_ bytes: Data, to connection: Int32, waiting: Bool = true) -> Bool {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL) | (waiting ? 0 : Int32(MSG_DONTWAIT))
        #else
        let flags: Int32 = waiting ? 0 : MSG_DONTWAIT
        #endif
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, flags)
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    private static func kind(of name: String) -> String {
        PathName.fileExtension(of: name).lowercased()
    }

    private static func contentType(of path: String) -> String {
        switch kind(of: path) {
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "pdf": "application/pdf"
        case "json": "application/json"
        case "md": "text/markdown; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
