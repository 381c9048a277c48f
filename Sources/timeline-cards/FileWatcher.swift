import TimelineCommandSupport
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

/// Waits until one of a set of files changes: inotify on the files' folders on Linux (so an
/// editor that saves by renaming a new file over the old one is seen too), modification times
/// polled elsewhere.
final class FileWatcher {
    /// A change counts when its path is one of these, or a `.yaml`, `.yml`, `.json` or `.mmd` file in one
    /// of `folders` (a theme file the input names).
    struct Interest {
        var files: Set<String> = []
        var folders: Set<String> = []
        /// What the last round wrote: its own images and pages never trigger a round (a scene
        /// written into the input folder once re-rendered ten times a second for ever).
        var written: Set<String> = []

        func matches(_ path: String) -> Bool {
            if written.contains(path) { return false }
            if files.contains(path) || folders.contains(path) { return true } // a folder replaced
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
            guard folders.contains(folder) else { return false }
            return InputSource.isListedInput(String(name))
        }

        var watchedFolders: Set<String> {
            folders.union(files.map(Self.parent))
        }

        /// The folders above the watched ones: a watched folder deleted and made again (git
        /// checkout, a generator) is seen there, and watched anew.
        var parentFolders: Set<String> {
            Set(watchedFolders.map(Self.parent)).subtracting(watchedFolders)
        }

        static func parent(_ path: String) -> String {
            let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            return parent.isEmpty ? "/" : parent
        }
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    /// A time as the kernel stamps files with it: a file written after `now()` was taken has a
    /// modification time at or after it.
    struct Moment: Comparable {
        var seconds: Int
        var nanoseconds: Int

        static func < (left: Moment, right: Moment) -> Bool {
            (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
        }

        static func now() -> Moment {
            var time = timespec()
            // Linux stamps files from its coarse clock: the fine clock can run a tick ahead of it.
            #if os(Linux)
            clock_gettime(CLOCK_REALTIME_COARSE, &time)
            #else
            clock_gettime(CLOCK_REALTIME, &time)
            #endif
            return Moment(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
        }

        static func modified(_ path: String) -> Moment? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return Moment(seconds: Int(info.modified.tv_sec), nanoseconds: Int(info.modified.tv_nsec))
        }
    }

    /// The files of `interest` that exist: its files, and the inputs and themes in its folders.
    private static func existingFiles(_ interest: Interest) -> [String] {
        var paths = Array(interest.files)
        for folder in interest.folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                paths.append(folder + "/" + name)
            }
        }
        // A watched folder's own time changes with every image written into it: files only.
        return paths.filter { interest.matches($0) && !interest.folders.contains($0) }
    }

    /// Whether a file of `interest` was written at or after `moment`: saved while the round that
    /// started then was rendering, before its changes were watched, so no event tells of it.
    static func changed(since moment: Moment, _ interest: Interest) -> Bool {
        existingFiles(interest).contains { path in Moment.modified(path).map { $0 >= moment } ?? false }
    }

    /// inotify could not be set up: why.
    struct SetupError: Error, CustomStringConvertible {
        var reason: String
        var description: String { "error: --watch: inotify: \(reason)" }
    }

    #if os(Linux)
    private let descriptor: Int32
    private var watches: [Int32: String] = [:]

    init() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        if descriptor < 0 { throw SetupError(reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Blocks until a file of `interest` is written, created, moved in or removed, or was written
    /// since the round started at `start`; then waits for the burst of events an editor's save
    /// makes to settle.
    func waitForChange(_ interest: Interest, since start: Moment) {
        let mask = UInt32(
            IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVE_SELF)
        for folder in interest.watchedFolders.union(interest.parentFolders) where !watches.values.contains(folder) {
            let watch = inotify_add_watch(descriptor, folder, mask)
            if watch >= 0 { watches[watch] = folder }
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        // Checked once the watches are set: a save between the round's start and now has no event.
        var changed = Self.changed(since: start, interest)
        while !changed {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { if errno == EINTR { continue } else { return } }
            changed = events(in: buffer[..<count]).contains(where: interest.matches)
        }
        // Drain what follows within 100 ms.
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 100) > 0 {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            _ = events(in: buffer[..<count]) // for the folders that went away
        }
    }

    private func events(in bytes: ArraySlice<UInt8>) -> [String] {
        var paths: [String] = []
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            let (watch, length, mask) = bytes.withUnsafeBytes { raw -> (Int32, Int, UInt32) in
                let event = raw.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
                return (event.wd, Int(event.len), event.mask)
            }
            // The folder is gone (deleted, or moved away): watched again when it comes back. A
            // watch follows a folder moved away, so it is dropped, or the folder made in its
            // place would never be watched.
            if mask & UInt32(IN_MOVE_SELF) != 0 {
                inotify_rm_watch(descriptor, watch)
                watches[watch] = nil
            }
            if mask & UInt32(IN_IGNORED) != 0 { watches[watch] = nil }
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.endIndex)].prefix { $0 != 0 }
            if let folder = watches[watch], !nameBytes.isEmpty {
                paths.append(folder + "/" + String(decoding: nameBytes, as: UTF8.self))
            }
            offset += header + length
        }
        return paths
    }
    #else
    init() throws {}

    func waitForChange(_ interest: Interest, since start: Moment) {
        let before = snapshot(interest)
        if Self.changed(since: start, interest) { return }
        while true {
            usleep(300_000)
            if snapshot(interest) != before { return }
        }
    }

    private func snapshot(_ interest: Interest) -> [String: Moment] {
        var times: [String: Moment] = [:]
        for path in Self.existingFiles(interest) { times[path] = Moment.modified(path) }
        return times
    }
    #endif
}
