import Foundation
import HnefiModel
import Observation
import TaflCore
import XCTest

/// The app's model over the real core: playing, the computer, undo, resignation, the store.
/// Main-actor tests are `async` so that XCTest on Linux runs them on the main actor.
@MainActor
// @unchecked Sendable: XCTest on Linux hands the test case to the main actor (test glue).
final class GameModelTests: XCTestCase, @unchecked Sendable {

    func testFullTwoPlayerGameByTapping() async {
        let model = await makeModel()
        XCTAssertTrue(model.state.ready)
        XCTAssertEqual(model.state.screen, .start)
        XCTAssertFalse(model.state.canResume)
        model.startGame(.brandubh, vsComputer: false)
        XCTAssertEqual(model.state.screen, .game)
        var game = model.game!
        XCTAssertEqual(game.board.size, 7)
        XCTAssertEqual(game.board.rows.first?.map(\.name), ["a7", "b7", "c7", "d7", "e7", "f7", "g7"])
        XCTAssertEqual(game.turnBar, "Attackers to move")
        XCTAssertFalse(game.canUndo)

        // Selecting shows the core's targets; tapping the piece again puts it down.
        model.tap("a4")
        game = model.game!
        XCTAssertEqual(game.selected, Sq("a4"))
        XCTAssertEqual(Set(game.board.squares.filter(\.target).map(\.name)), ["a2", "a3", "a5", "a6"])
        model.tap("a4")
        XCTAssertNil(model.game?.selected)
        XCTAssertTrue(model.game!.board.squares.allSatisfy { !$0.target })
        // A tap on an empty square that is not a target puts the piece down and plays nothing.
        model.tap("a4")
        model.tap("b5")
        XCTAssertNil(model.game?.selected)
        XCTAssertEqual(model.game?.plies, 0)

        for (i, m) in kingEscapes.enumerated() {
            model.play(m)
            game = model.game!
            let p = m.split(separator: "-").map(String.init)
            XCTAssertEqual(game.square(p[0])?.lastMoveFrom, true)
            XCTAssertEqual(game.square(p[1])?.lastMoveTo, true)
            if i == 5 {
                XCTAssertEqual(game.square("g7")?.kingOpenLine, true)
                XCTAssertEqual(model.state.infoLines.first { $0.kind == .openLines }?.text,
                               "The king has a free path to a corner.")
            }
        }
        game = model.game!
        XCTAssertTrue(game.over)
        XCTAssertEqual(game.turnBar, "The defenders win: the king escaped")
        XCTAssertTrue(game.canUndo, "a game that ended on the board can be taken back")
        XCTAssertNil(model.state.infoLines.first { $0.kind == .openLines })
        // Leaving: nothing to resume; play again starts the same setup.
        model.send(.back)
        XCTAssertEqual(model.state.screen, .start)
        XCTAssertFalse(model.state.canResume)
        model.send(.playAgain)
        XCTAssertEqual(model.game?.plies, 0)
        XCTAssertEqual(model.game?.variant, .brandubh)
    }

