import Foundation

public enum AppPaths {
    /// The database file: `Application Support/Hnefi/hnefi.sqlite` in the app's container
    /// (backed up by iCloud/iTunes; never shown in the Files app). `base` replaces Application
    /// Support in tests.
    public static func databaseURL(base: URL? = nil) throws -> URL {
        let root = try base ?? FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                                       appropriateFor: nil, create: true)
        let dir = root.appendingPathComponent("Hnefi", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("hnefi.sqlite")
    }
}
