import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The preview server's one reading thread: it accepts connections and reads their request heads
/// without blocking (poll), so that a slow or silent client costs a buffer, not a thread, and
/// cannot keep other pages waiting. A head has 5 seconds to arrive whole; at most 64 wait at once
/// (the oldest is dropped). A complete head is handed to `answer` on Dispatch's global queue, with
/// the connection blocking again and a send timeout, so a page that stops reading frees its thread.
struct PreviewHeads {
    private struct Waiting {
        var connection: Int32
        var head: [UInt8] = []
        var deadline: UInt64
    }

    let listener: Int32
    let answer: @Sendable (Int32, [UInt8]) -> Void
    private var waiting: [Waiting] = []
    private static let headDeadline: UInt64 = 5_000_000_000
    private static let maxWaiting = 64
    private static let maxHead = 8192

    init(listener: Int32, answer: @escaping @Sendable (Int32, [UInt8]) -> Void) {
        self.listener = listener
        self.answer = answer
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    }

    mutating func run() -> Never {
        while true {
            var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            descriptors += waiting.map { pollfd(fd: $0.connection, events: Int16(POLLIN), revents: 0) }
            let now = DispatchTime.now().uptimeNanoseconds
            let soonest = waiting.map(\.deadline).min().map { $0 > now ? Int32(($0 - now) / 1_000_000) + 1 : 0 }
            let ready = poll(&descriptors, nfds_t(descriptors.count), soonest ?? -1)
            if ready < 0, errno != EINTR { usleep(100_000) } // EMFILE and the like pass: keep serving
            for (index, descriptor) in descriptors.enumerated().dropFirst().reversed() where descriptor.revents != 0 {
                read(at: index - 1)
            }
            if descriptors[0].revents != 0 { acceptAll() }
            dropExpired()
        }
    }

    private mutating func acceptAll() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { return } // EAGAIN: all taken; anything else: tried again on the next poll
            _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
            if waiting.count >= Self.maxWaiting { close(waiting.removeFirst().connection) }
            waiting.append(
                Waiting(connection: connection, deadline: DispatchTime.now().uptimeNanoseconds + Self.headDeadline))
        }
    }

    private mutating func read(at index: Int) {
        var buffer = [UInt8](repeating: 0, count: 2048)
        let count = recv(waiting[index].connection, &buffer, buffer.count, 0)
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        guard count > 0 else {
            close(waiting.remove(at: index).connection)
            return
        }
        waiting[index].head += buffer[..<count]
        let head = waiting[index].head
        if let end = head.firstRange(of: Array("\r\n\r\n".utf8)) {
            let connection = waiting.remove(at: index).connection
            _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let answer = self.answer
            let complete = Array(head[..<end.lowerBound])
            DispatchQueue.global().async { answer(connection, complete) }
        } else if head.count > Self.maxHead {
            close(waiting.remove(at: index).connection)
        }
    }

    private mutating func dropExpired() {
        let now = DispatchTime.now().uptimeNanoseconds
        waiting.removeAll { entry in
            guard entry.deadline <= now else { return false }
            close(entry.connection)
            return true
        }
    }
}
