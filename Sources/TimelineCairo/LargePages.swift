import CCairo

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import CLinux
import Glibc
#endif

/// Memory for a big document about to be written whole, backed by 2 MiB pages where the kernel
/// gives them on request (Linux's transparent huge pages in `madvise` mode): written in 4 KiB
/// pages, each first write of a page is a fault, which in a virtual machine costs more than
/// writing the page. Only advice: without large pages the memory is ordinary.
package enum LargePages {
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

extension LargePages {
    /// An image surface whose pixels are zeroed memory in large pages from `size` bytes on,
    /// on Linux: a card at scale 2 is about 4 MB, a thousand 4 KiB pages faulted in one by one
    /// (each a trip through the hypervisor) where two large pages do. Cairo's own surface otherwise.
    static func imageSurface(width: Int32, height: Int32) -> CairoSurface {
        #if os(Linux)
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        let count = Int(stride) * Int(height)
        if stride > 0, count >= size, let pixels = ZeroedMapping(count: count),
            let pointer = cairo_image_surface_create_for_data(
                pixels.base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, width, height, stride),
            cairo_surface_status(pointer) == CAIRO_STATUS_SUCCESS
        {
            let owner = Unmanaged.passRetained(pixels).toOpaque()
            if cairo_surface_set_user_data(
                pointer, &ZeroedMapping.key, owner, { Unmanaged<ZeroedMapping>.fromOpaque($0!).release() })
                == CAIRO_STATUS_SUCCESS
            {
                return CairoSurface(pointer)
            }
            Unmanaged<ZeroedMapping>.fromOpaque(owner).release()
            cairo_surface_destroy(pointer)
        }
        #endif
        return CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height))
    }
}

extension LargePages {
    /// Makes the pages wholly inside an image surface's pixels present at once (Linux's
    /// MADV_POPULATE_WRITE), their bytes as they are: otherwise each first touch of a page while
    /// painting is a fault, about a thousand of them for a card at scale 2 in 4 KiB pages. Where
    /// the system cannot, the painter's first touches do it as they would.
    static func makePresent(_ surface: CairoSurface) {
        #if os(Linux)
        guard surface.status == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface.pointer)
        else { return }
        let bytes =
            Int(cairo_image_surface_get_stride(surface.pointer)) * Int(cairo_image_surface_get_height(surface.pointer))
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: data) + page - 1) / page * page
        let end = (Int(bitPattern: data) + bytes) / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, populateWrite)
        #endif
    }

    /// Linux's MADV_POPULATE_WRITE (5.14 and later; earlier kernels refuse it).
    private static let populateWrite: Int32 = 23
}

#if os(Linux)
/// Anonymous memory (zeroed by the kernel) aligned to a large page and advised to use them;
/// unmapped when released.
private final class ZeroedMapping {
    nonisolated(unsafe) static var key = cairo_user_data_key_t()
    let base: UnsafeMutableRawPointer
    let length: Int

    init?(count: Int) {
        let length = (count + LargePages.size - 1) / LargePages.size * LargePages.size
        let reserved = length + LargePages.size
        guard let mapping = mmap(nil, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else { return nil }
        let start = (Int(bitPattern: mapping) + LargePages.size - 1) / LargePages.size * LargePages.size
        let head = start - Int(bitPattern: mapping)
        if head > 0 { munmap(mapping, head) }
        if reserved - head - length > 0 {
            munmap(UnsafeMutableRawPointer(bitPattern: start + length), reserved - head - length)
        }
        base = UnsafeMutableRawPointer(bitPattern: start)!
        self.length = length
        _ = madvise(base, length, MADV_HUGEPAGE)
    }

    deinit { munmap(base, length) }
}
#endif

extension LargePages {
    /// Grows the heap of the main thread (glibc's main arena) at once by what a big input of
    /// `inputBytes` will allocate, about 256 bytes for each of its bytes (8 to 64 MiB), and
    /// advises the kernel to back it with large pages: the tens of MB a big card allocates in
    /// small blocks would otherwise fault in 4 KiB page by page as the heap grows (the main
    /// thread's 2,900 faults for 1,000 wrapped items become 1,100). Blocks up to 32 MiB stay in
    /// the heap instead of mappings of their own (each faulted in anew), and the heap keeps that
    /// much free at its top; later growth pads as before. Nothing changes in a process whose
    /// address space or data is limited. Once per process; only advice: without large pages the
    /// heap is ordinary, and another thread's arena is left as it is.
    package static func growHeap(forInputOf inputBytes: Int) {
        #if os(Linux)
        heapLock.withLock {
            guard !heapGrown else { return }
            heapGrown = true
            guard !isMemoryLimited, !isMallocTuned else { return }
            let pad = max(min(max(inputBytes, 0), 1 << 18) * 256, 8 << 20)
            if adviseHeap(growingBy: pad) > 0 { threadPad = min(pad / 2, 24 << 20) }
        }
        #endif
    }

