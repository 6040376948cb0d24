import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The model against the real core: frames, effects, lifecycle, the system's changes, the
/// flash's time, the saved state.
@MainActor
final class ModelTests: XCTestCase, @unchecked Sendable {
    func startGame(_ model: AppModel, _ variant: Variant = .brandubh, vsComputer: Bool = false) {
        model.send(.chooseVariant(variant: variant))
        model.send(.chooseOpponent(vsComputer: vsComputer))
        model.send(.newGame)
    }

    /// The piece on a square of the game screen's board, if any.
    func piece(_ model: AppModel, _ name: String) -> Piece? {
        model.game?.board.plan.pieces.first { $0.square == square(name) }?.piece
    }

    /// The game screen's info lines of one kind.
    func lines(_ model: AppModel, _ kind: InfoKind) -> [String] {
        (model.game?.info ?? []).filter { $0.kind == kind }.map(\.text)
    }

    /// A move in notation ("d3-e3") played as VoiceOver plays it, its square activated and
    /// then its target, and the work it starts settled.
    func move(_ model: AppModel, _ m: String) async throws {
        let ends = m.split(separator: "-").map(String.init)
        model.activate(ends[0])
        model.activate(ends[1])
        try await model.settle()
    }

    /// A drag step and a pinch step on 19x19 reach the model as patches of the board (a few
    /// bytes, not the 361 squares again): the model applies them to the frame it shows, so
    /// that the lifted piece follows the finger and the window the fingers, while the rest of
    /// the frame (the move list, the lines under the board, the squares) stays as it was.
    func testDragAndPinchStepsOnNineteenArePatchesTheModelApplies() async throws {
        let (model, _) = try await makeModel()
        startGame(model, .aleaEvangelii)
        let start = try XCTUnwrap(model.game)
        XCTAssertEqual(start.board.squares.count, 361)
        // The first piece a drag lifts belongs to the side to move.
        var lifted: PlacedPiece?
        for p in start.board.plan.pieces {
            model.send(.touch(phase: .dragStart, at: p.at))
            if model.game?.board.plan.lifted != nil { lifted = p; break }
            model.send(.touch(phase: .dragCancel, at: p.at))
        }
        let piece = try XCTUnwrap(lifted, "a piece to lift")
        let up = try XCTUnwrap(model.game)
        for i in 1...8 {
            let at = Point(x: piece.at.x + Float(i) * 0.4, y: piece.at.y - Float(i) * 0.25)
            let revision = model.frame.revision
            model.send(.touch(phase: .dragMove, at: at))
            let now = try XCTUnwrap(model.game)
            XCTAssertEqual(model.frame.revision, revision + 1, "each step is the next revision")
            XCTAssertEqual(now.board.plan.lifted?.at, at, "the lifted piece follows the finger")
            XCTAssertEqual(now.moves, up.moves)
            XCTAssertEqual(now.info, up.info)
            XCTAssertEqual(now.board.squares, up.board.squares)
            XCTAssertEqual(now.board.plan.under, up.board.plan.under)
        }
        // Over the middle of the board, the square under the piece is framed.
        let middle = up.board.plan.extent / 2
        model.send(.touch(phase: .dragMove, at: Point(x: middle, y: middle)))
        XCTAssertEqual(model.game?.board.plan.drop.isEmpty, false, "the square under the piece is framed")
        model.send(.touch(phase: .dragCancel, at: piece.at))
        XCTAssertNil(model.game?.board.plan.lifted)
        XCTAssertEqual(model.game?.board.plan.drop, [])

        let extent = start.board.plan.extent
        model.send(.zoom(centre: Point(x: extent / 2, y: extent / 2), factor: 2, pan: Point(x: 0, y: 0)))
        let zoomed = try XCTUnwrap(model.game?.board.window)
        XCTAssertLessThan(zoomed.side, extent, "the pinch zoomed the board in")
        XCTAssertEqual(model.game?.moves, up.moves)
    }

