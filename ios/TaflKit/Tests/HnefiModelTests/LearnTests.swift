import Foundation
import HnefiModel
import TaflCore
import XCTest

/// Hints, the history, the review with its analysis, sharing and importing.
@MainActor
// @unchecked Sendable: XCTest on Linux hands the test case to the main actor (test glue).
final class LearnTests: XCTestCase, @unchecked Sendable {

    func testHintIsShownOnTheBoardAndInWordsAndClearedByAMove() async {
        let model = await makeModel(hintMs: 50)
        model.startGame(.brandubh, vsComputer: false)
        XCTAssertTrue(model.game!.canHint)
        model.send(.hint)
        XCTAssertTrue(model.game!.hintPending)
        XCTAssertEqual(model.state.infoLines.first { $0.kind == .hintSearch }?.text, "Looking for a good move…")
        await model.settled()
        let game = model.game!
        XCTAssertFalse(game.hintPending)
        let hint = game.snapshot.hint!
        XCTAssertEqual(game.board.squares.filter(\.hintFrom).map(\.sq), [Sq(hint.from)])
        XCTAssertEqual(game.board.squares.filter(\.hintTo).map(\.sq), [Sq(hint.to)])
        XCTAssertEqual(model.state.infoLines.first { $0.kind == .hint }?.text, "Hint: \(hint.notation)")
        XCTAssertEqual(model.state.event?.kind, .hintFound)
        XCTAssertEqual(model.state.event?.announcement, game.texts.hintAnnouncement)
        XCTAssertTrue(game.texts.hintAnnouncement!.hasPrefix("Hint: move the attacker from "))
        XCTAssertEqual(game.texts.hintsUsed, "1 hint used")
        // Playing the hinted move clears it.
        model.tap(game.board.squares.first(where: \.hintFrom)!.name)
        model.tap(game.board.squares.first(where: \.hintTo)!.name)
        XCTAssertEqual(model.game?.plies, 1)
        XCTAssertNil(model.game?.snapshot.hint)
        XCTAssertTrue(model.game!.board.squares.allSatisfy { !$0.hintFrom && !$0.hintTo })
        XCTAssertNil(model.state.infoLines.first { $0.kind == .hint })
    }

    func testUndoClearsTheHintAndAHintCanBeCancelled() async {
        let model = await makeModel(hintMs: 50)
        model.startGame(.brandubh, vsComputer: false)
        model.play("a4-a3")
        model.send(.hint)
        await model.settled()
        XCTAssertNotNil(model.game?.snapshot.hint)
        model.send(.undo)
        XCTAssertNil(model.game?.snapshot.hint)

        // A long hint, cancelled by pressing Hint again: nothing shown.
        let slow = await makeModel(hintMs: 60_000)
        slow.startGame(.copenhagen, vsComputer: false)
        slow.send(.hint)
        XCTAssertTrue(slow.game!.hintPending)
        try? await Task.sleep(nanoseconds: 100_000_000)
        let t0 = Date()
        slow.send(.hint)
        XCTAssertFalse(slow.game!.hintPending)
        await slow.settled()
        XCTAssertLessThan(Date().timeIntervalSince(t0), 5)
        XCTAssertNil(slow.game?.snapshot.hint)
        // A move while it looks cancels it too.
        slow.send(.hint)
        slow.play("a4-a3")
        XCTAssertFalse(slow.game!.hintPending)
        await slow.settled()
        XCTAssertNil(slow.game?.snapshot.hint)
    }

    func testNoHintOnTheComputersTurn() async {
        let model = await makeModel(thinkMs: 60_000)
        model.startGame(.brandubh, vsComputer: true, level: .hard, side: .defenders)
        XCTAssertFalse(model.game!.canHint)
        model.send(.hint)
        XCTAssertFalse(model.game!.hintPending)
        model.close()
        await model.settled()
    }

