import Foundation
import HnefiModel
import Observation
import TaflCore
import XCTest

/// The app's model over the real core. Main-actor tests are `async` so that XCTest on Linux
/// runs them on the main actor.
@MainActor
// @unchecked Sendable: XCTest on Linux hands the test case to the main actor (test glue).
final class GameModelTests: XCTestCase, @unchecked Sendable {
    let en = Texts(.en)

    func testFullTwoPlayerGameByTapping() async {
        let model = GameModel(store: nil, texts: en)
        XCTAssertEqual(model.state.screen, .start)
        XCTAssertFalse(model.state.canResume)
        model.startGame(.brandubh, vsComputer: false)
        XCTAssertEqual(model.state.screen, .game)
        var game = model.state.game!
        XCTAssertEqual(game.size, 7)
        XCTAssertEqual(game.rows.count, 7)
        XCTAssertEqual(game.rows.first?.map(\.name), ["a7", "b7", "c7", "d7", "e7", "f7", "g7"])
        XCTAssertEqual(model.turnBar?.key, .sideToMove(.attackers))
        XCTAssertEqual(model.turnBar?.text, "Attackers to move")

        // Tapping an enemy piece or an empty square selects nothing.
        model.tap("d3")
        XCTAssertNil(model.state.game?.selected)
        model.tap("c3")
        XCTAssertNil(model.state.game?.selected)
        // Selecting shows the targets the core gives; tapping the piece again deselects it.
        model.tap("a4")
        game = model.state.game!
        XCTAssertEqual(game.selected, Sq("a4"))
        XCTAssertEqual(Set(game.squares.filter(\.target).map(\.name)), ["a2", "a3", "a5", "a6"])
        XCTAssertEqual(game.square("a4")?.selected, true)
        model.tap("a4")
        XCTAssertNil(model.state.game?.selected)
        XCTAssertTrue(model.state.game!.squares.allSatisfy { !$0.target })
        // A tap on a non-target square after selecting deselects and plays nothing.
        model.tap("a4")
        model.tap("b5")
        XCTAssertNil(model.state.game?.selected)
        XCTAssertEqual(model.state.game?.plies, 0)
        XCTAssertEqual(Set(model.state.game!.squares.filter(\.movable).map(\.name)),
                       ["a4", "b4", "d1", "d2", "g4", "f4", "d7", "d6"])

        for (i, m) in kingEscapes.enumerated() {
            model.play(m)
            game = model.state.game!
            XCTAssertEqual(game.plies, i + 1)
            let p = m.split(separator: "-").map(String.init)
            XCTAssertEqual(game.square(p[0])?.lastMoveFrom, true)
            XCTAssertEqual(game.square(p[1])?.lastMoveTo, true)
            if i == 5 {
                XCTAssertEqual(game.kingOpenLines, 1)
                XCTAssertEqual(game.square("g7")?.kingOpenLine, true)
                XCTAssertEqual(openLinesText(game, texts: en), "Watch out: the king has a free path to a corner.")
            }
        }
        game = model.state.game!
        XCTAssertTrue(game.over)
        XCTAssertFalse(game.canUndo)
        XCTAssertEqual(model.turnBar?.key, .won(viewpoint: .side, winner: .defenders, reason: .kingEscaped))
        XCTAssertEqual(model.turnBar?.text, "The defenders win: the king reached safety")
        XCTAssertNil(openLinesText(game, texts: en))
        // A finished game takes no taps.
        model.tap("a2")
        XCTAssertNil(model.state.game?.selected)
        // Leaving: nothing to resume; play again starts the same setup.
        model.send(.back)
        XCTAssertEqual(model.state.screen, .start)
        XCTAssertFalse(model.state.canResume)
        model.send(.playAgain)
        XCTAssertEqual(model.state.game?.plies, 0)
        XCTAssertEqual(model.state.game?.variant, .brandubh)
    }

    func testCapturesAreMarked() async {
        let model = GameModel(store: nil, texts: en)
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(["b4-b5", "e4-e3", "b5-c5", "c4-b4", "f4-f5", "b4-b3", "f5-e5"])
        let game = model.state.game!
        XCTAssertEqual(game.lastMove, "f5-e5xd5")
        XCTAssertEqual(game.squares.filter(\.captured).map(\.name), ["d5"])
        XCTAssertNil(game.square("d5")?.piece)
        XCTAssertEqual(game.square("d5")!.voiceOverLabel(en), "d5, empty, piece captured here")
    }

