import TimelineCommandSupport

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

/// One client of the preview server as its loop holds it: reading its request's head, sending its
/// answer, or (a page's event stream) waiting for the next round. Every call is non-blocking: a
/// client that sends or takes nothing costs a slot and a buffer, never a thread.
struct PreviewConnection {
    enum Phase {
        case readingHead
        case sending(PreviewResponse)
        case listening
    }

    /// What the loop does with the connection after a step.
    enum Step {
        case keep
        case close
        /// The head is whole (without its closing blank line): the loop answers it.
        case headComplete([UInt8])
    }

    let descriptor: Int32
    var phase = Phase.readingHead
    /// Order of arrival: the oldest event stream goes first past the cap.
    let number: UInt64
    /// When the connection is closed if it is not done (nil: an event stream, open while it takes
    /// its events).
    var deadline: UInt64?
    /// When the client last sent or took a byte: the one idle longest is dropped past the cap.
    var lastProgress: UInt64
    private var head: [UInt8] = []
    private var sent = 0
    /// Event bytes not yet taken.
    private var untaken = Data()

    init(descriptor: Int32, number: UInt64, now: UInt64, limits: PreviewLimits) {
        self.descriptor = descriptor
        self.number = number
        deadline = now + limits.headSeconds * 1_000_000_000
        lastProgress = now
    }

    var isListening: Bool {
        if case .listening = phase { return true }
        return false
    }

    /// What poll waits for on this connection.
    var events: Int16 {
        switch phase {
        case .readingHead: Int16(POLLIN)
        case .sending: Int16(POLLOUT)
        case .listening: Int16(POLLIN) | (untaken.isEmpty ? 0 : Int16(POLLOUT))
        }
    }

    /// Reads what the client sent: more of the head, or (an event stream) nothing it should send.
    mutating func receive(now: UInt64, limits: PreviewLimits) -> Step {
        var buffer = [UInt8](repeating: 0, count: 2048)
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .keep : .close }
        guard count > 0, case .readingHead = phase else { return .close } // gone, or talking out of turn
        lastProgress = now
        head += buffer[..<count]
        switch PreviewRequest.frame(head, maxHead: limits.maxHead) {
        case .complete(let complete): return .headComplete(complete)
        case .waiting: return .keep
        case .tooLong: return .close
        }
    }

    /// Starts sending `response`, done within the send deadline or not at all.
    mutating func answer(_ response: PreviewResponse, now: UInt64, limits: PreviewLimits) -> Step {
        head = []
        phase = .sending(response)
        deadline = now + limits.sendSeconds * 1_000_000_000
        return send(now: now, limits: limits)
    }

    /// Makes the connection an event stream that begins with `first` (the stream's head and the
    /// current round).
    mutating func listen(first: Data, now: UInt64, limits: PreviewLimits) -> Step {
        head = []
        phase = .listening
        deadline = nil
        return queue(first, now: now, limits: limits)
    }

    /// Adds an event to an event stream; a page that stopped taking them is dropped.
    mutating func queue(_ event: Data, now: UInt64, limits: PreviewLimits) -> Step {
        untaken += event
        if untaken.count > limits.maxUntakenEvents { return .close }
        return send(now: now, limits: limits)
    }

    /// Sends what the client takes at once: the rest of an answer (closed when all is sent), or
    /// an event stream's untaken events.
    mutating func send(now: UInt64, limits: PreviewLimits) -> Step {
        switch phase {
        case .readingHead:
            return .keep
        case .sending(let response):
            let count = response.withBytes(from: sent) { Self.send($0, to: descriptor) }
            guard count >= 0 else { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .keep : .close }
            if count > 0 { lastProgress = now }
            sent += count
            return sent == response.count ? .close : .keep
        case .listening:
            guard !untaken.isEmpty else { return .keep }
            let count = untaken.withUnsafeBytes { Self.send($0, to: descriptor) }
            guard count >= 0 else { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .keep : .close }
            if count > 0 { lastProgress = now }
            untaken.removeFirst(count)
            return .keep
        }
    }

    /// One non-blocking send; no SIGPIPE when the client has gone (the process keeps serving).
    private static func send(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
        #else
        let flags = Int32(MSG_DONTWAIT)
        #endif
        return systemSend(descriptor, base, bytes.count, flags)
    }
}

// The C call under a name of its own: the method above shadows it.
private let systemSend = send