    func testHistoryListsFinishedGamesWithTheHintMark() async throws {
        let (store, _) = try tempStore(self)
        let model = await makeModel(store: store, hintMs: 30)
        await model.finishGame(kingEscapes, hintAfter: 2)
        await model.finishGame(kingCaptured)
        model.send(.showHistory)
        XCTAssertEqual(model.state.screen, .history)
        await model.settled()
        XCTAssertTrue(model.state.historyLoaded)
        let rows = model.state.history
        XCTAssertEqual(rows.count, 2)
        // Newest first, with the core's words.
        XCTAssertEqual(rows[0].texts.result, "Attackers won")
        XCTAssertEqual(rows[0].texts.opponent, "Two players")
        XCTAssertEqual(rows[0].texts.length, "\(kingCaptured.count) moves")
        XCTAssertNil(rows[0].texts.hints)
        XCTAssertEqual(rows[1].texts.result, "Defenders won")
        XCTAssertEqual(rows[1].texts.hints, "1 hint used")
        XCTAssertEqual(rows[1].texts.game, "Brandubh")
        let offset = Int32(TimeZone(identifier: "Europe/Paris")!.secondsFromGMT(
            for: Date(timeIntervalSince1970: TimeInterval(rows[1].game.finishedAt))) / 60)
        XCTAssertEqual(rows[1].texts, coreTexts(.english).history(game: rows[1].game, utcOffsetMinutes: offset))
        model.send(.back)
        XCTAssertEqual(model.state.screen, .start)

        // A finished game left by "New game" on its own screen is recorded too.
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(kingEscapes)
        model.send(.playAgain)
        model.send(.showHistory)
        await model.settled()
        XCTAssertEqual(model.state.history.count, 3)
        XCTAssertEqual(model.state.notice, nil, "each game is recorded once, without a storage error")
    }

    func testReviewStepsThroughTheGameAndAnalysesIt() async throws {
        let (store, path) = try tempStore(self)
        let model = await makeModel(store: store)
        await model.finishGame(kingEscapes)
        model.send(.showHistory)
        await model.settled()
        let id = model.state.history[0].id
        model.send(.openReview(id))
        await model.settled()
        XCTAssertEqual(model.state.screen, .review)
        var review = model.state.review!
        XCTAssertTrue(review.fromHistory)
        XCTAssertEqual(review.total, kingEscapes.count)
        // It opens at the end, with the result.
        XCTAssertEqual(review.ply, kingEscapes.count)
        XCTAssertEqual(review.frame.resultText, "The defenders win: the king escaped")
        XCTAssertEqual(review.moves.map(\.notation), kingEscapes)

        // First, previous, next, last, a swipe, a tap on a move.
        model.send(.reviewStep(.first))
        review = model.state.review!
        XCTAssertEqual(review.ply, 0)
        XCTAssertEqual(review.frame.positionText, "Starting position")
        XCTAssertFalse(review.canGoBack)
        XCTAssertNil(review.frame.lastMove)
        model.send(.reviewStep(.previous))
        XCTAssertEqual(model.state.review?.ply, 0, "nothing before the start")
        model.send(.reviewStep(.next))
        review = model.state.review!
        XCTAssertEqual(review.ply, 1)
        XCTAssertEqual(review.frame.positionText, "Move 1 of \(kingEscapes.count)")
        XCTAssertEqual(review.board.square("a4")?.lastMoveFrom, true)
        XCTAssertEqual(review.board.square("a3")?.lastMoveTo, true)
        if let step = ReviewSwipe.step(dx: -120, dy: 10) { model.send(.reviewStep(step)) }
        XCTAssertEqual(model.state.review?.ply, 2)
        XCTAssertNil(ReviewSwipe.step(dx: -20, dy: 0), "a short swipe does nothing")
        XCTAssertNil(ReviewSwipe.step(dx: -100, dy: 90), "nor does a mostly vertical one")
        XCTAssertEqual(ReviewSwipe.step(dx: 100, dy: 0), .previous)
        model.send(.reviewGoTo(ply: 5))
        XCTAssertEqual(model.state.review?.ply, 5)
        model.send(.reviewStep(.last))
        XCTAssertEqual(model.state.review?.ply, kingEscapes.count)
        XCTAssertFalse(model.state.review!.canGoForward)

        // The analysis ran in the background and is complete: a point for every position,
        // the end near 1 for the defenders, at most three swings marked in the move list.
        review = model.state.review!
        XCTAssertTrue(review.analysisComplete)
        XCTAssertFalse(review.analysing)
        XCTAssertNil(review.progressText)
        XCTAssertEqual(review.chances.count, kingEscapes.count + 1)
        XCTAssertTrue(review.chances.allSatisfy { $0 != nil })
        XCTAssertGreaterThan(review.chances.last!!, 0.9)
        XCTAssertLessThanOrEqual(review.swings.count, 3)
        XCTAssertEqual(Set(review.moves.compactMap(\.swing)), Set(review.swings.map(\.text)))
        for swing in review.swings {
            XCTAssertEqual(review.moves[swing.ply - 1].swing, swing.text)
        }
        XCTAssertNotNil(review.chartValue)
        // Sharing: the game's OpenTafl text, which reads back as the same moves.
        XCTAssertEqual(try importGame(text: review.otn).moves(language: .english).map(\.notation), kingEscapes)

        // Back to the history; opened again (in a new app), the analysis is there at once.
        model.send(.back)
        XCTAssertEqual(model.state.screen, .history)
        XCTAssertNil(model.state.review)
        model.close()
        store.flush()   // the analysis is saved behind, on the store's thread
        let again = await makeModel(store: try TaflStore.open(path: path))
        again.send(.showHistory)
        await again.settled()
        XCTAssertTrue(again.state.history[0].game.analysed)
        again.send(.openReview(id))
        await again.settled()
        XCTAssertTrue(again.state.review!.analysisComplete)
        XCTAssertEqual(again.state.review!.chances, review.chances)
        XCTAssertEqual(again.state.review!.swings, review.swings)
    }

