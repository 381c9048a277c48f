import CCairo

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Feeds bytes to cairo's PNG reader.
package final class ByteSource {
    let data: Data
    var offset = 0

    package init(_ data: Data) { self.data = data }

    /// The C callback cairo calls; `closure` is an unretained `ByteSource`.
    package static let read: cairo_read_func_t = { closure, buffer, length in
        guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.offset + count <= source.data.count else { return CAIRO_STATUS_READ_ERROR }
        let start = source.data.startIndex + source.offset
        source.data.copyBytes(to: buffer, from: start..<start + count)
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }

    package var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
