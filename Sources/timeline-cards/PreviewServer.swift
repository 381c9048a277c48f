import TimelineCairo

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `render --serve`: the images of the last good round on http://127.0.0.1:PORT/ and
/// http://[::1]:PORT/ (both, so that `localhost` reaches no one else), in a page that asks again
/// whenever a round ends (server-sent events) and shows a bad round's problems above the images
/// it keeps. Only requests naming a loopback host are answered, so that no web page under another
/// name (DNS rebinding) can read the images.
///
/// It serves only what the round made, from the bytes the round wrote, kept in memory: no path
/// is opened at request time, so a file replaced or linked after the round is never served.
/// One thread serves every client (`PreviewLoop`), within `PreviewLimits`.
final class PreviewServer: Sendable {
    let port: Int
    /// The addresses bound, as a URL writes them: 127.0.0.1, and [::1] where the machine has it.
    let hosts: [String]
    private let content: PreviewContent
    private let loop: PreviewLoop

    /// Binds both loopback addresses to `port` (0: a port free on both; `port` then says which).
    init(port: Int, limits: PreviewLimits = .forThisProcess()) throws {
        let listeners = try PreviewListeners.bind(port: port)
        self.port = listeners.port
        hosts = listeners.descriptors.indices.map { PreviewListeners.host(ipv4: $0 == 0) }
        let content = PreviewContent(port: listeners.port)
        self.content = content
        loop = try PreviewLoop(
            listeners: listeners.descriptors, limits: limits, answer: { content.answer($0) },
            event: { content.event })
    }

    /// The page's address, and the other one where there are two.
    var address: String { "http://\(hosts[0]):\(port)/" }
    var addresses: [String] { hosts.map { "http://\($0):\(port)/" } }

    /// Starts answering, on a thread of its own.
    func start() { loop.start() }

    /// Stops answering and closes every socket (for tests: the command serves until it ends).
    func stop() { loop.stop() }

    /// After a round: what the page shows, and every open page told to ask for it. `images` are
    /// the files a good round wrote, by path, with their bytes (nil: a bad round, whose page keeps
    /// the last good images).
    func publish(round number: Int, summary: String, problems: [String], images: [String: EncodedImage]?) {
        content.publish(round: number, summary: summary, problems: problems, images: images)
        loop.wake()
    }
}