    func testUndoTwoPlayers() async {
        let model = GameModel(store: nil, texts: en)
        model.startGame(.tablut, vsComputer: false)
        let start = model.state.game!
        XCTAssertFalse(start.canUndo)
        model.send(.undo)   // nothing to take back: nothing happens
        XCTAssertEqual(model.state.game, start)
        model.play("d1-d3")
        model.tap("e3")     // a selection is dropped by undo
        XCTAssertTrue(model.state.game!.canUndo)
        model.send(.undo)
        XCTAssertEqual(model.state.game, start)
        XCTAssertEqual(model.turnBar?.key, .sideToMove(.attackers))
    }

    func testGameAgainstEachLevel() async {
        for level in [Level.easy, .normal, .hard] {
            let model = GameModel(store: nil, texts: en, thinkTimeMs: { _ in 20 })
            model.startGame(.brandubh, vsComputer: true, level: level, side: .defenders)
            // The attackers (the computer) open: it thinks at once, off the main actor.
            XCTAssertTrue(model.thinking, "\(level)")
            XCTAssertEqual(model.turnBar?.key, .thinking)
            XCTAssertEqual(model.turnBar?.text, "The computer is thinking…")
            model.tap("d3")   // no taps while the computer thinks
            XCTAssertNil(model.state.game?.selected)
            await model.computerIdle()
            XCTAssertFalse(model.thinking)
            XCTAssertEqual(model.state.game?.plies, 1, "\(level)")
            XCTAssertEqual(model.turnBar?.key, .yourMove(.defenders))
            XCTAssertEqual(model.turnBar?.text, "Your move (defenders)")
            for turn in 0..<3 where model.state.game?.over == false {
                model.playAnyMove()
                if model.state.game?.over == true { break }
                XCTAssertTrue(model.thinking)
                await model.computerIdle()
                XCTAssertEqual(model.state.game?.plies, 3 + 2 * turn, "\(level)")
            }
            // Undo goes back to the person's previous turn.
            let plies = model.state.game!.plies
            model.send(.undo)
            XCTAssertEqual(model.state.game?.plies, plies - 2)
            XCTAssertEqual(model.turnBar?.key, .yourMove(.defenders))
        }
    }

    func testCancellingTheComputersTaskCancelsTheCore() async {
        // A 60-second think: only cancellation can end it quickly.
        let model = GameModel(store: nil, texts: en, thinkTimeMs: { _ in 60_000 })
        model.startGame(.copenhagen, vsComputer: true, level: .hard, side: .defenders)
        XCTAssertTrue(model.thinking)
        try? await Task.sleep(nanoseconds: 200_000_000)
        var t0 = Date()
        model.send(.back)                       // leaving the game cancels the task
        XCTAssertFalse(model.thinking)
        await model.computerIdle()              // the core's search has returned
        XCTAssertLessThan(Date().timeIntervalSince(t0), 5)
        XCTAssertEqual(model.state.game?.plies, 0, "nothing was played")
        XCTAssertTrue(model.state.canResume)

        model.send(.resume)                     // the computer starts again
        XCTAssertTrue(model.thinking)
        try? await Task.sleep(nanoseconds: 200_000_000)
        t0 = Date()
        model.close()                           // the app goes away
        await model.computerIdle()
        XCTAssertLessThan(Date().timeIntervalSince(t0), 5)
        XCTAssertEqual(model.state.game?.plies, 0)

        // Undo while the computer thinks about its reply: back to the person's turn.
        let quick = GameModel(store: nil, texts: en, thinkTimeMs: { level in level == .easy ? 10 : 60_000 })
        quick.startGame(.brandubh, vsComputer: true, level: .hard, side: .attackers)
        XCTAssertFalse(quick.thinking)
        quick.play("a4-a3")
        XCTAssertTrue(quick.thinking)
        try? await Task.sleep(nanoseconds: 200_000_000)
        t0 = Date()
        quick.send(.undo)
        XCTAssertFalse(quick.thinking)
        await quick.computerIdle()
        XCTAssertLessThan(Date().timeIntervalSince(t0), 5)
        XCTAssertEqual(quick.state.game?.plies, 0)
        XCTAssertEqual(quick.turnBar?.key, .yourMove(.attackers))

        // Resigning while it thinks.
        quick.play("a4-a3")
        quick.send(.resign)
        await quick.computerIdle()
        XCTAssertEqual(quick.turnBar?.key, .won(viewpoint: .computer, winner: .defenders, reason: .resignation))
        XCTAssertEqual(quick.state.game?.plies, 1)
    }