    /// Grows the calling thread's heap (its glibc arena) in large pages, once the main thread's
    /// was grown for a big input (`growHeap`), by half its pad (at most 24 MiB: blocks of 32 MiB
    /// are mapped apart): a shaping helper's or a kept lane's allocations otherwise fault in
    /// 4 KiB page by page, glibc making each page of an arena writable with a call of its own as
    /// the arena grows (for 1,000 wrapped items, the shaping helper's 400 faults and 390 calls
    /// become 30 and 50; 0.97 of the time in 100 alternating pairs). Called first thing on such
    /// a thread; nothing on the main thread, or before a big input.
    package static func growThreadHeap() {
        #if os(Linux)
        guard let pad = heapLock.withLock({ threadPad }) else { return }
        adviseThreadHeap(growingBy: pad)
        #endif
    }

    #if os(Linux)
    /// `growThreadHeap`'s work: returns how many bytes were advised (0 on the main thread).
    @discardableResult
    static func adviseThreadHeap(growingBy pad: Int) -> Int {
        guard let block = malloc(pad) else { return 0 }
        // Large pages from the first past the block's header to the last before the header
        // glibc writes after it, which a large page cannot share.
        let start = (UInt(bitPattern: block) + UInt(size) - 1) / UInt(size) * UInt(size)
        let end = (UInt(bitPattern: block) + UInt(pad)) / UInt(size) * UInt(size)
        // The main thread's heap lies below its end, and is grown already.
        let advised =
            UInt(bitPattern: block) > UInt(bitPattern: sbrk(0)) && end > start
            && madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE) == 0
        free(block)
        guard advised else { return 0 }
        // A thread's arena outlives it, and the next thread takes it over (a process that lives
        // on, `--watch`, starts a helper for each big input): then the block starts at the large
        // page already, and nothing is taken. At most a few dozen are kept, whatever glibc does.
        if let skipped = skipToLargePage(from: block, to: start) {
            let kept = heapLock.withLock {
                guard skippedToLargePages.count < 64 else { return false }
                skippedToLargePages.append(skipped)
                return true
            }
            if !kept { free(skipped) }
        }
        return Int(end - start)
    }
    #endif

    /// Gives the heap's free memory back to the system once a process that lives on (`--watch`)
    /// has rendered: a grown heap keeps its pad free at its top otherwise, 30 to 60 MB while
    /// it waits. From then on, threads are started without growing their heaps, and glibc's
    /// own trim threshold stands again: `malloc_trim` gives back only the main heap's free top,
    /// and with the raised threshold each later round's helper left its arena's free top in
    /// place, in large pages (a watched 1,000-item card grew from 29 to 53 MB in 250 rounds,
    /// found by the attack helper). Nothing before a big input.
    package static func releaseGrownHeap() {
        #if os(Linux)
        heapLock.withLock {
            guard heapGrown else { return }
            threadPad = nil
            _ = mallopt(M_TRIM_THRESHOLD, defaultTrimThreshold)
            _ = malloc_trim(0)
        }
        #endif
    }

