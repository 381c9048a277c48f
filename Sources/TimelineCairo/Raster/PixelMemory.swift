import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zeroed memory for a PNG's pixels whose pages another thread makes present
/// (`populateMeanwhile`) while the painter lays the text out: otherwise the painting thread takes
/// a page fault at the first touch of each page, about a thousand for a card at scale 2.
final class PixelMemory: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let count: Int
    private let ready = DispatchGroup()

    /// Nil when the system has no such memory to give.
    init?(count: Int) {
        guard count > 0,
            let base = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            base != MAP_FAILED
        else { return nil }
        self.base = base
        self.count = count
    }

    deinit {
        ready.wait()
        munmap(base, count)
    }

    /// Makes the pages present and writable on another thread, leaving them zeros. Where the
    /// system cannot, the painter's first touches do it as they would.
    func populateMeanwhile() {
        #if os(Linux)
        DispatchQueue.global().async(group: ready) { _ = madvise(self.base, self.count, Self.populateWrite) }
        #endif
    }

    /// Whether `populateMeanwhile` is done.
    var isPopulated: Bool { ready.wait(timeout: .now()) == .success }

    /// Waits for `populateMeanwhile`.
    func waitUntilPopulated() { ready.wait() }

    /// Linux's MADV_POPULATE_WRITE (5.14 and later; earlier kernels refuse it).
    private static let populateWrite: Int32 = 23
}
