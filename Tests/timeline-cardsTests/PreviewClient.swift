import Foundation
import XCTest

/// A client of `render --serve` over plain sockets on the loopback: any Host header (URLSession
/// sets its own), either address, and as slow as a test needs. Every call is bounded in time.
enum PreviewClient {
    struct Response {
        var status: Int
        var head: String
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A connection to the preview, sending nothing yet; -1 when it cannot be made.
    /// `receiveBuffer` makes a small window, for a reader that is slow on purpose.
    static func connect(port: Int, ipv6: Bool = false, receiveBuffer: Int32? = nil) -> Int32 {
        let connection = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard connection >= 0 else { return -1 }
        if var size = receiveBuffer {
            setsockopt(connection, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let connected = withAddress(ipv6: ipv6, port: port) { Glibc.connect(connection, $0, $1) }
        guard connected == 0 else {
            close(connection)
            return -1
        }
        return connection
    }

    /// Sends a GET for `path` on `connection`.
    static func request(_ path: String, on connection: Int32, port: Int, host: String? = nil) {
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n"
        _ = request.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// A whole GET: the answer read to its end within `seconds`, or a failure.
    static func get(
        _ path: String, port: Int, host: String? = nil, ipv6: Bool = false, seconds: Int = 10
    ) throws -> Response {
        let connection = connect(port: port, ipv6: ipv6)
        guard connection >= 0 else { throw Failure(description: "no connection: \(String(cString: strerror(errno)))") }
        defer { close(connection) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        request(path, on: connection, port: port, host: host)
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0 { throw Failure(description: "\(path): no answer within \(seconds) s") }
            if count == 0 { break }
            response.append(contentsOf: buffer[..<count])
        }
        guard let end = response.firstRange(of: Data("\r\n\r\n".utf8)) else {
            return Response(status: 0, head: "", body: response)
        }
        let head = String(decoding: response[..<end.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Response(status: status, head: head, body: Data(response[end.upperBound...]))
    }

    /// A socket listening on a loopback address, as another process holding it would; nil where
    /// the machine has no such address.
    static func hold(ipv6: Bool, port: Int = 0) -> (descriptor: Int32, port: Int)? {
        let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var yes: Int32 = 1
        if ipv6 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        guard withAddress(ipv6: ipv6, port: port, { bind(descriptor, $0, $1) }) == 0, listen(descriptor, 4) == 0 else {
            close(descriptor)
            return nil
        }
        var address = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        // sin_port and sin6_port are at the same offset.
        return (descriptor, Int(UInt16(bigEndian: address.sin6_port)))
    }

    private static func withAddress(
        ipv6: Bool, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            address.sin6_addr = in6addr_loopback
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// The port a `render --serve` run printed (`serving http://127.0.0.1:PORT/ …`).
    static func port(of run: LongRun) throws -> Int {
        let address = try XCTUnwrap(run.text.firstMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)\//), run.text)
        return try XCTUnwrap(Int(address.1))
    }

    /// Seconds of processor time process `pid` has used (Linux's /proc), nil elsewhere.
    static func processorSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the name: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