    /// The tafl family's larger boards through the model, moves chosen as VoiceOver does: a
    /// capture on 13x13 and on 19x19 (the moves are checked by `tafl replay`; the Android
    /// suite's goldens play the same).
    func testThirteenAndNineteenBoardsArePlayedToACapture() async throws {
        let games: [(Variant, Int, [String], String)] = [
            (.hnefatafl13, 169, ["f13-f10", "d7-d3", "h13-h10"], "g10"),
            (.aleaEvangelii, 361, ["e13-e12", "o11-o12", "d10-e10"], "e11"),
        ]
        for (variant, squares, moves, taken) in games {
            let (model, _) = try await makeModel()
            startGame(model, variant)
            XCTAssertEqual(model.game?.board.squares.count, squares, "\(variant)")
            XCTAssertEqual(piece(model, taken), .defender, "\(variant)")
            for m in moves {
                try await move(model, m)
                let to = String(m.split(separator: "-")[1])
                XCTAssertNotNil(piece(model, to), "\(variant): \(m) was played")
            }
            XCTAssertNil(piece(model, taken), "\(variant): \(taken) was taken")
        }
    }

    /// A puzzle through the model: a wrong move refused with its refutation, the puzzle then
    /// solved, the rating moved once, and a new model over the same file (the app killed and
    /// started again) keeps it. A new player's first Brandubh puzzle is the shipped
    /// `brandubh:/3t3/5t1/1T5/t1K3t/3T3/1t1t1t1/2t4/:defenders` (the Android suite and the
    /// parity scenario `puzzle-wrong-then-solved` play the same).
    func testAPuzzleIsPlayedToItsEndAndTheRatingOutlivesTheApp() async throws {
        let database = try temporaryDatabase(self)
        let after: String
        do {
            let (model, _) = try await makeModel(testConfig(database: database))
            model.send(.chooseVariant(variant: .brandubh))
            model.send(.openPuzzle(daily: false))
            XCTAssertEqual(model.game?.turn.text, "Puzzle · Brandubh")
            XCTAssertEqual(lines(model, .rating), ["Puzzle rated 1370 · your rating 1500\u{00A0}±\u{00A0}350"])
            try await move(model, "d3-e3")
            XCTAssertEqual(lines(model, .wrong), ["d3-e3 does not force the win in time. After f6-b6 the win can no longer be forced in 2 moves."])
            XCTAssertEqual(piece(model, "d3"), .defender, "the refused move is not played")
            let missed = try XCTUnwrap(lines(model, .rating).last)
            XCTAssertTrue(missed.hasPrefix("Missed at the first try: your rating goes from 1500 to "), missed)
            after = String(missed.split(separator: " ").last!.dropLast())
            XCTAssertLessThan(Int(after)!, 1500)
            try await move(model, "c4-c7")
            XCTAssertEqual(piece(model, "b1"), .attacker, "the longest defence answered")
            try await move(model, "c7-a7")
            XCTAssertEqual(lines(model, .ending), ["Solved. The whole line: c4-c7 c1-b1 c7-a7"])
            XCTAssertTrue(model.game?.controls.contains { $0.id == "nextPuzzle" } ?? false)
            model.phase(.background)
            try await model.settle()
        }
        let (again, _) = try await makeModel(testConfig(database: database))
        again.send(.chooseVariant(variant: .brandubh))
        again.send(.openPuzzle(daily: false))
        let rating = try XCTUnwrap(lines(again, .rating).first)
        XCTAssertTrue(rating.contains("· your rating \(after)\u{00A0}±\u{00A0}"), rating)
    }

