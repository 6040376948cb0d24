import Foundation
import TaflCore

extension AppConfig {
    /// The app's start on this device: the database in Application Support, the first of the
    /// person's languages that the app speaks, the time zone's offset, an engine for its cores,
    /// and the state the system kept when it last ended the app in the background.
    public static func device(dark: Bool, savedState: String?) -> AppConfig {
        AppConfig(databasePath: try? databaseURL().path,
                  language: languageForLocales(tags: Locale.preferredLanguages),
                  dark: dark,
                  utcOffsetMinutes: Int32(TimeZone.current.secondsFromGMT() / 60),
                  engine: deviceEngine(cores: UInt32(ProcessInfo.processInfo.activeProcessorCount)),
                  savedState: savedState)
    }

    /// `Application Support/Hnefi/hnefi.sqlite` in the app's container (backed up; never shown
    /// in the Files app). `base` replaces Application Support in tests.
    public static func databaseURL(base: URL? = nil) throws -> URL {
        let root = try base ?? FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                                       appropriateFor: nil, create: true)
        let dir = root.appendingPathComponent("Hnefi", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("hnefi.sqlite")
    }
}
