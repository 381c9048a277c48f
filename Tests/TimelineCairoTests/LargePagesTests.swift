import CCairo
import XCTest

@testable import TimelineCairo

#if os(Linux)
import CLinux
#endif

final class LargePagesTests: XCTestCase {
    func testABigBufferStartsAtALargePageAndHoldsWhatIsWritten() {
        var data = LargePages.data(count: 3 * LargePages.size + 5)
        XCTAssertEqual(data.count, 3 * LargePages.size + 5)
        data.withUnsafeMutableBytes { buffer in
            #if os(Linux)
            XCTAssertEqual(UInt(bitPattern: buffer.baseAddress) % UInt(LargePages.size), 0)
            #endif
            for index in stride(from: 0, to: buffer.count, by: 4096) { buffer[index] = UInt8(index / 4096 % 251) }
        }
        XCTAssertEqual(data[4096 * 300], UInt8(300 % 251))
        let copy = data
        data[0] = 7
        XCTAssertEqual(copy[0], 0, "a copy keeps its bytes")
    }

    /// The main thread's heap grown for a big input is advised large pages: "hg" in the kernel's
    /// flags of heap mappings of at least the MiB said.
    func testTheHeapGrownForABigInputIsAdvisedLargePages() {
        #if os(Linux)
        XCTAssertTrue(Thread.isMainThread)
        // A fresh process has no free block as big as the one that grows the heap, which then
        // comes from the heap's free top: this process's free blocks of that size are taken
        // first, and one from the free top, and given back at the end.
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        var taken: [UnsafeMutableRawPointer] = []
        defer {
            for block in taken { free(block) }
        }
        let heapEnd = UInt(bitPattern: sbrk(0))
        while taken.count < 1_000, let block = malloc(4 << 20) {
            taken.append(block)
            if UInt(bitPattern: sbrk(0)) > heapEnd { break }
        }
        let advised = LargePages.adviseHeap(growingBy: 16 << 20)
        // What is allocated next from the free top starts at a large page, not in the pages
        // before it, which are not.
        let next = malloc(8 << 20)
        XCTAssertEqual(UInt(bitPattern: next) % UInt(LargePages.size), 0)
        free(next)
        XCTAssertGreaterThanOrEqual(advised, 14 << 20, "the pad's 2 MiB pages")
        XCTAssertGreaterThanOrEqual(Self.heapMiBAdvisedLargePages(), advised >> 20)
        // A document that needs more than the pad grows the heap past it; what it frees then
        // leaves the heap grown: it was cut back to glibc's pad of 128 KiB, its large pages
        // with it, the first time the free top reached the pad.
        let end = sbrk(0)
        free(malloc(20 << 20))
        XCTAssertGreaterThanOrEqual(UInt(bitPattern: sbrk(0)), UInt(bitPattern: end))
        XCTAssertGreaterThanOrEqual(Self.heapMiBAdvisedLargePages(), advised >> 20, "after a block freed")
        #endif
    }

    /// Another thread's heap (its glibc arena) grown the same way: advised large pages, and what
    /// it allocates next starts at one. On the main thread, nothing: its heap is the one above.
    func testAThreadsHeapGrownIsAdvisedLargePages() throws {
        #if os(Linux)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        XCTAssertEqual(LargePages.adviseThreadHeap(growingBy: 8 << 20), 0)
        final class Outcome: @unchecked Sendable {
            var advised = 0
            var next: UInt = 1
            var advisedMiB = 0
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.advised = LargePages.adviseThreadHeap(growingBy: 8 << 20)
            let next = malloc(1 << 20)
            outcome.next = UInt(bitPattern: next)
            outcome.advisedMiB = Self.advisedMiB(containing: outcome.next)
            free(next)
            done.signal()
        }
        thread.start()
        done.wait()
        XCTAssertGreaterThanOrEqual(outcome.advised, 4 << 20, "the 2 MiB pages inside the block")
        // At most past the few bytes the kept block's note took there.
        XCTAssertLessThan(outcome.next % UInt(LargePages.size), 4096)
        XCTAssertGreaterThanOrEqual(outcome.advisedMiB, 4, "the mapping holding the next block")
        #endif
    }

    /// A process that lives on (`--watch`) gives the heaps back after rendering, and its later
    /// threads keep theirs as glibc makes them: an arena keeps its free top otherwise, and each
    /// round's helper added to it.
    func testGivingTheHeapBackStopsGrowingThreadHeaps() {
        #if os(Linux)
        LargePages.growHeap(forInputOf: 1 << 20)
        let grown = LargePages.threadHeapPad
        LargePages.releaseGrownHeap()
        XCTAssertNil(LargePages.threadHeapPad, "grown by \(grown ?? 0) before")
        #endif
    }

