#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Memory for a big document about to be written whole, backed by 2 MiB pages where the kernel
/// gives them on request (Linux's transparent huge pages in `madvise` mode): written in 4 KiB
/// pages, each first write of a page is a fault, which in a virtual machine costs more than
/// writing the page. Only advice: without large pages the memory is ordinary.
enum LargePages {
    static let size = 2 << 20

    /// `count` bytes, not zeroed; in large pages from `size` bytes on, on Linux.
    static func data(count: Int) -> Data {
        #if os(Linux)
        guard count >= size else { return Data(count: count) }
        let rounded = (count + size - 1) / size * size
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, size, rounded) == 0, let memory else { return Data(count: count) }
        _ = madvise(memory, rounded, MADV_HUGEPAGE)
        return Data(bytesNoCopy: memory, count: count, deallocator: .free)
        #else
        return Data(count: count)
        #endif
    }
}
