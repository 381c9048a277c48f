import TimelineCairo
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

/// Standard input, output and error through `read` and `write`: `FileHandle` is full
/// Foundation's. Interrupted calls are retried and short writes continued.
package enum StandardStreams {
    /// Writes all of `data` to standard output; false when the stream refuses it (`errno` says why).
    @discardableResult
    package static func writeOutput(_ data: Data) -> Bool { writeAll(data, to: STDOUT_FILENO) }

    /// Writes all of `image` to standard output; false when the stream refuses it.
    static func writeOutput(_ image: EncodedImage) -> Bool {
        image.withChunks { writeAll($0, to: STDOUT_FILENO) }
    }

    /// Writes `text` to standard error, as a diagnostic: a failure is ignored.
    package static func writeError(_ text: String) {
        _ = writeAll(Data(text.utf8), to: STDERR_FILENO)
    }

    /// Up to `count` bytes of standard input, fewer only at its end (or when it fails).
    package static func readInput(upTo count: Int) -> Data {
        var data = Data(count: count)
        var filled = 0
        data.withUnsafeMutableBytes { buffer in
            while filled < count {
                let got = read(STDIN_FILENO, buffer.baseAddress! + filled, count - filled)
                if got > 0 {
                    filled += got
                } else if got == 0 || errno != EINTR {
                    break
                }
            }
        }
        data.count = filled
        return data
    }

    /// Writes all of `data` to `descriptor`; false when it refuses (`errno` says why).
    static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes all of `image` to the file `descriptor`, whose first `reserved` bytes were
    /// allocated ahead: a file that ends up shorter is cut to what was written.
    static func writeAll(_ image: EncodedImage, to descriptor: Int32, reserved: Int) -> Bool {
        var written = 0
        let complete = image.withChunks { chunk in
            written += chunk.count
            return writeAll(chunk, to: descriptor)
        }
        guard complete else { return false }
        return written >= reserved || ftruncate(descriptor, off_t(written)) == 0
    }

    /// Writes all of `buffer` to `descriptor`; false when it refuses (`errno` says why).
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var written = 0
        while written < buffer.count {
            let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if result >= 0 {
                written += result
            } else if errno != EINTR {
                return false
            }
        }
        return true
    }
}
