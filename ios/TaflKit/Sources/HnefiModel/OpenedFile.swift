import Foundation

/// A game file opened with the app ("Open in" from Files, Mail, a download, another app's
/// share sheet): its bytes as they are, for the core to decode and import (`Event.received`).
/// The core decides what the bytes are; this only reads them, and only as far as the import's
/// limit and one byte, so that a huge file is never read whole and the core can still say it
/// is too long.
public enum OpenedFile {
    /// `bytes(at:most:)` off the caller's actor: a nonisolated async function runs on the
    /// cooperative pool, so the main actor waits for the disk without blocking (no thread of
    /// the shell's own is started).
    public static func read(at url: URL, most: Int) async -> Data? {
        bytes(at: url, most: most)
    }

    /// The file's first `most` bytes (all of it when shorter); nil when it cannot be opened or
    /// read (gone, or no longer allowed). Blocks on the disk: never on the main actor.
    ///
    /// The app opens documents in place (`LSSupportsOpeningDocumentsInPlace`): the URL points
    /// into another app's container or a file provider, readable only inside the file's
    /// security scope, and through a file coordinator (a file provider may have to download
    /// it first, and another app may be writing it).
    public static func bytes(at url: URL, most: Int) -> Data? {
        #if canImport(Darwin)
        let scoped = url.startAccessingSecurityScopedResource()
        defer { if scoped { url.stopAccessingSecurityScopedResource() } }
        var result: Data?
        var failure: NSError?
        NSFileCoordinator().coordinate(readingItemAt: url, options: .withoutChanges, error: &failure) { readable in
            result = read(readable, most: most)
        }
        return failure == nil ? result : nil
        #else
        return read(url, most: most)
        #endif
    }

    private static func read(_ url: URL, most: Int) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        do {
            return try handle.read(upToCount: most) ?? Data()
        } catch {
            return nil
        }
    }
}