    func testBackgroundStopsTheComputerAndForegroundRestartsIt() async {
        // The first search thinks for a minute: only going to the background can end it soon.
        let thinkTime = ThinkTime(ms: 60_000)
        let model = GameModel(store: nil, texts: en, thinkTimeMs: { _ in thinkTime.ms })
        model.startGame(.brandubh, vsComputer: true, level: .hard, side: .defenders)
        XCTAssertTrue(model.thinking)
        try? await Task.sleep(nanoseconds: 200_000_000)
        var before = model.state.game!
        let t0 = Date()
        model.send(.appBackgrounded)
        XCTAssertFalse(model.thinking)
        await model.computerIdle()              // the core's search has returned
        XCTAssertLessThan(Date().timeIntervalSince(t0), 5)
        // The game stays on screen, unchanged: nothing was played.
        XCTAssertEqual(model.state.screen, .game)
        before.thinking = false
        XCTAssertEqual(model.state.game, before)
        XCTAssertEqual(model.state.game?.plies, 0)
        XCTAssertEqual(model.turnBar?.key, .computerToMove(.attackers))

        // Back in front: the computer thinks again, and this time its move lands.
        thinkTime.ms = 20
        model.send(.appForegrounded)
        XCTAssertEqual(model.state.screen, .game)
        XCTAssertTrue(model.thinking)
        XCTAssertEqual(model.turnBar?.key, .thinking)
        await model.computerIdle()
        XCTAssertFalse(model.thinking)
        XCTAssertEqual(model.state.game?.plies, 1)
        XCTAssertEqual(model.turnBar?.key, .yourMove(.defenders))
    }

    func testBackgroundKeepsAGameOnScreenAsItWas() async {
        // Two players: nothing thinks; locking the phone must not end the game on screen.
        let model = GameModel(store: nil, texts: en)
        model.startGame(.tablut, vsComputer: false)
        model.play("d1-d3")
        model.tap("e3")
        let before = model.state
        model.send(.appBackgrounded)
        XCTAssertEqual(model.state, before)
        model.send(.appForegrounded)
        XCTAssertEqual(model.state, before)
        XCTAssertEqual(model.state.game?.selected, Sq("e3"), "the selection survives")

        // In the background nothing starts the computer, not even its turn coming up.
        let vsComputer = GameModel(store: nil, texts: en, thinkTimeMs: { _ in 20 })
        vsComputer.startGame(.brandubh, vsComputer: true, level: .easy, side: .attackers)
        vsComputer.send(.appBackgrounded)
        vsComputer.send(.appBackgrounded)
        vsComputer.play("a4-a3")
        XCTAssertFalse(vsComputer.thinking)
        await vsComputer.computerIdle()
        XCTAssertEqual(vsComputer.state.game?.plies, 1)
        vsComputer.send(.appForegrounded)
        XCTAssertTrue(vsComputer.thinking)
        await vsComputer.computerIdle()
        XCTAssertEqual(vsComputer.state.game?.plies, 2)
    }

    func testComputerMoveHelperIsCancelledWithItsTask() async throws {
        let session = try GameSession.newGame(variant: .copenhagen, mode: .vsComputer(level: .hard, human: .defenders),
                                              exitForts: true, store: nil)
        let task = Task.detached { await ComputerPlayer.move(session, timeLimitMs: 60_000) }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        let r = await task.value
        XCTAssertEqual(r, .cancelled)
        XCTAssertEqual(session.snapshot().plies, 0)
    }

    func testResumeAfterRestart() async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try AppPaths.databaseURL(base: dir).path
        XCTAssertTrue(path.hasSuffix("Hnefi/hnefi.sqlite"))

        var model: GameModel? = GameModel(store: try TaflStore.open(path: path), texts: en)
        model!.startGame(.brandubh, vsComputer: false)
        model!.playAll(["a4-a3", "e4-e3", "a3-a2"])
        let before = model!.state.game!
        model!.close()
        model = nil

        // The app starts again: a new store object, a new model.
        let again = GameModel(store: try TaflStore.open(path: path), texts: en)
        XCTAssertEqual(again.state.screen, .start)
        XCTAssertTrue(again.state.canResume)
        XCTAssertEqual(again.state.setup, Setup(variant: .brandubh, vsComputer: false, level: .easy, side: .defenders),
                       "the last choices are remembered")
        again.send(.resume)
        XCTAssertEqual(again.state.screen, .game)
        let after = again.state.game!
        XCTAssertEqual(after.plies, 3)
        XCTAssertEqual(after.squares.map(\.piece), before.squares.map(\.piece))
        XCTAssertEqual(after.lastMove, "a3-a2")
        XCTAssertEqual(again.turnBar?.key, .sideToMove(.defenders))
        again.play("d4-e4")

