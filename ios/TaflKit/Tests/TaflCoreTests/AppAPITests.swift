import Foundation
import HnefiModel
import TaflCore
import XCTest

/// Collects the frames the core hands over, from any thread; a patch makes the next frame of
/// the newest one, as the app's model makes it.
final class Frames: FrameListener, @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Frame] = []

    func onFrame(frame: Frame) {
        lock.lock()
        frames.append(frame)
        lock.unlock()
    }

    func onPatch(patch: FramePatch) {
        lock.lock()
        if let newest = frames.max(by: { $0.revision < $1.revision }) {
            frames.append(newest.applying(patch))
        }
        lock.unlock()
    }

    var all: [Frame] {
        lock.lock()
        defer { lock.unlock() }
        return frames
    }

    var newest: Frame? { all.max { $0.revision < $1.revision } }

    /// Waits (up to `seconds`) until the newest frame has no work behind it.
    func settled(seconds: Double = 30) -> Frame? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let f = newest, !f.busy { return f }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }
}

/// Fixed work for the engine, so that every machine plays the same moves.
let testEngine = EngineConfig(thinkMs: nil, thinkNodes: 2000, hintMs: nil, hintNodes: 4000, pauseMs: 0, threads: 1)

func config(database: String? = nil, language: Language = .english, dark: Bool = false,
            saved: String? = nil) -> AppConfig {
    AppConfig(databasePath: database, language: language, dark: dark, utcOffsetMinutes: 0,
              engine: testEngine, savedState: saved)
}

func page(_ f: Frame?) -> PageView? {
    if case let .page(p)? = f?.screen { return p }
    return nil
}

func game(_ f: Frame?) -> GameView? {
    if case let .game(g)? = f?.screen { return g }
    return nil
}

/// The exported API against the real core: one app object, events in, frames out.
final class AppAPITests: XCTestCase {
    func testTheFirstFrameArrivesBeforeTheConstructorReturns() {
        let frames = Frames()
        let app = HnefiApp(config: config(), listener: frames)
        // (The settings, read behind, may already have sent a second frame.)
        XCTAssertGreaterThanOrEqual(frames.all.count, 1)
        XCTAssertEqual(page(frames.all.first)?.kind, .start)
        XCTAssertTrue(frames.all[0].busy, "the settings are still being read")
        XCTAssertFalse(frames.all[0].handlesBack, "Back on the start screen is the system's")
        XCTAssertGreaterThan(app.frame().revision, frames.all[0].revision, "every frame has a new revision")
        XCTAssertTrue(app.frame().effects.isEmpty)
    }

    func testEventsMakeFramesBeforeSendReturnsAndButtonsCarryTheirEvents() throws {
        let frames = Frames()
        let app = HnefiApp(config: config(), listener: frames)
        // The settings are read behind, even without a database; Start waits for them.
        XCTAssertNotNil(frames.settled())
        let settled = frames.all.count
        app.send(event: .chooseVariant(variant: .brandubh))
        app.send(event: .chooseOpponent(vsComputer: false))
        XCTAssertEqual(frames.all.count, settled + 2)
        let start = try XCTUnwrap(page(frames.newest))
        let buttons = start.items.compactMap { item -> ButtonView? in
            if case let .button(b) = item { return b }
            return nil
        }
        let newGame = try XCTUnwrap(buttons.first { $0.event == .newGame })
        app.send(event: newGame.event)
        let g = try XCTUnwrap(game(frames.newest))
        XCTAssertEqual(g.board.plan.size, 7)
        XCTAssertEqual(g.board.squares.count, 49)
        XCTAssertEqual(g.board.plan.pieces.count, 13)
        XCTAssertTrue(frames.newest!.handlesBack)
        // A move by the squares, as VoiceOver activates them: its effects come once, with it.
        app.send(event: .activateSquare(square: Coord(file: 1, rank: 3)))
        app.send(event: .activateSquare(square: Coord(file: 1, rank: 2)))
        let moved = try XCTUnwrap(frames.newest)
        XCTAssertEqual(moved.effects.first, .sound(feedback: .move))
        XCTAssertTrue(moved.effects.contains { if case .announce(_, false) = $0 { true } else { false } })
        XCTAssertEqual(game(moved)?.board.motion?.steps.first?.toSquare, Coord(file: 1, rank: 2))
        XCTAssertTrue(app.frame().effects.isEmpty, "effects go with the frame that made them")
    }

    func testTheComputerAnswersOnTheCoresThreads() throws {
        let frames = Frames()
        let app = HnefiApp(config: config(), listener: frames)
        XCTAssertNotNil(frames.settled())
        app.send(event: .chooseVariant(variant: .brandubh))
        app.send(event: .chooseOpponent(vsComputer: true))
        app.send(event: .chooseSide(side: .defenders))
        app.send(event: .newGame)
        // The computer plays the attackers and moves first: busy until its move arrives.
        let settled = try XCTUnwrap(frames.settled())
        XCTAssertEqual(game(settled)?.moves.rows.first?.cells.count, 1)
        XCTAssertTrue(frames.all.contains { $0.busy })
        XCTAssertFalse(app.frame().busy)
    }

