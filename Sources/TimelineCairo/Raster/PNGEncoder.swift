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

/// PNG files from cairo's ARGB32 pixels, as `cairo_surface_write_to_png_stream` writes them
/// (8-bit RGBA, alpha un-premultiplied with cairo's rounding, no time stamp), plus what viewers
/// need to show them at their size and colors: sRGB, the density (72 dpi × scale) and the theme's
/// background as bKGD.
///
/// Ours rather than cairo's (libpng and zlib), which tries all five row filters on every row and
/// compresses row by row, the slowest step of a tall PNG. Here each row takes Up or Sub,
/// whichever leaves the smaller bytes (what libpng's search picks on flat drawings), and
/// libdeflate compresses the rows at the level `Compression` says: a small image's in one call;
/// a bigger one's in parts of `partBytes`, on several threads, runs of rows the same as the row
/// above as blocks of their own (`DeflateRepeatedRows`), joined into one stream (`ZlibParts`).
package enum PNGEncoder {
    /// How hard libdeflate compresses.
    package enum Compression: Int32 {
        /// Level 1, for rendered images: half the instructions of level 6 (compression is most
        /// of a small card's PNG), for files about 1 % larger (cards are flat colors and text).
        case fast = 1
        /// Level 6, for small images that end up inside SVG and PDF documents (icons), where the
        /// time does not count and the bytes are part of every document showing them.
        case small = 6
    }

    package enum Failure: Error, CustomStringConvertible {
        case compression
        package var description: String { "PNG compression failed (out of memory)" }
    }

    /// - Parameters:
    ///   - pixels: premultiplied ARGB32 in native byte order (cairo's image data), `stride`
    ///     bytes per row.
    ///   - scale: pixels per point, written as pixels per metre (`pHYs`): 2 is 144 dpi.
    ///   - background: the color the image is made to be seen on (`bKGD`).
    ///   - threads: how many threads may compress a big image's parts at once.
    package static func encode(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, scale: Double = 1,
        background: RGBA = RGBA(r: 255, g: 255, b: 255),
        compression: Compression = .small, threads: Int = 1
    ) throws(Failure) -> [UInt8] {
        let compressed = try compressedRows(
            Pixels(base: pixels, width: width, height: height, stride: stride), compression: compression,
            threads: threads)
        return file(width: width, height: height, scale: scale, background: background, compressed: compressed)
    }

    /// The file of an image whose rows are `compressed`, one zlib stream.
    static func file(width: Int, height: Int, scale: Double, background: RGBA, compressed: [UInt8]) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filtering, not interlaced
        file.appendChunk("IHDR", header[...])
        file.appendChunk("sRGB", [0]) // cairo's colors are sRGB; perceptual intent
        file.appendChunk("bKGD", [0, background.r, 0, background.g, 0, background.b])
        var density: [UInt8] = []
        let perMetre = UInt32(clamping: Int((72 * scale / 0.0254).rounded()))
        density.appendBigEndian(perMetre)
        density.appendBigEndian(perMetre)
        density.append(1) // the unit is the metre
        file.appendChunk("pHYs", density[...])
        // A chunk holds less than 2 GiB.
        for start in Swift.stride(from: 0, to: compressed.count, by: 1 << 30) {
            file.appendChunk("IDAT", compressed[start..<min(compressed.count, start + (1 << 30))])
        }
        file.appendChunk("IEND", [])
        return file
    }

    /// Images of more filtered bytes than this are compressed in parts of about this size, on
    /// `threads` threads. The parts are fixed, not the threads, so the file does not depend on them.
    static let partBytes = 512 * 1024

    /// The filtered rows as one zlib stream.
    static func compressedRows(
        _ image: Pixels, compression: Compression, threads: Int
    ) throws(Failure) -> [UInt8] {
        let parts = self.parts(of: image)
        if parts.count > 1, let compressed = compressedParts(image, parts, compression: compression, threads: threads) {
            return compressed
        }
        return try compressedWhole(image, compression: compression)
    }

    /// The rows of each part of `image`, `partBytes` of filtered bytes or so.
    static func parts(of image: Pixels) -> [Range<Int>] {
        let rowsPerPart = max(1, partBytes / (image.width * 4 + 1))
        return Swift.stride(from: 0, to: image.height, by: rowsPerPart).map {
            $0..<min(image.height, $0 + rowsPerPart)
        }
    }

    /// The filtered rows compressed in one call.
    static func compressedWhole(_ image: Pixels, compression: Compression) throws(Failure) -> [UInt8] {
        var filtered: [UInt8] = []
        filterRows(image, 0..<image.height, into: &filtered)
        guard let compressor = libdeflate_alloc_compressor(compression.rawValue) else { throw .compression }
        defer { libdeflate_free_compressor(compressor) }
        let output = [UInt8](unsafeUninitializedCapacity: libdeflate_zlib_compress_bound(compressor, filtered.count)) {
            output, count in
            count = filtered.withUnsafeBytes { input in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard !output.isEmpty else { throw .compression }
        return output
    }

    /// The rows of `parts` filtered and compressed apart, each part by whichever thread is free,
    /// then joined (`ZlibParts`); nil when a part could not be compressed or joined.
    private static func compressedParts(
        _ image: Pixels, _ parts: [Range<Int>], compression: Compression, threads: Int
    ) -> [UInt8]? {
        var results = [ZlibParts.Part?](repeating: nil, count: parts.count)
        let queue = PartQueue()
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = UncheckedParts(buffer: buffer)
            Lanes.perform(iterations: min(max(1, threads), parts.count)) { _ in
                guard let compressor = libdeflate_alloc_compressor(compression.rawValue) else { return }
                defer { libdeflate_free_compressor(compressor) }
                var scratch: [UInt8] = []
                while let index = queue.next(below: parts.count) {
                    slots.buffer[index] = compressedPart(
                        image, parts[index], last: index == parts.count - 1, compressor: compressor,
                        scratch: &scratch)
                }
            }
        }
        var joined: [ZlibParts.Part] = []
        for part in results {
            guard let part else { return nil }
            joined.append(part)
        }
        return ZlibParts.stream(joined, level: compression.rawValue)
    }

    /// Runs of at least this many rows the same as the row above are written as a block of their
    /// own (`DeflateRepeatedRows`) rather than compressed.
    static let minimumRepeatedRows = 4

    /// A part's rows as deflate blocks: runs of repeated rows, and libdeflate's blocks for the
    /// rows between, filtered into `scratch` (a thread's, from part to part); the whole stream's
    /// last block if `last`.
    static func compressedPart(
        _ image: Pixels, _ rows: Range<Int>, last: Bool, compressor: OpaquePointer, scratch: inout [UInt8]
    ) -> ZlibParts.Part? {
        let rowBytes = image.width * 4 + 1
        let (repeated, written) = filterRows(image, rows, into: &scratch, writingRepeated: false)
        var deflate: [UInt8] = []
        var adler: UInt32 = 1
        let spans = self.spans(repeated)
        for (number, span) in spans.enumerated() {
            let final = last && number == spans.count - 1
            if span.repeated {
                deflate += DeflateRepeatedRows.block(rowBytes: rowBytes, rows: span.rows.count)
                if final { deflate += ZlibParts.emptyLastBlock }
                adler = adlerOfRepeatedRows(adler, rows: span.rows.count, rowBytes: rowBytes)
                continue
            }
            let bytes = span.rows.lowerBound * rowBytes..<span.rows.upperBound * rowBytes
            var compressed = scratch.withUnsafeMutableBytes { scratch in
                for index in span.rows where !written[index] {
                    scratch[index * rowBytes] = 2
                    UnsafeMutableRawBufferPointer(rebasing: scratch[index * rowBytes + 1..<(index + 1) * rowBytes])
                        .initializeMemory(as: UInt8.self, repeating: 0)
                }
                return compress(UnsafeRawBufferPointer(rebasing: scratch[bytes]), compressor: compressor)
            }
            guard !compressed.isEmpty, final || ZlibParts.continuing(&compressed) else { return nil }
            deflate += compressed
            adler = scratch.withUnsafeBytes {
                UInt32(libdeflate_adler32(adler, $0.baseAddress! + bytes.lowerBound, bytes.count))
            }
        }
        return ZlibParts.Part(deflate: deflate, adler: adler, count: rows.count * rowBytes)
    }

    /// A part's rows (by their index in it) in spans: runs of at least `minimumRepeatedRows`
    /// repeated rows, and the rows between.
    private static func spans(_ repeated: [Bool]) -> [(rows: Range<Int>, repeated: Bool)] {
        var spans: [(rows: Range<Int>, repeated: Bool)] = []
        var start = 0
        var index = 0
        while index < repeated.count {
            var run = 0
            while index + run < repeated.count, repeated[index + run] { run += 1 }
            if run >= minimumRepeatedRows {
                if index > start { spans.append((start..<index, false)) }
                spans.append((index..<index + run, true))
                start = index + run
            }
            index += max(run, 1)
        }
        if start < repeated.count { spans.append((start..<repeated.count, false)) }
        return spans
    }

    /// The Adler-32 `adler` continued over `rows` rows of Up's filter byte and zeros: each byte
    /// adds itself to the first sum, and then the first sum to the second.
    static func adlerOfRepeatedRows(_ adler: UInt32, rows: Int, rowBytes: Int) -> UInt32 {
        let base: UInt64 = 65521
        var first = UInt64(adler & 0xFFFF)
        var second = UInt64(adler >> 16)
        let length = UInt64(rowBytes) % base
        for _ in 0..<rows {
            first = (first + 2) % base
            second = (second + first * length) % base
        }
        return UInt32(second << 16 | first)
    }

    /// `input` as a whole raw deflate stream; empty when libdeflate fails.
    private static func compress(_ input: UnsafeRawBufferPointer, compressor: OpaquePointer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: libdeflate_deflate_compress_bound(compressor, input.count)) {
            output, count in
            count = libdeflate_deflate_compress(
                compressor, input.baseAddress, input.count, output.baseAddress, output.count)
        }
    }

    /// Each row of `rows` as its filter byte and filtered bytes, at the start of `filtered`
    /// (grown to hold them); which rows are the same as the row above, and which were written: a
    /// row of cairo's pixels the same as the one above is left as it was unless `writingRepeated`.
    @discardableResult
    static func filterRows(
        _ image: Pixels, _ rows: Range<Int>, into filtered: inout [UInt8], writingRepeated: Bool = true
    ) -> (repeated: [Bool], written: [Bool]) {
        let rowBytes = image.width * 4
        if filtered.count < rows.count * (rowBytes + 1) {
            filtered = [UInt8](repeating: 0, count: rows.count * (rowBytes + 1))
        }
        // Two unfiltered rows, the one above and this one.
        let unfiltered = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
        defer { unfiltered.deallocate() }
        var (above, current) = (unfiltered, unfiltered + rowBytes)
        if rows.lowerBound > 0 {
            unpremultiply(image.row(rows.lowerBound - 1), count: image.width, into: above)
        } else {
            above.initialize(repeating: 0, count: rowBytes)
        }
        var repeated = [Bool](repeating: true, count: rows.count)
        var written = [Bool](repeating: writingRepeated, count: rows.count)
        filtered.withUnsafeMutableBufferPointer { filtered in
            guard let base = filtered.baseAddress else { return }
            for (index, row) in rows.enumerated() {
                let out = base + index * (rowBytes + 1)
                // A row of cairo's pixels the same as the one above is the same unpremultiplied:
                // all zeros in Up, and `above` stays what it is.
                if row > 0, memcmp(image.row(row), image.row(row - 1), rowBytes) == 0 {
                    if writingRepeated {
                        out[0] = 2
                        (out + 1).update(repeating: 0, count: rowBytes)
                    }
                    continue
                }
                unpremultiply(image.row(row), count: image.width, into: current)
                repeated[index] = filter(current, above: above, count: rowBytes, into: out)
                written[index] = true
                swap(&above, &current)
            }
        }
        return (repeated, written)
    }

    /// Cairo's pixels, shared read-only by the threads that compress them.
    struct Pixels: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
        let width: Int
        let height: Int
        let stride: Int
        func row(_ index: Int) -> UnsafePointer<UInt8> { base + index * stride }
    }

    /// Hands out the parts' indices in order, each once.
    private final class PartQueue: @unchecked Sendable {
        private let lock = Lock()
        private var taken = 0

        func next(below count: Int) -> Int? {
            lock.withLock {
                guard taken < count else { return nil }
                defer { taken += 1 }
                return taken
            }
        }
    }

    /// The parts' slots, each written by the one thread that compressed it.
    private struct UncheckedParts: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<ZlibParts.Part?>
    }

    /// `count` pixels as PNG's RGBA, each channel divided by alpha as cairo's
    /// `unpremultiply_data` rounds it; fully transparent pixels become all zeros.
    private static func unpremultiply(_ row: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let pixels = UnsafeRawPointer(row)
        let rgba = UnsafeMutableRawPointer(out)
        // Rows of opaque pixels (nearly all of a card on its background) only swap red and blue:
        // branch-free loops the compiler vectorizes.
        var opaque: UInt32 = 0xFF00_0000
        for x in 0..<count { opaque &= pixels.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) }
        if opaque == 0xFF00_0000 {
            for x in 0..<count {
                let pixel = pixels.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                // A R G B in a number, R G B A in memory.
                let value = (pixel & 0xFF00_FF00) | ((pixel >> 16) & 0xFF) | ((pixel & 0xFF) << 16)
                rgba.storeBytes(of: value.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
            }
            return
        }
        for x in 0..<count {
            let pixel = pixels.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            let alpha = pixel >> 24
            var value: UInt32
            if alpha == 255 {
                value = (pixel & 0xFF00_FF00) | ((pixel >> 16) & 0xFF) | ((pixel & 0xFF) << 16)
            } else if alpha == 0 {
                value = 0
            } else {
                let red = (((pixel >> 16) & 0xFF) * 255 + alpha / 2) / alpha
                let green = (((pixel >> 8) & 0xFF) * 255 + alpha / 2) / alpha
                let blue = ((pixel & 0xFF) * 255 + alpha / 2) / alpha
                value = red | green << 8 | blue << 16 | alpha << 24
            }
            rgba.storeBytes(of: value.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
        }
    }

    /// The row's filter byte and bytes: Up (the difference from the row above) or Sub (from the
    /// pixel to the left), whichever has the smaller sum of magnitudes, as signed bytes. Returns
    /// whether the row is the same as the row above.
    @discardableResult
    private static func filter(
        _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        // A row the same as the one above (most rows of a card's flat areas) is all zeros in Up,
        // the smallest sum there is: no need to sum.
        if memcmp(row, above, count) == 0 {
            out[0] = 2
            (out + 1).update(repeating: 0, count: count)
            return true
        }
        // A byte's magnitude as a signed byte is the smaller of it and its negation. Summed 256
        // bytes at a time in 16 bits (at most 32,768), which vectorizes wider than 32-bit sums.
        var upCost: UInt32 = 0
        var subCost: UInt32 = 0
        for index in 0..<min(4, count) {
            upCost &+= UInt32(Int8(bitPattern: row[index] &- above[index]).magnitude)
            subCost &+= UInt32(Int8(bitPattern: row[index]).magnitude)
        }
        var start = min(4, count)
        while start < count {
            let end = min(count, start + 256)
            var up: UInt16 = 0
            var sub: UInt16 = 0
            for index in start..<end {
                let upByte = row[index] &- above[index]
                let subByte = row[index] &- row[index &- 4]
                up &+= UInt16(min(upByte, 0 &- upByte))
                sub &+= UInt16(min(subByte, 0 &- subByte))
            }
            upCost &+= UInt32(up)
            subCost &+= UInt32(sub)
            start = end
        }
        if upCost <= subCost {
            out[0] = 2
            for index in 0..<count { out[index + 1] = row[index] &- above[index] }
        } else {
            out[0] = 1
            for index in 0..<min(4, count) { out[index + 1] = row[index] }
            for index in min(4, count)..<count { out[index + 1] = row[index] &- row[index - 4] }
        }
        return false
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ])
    }

    /// A chunk: its length, type, data and the CRC of type and data.
    fileprivate mutating func appendChunk(_ type: String, _ data: ArraySlice<UInt8>) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = libdeflate_crc32(0, typeBytes, typeBytes.count)
        crc = data.withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        append(contentsOf: typeBytes)
        append(contentsOf: data)
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