        // A new game asks first, because one is unfinished.
        again.send(.back)
        again.send(.newGame)
        XCTAssertTrue(again.state.confirmNewGame)
        again.send(.cancelNewGame)
        XCTAssertFalse(again.state.confirmNewGame)
        XCTAssertTrue(again.state.canResume)
    }

    func testResumeAgainstTheComputerWhenItIsToMove() async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("db.sqlite").path
        let first = GameModel(store: try TaflStore.open(path: path), texts: en, thinkTimeMs: { _ in 60_000 })
        first.startGame(.tablut, vsComputer: true, level: .normal, side: .defenders)
        XCTAssertTrue(first.thinking)
        first.close()
        await first.computerIdle()

        let second = GameModel(store: try TaflStore.open(path: path), texts: en, thinkTimeMs: { _ in 20 })
        XCTAssertTrue(second.state.canResume)
        second.send(.resume)
        XCTAssertTrue(second.thinking, "the computer picks up its turn")
        await second.computerIdle()
        XCTAssertEqual(second.state.game?.plies, 1)
        XCTAssertEqual(second.turnBar?.key, .yourMove(.defenders))
    }

    func testRecordsPerLevelAndSide() async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = GameModel(store: try TaflStore.open(path: dir.appendingPathComponent("r.sqlite").path), texts: en,
                              thinkTimeMs: { _ in 10 })
        XCTAssertEqual(model.state.records.count, 6)
        model.startGame(.brandubh, vsComputer: true, level: .hard, side: .attackers)
        model.play("a4-a3")
        await model.computerIdle()
        model.send(.resign)
        XCTAssertEqual(model.turnBar?.text, "The computer wins: the attackers gave up")
        model.send(.showRecords)
        XCTAssertEqual(model.state.screen, .records)
        let row = model.state.records.first { $0.level == .hard && $0.side == .attackers }
        XCTAssertEqual(row?.losses, 1)
        XCTAssertEqual(model.state.records.map { $0.wins + $0.losses + $0.draws }.reduce(0, +), 1)
        model.send(.showRules(.tablut))
        XCTAssertEqual(model.state.screen, .rules)
        XCTAssertEqual(model.state.rulesVariant, .tablut)
        model.send(.back)
        XCTAssertEqual(model.state.screen, .start)
    }

    func testDamagedDatabaseIsReported() async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bad.sqlite")
        try Data(repeating: 0x5A, count: 10_000).write(to: url)
        let model = GameModel(store: try TaflStore.open(path: url.path), texts: en)
        XCTAssertEqual(model.state.notice, .dataReset)
        model.send(.dismissNotice)
        XCTAssertNil(model.state.notice)
        XCTAssertFalse(model.state.canResume)
    }

    func testSettingsAreRemembered() async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.sqlite").path
        let store = try TaflStore.open(path: path)
        let stored = try store.settings()
        let model = GameModel(store: store, texts: en)
        XCTAssertEqual(model.state.setup, Setup(variant: stored.lastVariant, vsComputer: stored.lastModeVsComputer,
                                                level: stored.lastLevel, side: stored.lastSide))
        XCTAssertFalse(model.state.colourBlindPalette)
        model.send(.setColourBlindPalette(true))
        model.send(.chooseVariant(.tablut))
        model.send(.chooseLevel(.hard))
        model.send(.chooseSide(.attackers))
        model.send(.newGame)
        model.close()
        let again = GameModel(store: try TaflStore.open(path: path), texts: en)
        XCTAssertTrue(again.state.colourBlindPalette)
        XCTAssertEqual(again.state.setup, Setup(variant: .tablut, vsComputer: true, level: .hard, side: .attackers))
    }

    func testControlsWriteThroughEvents() async {
        let model = GameModel(store: nil, texts: en)
        model.setupVariant = .brandubh
        model.setupVsComputer = false
        model.setupLevel = .hard
        model.setupSide = .attackers
        XCTAssertEqual(model.state.setup, Setup(variant: .brandubh, vsComputer: false, level: .hard, side: .attackers))
        model.colourBlindPalette = true
        XCTAssertTrue(model.state.colourBlindPalette)
        model.rulesVariant = .tablut
        XCTAssertEqual(model.state.screen, .rules)
        XCTAssertEqual(model.state.rulesVariant, .tablut)
        model.send(.back)
        model.send(.newGame)
        model.play("a4-a3")
        model.send(.back)
        model.send(.newGame)
        XCTAssertTrue(model.confirmNewGameShown)
        model.confirmNewGameShown = false
        XCTAssertFalse(model.state.confirmNewGame)
        XCTAssertFalse(model.noticeShown)
    }

    func testTheStateIsObservable() async {
        let model = GameModel(store: nil, texts: en)
        let changed = Flag()
        withObservationTracking {
            _ = model.state
        } onChange: {
            changed.set()
        }
        model.send(.chooseVariant(.tablut))
        XCTAssertTrue(changed.value)
    }
}

/// A thinking time a test changes halfway through a game.
final class ThinkTime {
    var ms: UInt32
    init(ms: UInt32) { self.ms = ms }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var v = false
    func set() { lock.lock(); v = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return v }
}