    func testCapturesAreMarkedExplainedAndAnnounced() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(captureOnD5)
        let game = model.game!
        XCTAssertEqual(game.snapshot.lastMove?.notation, "f5-e5xd5")
        XCTAssertEqual(game.board.squares.filter(\.captured).map(\.name), ["d5"])
        XCTAssertNil(game.square("d5")?.piece)
        XCTAssertEqual(game.square("d5")?.label, "d5, empty, captured here")
        // How it was taken: shown for a moment, and in the announcement.
        let explanation = "d5: taken between two enemies."
        XCTAssertEqual(game.texts.captures, [explanation])
        XCTAssertEqual(model.state.message?.text, explanation)
        XCTAssertEqual(model.state.infoLines.first?.kind, .message)
        XCTAssertEqual(model.state.event?.kind, .moved)
        XCTAssertTrue(model.state.event?.announcement?.contains(explanation) == true)
        XCTAssertEqual(model.state.event?.haptic, .capture)
        XCTAssertEqual(model.state.event?.sound, .capture)
        // The views let the message go after a while; an older id changes nothing.
        let id = model.state.message!.id
        model.send(.messageExpired(id - 1))
        XCTAssertNotNil(model.state.message)
        model.send(.messageExpired(id))
        XCTAssertNil(model.state.message)
    }

    func testRefusedSelectionsSayWhy() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        model.tap("d3")   // a defender, on the attackers' turn
        XCTAssertNil(model.game?.selected)
        XCTAssertEqual(model.state.message?.text, "That piece belongs to the defenders.")
        XCTAssertEqual(model.state.event?.kind, .refused)
        XCTAssertEqual(model.state.event?.announcement, "That piece belongs to the defenders.")
        XCTAssertNil(model.state.event?.haptic)
        model.tap("c3")
        XCTAssertEqual(model.state.message?.text, "There is no piece there.")
        model.playAll(kingCaptured)
        model.tap("a2")
        XCTAssertEqual(model.state.message?.text, "The game is over.")

        let vsComputer = await makeModel(thinkMs: 60_000)
        vsComputer.startGame(.brandubh, vsComputer: true, level: .hard, side: .defenders)
        try? await Task.sleep(nanoseconds: 100_000_000)
        vsComputer.tap("d3")
        XCTAssertEqual(vsComputer.state.message?.text, "Wait: the computer is thinking.")
        vsComputer.close()
        await vsComputer.settled()
    }

    func testDragAndDrop() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        // A drag from a piece that may move picks it up and shows its targets.
        model.send(.dragStarted(Sq("a4")!))
        XCTAssertEqual(model.game?.selected, Sq("a4"))
        XCTAssertEqual(model.game?.square("a3")?.target, true)
        // Let go over a square that is not a target: it goes back, still picked up.
        model.send(.dropped(from: Sq("a4")!, on: Sq("b5")!))
        XCTAssertEqual(model.game?.plies, 0)
        XCTAssertEqual(model.game?.square("a4")?.piece, .attacker)
        // Let go off the board: the same.
        model.send(.dropped(from: Sq("a4")!, on: nil))
        XCTAssertEqual(model.game?.plies, 0)
        // Over a target: the move is played, with its event.
        model.send(.dropped(from: Sq("a4")!, on: Sq("a3")!))
        XCTAssertEqual(model.game?.snapshot.lastMove?.notation, "a4-a3")
        XCTAssertEqual(model.state.event?.kind, .moved)
        XCTAssertNil(model.game?.selected)
        // A drag from a piece that may not move is refused, and its drop plays nothing.
        model.send(.dragStarted(Sq("b4")!))
        XCTAssertNil(model.game?.selected)
        XCTAssertEqual(model.state.event?.kind, .refused)
        model.send(.dropped(from: Sq("b4")!, on: Sq("b5")!))
        XCTAssertEqual(model.game?.plies, 1)
    }

    func testUndoEnabledStateAndTwoPlayerUndo() async {
        let model = await makeModel()
        model.startGame(.tablut, vsComputer: false)
        let start = model.game!
        XCTAssertFalse(start.canUndo)
        model.send(.undo)   // nothing to take back: nothing happens
        XCTAssertEqual(model.game, start)
        XCTAssertNil(model.state.event)
        model.play("d1-d3")
        XCTAssertTrue(model.game!.canUndo)
        model.tap("e3")     // a selection is dropped by undo
        model.send(.undo)
        XCTAssertEqual(model.game?.board, start.board)
        XCTAssertFalse(model.game!.canUndo)
        XCTAssertEqual(model.state.event?.kind, .undone)
        XCTAssertEqual(model.state.event?.announcement, "Attackers to move")
        XCTAssertEqual(model.state.event?.motion?.steps.map { "\($0.from)-\($0.to)" }, ["d3-d1"])
    }

    func testUndoAfterTheGameEndedOnTheBoard() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(kingCaptured)
        XCTAssertTrue(model.game!.over)
        XCTAssertTrue(model.game!.canUndo)
        model.send(.undo)
        XCTAssertFalse(model.game!.over)
        XCTAssertEqual(model.game?.plies, kingCaptured.count - 1)
        XCTAssertEqual(model.game?.turnBar, "Attackers to move")
    }

    func testResignAsksFirst() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        model.play("a4-a3")
        model.send(.resign)
        XCTAssertTrue(model.state.confirmResign)
        XCTAssertTrue(model.confirmResignShown)
        XCTAssertEqual(model.game?.texts.resignQuestion, "The defenders give up, and the other side wins.")
        XCTAssertFalse(model.game!.over, "nothing happens before the answer")
        model.confirmResignShown = false   // the dialog was dismissed
        XCTAssertFalse(model.state.confirmResign)
        XCTAssertFalse(model.game!.over)
        model.send(.resign)
        model.send(.confirmResign)
        XCTAssertFalse(model.state.confirmResign)
        XCTAssertTrue(model.game!.over)
        XCTAssertEqual(model.game?.turnBar, "The attackers win: the defenders resigned")
        XCTAssertEqual(model.state.event?.kind, .resigned)
        XCTAssertEqual(model.state.event?.announcement, "The attackers win: the defenders resigned")
        XCTAssertFalse(model.game!.canUndo, "a resignation cannot be taken back")
        // A finished game asks nothing.
        model.send(.resign)
        XCTAssertFalse(model.state.confirmResign)
    }

    func testGameAgainstEachLevel() async {
        for level in Level.all {
            let model = await makeModel(thinkMs: 20)
            model.startGame(.brandubh, vsComputer: true, level: level, side: .defenders)
            // The attackers (the computer) open: it thinks at once, off the main actor.
            XCTAssertTrue(model.thinking, "\(level)")
            XCTAssertEqual(model.game?.turnBar, "The computer is thinking…")
            XCTAssertFalse(model.game!.canHint)
            await model.settled()
            XCTAssertFalse(model.thinking)
            XCTAssertEqual(model.game?.plies, 1, "\(level)")
            XCTAssertEqual(model.game?.turnBar, "Your move (defenders)")
            // The computer's move is said in words, animated and announced.
            let event = model.state.event!
            XCTAssertEqual(event.kind, .computerMoved)
            XCTAssertEqual(event.motion?.steps.count, 1)
            XCTAssertTrue(model.game!.texts.lastMove!.hasPrefix("Computer: "), model.game!.texts.lastMove!)
            XCTAssertTrue(event.announcement!.hasPrefix("Computer: attacker from "), event.announcement!)
            for turn in 0..<2 where model.game?.over == false {
                model.playAnyMove()
                if model.game?.over == true { break }
                XCTAssertTrue(model.thinking)
                await model.settled()
                XCTAssertEqual(model.game?.plies, 3 + 2 * turn, "\(level)")
            }
            // Undo goes back to the person's previous turn: two moves, played backwards.
            let plies = model.game!.plies
            model.send(.undo)
            XCTAssertEqual(model.game?.plies, plies - 2)
            XCTAssertEqual(model.game?.turnBar, "Your move (defenders)")
            XCTAssertEqual(model.state.event?.motion?.steps.count, 2)
        }
    }

    func testUndoWhileTheComputerThinksCancelsIt() async {
        let model = await makeModel(thinkMs: 60_000)
        model.startGame(.brandubh, vsComputer: true, level: .hard, side: .attackers)
        XCTAssertFalse(model.thinking)
        XCTAssertFalse(model.game!.canUndo)
        model.play("a4-a3")
        XCTAssertTrue(model.thinking)
        XCTAssertTrue(model.game!.canUndo, "undo stays enabled while the computer thinks")
        try? await Task.sleep(nanoseconds: 200_000_000)
        let t0 = Date()
        model.send(.undo)
        XCTAssertFalse(model.thinking)
        await model.settled()
        XCTAssertLessThan(Date().timeIntervalSince(t0), 5)
        XCTAssertEqual(model.game?.plies, 0)
        XCTAssertEqual(model.game?.turnBar, "Your move (attackers)")

        // Resigning while it thinks.
        model.play("a4-a3")
        model.send(.resign)
        model.send(.confirmResign)
        await model.settled()
        XCTAssertEqual(model.game?.turnBar, "The computer wins: the attackers resigned")
        XCTAssertEqual(model.game?.plies, 1)
        XCTAssertEqual(model.state.event?.haptic, .loss)
    }

    func testLeavingCancelsTheComputerAndResumeRestartsIt() async {
        // A 60-second think: only cancellation can end it quickly.
        let model = await makeModel(thinkMs: 60_000)
        model.startGame(.copenhagen, vsComputer: true, level: .hard, side: .defenders)
        XCTAssertTrue(model.thinking)
        try? await Task.sleep(nanoseconds: 200_000_000)
        let t0 = Date()
        model.send(.back)
        XCTAssertFalse(model.thinking)
        await model.settled()
        XCTAssertLessThan(Date().timeIntervalSince(t0), 5)
        XCTAssertEqual(model.game?.plies, 0, "nothing was played")
        XCTAssertTrue(model.state.canResume)
        model.send(.resume)
        XCTAssertTrue(model.thinking)
        model.close()
        await model.settled()
        XCTAssertEqual(model.game?.plies, 0)
    }

    func testBackgroundStopsTheComputerAndForegroundRestartsIt() async {
        let thinkTime = ThinkTime(ms: 60_000)
        let model = GameModel(store: nil, languages: english, thinkTimeMs: { _ in thinkTime.ms })
        model.startGame(.brandubh, vsComputer: true, level: .hard, side: .defenders)
        XCTAssertTrue(model.thinking)
        try? await Task.sleep(nanoseconds: 200_000_000)
        let t0 = Date()
        model.send(.appBackgrounded)
        XCTAssertFalse(model.thinking)
        await model.settled()
        XCTAssertLessThan(Date().timeIntervalSince(t0), 5)
        // The game stays on screen, unchanged, and the turn bar no longer says it thinks.
        XCTAssertEqual(model.state.screen, .game)
        XCTAssertEqual(model.game?.plies, 0)
        XCTAssertEqual(model.game?.turnBar, "Computer's move (attackers)")

        thinkTime.ms = 20
        model.send(.appForegrounded)
        XCTAssertTrue(model.thinking)
        await model.settled()
        XCTAssertEqual(model.game?.plies, 1)
        XCTAssertEqual(model.game?.turnBar, "Your move (defenders)")
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

        let firstStore = try TaflStore.open(path: path)
        let first = await makeModel(store: firstStore)
        first.startGame(.brandubh, vsComputer: false)
        first.playAll(["a4-a3", "e4-e3", "a3-a2"])
        let before = first.game!
        first.close()
        firstStore.flush()   // as the app does when it goes to the background

        // The app starts again: a new store object, a new model, read off the main actor.
        let again = GameModel(openStore: { try TaflStore.open(path: path) }, languages: english)
        XCTAssertFalse(again.state.ready)
        await again.settled()
        XCTAssertTrue(again.state.ready)
        XCTAssertTrue(again.state.canResume)
        XCTAssertEqual(again.state.setup, Setup(variant: .brandubh, vsComputer: false, level: .easy, side: .defenders),
                       "the last choices are remembered")
        again.send(.resume)
        await again.settled()
        XCTAssertEqual(again.state.screen, .game)
        XCTAssertEqual(again.game?.board.squares.map(\.piece), before.board.squares.map(\.piece))
        XCTAssertEqual(again.game?.snapshot.lastMove?.notation, "a3-a2")
        XCTAssertEqual(again.game?.turnBar, "Defenders to move")
        again.play("d4-e4")

        // A new game asks first, because one is unfinished.
        again.send(.back)
        again.send(.newGame)
        XCTAssertTrue(again.state.confirmNewGame)
        again.confirmNewGameShown = false
        XCTAssertFalse(again.state.confirmNewGame)
        XCTAssertTrue(again.state.canResume)
    }

    func testRecordsAndRules() async throws {
        let (store, _) = try tempStore(self)
        let model = await makeModel(store: store, thinkMs: 10)
        model.startGame(.brandubh, vsComputer: true, level: .hard, side: .attackers)
        model.play("a4-a3")
        await model.settled()
        model.send(.resign)
        model.send(.confirmResign)
        model.send(.back)
        model.send(.showRecords)
        XCTAssertEqual(model.state.screen, .records)
        await model.settled()
        XCTAssertEqual(model.state.records.count, 6)
        let row = model.state.records.first { $0.level == .hard && $0.side == .attackers }
        XCTAssertEqual(row?.losses, 1)
        XCTAssertEqual(row?.title, "Hard, playing the attackers")
        XCTAssertEqual(model.state.records.map { $0.wins + $0.losses + $0.draws }.reduce(0, +), 1)

        model.send(.showRules(.tablut))
        XCTAssertEqual(model.state.screen, .rules)
        XCTAssertEqual(model.state.rules.variant, .tablut)
        // The rules come from the core, with the numbers of the variant data, and say how
        // hints count.
        let core = coreTexts(.english)
        XCTAssertEqual(model.state.rules.paragraphs, core.rules(variant: .tablut, exitForts: true))
        XCTAssertTrue(model.state.rules.paragraphs.joined().contains("9 by 9"))
        model.rulesVariant = .brandubh
        XCTAssertTrue(model.state.rules.paragraphs.joined().contains("7 by 7"))
        model.send(.back)
        XCTAssertEqual(model.state.screen, .start)
    }

    func testDamagedDatabaseIsReported() async throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bad.sqlite")
        try Data(repeating: 0x5A, count: 10_000).write(to: url)
        let model = GameModel(openStore: { try TaflStore.open(path: url.path) }, languages: english)
        await model.settled()
        XCTAssertEqual(model.state.notice, .dataReset)
        model.noticeShown = false
        XCTAssertNil(model.state.notice)
        XCTAssertFalse(model.state.canResume)

        // A database that cannot be opened at all: the app runs in memory and says so.
        let none = GameModel(openStore: { throw TaflError.NotFound(message: "gone") }, languages: english)
        await none.settled()
        XCTAssertTrue(none.state.ready)
        XCTAssertEqual(none.state.notice, .storageFailed)
        none.startGame(.brandubh, vsComputer: false)
        none.play("a4-a3")
    }

    func testSettingsAreRemembered() async throws {
        let (store, path) = try tempStore(self)
        let stored = try store.settings()
        let model = await makeModel(store: store)
        XCTAssertEqual(model.state.setup, Setup(stored))
        XCTAssertEqual(model.state.prefs, Prefs(stored))
        // Sounds and haptics start on; the colour-blind palette and threats off.
        XCTAssertTrue(model.sound)
        XCTAssertTrue(model.haptics)
        XCTAssertFalse(model.colourBlindPalette)
        XCTAssertFalse(model.showThreats)
        model.sound = false
        model.haptics = false
        model.colourBlindPalette = true
        model.showThreats = true
        XCTAssertEqual(model.looks, Looks(colourBlind: true))
        XCTAssertEqual(model.looks.light, look(theme: .light, colourBlind: true))
        model.setupVariant = .tablut
        model.setupLevel = .hard
        model.setupSide = .attackers
        model.send(.newGame)
        model.close()
        store.flush()   // as the app does when it goes to the background

        let again = await makeModel(store: try TaflStore.open(path: path))
        XCTAssertFalse(again.sound)
        XCTAssertFalse(again.haptics)
        XCTAssertTrue(again.colourBlindPalette)
        XCTAssertTrue(again.showThreats)
        XCTAssertEqual(again.state.setup, Setup(variant: .tablut, vsComputer: true, level: .hard, side: .attackers))
    }

    func testTheStateIsObservable() async {
        let model = await makeModel()
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
