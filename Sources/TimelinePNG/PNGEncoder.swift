import CZlib
import Dispatch
import TimelineScene
import TimelineThreads

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
/// Ours rather than cairo's (libpng), which tries all five row filters on every row and
/// compresses on one thread, the slowest step of a tall PNG. Here each row takes Up or Sub,
/// whichever leaves the smaller bytes (what libpng's search picks on flat drawings), and the
/// rows are compressed by zlib in fixed parts at once (`Lanes`), each part a raw
/// deflate stream ended by a sync flush, joined as pigz joins its parts.
package enum PNGEncoder {
    /// How hard zlib compresses.
    package enum Compression: Int32 {
        /// Level 1, for rendered images: cards are flat colors and text, mostly rows of zeros
        /// once filtered, which level 1 takes as fast as it reads them.
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
    ///   - threads: more than 1 compresses the parts at once, on threads started for it and this one.
    package static func encode(
        pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, scale: Double = 1,
        background: RGBA = RGBA(r: 255, g: 255, b: 255),
        compression: Compression = .small, threads: Int = 1
    ) throws(Failure) -> [UInt8] {
        let compressed = try compressedRows(
            Pixels(base: pixels, width: width, height: height, stride: stride), compression: compression,
            threads: threads)
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

    /// The rows are compressed in parts of about this many filtered bytes. The parts are fixed,
    /// not the threads, so the file does not depend on them.
    static let partBytes = 512 * 1024

    /// The rows of each part of `image`, `partBytes` of filtered bytes or so.
    static func parts(of image: Pixels) -> [Range<Int>] {
        let rowsPerPart = max(1, partBytes / (image.width * 4 + 1))
        return Swift.stride(from: 0, to: image.height, by: rowsPerPart).map {
            $0..<min(image.height, $0 + rowsPerPart)
        }
    }

    /// A part's raw deflate blocks, and the Adler-32 and count of its filtered bytes.
    struct Part {
        var deflate: [UInt8]
        var adler: UInt
        var count: Int
    }

    /// The filtered rows as one zlib stream: the parts compressed apart (at once when `threads`
    /// > 1), then joined after zlib's header, their checksums combined.
    static func compressedRows(_ image: Pixels, compression: Compression, threads: Int) throws(Failure) -> [UInt8] {
        let parts = self.parts(of: image)
        var results = [Part?](repeating: nil, count: parts.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // On `threads` lanes (`Lanes`: this thread and threads started for the call), each part
            // into its own slot; here alone for one thread.
            Lanes.perform(iterations: parts.count, threads: threads) { index, _ in
                buffer[index] = compressedPart(
                    image, parts[index], last: index == parts.count - 1, level: compression.rawValue)
            }
        }
        // zlib's header for a 32 KiB window, with the level's hint as zlib writes it.
        let hint: UInt16 = compression.rawValue < 2 ? 0 : compression.rawValue < 6 ? 1 : 2
        let header: UInt16 = 0x7800 | hint << 6
        var stream = [UInt8(header >> 8), UInt8(truncatingIfNeeded: header + 31 - header % 31)]
        var adler = adler32(0, nil, 0)
        for part in results {
            guard let part else { throw .compression }
            stream += part.deflate
            adler = adler32_combine(adler, part.adler, off_t(part.count))
        }
        for shift in [24, 16, 8, 0] as [UInt] { stream.append(UInt8(truncatingIfNeeded: adler >> shift)) }
        return stream
    }

    /// A part's rows filtered and compressed as a raw deflate stream of its own: ended by a sync
    /// flush (an empty stored block, on a byte boundary) so the next part can follow, or the
    /// stream's last block if `last`. Nil when zlib fails.
    static func compressedPart(_ image: Pixels, _ rows: Range<Int>, last: Bool, level: Int32) -> Part? {
        var filtered = filterRows(image, rows)
        var stream = z_stream()
        // A negative window: raw deflate, no zlib header or checksum.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        // The bound of a finished stream, and room for the flush's stored block.
        let bound = Int(deflateBound(&stream, UInt(filtered.count))) + 16
        var succeeded = false
        let deflate = [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            filtered.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                let status = CZlib.deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
                succeeded = stream.avail_in == 0 && stream.avail_out > 0 && status == (last ? Z_STREAM_END : Z_OK)
            }
            count = bound - Int(stream.avail_out)
        }
        guard succeeded else { return nil }
        let adler = filtered.withUnsafeBufferPointer { adler32(1, $0.baseAddress, UInt32($0.count)) }
        return Part(deflate: deflate, adler: adler, count: filtered.count)
    }

    /// Each row of `rows` as its filter byte and filtered bytes.
    static func filterRows(_ image: Pixels, _ rows: Range<Int>) -> [UInt8] {
        let rowBytes = image.width * 4
        var filtered = [UInt8](repeating: 0, count: rows.count * (rowBytes + 1))
        // Two unfiltered rows, the one above and this one.
        let unfiltered = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes)
        defer { unfiltered.deallocate() }
        var (above, current) = (unfiltered, unfiltered + rowBytes)
        if rows.lowerBound > 0 {
            unpremultiply(image.row(rows.lowerBound - 1), count: image.width, into: above)
        } else {
            above.initialize(repeating: 0, count: rowBytes)
        }
        filtered.withUnsafeMutableBufferPointer { filtered in
            guard let base = filtered.baseAddress else { return }
            for (index, row) in rows.enumerated() {
                let out = base + index * (rowBytes + 1)
                // A row of cairo's pixels the same as the one above is the same unpremultiplied:
                // all zeros in Up, and `above` stays what it is.
                if row > 0, memcmp(image.row(row), image.row(row - 1), rowBytes) == 0 {
                    out[0] = 2
                    (out + 1).update(repeating: 0, count: rowBytes)
                    continue
                }
                unpremultiply(image.row(row), count: image.width, into: current)
                filter(current, above: above, count: rowBytes, into: out)
                swap(&above, &current)
            }
        }
        return filtered
    }

    /// Cairo's pixels, read by the threads that compress them.
    struct Pixels {
        let base: UnsafePointer<UInt8>
        let width: Int
        let height: Int
        let stride: Int
        func row(_ index: Int) -> UnsafePointer<UInt8> { base + index * stride }
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
    /// pixel to the left), whichever has the smaller sum of magnitudes, as signed bytes.
    private static func filter(
        _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        // A row the same as the one above (most rows of a card's flat areas) is all zeros in Up,
        // the smallest sum there is: no need to sum.
        if memcmp(row, above, count) == 0 {
            out[0] = 2
            (out + 1).update(repeating: 0, count: count)
            return
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
        var crc = crc32(0, typeBytes, UInt32(typeBytes.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        append(contentsOf: typeBytes)
        append(contentsOf: data)
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
