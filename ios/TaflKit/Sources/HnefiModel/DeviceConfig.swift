import Foundation
import TaflCore

extension AppConfig {
    /// The app's start on this device: the database in Application Support, the first of the
    /// person's languages that the app speaks, the time zone's offset, an engine for its cores,
    /// and the state the system kept when it last ended the app in the background.
    public static func device(dark: Bool, savedState: String?) -> AppConfig {
        AppConfig(databasePath: databaseURL().path,
                  language: languageForLocales(tags: Locale.preferredLanguages),
                  dark: dark,
                  utcOffsetMinutes: Int32(TimeZone.current.secondsFromGMT() / 60),
                  engine: deviceEngine(cores: UInt32(ProcessInfo.processInfo.activeProcessorCount)),
                  savedState: savedState)
    }

    /// `Application Support/Hnefi/hnefi.sqlite` in the app's container (backed up; never shown
    /// in the Files app). `base` replaces Application Support in tests.
    ///
    /// Always a path, even when its folder cannot be made: the core makes the folder when it
    /// opens the store, and if it cannot, the frame's notice says the games are not being saved.
    /// (Passing no path when the folder failed played in memory without a word.)
    public static func databaseURL(base: URL? = nil) -> URL {
        let root = base ?? FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let dir = root.appendingPathComponent("Hnefi", isDirectory: true)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("hnefi.sqlite")
    }
}
