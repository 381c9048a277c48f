import CZlib

/// Where the last block of a raw deflate stream starts and where the stream ends, to the bit:
/// what a stream needs to be continued by another (`ZlibParts`). libdeflate writes whole streams
/// only, so zlib inflates it a block at a time (`Z_BLOCK`, as zlib's gzjoin example finds a
/// member's last block), its bytes thrown away.
struct DeflateBlocks {
    /// The bit of the last block's header that marks it last (BFINAL).
    let lastHeaderBit: Int
    /// The bit just after the last block's end-of-block code.
    let endBit: Int

    /// The stream's blocks, or nil when `bytes` is not a whole deflate stream.
    init?(walking bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        var stream = z_stream()
        // A negative window: a raw deflate stream, no zlib header or checksum.
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        stream.avail_in = UInt32(bytes.count)
        var header = 0
        var discarded = [UInt8](repeating: 0, count: 32_768)
        while true {
            let status = discarded.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                return inflate(&stream, Z_BLOCK)
            }
            // No progress (Z_BUF_ERROR: the stream is cut short) or bad data.
            guard status == Z_OK else { return nil }
            // The bit the stream has been read to: whole bytes taken, less the bits zlib holds
            // unused (the low bits of `data_type`; 64 says the block is the last, 128 that it ended).
            let position = Int(stream.total_in) * 8 - Int(stream.data_type & 63)
            guard stream.data_type & 128 != 0 else { continue }
            if stream.data_type & 64 != 0 {
                lastHeaderBit = header
                endBit = position
                return
            }
            // Between two blocks: the next block's header starts here.
            header = position
        }
    }
}