    func testAStreakSkipsOnceEndsAtAMissAndAStormRunsOnTicksUntilItsTimeIsUp() async throws {
        let database = try temporaryDatabase(self)
        func has(_ model: AppModel, _ id: String) -> Bool {
            model.game?.controls.contains { $0.id == id } ?? false
        }
        let (model, _) = try await makeModel(testConfig(database: database))
        model.send(.chooseVariant(variant: .brandubh))
        // The streak (games that do not vary: the run's puzzles are always the same).
        model.send(.startRun(run: .streak))
        XCTAssertEqual(model.game?.turn.text, "Puzzle streak · Brandubh")
        XCTAssertNil(model.frame.tickMs, "a streak is not timed")
        XCTAssertTrue(has(model, "skipPuzzle"))
        try await move(model, "a5-a7")
        XCTAssertEqual(lines(model, .run), ["Solved so far: 1. You may skip one puzzle.", "Solved."])
        model.send(.nextPuzzle)
        model.send(.skipPuzzle)
        XCTAssertFalse(has(model, "skipPuzzle"), "one skip")
        try await move(model, "g3-g2")
        XCTAssertEqual(lines(model, .ending), ["The run is over: 1 puzzle solved."])
        XCTAssertEqual(lines(model, .run), ["A new best: 1!"])
        XCTAssertTrue(has(model, "runAgain"))
        // The storm: its time is the shell's ticks.
        model.send(.startRun(run: .storm))
        XCTAssertEqual(model.frame.tickMs, 250)
        model.send(.tick(nowMs: 1_000))
        model.send(.tick(nowMs: 2_000))
        XCTAssertEqual(lines(model, .run).last, "2:59 left · 0 solved · 0 in a row")
        try await move(model, "a5-a7")
        XCTAssertEqual(lines(model, .run).first, "2:59 left · 1 solved · 1 in a row")
        var now: Int64 = 2_000
        for _ in 0..<18 {
            now += 10_000
            model.send(.tick(nowMs: now))
        }
        XCTAssertEqual(lines(model, .ending), ["Time is up.", "The run is over: 1 puzzle solved."])
        XCTAssertNil(model.frame.tickMs, "no clock runs once the time is up")
        model.send(.back)
        model.phase(.background)
        try await model.settle()
        let (again, _) = try await makeModel(testConfig(database: database))
        again.send(.open(screen: .records))
        try await again.settle()
        let captions = (again.page?.items ?? []).compactMap { item -> String? in
            if case let .caption(text) = item { return text }
            return nil
        }
        XCTAssertTrue(captions.contains("Best streak: 1 · best storm: 1"), "\(captions)")
    }

    func testButtonsAreForwardedAsTheyAreAndTheFrameIsNewAtOnce() async throws {
        let (model, _) = try await makeModel()
        let page = try XCTUnwrap(model.page)
        XCTAssertEqual(page.kind, .start)
        let start = try XCTUnwrap(page.items.lazy.compactMap { item -> ButtonView? in
            if case let .button(b) = item, b.primary { return b }
            return nil
        }.first)
        let before = model.frame.revision
        model.send(start.event)
        XCTAssertGreaterThan(model.frame.revision, before, "the frame of an event is taken before send returns")
        XCTAssertNotNil(model.game)
        XCTAssertTrue(model.frame.handlesBack)
        let menu = try XCTUnwrap(model.game?.controls.last)
        model.send(menu.event)
        XCTAssertEqual(model.page?.kind, .start)
    }

    func testEffectsArePlayedOnceInOrderWithTheirSpeechPriority() async throws {
        let (model, recorder) = try await makeModel()
        startGame(model)
        _ = recorder.take()
        model.activate("b4")
        model.activate("b3")
        let moved = recorder.take()
        XCTAssertEqual(Array(moved.prefix(2)), [.sound(feedback: .move), .haptic(feedback: .move)])
        XCTAssertEqual(moved.count, 3)
        XCTAssertEqual(recorder.priorities, [.low], "a move waits for the speech before it")
        // A refusal: the defenders' piece while the defenders... it is their turn now, so
        // the attackers' piece is refused, and said at once.
        model.activate("a4")
        let refused = recorder.take()
        XCTAssertEqual(refused.count, 1)
        guard case let .announce(text, assertive) = refused.first else { return XCTFail("\(refused)") }
        XCTAssertTrue(assertive)
        XCTAssertEqual(recorder.priorities.last, .high)
        XCTAssertEqual(model.game?.flash?.text, text)
        // Nothing is played twice: frames without effects play nothing.
        model.send(.themeChanged(dark: true))
        XCTAssertTrue(recorder.take().isEmpty)
    }