    /// Under a data limit (`ulimit -d`, here a terabyte), the heap is not grown: the pad counts
    /// against the limit, and a render near it would fail where it fits without.
    func testALimitOnDataKeepsTheHeapAsItIs() throws {
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_DATA.rawValue)
        var saved = rlimit()
        XCTAssertEqual(getrlimit(resource, &saved), 0)
        defer { setrlimit(resource, &saved) }
        var limited = saved
        limited.rlim_cur = min(saved.rlim_max, 1 << 40)
        XCTAssertEqual(setrlimit(resource, &limited), 0)
        XCTAssertTrue(LargePages.isMemoryLimited)
        setrlimit(resource, &saved)
        var address = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &address)
        if saved.rlim_cur == rlim_t.max, address.rlim_cur == rlim_t.max { XCTAssertFalse(LargePages.isMemoryLimited) }
        #endif
    }

    #if os(Linux)
    /// The MiB of the mapping holding `address` when its flags say large pages were advised.
    static func advisedMiB(containing address: UInt) -> Int {
        var size = 0
        for line in smaps().split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                let holds = bounds.count == 2 && (bounds[0]..<bounds[1]).contains(address)
                size = holds ? Int(bounds[1] - bounds[0]) >> 20 : 0
            } else if fields.first == "VmFlags:", fields.contains("hg"), size > 0 {
                return size
            }
        }
        return 0
    }

    /// The MiB of the process's heap mappings whose flags say large pages were advised.
    static func heapMiBAdvisedLargePages() -> Int {
        var size = 0
        var advised = 0
        for line in smaps().split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                size = line.hasSuffix("[heap]") && bounds.count == 2 ? Int(bounds[1] - bounds[0]) >> 20 : 0
            } else if fields.first == "VmFlags:", fields.contains("hg") {
                advised += size
            }
        }
        return advised
    }

    /// /proc/self/smaps, read to its end: the kernel gives it a page at a time.
    static func smaps() -> String {
        let file = open("/proc/self/smaps", O_RDONLY)
        guard file >= 0 else { return "" }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    #endif

    func testASmallBufferIsZeroedData() {
        XCTAssertEqual(LargePages.data(count: 100), Data(count: 100))
    }
}

final class LargePagesSurfaceTests: XCTestCase {
    /// A surface of a card at scale 2 (about 4 MB): its pixels start at a large page, are zeros
    /// like cairo's own surface's, take paint like it, and go when the surface goes.
    func testABigImageSurfaceIsZeroedPaintableAndInLargePages() throws {
        let (width, height): (Int32, Int32) = (960, 1008)
        let surface = LargePages.imageSurface(width: width, height: height)
        XCTAssertEqual(surface.status, CAIRO_STATUS_SUCCESS)
        XCTAssertEqual(cairo_image_surface_get_format(surface.pointer), CAIRO_FORMAT_ARGB32)
        XCTAssertEqual(cairo_image_surface_get_width(surface.pointer), width)
        XCTAssertEqual(cairo_image_surface_get_height(surface.pointer), height)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        XCTAssertEqual(stride, Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface.pointer))
        #if os(Linux)
        XCTAssertEqual(UInt(bitPattern: data) % UInt(LargePages.size), 0)
        #endif
        let pixels = UnsafeBufferPointer(start: data, count: stride * Int(height))
        XCTAssertTrue(pixels.allSatisfy { $0 == 0 })

        // Cairo composites onto a surface it knows clear as onto nothing: the pixels of the
        // translucent arc below differ by one here and there unless it knows.
        surface.markClear()
        let reference = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height))
        reference.markClear()
        XCTAssertTrue(
            UnsafeBufferPointer(start: cairo_image_surface_get_data(reference.pointer), count: stride * Int(height))
                .allSatisfy { $0 == 0 })
        for target in [surface, reference] {
            let context = CairoContext(surface: target)
            cairo_set_source_rgba(context.pointer, 0.2, 0.4, 0.6, 0.8)
            cairo_arc(context.pointer, 480, 504, 300, 0, 6.283)
            cairo_fill(context.pointer)
            cairo_surface_flush(target.pointer)
        }
        let expected = UnsafeBufferPointer(
            start: cairo_image_surface_get_data(reference.pointer), count: stride * Int(height))
        XCTAssertTrue(pixels.elementsEqual(expected))
    }

    /// Below a large page, cairo's own surface: nothing to gain, and its memory comes from malloc.
    func testASmallImageSurfaceIsCairosOwn() {
        let surface = LargePages.imageSurface(width: 20, height: 10)
        XCTAssertEqual(surface.status, CAIRO_STATUS_SUCCESS)
        XCTAssertEqual(cairo_image_surface_get_width(surface.pointer), 20)
        XCTAssertEqual(cairo_image_surface_get_height(surface.pointer), 10)
    }

    /// Many surfaces made and dropped: each mapping goes with its surface (a leak of 4 MB a
    /// surface would show as hundreds of megabytes here).
    func testSurfacesGiveTheirMemoryBack() throws {
        #if os(Linux)
        func mappedKiB() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmSize:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        let before = mappedKiB()
        for _ in 0..<100 {
            let surface = LargePages.imageSurface(width: 960, height: 1008)
            cairo_image_surface_get_data(surface.pointer)![0] = 1
        }
        XCTAssertLessThan(mappedKiB() - before, 64 * 1024)
        #endif
    }

    /// Made present, a new surface's pixels are still zeros and take what is painted on them;
    /// with cairo's own surface too, whose memory is not a large page's.
    func testPagesMadePresentStayZerosAndTakePaint() throws {
        for surface in [
            CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 700, 500)),
            LargePages.imageSurface(width: 1_200, height: 900),
        ] {
            LargePages.makePresent(surface)
            let stride = Int(cairo_image_surface_get_stride(surface.pointer))
            let height = Int(cairo_image_surface_get_height(surface.pointer))
            let pixels = UnsafeBufferPointer(
                start: cairo_image_surface_get_data(surface.pointer), count: stride * height)
            XCTAssertTrue(pixels.allSatisfy { $0 == 0 })
            let context = CairoContext(surface: surface)
            cairo_set_source_rgb(context.pointer, 1, 0, 0)
            cairo_paint(context.pointer)
            cairo_surface_flush(surface.pointer)
            XCTAssertEqual(
                UnsafeRawPointer(pixels.baseAddress!).load(fromByteOffset: stride * (height - 1), as: UInt32.self),
                0xFFFF_0000)
        }
    }
}