    func testAnalysisFillsInAndCanBeCancelled() async throws {
        // A long pasted Copenhagen game: its analysis takes long enough to be stopped.
        let game = try GameSession.newGame(variant: .copenhagen, mode: .twoPlayers, exitForts: true, store: nil)
        let model = await makeModel()
        model.importText = try otnOfRandomGame(game, plies: 40)
        model.send(.importGame)
        // Let the first points arrive.
        var waited = 0
        while (model.state.review?.analysed ?? 0) < 2 && waited < 200 {
            try await Task.sleep(nanoseconds: 20_000_000)
            waited += 1
        }
        let running = model.state.review!
        XCTAssertTrue(running.analysing)
        XCTAssertGreaterThanOrEqual(running.analysed, 2)
        XCTAssertNotNil(running.chances[0], "the chart fills in from the start")
        XCTAssertTrue(running.progressText!.hasPrefix("Analysing… "))
        XCTAssertGreaterThan(running.progress, 0)
        let t0 = Date()
        model.send(.cancelAnalysis)
        XCTAssertFalse(model.state.review!.analysing)
        XCTAssertNil(model.state.review!.progressText)
        await model.settled()
        XCTAssertLessThan(Date().timeIntervalSince(t0), 2)
        let stopped = model.state.review!
        XCTAssertFalse(stopped.analysisComplete)
        XCTAssertTrue(stopped.swings.isEmpty)
        XCTAssertTrue(stopped.chances.contains { $0 == nil })
        // Analyse again, then leave: leaving stops it.
        model.send(.analyse)
        XCTAssertTrue(model.state.review!.analysing)
        model.send(.back)
        XCTAssertEqual(model.state.screen, .importGame)
        await model.settled()
    }

    func testImportErrorsNameTheFirstBadMoveAndStoreNothing() async throws {
        let (store, _) = try tempStore(self)
        let model = await makeModel(store: store)
        model.send(.showImport)
        XCTAssertEqual(model.state.screen, .importGame)
        model.importText = "1. a4-a3 e4-e3\n2. a3-a9"
        model.send(.importGame)
        await model.settled()
        XCTAssertEqual(model.state.screen, .importGame)
        let error = try XCTUnwrap(model.state.importError)
        XCTAssertTrue(error.hasPrefix("Move 3 (a3-a9) cannot be played."), error)
        // The same words as the core's for that error.
        do {
            _ = try importGame(text: model.importText)
            XCTFail("the text is bad")
        } catch let e as ImportError {
            XCTAssertEqual(error, coreTexts(.english).importError(error: e))
        }
        // Empty text.
        model.importText = ""
        XCTAssertNil(model.state.importError, "editing the text clears the error")
        model.send(.importGame)
        await model.settled()
        XCTAssertEqual(model.state.importError, "Paste a game first.")
        // Nothing was stored.
        model.send(.back)
        model.send(.showHistory)
        await model.settled()
        XCTAssertTrue(model.state.history.isEmpty)

        // A good game opens its review; Back returns to the import.
        model.send(.showImport)
        model.importText = kingCaptured.joined(separator: " ")
        model.send(.importGame)
        await model.settled()
        XCTAssertEqual(model.state.screen, .review)
        XCTAssertFalse(model.state.review!.fromHistory)
        XCTAssertEqual(model.state.review?.info.variant, .brandubh)
        XCTAssertEqual(model.state.review?.frame.resultText, "The attackers win: the king was captured")
        model.send(.back)
        XCTAssertEqual(model.state.screen, .importGame)
        model.send(.showHistory)
        await model.settled()
        XCTAssertTrue(model.state.history.isEmpty, "an imported game is not stored")
    }

    /// A game of `plies` moves chosen by the engine's first legal targets, as OpenTafl text.
    private func otnOfRandomGame(_ game: GameSession, plies: Int) throws -> String {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<plies {
            let snap = game.snapshot()
            guard snap.status == .ongoing else { break }
            let movable = snap.squares.filter(\.movable).shuffled(using: &rng)
            for square in movable {
                let targets = try game.targets(from: square.coord)
                if let to = targets.randomElement(using: &rng) {
                    _ = try game.play(from: square.coord, to: to)
                    break
                }
            }
        }
        return game.exportOtn()
    }
}
