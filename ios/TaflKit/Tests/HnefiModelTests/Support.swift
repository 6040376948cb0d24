import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The repository's root, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Fixed work for the engine, so that every machine plays the same moves.
let testEngine = EngineConfig(thinkMs: nil, thinkNodes: 2000, hintMs: nil, hintNodes: 4000, pauseMs: 0, threads: 1)

func testConfig(database: String? = nil, language: Language = .english, dark: Bool = false,
                engine: EngineConfig = testEngine, saved: String? = nil) -> AppConfig {
    AppConfig(databasePath: database, language: language, dark: dark, utcOffsetMinutes: 0,
              engine: engine, savedState: saved)
}

/// A new database file in a folder of its own, removed when the test ends.
func temporaryDatabase(_ test: XCTestCase) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir.appendingPathComponent("hnefi.sqlite").path
}

/// Plays nothing: writes down every effect the model hands over, in order, and the background
/// time asked for and given back.
@MainActor
final class Recorder: SoundPlayer, HapticPlayer, Announcer, Sharer, BackgroundTasks {
    private(set) var effects: [Effect] = []
    private(set) var priorities: [SpeechPriority] = []
    private(set) var background: [String] = []
    /// How often the haptics were woken ahead of a move.
    private(set) var prepared = 0

    func play(sound: Feedback) { effects.append(.sound(feedback: sound)) }
    func play(haptic: Feedback) { effects.append(.haptic(feedback: haptic)) }
    func prepare() { prepared += 1 }

    func announce(_ text: String, priority: SpeechPriority) {
        effects.append(.announce(text: text, assertive: priority == .high))
        priorities.append(priority)
    }

    func share(text: String, title: String) { effects.append(.share(text: text, title: title)) }

    func begin() -> @MainActor () -> Void {
        background.append("begin")
        return { [weak self] in self?.background.append("end") }
    }

    /// The effects since the last call.
    func take() -> [Effect] {
        defer { effects = [] }
        return effects
    }

    var players: Players {
        Players(sound: self, haptics: self, announcer: self, sharer: self, background: self)
    }
}

enum Timeout: Error { case notSettled }

@MainActor
extension AppModel {
    /// Waits until the newest frame has no work behind it (failing after `seconds`).
    func settle(seconds: Double = 60) async throws {
        let end = Date().addingTimeInterval(seconds)
        while frame.busy {
            guard Date() < end else { throw Timeout.notSettled }
            try await Task.sleep(nanoseconds: 2_000_000)
        }
    }

    var page: PageView? {
        if case let .page(p) = frame.screen { return p }
        return nil
    }

    var game: GameView? {
        if case let .game(g) = frame.screen { return g }
        return nil
    }

    var review: ReviewView? {
        if case let .review(r) = frame.screen { return r }
        return nil
    }

    /// A square by its name ("b4"), activated as VoiceOver does.
    func activate(_ name: String) {
        send(.activateSquare(square: square(name)))
    }
}

func square(_ name: String) -> Coord {
    let u = Array(name.utf8)
    return Coord(file: u[0] - UInt8(ascii: "a"), rank: UInt8(String(name.dropFirst()))! - 1)
}

/// A new model over the real core, settled. `now`: the clock its own ticks read; none by
/// default, so that only the ticks a test sends count.
@MainActor
func makeModel(_ config: AppConfig = testConfig(), flashSeconds: Double = 3600,
               now: (@MainActor () -> Int64)? = nil) async throws -> (AppModel, Recorder) {
    let recorder = Recorder()
    let model = AppModel(config: config, players: recorder.players, flashSeconds: flashSeconds, now: now)
    try await model.settle()
    return (model, recorder)
}
