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

/// The preview server's one thread: it accepts, reads, answers and sends for every client with
/// poll and non-blocking calls, so that nothing waits on a client. Answers come from memory at
/// once; no request is queued behind another. Bounds (`PreviewLimits`): a deadline per client, a
/// cap on connections past which the one idle longest is dropped, and a pause in accepting while
/// the process is out of descriptors (a listener that stays readable would otherwise spin).
final class PreviewLoop: @unchecked Sendable {
    /// How a request is answered.
    enum Reply {
        case response(PreviewResponse)
        /// An event stream, beginning with these bytes.
        case events(Data)
    }

    private let listeners: [Int32]
    private let limits: PreviewLimits
    private let answer: @Sendable ([UInt8]) -> Reply
    private let event: @Sendable () -> Data
    /// Written to by `wake()`, read by the loop: a round ended.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    // The loop's own, touched by its thread only.
    private var connections: [Int32: PreviewConnection] = [:]
    private var arrivals: UInt64 = 0
    private var acceptPausedUntil: UInt64 = 0
    private var acceptPause: UInt64 = PreviewLoop.firstPause
    private let stopLock = Lock()
    private var stopping = false

    private static let firstPause: UInt64 = 50_000_000
    private static let longestPause: UInt64 = 1_000_000_000
    /// Connections accepted before others are served again.
    private static let acceptsPerTurn = 32

    /// `answer` turns a request's head into a reply; `event` is what an event stream is sent when
    /// `wake()` is called. Both run on the loop's thread and must not wait.
    init(
        listeners: [Int32], limits: PreviewLimits, answer: @escaping @Sendable ([UInt8]) -> Reply,
        event: @escaping @Sendable () -> Data
    ) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw PreviewListeners.Failure(description: "error: --serve: no pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        self.listeners = listeners
        self.limits = limits
        self.answer = answer
        self.event = event
    }

    /// Runs the loop on a thread of its own, until `stop()` (the command never stops it).
    func start() {
        DispatchQueue(label: "timeline-cards.preview").async { [self] in
            while !stopLock.withLock({ stopping }) { turn() }
            for descriptor in Array(connections.keys) { drop(descriptor) }
            for descriptor in listeners + [wakeRead, wakeWrite] { close(descriptor) }
        }
    }