    func testTheComputersMoveComesFromTheCoresThreadsWithItsEffects() async throws {
        let (model, recorder) = try await makeModel()
        model.send(.chooseSide(side: .defenders))
        startGame(model, vsComputer: true)
        try await model.settle()
        XCTAssertEqual(model.game?.moves.rows.first?.cells.count, 1, "the computer opened as the attackers")
        let effects = recorder.take()
        XCTAssertTrue(effects.contains(.sound(feedback: .move)), "\(effects)")
        await model.settled()
        XCTAssertFalse(model.frame.busy)
    }

    func testLeavingTheScreenAsksForTimeStopsTheComputerAndKeepsTheState() async throws {
        // A pause before the computer thinks keeps it busy while the app goes away.
        let engine = EngineConfig(thinkMs: nil, thinkNodes: 2000, hintMs: nil, hintNodes: 4000, pauseMs: 60_000, threads: 1)
        let (model, recorder) = try await makeModel(testConfig(engine: engine))
        model.send(.chooseSide(side: .defenders))
        startGame(model, vsComputer: true)
        XCTAssertTrue(model.frame.busy)
        model.phase(.inactive)
        XCTAssertEqual(recorder.background, [], "inactive (Control Centre over the app) is no leaving")
        model.phase(.background)
        XCTAssertEqual(recorder.background, ["begin"])
        XCTAssertNotNil(model.savedState)
        model.phase(.background)
        XCTAssertEqual(recorder.background, ["begin"], "background twice: one background event")
        try await model.settle(seconds: 10)
        await Task.yield()
        try await Task.sleep(nanoseconds: 20_000_000)
        XCTAssertEqual(recorder.background, ["begin", "end"], "the time is given back once the core is done")
        XCTAssertEqual(model.game?.moves.rows.count, 0, "the computer waits")
        model.phase(.active)
        XCTAssertTrue(model.frame.busy, "back on screen, the computer goes on")
        model.phase(.active)
        XCTAssertEqual(recorder.background, ["begin", "end"])
    }

    func testTheSavedStateBringsTheScreenBack() async throws {
        let (model, _) = try await makeModel()
        model.send(.open(screen: .rules))
        model.phase(.background)
        let saved = try XCTUnwrap(model.savedState)
        let (again, _) = try await makeModel(testConfig(saved: saved))
        XCTAssertEqual(again.page?.kind, .rules)
    }

    /// The model sent to the background, and a new one made on the same database from the
    /// saved state it kept, as the system does after ending the app: the game screen the new
    /// one shows.
    private func comeBack(_ model: AppModel, database: String) async throws -> (AppModel, GameView) {
        model.phase(.background)
        await model.settled()
        let saved = try XCTUnwrap(model.savedState)
        let (again, _) = try await makeModel(testConfig(database: database, saved: saved))
        return (again, try XCTUnwrap(again.game, "a board again, not \(again.frame.screen)"))
    }

    /// What a game screen shows: its title, its lines, its buttons and its pieces.
    private func assertShowsTheSame(_ after: GameView, _ before: GameView, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(after.turn.text, before.turn.text, file: file, line: line)
        XCTAssertEqual(after.info, before.info, file: file, line: line)
        XCTAssertEqual(after.controls.map(\.id), before.controls.map(\.id), file: file, line: line)
        XCTAssertEqual(after.board.plan.pieces, before.board.plan.pieces, file: file, line: line)
    }

    /// A lesson on its step, solved before "Next step", comes back solved, and goes on.
    func testALessonStepComesBackFromTheSavedState() async throws {
        let db = try temporaryDatabase(self)
        let (model, _) = try await makeModel(testConfig(database: db))
        model.send(.openLesson(lesson: "copenhagen/moving"))
        try await move(model, "d1-d5")
        let solved = try XCTUnwrap(model.game)
        XCTAssertTrue(solved.controls.contains { $0.id == "nextStep" }, "step 1 solved")
        let (again, back) = try await comeBack(model, database: db)
        assertShowsTheSame(back, solved)
        again.send(.nextStep)
        XCTAssertTrue(again.game?.turn.text.contains("Step 2") == true, "\(String(describing: again.game?.turn.text))")
    }