    func testSavedStateBringsTheScreenBack() throws {
        let frames = Frames()
        let app = HnefiApp(config: config(), listener: frames)
        app.send(event: .open(screen: .rules))
        XCTAssertEqual(page(frames.newest)?.kind, .rules)
        let saved = app.savedState()
        XCTAssertFalse(saved.isEmpty)
        let again = Frames()
        _ = HnefiApp(config: config(saved: saved), listener: again)
        XCTAssertEqual(page(again.settled())?.kind, .rules)
        // Text that is no saved state starts on the start screen.
        let fresh = Frames()
        _ = HnefiApp(config: config(saved: "{not json"), listener: fresh)
        XCTAssertEqual(page(fresh.settled())?.kind, .start)
    }

    func testADatabaseOpensBehindAndKeepsTheSettings() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("hnefi.sqlite").path
        let frames = Frames()
        let app = HnefiApp(config: config(database: path), listener: frames)
        XCTAssertNotNil(frames.settled())
        app.send(event: .setSetting(setting: .sound, on: false))
        app.send(event: .background)
        XCTAssertNotNil(frames.settled())
        let again = Frames()
        let reopened = HnefiApp(config: config(database: path), listener: again)
        XCTAssertNotNil(again.settled())
        reopened.send(event: .open(screen: .settings))
        let toggles = page(again.newest)?.items.compactMap { item -> ToggleView? in
            if case let .toggle(t) = item { return t }
            return nil
        }
        XCTAssertEqual(toggles?.first { $0.setting == .sound }?.on, false)
    }

    func testScenarioTextIsReadOrRefused() {
        let json = #"{"setup": {"language": "german", "dark": true}, "events": [{"event": "new-game"}, {"event": "touch", "phase": "tap", "at": {"x": 1.5, "y": 2.5}}]}"#
        let setup = scenarioSetup(json: json)
        XCTAssertEqual(setup?.language, .german)
        XCTAssertEqual(setup?.dark, true)
        XCTAssertEqual(scenarioEvents(json: json), [.newGame, .touch(phase: .tap, at: Point(x: 1.5, y: 2.5))])
        for bad in ["", "{", "[]", #"{"events": [{"event": "no-such-event"}]}"#, #"{"setup": 3, "events": []}"#] {
            XCTAssertNil(scenarioSetup(json: bad), bad)
            XCTAssertEqual(scenarioEvents(json: bad), [], bad)
        }
    }

    func testATraceStepIsOneLineOfJson() throws {
        let frames = Frames()
        let app = HnefiApp(config: config(), listener: frames)
        let line = traceStep(event: nil, frame: app.frame(), effects: [.announce(text: "x", assertive: true)])
        XCTAssertFalse(line.contains("\n"))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["effects"] as? [String], ["say now: x"])
        XCTAssertTrue(object["event"] is NSNull)
    }

    /// Events that make no sense where they arrive change nothing and crash nothing.
    func testOddEventsAreHarmless() throws {
        let frames = Frames()
        let app = HnefiApp(config: config(), listener: frames)
        XCTAssertNotNil(frames.settled())
        let odd: [Event] = [
            .answer(yes: true), .undo, .resign, .hint, .playAgain, .flashExpired(id: 99), .reviewMove(ply: 500),
            .touch(phase: .dragEnd, at: Point(x: -5, y: 1e9)), .touch(phase: .tap, at: Point(x: .nan, y: .infinity)),
            .activateSquare(square: Coord(file: 200, rank: 200)), .reviewGoTo(ply: 9999), .chartTouch(fraction: -3),
            .analyse, .cancelAnalysis, .share, .importText(text: String(repeating: "é", count: 10_000)), .import,
            .openReview(id: -1), .dismissNotice, .foreground, .foreground, .background, .background,
            .languageChanged(language: .french), .themeChanged(dark: true), .back, .back, .resume,
        ]
        for event in odd { app.send(event: event) }
        XCTAssertNotNil(frames.settled())
        XCTAssertEqual(frames.newest?.language, .french)
        // The board takes odd touches too.
        app.send(event: .newGame)
        XCTAssertNotNil(game(frames.newest))
        for event in odd { app.send(event: event) }
        XCTAssertNotNil(frames.settled())
        let revisions = frames.all.map(\.revision)
        XCTAssertEqual(Set(revisions).count, revisions.count, "each frame has its own revision")
    }

    func testTheLookAndTheVersion() {
        XCTAssertFalse(coreVersion().isEmpty)
        XCTAssertEqual(languageForLocales(tags: ["de-AT", "en"]), .german)
        XCTAssertEqual(languageForLocales(tags: ["xx"]), .english)
        XCTAssertNotEqual(look(theme: .light, colourBlind: false).chrome.background,
                          look(theme: .dark, colourBlind: false).chrome.background)
        XCTAssertGreaterThanOrEqual(deviceEngine(cores: 6).threads, 1)
    }
}
