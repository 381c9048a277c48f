import CDeflate
import XCTest

/// A zlib stream inflated by libdeflate into exactly `count` bytes, failing the test otherwise.
/// The output starts filled with 0xEE, so bytes a stream leaves unwritten show.
func inflate(zlib stream: [UInt8], count: Int) throws -> [UInt8] {
    let decompressor = try XCTUnwrap(libdeflate_alloc_decompressor())
    defer { libdeflate_free_decompressor(decompressor) }
    var output = [UInt8](repeating: 0xEE, count: count)
    var written = 0
    XCTAssertEqual(
        libdeflate_zlib_decompress(decompressor, stream, stream.count, &output, count, &written), LIBDEFLATE_SUCCESS)
    XCTAssertEqual(written, count)
    return output
}