    /// Ends the loop, closing every connection and the listeners (tests start servers in their
    /// own process). Before `start()`, the loop ends as soon as it starts.
    func stop() {
        let first = stopLock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
        }
        if first { wake() }
    }

    /// Tells every event stream that a round ended (from any thread; never waits: a wake-up
    /// already pending is enough).
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// One poll and what it found.
    private func turn() {
        var now = DispatchTime.now().uptimeNanoseconds
        let accepting = now >= acceptPausedUntil
        let order = Array(connections.keys)
        var descriptors = listeners.map { pollfd(fd: accepting ? $0 : -1, events: Int16(POLLIN), revents: 0) }
        descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
        descriptors += order.map { pollfd(fd: $0, events: connections[$0]!.events, revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(now: now, accepting: accepting))
        if ready < 0 {
            // EINTR: again at once; ENOMEM and the like: again a little later, not in a spin.
            if errno != EINTR { usleep(50_000) }
            return
        }
        now = DispatchTime.now().uptimeNanoseconds
        for (offset, descriptor) in order.enumerated() {
            let revents = descriptors[listeners.count + 1 + offset].revents
            if revents != 0 { serve(descriptor, revents: revents, now: now) }
        }
        if descriptors[listeners.count].revents != 0 { tellListeners(now: now) }
        for (index, listener) in listeners.enumerated() where descriptors[index].revents != 0 {
            acceptAll(listener, now: now)
        }
        for (descriptor, connection) in connections where connection.deadline.map({ $0 <= now }) == true {
            drop(descriptor)
        }
    }

    /// Milliseconds poll may wait: until the nearest deadline, or the end of a pause in accepting.
    private func timeout(now: UInt64, accepting: Bool) -> Int32 {
        var soonest = connections.values.compactMap(\.deadline).min()
        if !accepting { soonest = min(soonest ?? acceptPausedUntil, acceptPausedUntil) }
        guard let soonest else { return -1 }
        return soonest > now ? Int32(min((soonest - now) / 1_000_000 + 1, 60_000)) : 0
    }

    private func serve(_ descriptor: Int32, revents: Int16, now: UInt64) {
        guard var connection = connections[descriptor], revents & Int16(POLLNVAL) == 0 else {
            drop(descriptor)
            return
        }
        var step = PreviewConnection.Step.keep
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            step = connection.receive(now: now, limits: limits)
            if case .headComplete(let head) = step { step = reply(to: head, on: &connection, now: now) }
        }
        if case .keep = step, revents & Int16(POLLOUT) != 0 { step = connection.send(now: now, limits: limits) }
        settle(connection, step)
    }

    private func reply(to head: [UInt8], on connection: inout PreviewConnection, now: UInt64)
        -> PreviewConnection.Step
    {
        switch answer(head) {
        case .response(let response):
            return connection.answer(response, now: now, limits: limits)
        case .events(let first):
            let step = connection.listen(first: first, now: now, limits: limits)
            let streams = connections.values.filter(\.isListening)
            // Forgotten tabs cannot use up the connections: past the cap the oldest stream goes.
            if streams.count >= limits.maxListeners, let oldest = streams.min(by: { $0.number < $1.number }) {
                drop(oldest.descriptor)
            }
            return step
        }
    }

    /// Keeps the connection as it now is, or closes it.
    private func settle(_ connection: PreviewConnection, _ step: PreviewConnection.Step) {
        if case .close = step {
            drop(connection.descriptor)
        } else {
            connections[connection.descriptor] = connection
        }
    }

    private func tellListeners(now: UInt64) {
        var byte = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &byte, byte.count) > 0 {}
        let bytes = event()
        for (_, connection) in connections where connection.isListening {
            var listener = connection
            let step = listener.queue(bytes, now: now, limits: limits)
            settle(listener, step)
        }
    }

    private func acceptAll(_ listener: Int32, now: UInt64) {
        for _ in 0..<Self.acceptsPerTurn {
            let descriptor = Self.accept(listener)
            guard descriptor >= 0 else {
                switch errno {
                case EAGAIN, EWOULDBLOCK: return
                case EINTR, ECONNABORTED, EPROTO: continue
                default:
                    // Out of descriptors (EMFILE, ENFILE) or memory: the connection waits in the
                    // kernel's queue; the one idle longest makes room, and accepting pauses.
                    dropIdlest()
                    acceptPausedUntil = now + acceptPause
                    acceptPause = min(acceptPause * 2, Self.longestPause)
                    return
                }
            }
            acceptPause = Self.firstPause
            var size = limits.sendBuffer
            setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            arrivals += 1
            connections[descriptor] = PreviewConnection(
                descriptor: descriptor, number: arrivals, now: now, limits: limits)
            if connections.count > limits.maxConnections { dropIdlest() }
        }
    }

    /// Closes the request that made no progress for the longest (event streams, which wait by
    /// design, only when there is nothing else).
    private func dropIdlest() {
        let requests = connections.values.filter { !$0.isListening }
        let idlest = (requests.isEmpty ? Array(connections.values) : requests).min {
            ($0.lastProgress, $0.number) < ($1.lastProgress, $1.number)
        }
        if let idlest { drop(idlest.descriptor) }
    }

    private func drop(_ descriptor: Int32) {
        guard connections.removeValue(forKey: descriptor) != nil else { return }
        close(descriptor)
    }

    /// A new connection, non-blocking and closed on exec; -1 with errno set when there is none.
    /// (accept4 would save two calls, but glibc declares it only for _GNU_SOURCE.)
    private static func accept(_ listener: Int32) -> Int32 {
        let descriptor = systemAccept(listener, nil, nil)
        guard descriptor >= 0 else { return -1 }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }
}

// The C call under a name of its own: the method above shadows it.
private let systemAccept = accept
