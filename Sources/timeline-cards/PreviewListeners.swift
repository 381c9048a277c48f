#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The sockets `render --serve` listens on: 127.0.0.1 and [::1], on one port. A browser asked for
/// `localhost:PORT` may try either address, so both are bound or the server does not start: with
/// only one bound, another process holding the other would receive the page's requests.
/// Only a machine without IPv6 on its loopback (no `::1`, where `localhost` cannot reach it
/// either) is served on 127.0.0.1 alone.
struct PreviewListeners {
    /// The listening sockets, non-blocking, closed on exec.
    var descriptors: [Int32]
    var port: Int

    /// Why the server cannot start, worded for the terminal.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How many connections the kernel holds for each socket until they are accepted.
    static let backlog: Int32 = 64
    /// Tries at finding a port free on both addresses, for `--port 0`.
    private static let freePortTries = 16

    /// Binds both loopback addresses to `port` (0: a port free on both; `port` then says which).
    static func bind(port: Int) throws -> PreviewListeners {
        for _ in 0..<(port == 0 ? freePortTries : 1) {
            let ipv4: Int32
            do {
                ipv4 = try socket(ipv4: true, port: port)!
            } catch is Taken {
                throw taken(ipv4: true, port: port)
            }
            let chosen = boundPort(ipv4)
            do {
                guard let ipv6 = try socket(ipv4: false, port: chosen) else {
                    return PreviewListeners(descriptors: [ipv4], port: chosen)
                }
                return PreviewListeners(descriptors: [ipv4, ipv6], port: chosen)
            } catch is Taken {
                close(ipv4)
                // A free IPv4 port that another process holds on IPv6: another port, for --port 0.
                if port != 0 { throw taken(ipv4: false, port: port) }
            } catch {
                close(ipv4)
                throw error
            }
        }
        throw Failure(
            description: "error: --serve found no port free on both 127.0.0.1 and [::1] in \(freePortTries) tries; "
                + "name one with --port")
    }

    /// The address of IPv4's or IPv6's loopback, as a URL writes it.
    static func host(ipv4: Bool) -> String { ipv4 ? "127.0.0.1" : "[::1]" }

    /// Another process holds the address.
    private struct Taken: Error {}

    private static func taken(ipv4: Bool, port: Int) -> Failure {
        Failure(
            description: "error: --serve cannot listen on \(host(ipv4: ipv4)):\(port): another process holds it "
                + "(a browser asked for localhost:\(port) could reach that process); name another port with --port")
    }

    /// A listening socket on one loopback address; nil for IPv6 where the machine has none.
    private static func socket(ipv4: Bool, port: Int) throws -> Int32? {
        #if canImport(Glibc)
        // glibc imports the socket types as an enum; musl as numbers.
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #elseif os(Linux)
        let type = SOCK_STREAM | SOCK_CLOEXEC
        #else
        let type = SOCK_STREAM
        #endif
        let descriptor = systemSocket(ipv4 ? AF_INET : AF_INET6, type, 0)
        if descriptor < 0 {
            if !ipv4, errno == EAFNOSUPPORT { return nil }
            throw Failure(description: "error: --serve: no socket: \(String(cString: strerror(errno)))")
        }
        var yes: Int32 = 1
        // Reuse of a port whose last connections are closing (TIME_WAIT); never of one in use.
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if !ipv4 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        let bound = ipv4 ? bindIPv4(descriptor, port: port) : bindIPv6(descriptor, port: port)
        guard bound, systemListen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            if !ipv4, code == EADDRNOTAVAIL || code == EAFNOSUPPORT { return nil }
            if code == EADDRINUSE { throw Taken() }
            throw Failure(
                description: "error: --serve cannot listen on \(host(ipv4: ipv4)):\(port): "
                    + "\(String(cString: strerror(code))); name another port with --port")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        return descriptor
    }

    private static func bindIPv4(_ descriptor: Int32, port: Int) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func bindIPv6(_ descriptor: Int32, port: Int) -> Bool {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port).bigEndian)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }

    /// The port an IPv4 socket was bound to.
    private static func boundPort(_ descriptor: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

// The C calls under names of their own: the methods above shadow them.
private let systemSocket = socket
private let systemBind = bind
private let systemListen = listen