    /// A puzzle refused once and then answered comes back with its moves, the defence's reply,
    /// and the rating's change (counted once), then is solved from there.
    func testAPuzzleInProgressComesBackWithItsRatingFromTheSavedState() async throws {
        let db = try temporaryDatabase(self)
        let (model, _) = try await makeModel(testConfig(database: db))
        model.send(.chooseVariant(variant: .brandubh))
        model.send(.openPuzzle(daily: false))
        // The first Brandubh puzzle (PuzzleTest on Android says which): d3-e3 is refuted.
        try await move(model, "d3-e3")
        let refused = try XCTUnwrap(model.game)
        XCTAssertEqual(refused.info.filter { $0.kind == .wrong }.count, 1)
        let (again, back) = try await comeBack(model, database: db)
        assertShowsTheSame(back, refused)
        try await move(again, "c4-c7")
        let answered = try XCTUnwrap(again.game)
        XCTAssertEqual(answered.info.filter { $0.kind == .lastMove }.map(\.text),
                       ["Your opponent answers c1-b1, the longest defence."])
        let (third, backAgain) = try await comeBack(again, database: db)
        assertShowsTheSame(backAgain, answered)
        try await move(third, "c7-a7")
        let done = try XCTUnwrap(third.game)
        XCTAssertTrue(done.controls.contains { $0.id == "nextPuzzle" })
        XCTAssertEqual(done.info.filter { $0.kind == .rating }.last, refused.info.filter { $0.kind == .rating }.last,
                       "the miss moved the rating once")
    }

    /// The published keep-awake is the frame's: off on the start page, on in a game in play,
    /// off again once the game is over and back on the pages.
    func testKeepAwakeFollowsTheFrame() async throws {
        let (model, _) = try await makeModel()
        XCTAssertFalse(model.keepAwake, "the start page lets the phone sleep")
        startGame(model)
        XCTAssertTrue(model.frame.keepAwake)
        XCTAssertTrue(model.keepAwake, "a game in play keeps it awake")
        model.send(.resign)
        let yes = try XCTUnwrap(model.game?.question?.confirm.event)
        model.send(yes)
        try await model.settle()
        XCTAssertNotNil(model.game, "the game over is still on screen")
        XCTAssertFalse(model.keepAwake, "a game over lets it sleep")
        model.send(.back)
        XCTAssertFalse(model.keepAwake)
        model.send(.openLesson(lesson: "copenhagen/moving"))
        XCTAssertTrue(model.keepAwake, "a lesson in play keeps it awake")
    }

    func testTheSystemsThemeAndLanguageReachTheCoreOnlyWhenTheyChange() async throws {
        let (model, _) = try await makeModel()
        let light = model.frame.look.chrome.background
        let revision = model.frame.revision
        model.system(dark: false, language: .english)
        XCTAssertEqual(model.frame.revision, revision, "nothing changed, nothing sent")
        model.system(dark: true, language: .german)
        XCTAssertNotEqual(model.frame.look.chrome.background, light)
        XCTAssertEqual(model.frame.language, .german)
        XCTAssertNotEqual(model.page?.title, nil)
        let german = model.frame.revision
        model.system(dark: true, language: .german)
        XCTAssertEqual(model.frame.revision, german)
    }

    func testTheFlashGoesAfterItsTime() async throws {
        let (model, _) = try await makeModel(flashSeconds: 0.05)
        startGame(model)
        model.activate("d4")
        let flash = try XCTUnwrap(model.game?.flash, "a defender on the attackers' turn is refused")
        let end = Date().addingTimeInterval(5)
        while model.game?.flash != nil, Date() < end {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertNil(model.game?.flash, "flash \(flash.id) expired")
    }

    func testAMotionStartsOnceForItsId() async throws {
        let (model, _) = try await makeModel()
        startGame(model)
        XCTAssertNil(model.motion)
        model.activate("b4")
        model.activate("b3")
        let motion = try XCTUnwrap(model.motion)
        XCTAssertEqual(model.game?.board.motion?.id, motion.id)
        // Later frames that still carry the move's motion do not start it again.
        model.activate("d5")
        model.send(.open(screen: .rules))
        model.send(.back)
        model.send(.resume)
        XCTAssertEqual(model.motion?.id, motion.id)
        XCTAssertEqual(model.motion?.start, motion.start)
    }
}
