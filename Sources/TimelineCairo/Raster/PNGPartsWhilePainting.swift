import CDeflate
import Dispatch
import TimelineScene

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A big PNG's parts (`PNGEncoder.parts`) compressed while the image is still being painted: the
/// painter says which rows no node left to paint can reach (`finished(rowsAbove:)`), and other
/// threads compress each part whose rows, and the row above them, are all among those. The parts
/// left when painting ends are compressed then, on those threads and the calling one. The parts
/// and their compression are `PNGEncoder.encode`'s, so the file is the same.
///
/// Rows are only ever read once finished, while cairo writes rows below them. A drawing that
/// reaches rows of parts already taken (`touching(fromRow:)`) spoils the parts compressed early:
/// every part is then compressed again once painting ends.
final class PNGPartsWhilePainting: @unchecked Sendable {
    private let image: PNGEncoder.Pixels
    private let compression: PNGEncoder.Compression
    private let threads: Int
    private let parts: [Range<Int>]
    private var results: [ZlibParts.Part?]
    /// The other threads' compressing, queued on the pool; set in `init` only.
    private var helpers: [PoolJob] = []
    // Allocated once the image is known to need them: a failed init runs no deinit to free them.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `mutex`.
    private var finishedRows = 0
    private var next = 0
    private var spoiled = false
    /// What the calling thread compresses with once painting ends, readied by another thread
    /// meanwhile (its first touches of that memory are page faults).
    private var callersTools: Tools?

    /// Nil when the image is compressed in one part or on one thread: nothing to do meanwhile.
    init?(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
        compression: PNGEncoder.Compression, threads: Int
    ) {
        image = PNGEncoder.Pixels(base: pixels, width: width, height: height, stride: stride)
        parts = PNGEncoder.parts(of: image)
        guard threads > 1, parts.count > 1 else { return nil }
        self.compression = compression
        self.threads = threads
        results = Array(repeating: nil, count: parts.count)
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for helper in 1..<min(threads, parts.count) {
            // A helper waits for rows this thread paints: one the pool has not started by the
            // time painting ends is dropped, and this thread compresses its parts (`compressed`).
            helpers.append(
                PoolJob {
                    guard let tools = self.tools() else { return }
                    if helper == 1, let callers = self.tools() {
                        pthread_mutex_lock(self.mutex)
                        self.callersTools = callers
                        pthread_mutex_unlock(self.mutex)
                    }
                    self.compressParts(with: tools)
                })
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Every row above `rows` is painted for good.
    func finished(rowsAbove rows: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard rows > finishedRows else { return }
        finishedRows = rows
        pthread_cond_broadcast(condition)
    }

    /// The painter is about to draw on rows from `row` down. Only parts already taken spoil:
    /// the rows given out but not yet taken are held back until the node is painted
    /// (`finished(rowsAbove:)` gives them out again).
    func touching(fromRow row: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard row < finishedRows else { return }
        // A part reads the row above its own too.
        if next > 0, parts[next - 1].upperBound > row {
            spoiled = true
        } else {
            finishedRows = max(0, row)
        }
    }

    /// Whether a drawing reached rows of parts already compressed (then all are compressed again).
    var isSpoiled: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return spoiled
    }

    /// The painted image's rows as one zlib stream; waits for the other threads.
    func compressed() throws(PNGEncoder.Failure) -> [UInt8] {
        finished(rowsAbove: image.height)
        pthread_mutex_lock(mutex)
        let readied = callersTools
        callersTools = nil
        pthread_mutex_unlock(mutex)
        if let tools = readied ?? self.tools() { compressParts(with: tools) }
        for helper in helpers { helper.drop() }
        let joined = results.compactMap { $0 }
        guard !spoiled, joined.count == parts.count else {
            return try PNGEncoder.compressedRows(image, compression: compression, threads: threads)
        }
        return ZlibParts.stream(joined, level: compression.rawValue)
    }

    /// Stops the other threads without compressing what is left (painting failed).
    func cancel() {
        pthread_mutex_lock(mutex)
        spoiled = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
        for helper in helpers { helper.drop() }
    }

    /// A compressor and a part's filtered rows, which a thread compresses with.
    private final class Tools {
        let compressor: OpaquePointer
        var scratch: [UInt8]

        init(compressor: OpaquePointer, scratch: [UInt8]) {
            self.compressor = compressor
            self.scratch = scratch
        }

        deinit { libdeflate_free_compressor(compressor) }
    }

    /// New tools, their memory touched: the scratch as zeros, the compressor's tables by
    /// compressing a byte.
    private func tools() -> Tools? {
        guard let compressor = libdeflate_alloc_compressor(compression.rawValue) else { return nil }
        var byte: UInt8 = 0
        var output = [UInt8](repeating: 0, count: 64)
        _ = libdeflate_deflate_compress(compressor, &byte, 1, &output, output.count)
        let rows = parts.first?.count ?? 0
        return Tools(compressor: compressor, scratch: [UInt8](repeating: 0, count: rows * (image.width * 4 + 1)))
    }

    /// Compresses parts in order as their rows are finished, until none is left or the parts
    /// compressed are spoiled.
    private func compressParts(with tools: Tools) {
        let compressor = tools.compressor
        pthread_mutex_lock(mutex)
        while true {
            while !spoiled, next < parts.count, parts[next].upperBound > finishedRows {
                pthread_cond_wait(condition, mutex)
            }
            guard !spoiled, next < parts.count else { break }
            let index = next
            next += 1
            pthread_mutex_unlock(mutex)
            let part = PNGEncoder.compressedPart(
                image, parts[index], last: index == parts.count - 1, compressor: compressor, scratch: &tools.scratch)
            pthread_mutex_lock(mutex)
            results[index] = part
        }
        pthread_mutex_unlock(mutex)
    }

    /// For each node of `scene`, the rows above which nothing is painted once it and the nodes
    /// before it are. A text node may draw up to twice its font's size (`fontSize`, in points)
    /// or a line's height above its lines, whichever is more: its glyphs' reach is known only once
    /// laid out, and checked then (`touching(fromRow:)`). Any other node may draw on any row until
    /// it is painted; a link draws nothing.
    static func rowsFinished(
        after scene: Scene, scale: Double, height: Int, fontSize: (String) -> Double
    ) -> [Int] {
        var rows = Array(repeating: height, count: scene.nodes.count)
        var lowest = height
        for index in scene.nodes.indices.reversed() {
            rows[index] = lowest
            switch scene.nodes[index] {
            case .text(let text):
                let size = fontSize(text.font)
                for line in text.lines {
                    let top = ((line.top - max(line.height, 2 * size)) * scale).rounded(.down) - 2
                    lowest = min(lowest, top.isFinite ? Int(max(0, min(Double(height), top))) : 0)
                }
            case .link: break
            default: lowest = 0
            }
        }
        return rows
    }
}
