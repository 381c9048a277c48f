import Foundation

#if canImport(Testing)
import Testing
#endif

/// The expected | difference | actual picture where a reader finds it: swift-snapshot-testing
/// attaches a `Diffing`'s attachments only under Xcode, so on Linux the picture is written beside
/// its failed snapshots (`SNAPSHOT_ARTIFACTS`, else the temporary folder) and attached to the
/// running Swift Testing test.
enum DifferenceArtifact {
    /// Writes the picture as `timeline-differences/<hash>.difference.png`, named by the two
    /// images compared; nil when it cannot be written.
    static func write(_ picture: Data, for reference: Data, _ actual: Data) -> String? {
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let folder = URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent("timeline-differences")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in reference + actual {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let file = folder.appendingPathComponent(String(hash, radix: 16) + ".difference.png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try picture.write(to: file, options: .atomic)
            return file.path
        } catch {
            return nil
        }
    }

    /// Attaches the picture to the running Swift Testing test, where swift-snapshot-testing does not.
    static func attach(_ picture: Data) {
        #if canImport(Testing) && os(Linux)
        if Test.current != nil { Attachment.record([UInt8](picture), named: "difference.png") }
        #endif
    }
}