    #if os(Linux)
    /// `growHeap`'s work, each time it is called (under `heapLock`): returns how many bytes of
    /// the heap were advised (0 when the calling thread allocates from an arena of its own).
    @discardableResult
    static func adviseHeap(growingBy pad: Int) -> Int {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        // Twice the pad: at the pad, the first big block freed next to the heap's free top (the
        // input's bytes once decoded) made it pass the threshold, and the heap was cut back to
        // glibc's pad, its large pages with it.
        _ = mallopt(M_TRIM_THRESHOLD, Int32(clamping: 2 * pad))
        _ = mallopt(M_TOP_PAD, Int32(clamping: pad + blockSize))
        // A block bigger than the heap's free top makes it grow by the block and the pad.
        let block = malloc(blockSize)
        // Freed with the pad still set, the block leaves the pad free at the heap's top.
        defer { _ = mallopt(M_TOP_PAD, defaultTopPad) }
        guard let block else { return 0 }
        // Large pages start past the header glibc wrote after the block: a 2 MiB range that
        // holds a page already cannot be one (the range it fell in was 512 faults).
        let start = (UInt(bitPattern: block) + UInt(blockSize + 16) + UInt(size) - 1) / UInt(size) * UInt(size)
        free(block)
        // Past the heap's end, the block is another thread's arena's: left as it is.
        let end = UInt(bitPattern: sbrk(0))
        guard end > start,
            madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE) == 0
        else { return 0 }
        if let skipped = skipToLargePage(from: block, to: start) { skippedToLargePages.append(skipped) }
        return Int(end - start)
    }

    /// The block that makes the heap grow: bigger than its free top is likely to be.
    private static let blockSize = 2 * size
    #endif

    #if os(Linux)
    /// Takes the heap's free top from `top` (where a block freed into it started) up to
    /// `start`, the first large page of the pad, so that what is allocated next is in large
    /// pages: the pages before `start` are not, and they were the main thread's 380 faults for
    /// 1,000 wrapped items. The taken block is kept for the process's life; none of its pages
    /// but its first and last is written. Nothing when the block would not start at `top`.
    private static func skipToLargePage(from top: UnsafeMutableRawPointer, to start: UInt)
        -> UnsafeMutableRawPointer?
    {
        // A block's bytes start 16 bytes into its chunk, which ends where the next chunk's
        // header starts, 16 bytes before the next block's bytes: a chunk of `start - top`
        // bytes puts the next block's bytes at `start`.
        let gap = Int(start - UInt(bitPattern: top))
        guard gap >= 4096, let skipped = malloc(gap - 16) else { return nil }
        guard skipped == top else {
            free(skipped)
            return nil
        }
        return skipped
    }

    /// The blocks `skipToLargePage` took, one per heap, kept (under `heapLock`, but for a test
    /// calling `adviseHeap` alone).
    nonisolated(unsafe) private static var skippedToLargePages: [UnsafeMutableRawPointer] = []
    /// What `growThreadHeap` grows a thread's heap by, once the main thread's is grown.
    nonisolated(unsafe) private static var threadPad: Int?

    /// `threadPad`, for tests.
    static var threadHeapPad: Int? { heapLock.withLock { threadPad } }

    /// Whether the process's address space or data (`ulimit -v`, `ulimit -d`) is limited: the pad
    /// counts against both though no page of it is written, so a render near the limit would
    /// fail where it fits without it.
    static var isMemoryLimited: Bool {
        [RLIMIT_AS, RLIMIT_DATA].contains { resource in
            var limit = rlimit()
            // No limit is RLIM_INFINITY, all ones.
            return getrlimit(__rlimit_resource_t(resource.rawValue), &limit) != 0 || limit.rlim_cur != rlim_t.max
        }
    }

    /// Whether the user tuned glibc's allocator (GLIBC_TUNABLES, MALLOC_*_): theirs stands. Its
    /// debugging settings too: with MALLOC_PERTURB_, glibc fills every block it hands out or
    /// takes back, so the blocks that grow the heaps would be written whole, tens of MB.
    private static var isMallocTuned: Bool {
        let names: [String] = [
            "GLIBC_TUNABLES", "MALLOC_TOP_PAD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "MALLOC_MMAP_MAX_",
            "MALLOC_ARENA_MAX", "MALLOC_PERTURB_", "MALLOC_CHECK_",
        ]
        return names.contains { getenv($0) != nil }
    }

    /// glibc's own top pad (mallopt(3)).
    private static let defaultTopPad: Int32 = 128 * 1024
    /// glibc's own trim threshold (mallopt(3)).
    private static let defaultTrimThreshold: Int32 = 128 * 1024
    private static let heapLock = Lock()
    nonisolated(unsafe) private static var heapGrown = false
    #endif
}
