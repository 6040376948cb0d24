import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The defects issue 45 found by reading the views, each pinned where the shell decides, with
/// the model and the real core (where the core decides, a parity scenario pins it instead).
/// What only a device shows is listed in ios/README.md.
@MainActor
final class ViewDefectTests: XCTestCase, @unchecked Sendable {
    func startGame(_ model: AppModel, _ variant: Variant = .brandubh, vsComputer: Bool = false) {
        model.send(.chooseVariant(variant: variant))
        model.send(.chooseOpponent(vsComputer: vsComputer))
        model.send(.newGame)
    }

    // MARK: item 10: an alert sends one answer

    /// The resign alert: a button's answer is the only one; the system's closing of the alert
    /// afterwards sends nothing (it sent the cancel too). A dismissal without a button sends the
    /// cancel once, and the question asked again is answered afresh.
    func testAQuestionIsAnsweredOnceAShowing() async throws {
        let (model, _) = try await makeModel()
        startGame(model)
        model.activate("b4")
        model.activate("b3")
        var hold = QuestionHold()
        var sent: [Event] = []
        func deliver(_ event: Event?) {
            guard let event else { return }
            sent.append(event)
            model.send(event)
        }
        // Asked, then refused by the alert's cancel button, then closed by the system.
        model.send(.resign)
        hold.remember(model.game?.question)
        let question = try XCTUnwrap(model.game?.question)
        deliver(hold.answer(confirm: false))
        hold.remember(model.game?.question)
        deliver(hold.dismissed())
        XCTAssertEqual(sent, [question.cancel.event], "one answer, the button's")
        XCTAssertNil(model.game?.question)
        // Asked again: dismissed without a button (a tap outside), which is the cancel, once.
        sent = []
        model.send(.resign)
        hold.remember(model.game?.question)
        deliver(hold.dismissed())
        deliver(hold.dismissed())
        hold.remember(model.game?.question)
        XCTAssertEqual(sent, [question.cancel.event])
        // Asked a third time and confirmed: the game is resigned, and the closing sends nothing.
        sent = []
        model.send(.resign)
        hold.remember(model.game?.question)
        deliver(hold.answer(confirm: true))
        deliver(hold.dismissed())
        hold.remember(model.game?.question)
        deliver(hold.dismissed())
        XCTAssertEqual(sent, [question.confirm.event])
        XCTAssertTrue(model.game?.controls.contains { $0.id == "playAgain" } ?? false, "resigned: the game is over")
    }

    // MARK: item 3: four buttons two by two

    /// Four buttons: all in a row when they fit, else two and two (as Android splits them),
    /// else one a row; never three and one. Android's rule with measured words gives the same
    /// rows for an iPhone SE's width and the German or French labels' longest words.
    func testButtonsShareTheWidthTwoByTwoAsOnAndroid() async {
        XCTAssertEqual(ButtonRows.candidates(count: 4), [[[0, 1, 2, 3]], [[0, 1], [2, 3]], [[0], [1], [2], [3]]])
        XCTAssertEqual(ButtonRows.candidates(count: 3), [[[0, 1, 2]], [[0, 1], [2]], [[0], [1], [2]]])
        XCTAssertEqual(ButtonRows.candidates(count: 1), [[[0]]])
        // An SE's row is 343 points; the longest word of "Zurücknehmen" is about 110 points.
        XCTAssertEqual(ButtonRows.split(count: 4, widestWord: 110, width: 343, gap: 8, chrome: 24), [[0, 1], [2, 3]])
        XCTAssertEqual(ButtonRows.split(count: 4, widestWord: 50, width: 343, gap: 8, chrome: 24), [[0, 1, 2, 3]])
        XCTAssertEqual(ButtonRows.split(count: 4, widestWord: 200, width: 343, gap: 8, chrome: 24), [[0], [1], [2], [3]])
        for split in ButtonRows.candidates(count: 4) {
            XCTAssertFalse(split.map(\.count) == [3, 1], "never three and one")
        }
    }

    // MARK: item 5: VoiceOver, a board a few gestures across

    /// A 19 x 19 game board is read row by row from the top, each row left to right, its first
    /// square a heading: every square is reached from the first in at most 18 flicks of the
    /// Headings rotor and 18 swipes (it was up to 360 swipes through a flat list). The start
    /// page's diagram is one element, the core's summary, not its 121 squares.
    func testVoiceOverReadsABoardRowByRowAndADiagramAsOne() async throws {
        let (model, _) = try await makeModel()
        let diagram = try XCTUnwrap(model.page?.items.compactMap { item -> BoardView? in
            if case let .board(board, _) = item { return board }
            return nil
        }.first, "the start page shows the chosen game's board")
        XCTAssertEqual(diagram.squares.count, 121)
        let whole = BoardReading.of(diagram, onPage: true)
        XCTAssertEqual(whole, .whole(label: diagram.label))
        XCTAssertTrue(whole.elements.isEmpty, "no square is an element of its own")
        XCTAssertFalse(diagram.label.isEmpty)

        startGame(model, .aleaEvangelii)
        let board = try XCTUnwrap(model.game?.board)
        XCTAssertEqual(board.squares.count, 361)
        let reading = BoardReading.of(board, onPage: false)
        guard case let .rows(rows) = reading else { return XCTFail("a board in play is read as its squares") }
        XCTAssertEqual(rows.count, 19)
        XCTAssertEqual(rows.map(\.count), Array(repeating: 19, count: 19))
        XCTAssertEqual(rows.first?.map(\.name).first, "a19", "the top row first, from the left")
        XCTAssertEqual(rows.first?.map(\.name).last, "s19")
        XCTAssertEqual(rows.last?.map(\.name).first, "a1")
        XCTAssertEqual(Set(reading.elements.map(\.square.name)).count, 361, "every square once")
        XCTAssertEqual(reading.elements.filter(\.heading).map(\.square.name), (1...19).reversed().map { "a\($0)" })
        let farthest = board.squares.compactMap { reading.gestures(to: $0.name) }.max()
        XCTAssertEqual(farthest, 36, "the far corner: 18 rows down, 18 squares across")
        XCTAssertEqual(reading.gestures(to: "j10"), 18, "the throne: 9 rows down, 9 across")
    }

    // MARK: item 8: a cold launch without flashes

    /// The app ended by the system in a game comes back: the model's frames say `starting`
    /// until the game is back (RootView shows the launch colour then), and the first frame that
    /// does not is the game, with its move (the core's side: `app_store.rs`).
    func testAColdLaunchShowsTheGameFirstNotTheStartPage() async throws {
        let db = try temporaryDatabase(self)
        let (first, _) = try await makeModel(testConfig(database: db))
        startGame(first)
        first.activate("b4")
        first.activate("b3")
        first.phase(.background)
        await first.settled()
        let saved = try XCTUnwrap(first.savedState)
        let recorder = Recorder()
        let model = AppModel(config: testConfig(database: db, saved: saved), players: recorder.players)
        var seen: [Frame] = [model.frame]
        let end = Date().addingTimeInterval(60)
        while model.frame.busy || model.frame.starting {
            XCTAssertLessThan(Date(), end, "the app started")
            try await Task.sleep(nanoseconds: 1_000_000)
            if model.frame.revision != seen.last?.revision { seen.append(model.frame) }
        }
        let shown = try XCTUnwrap(seen.first { !$0.starting })
        guard case let .game(game) = shown.screen else { return XCTFail("the first screen shown is the game") }
        XCTAssertEqual(game.moves.rows.flatMap(\.cells).count, 1)
    }

    // MARK: item 9: a drag step redraws the board's picture, not its 361 elements

    /// Once a piece is lifted, dragging it across a 19 x 19 board changes the board's plan at
    /// each step and never its squares or window, so that the squares' view (`BoardSquares`,
    /// Equatable on exactly these) is not rebuilt: a drag step redraws one canvas, not 361
    /// elements (the view rebuilt them all at each step).
    func testADragStepLeavesTheSquaresAsTheyWere() async throws {
        let (model, _) = try await makeModel()
        startGame(model, .aleaEvangelii)
        let before = try XCTUnwrap(model.game?.board)
        let pieces = Set(before.plan.pieces.map(\.square))
        let piece = try XCTUnwrap(before.squares.first { $0.actionable && pieces.contains($0.square) },
                                  "a piece that can move")
        let start = Point(x: piece.x + 0.5, y: piece.y + 0.5)
        model.send(.touch(phase: .dragStart, at: start))
        // Lifted, the piece is selected and its targets marked: the squares' labels say so.
        let lifted = try XCTUnwrap(model.game?.board)
        XCTAssertNotEqual(lifted.squares, before.squares)
        var plans = Set<String>()
        for step in 1...6 {
            let at = Point(x: start.x + 0.3 * Float(step), y: start.y)
            model.send(.touch(phase: .dragMove, at: at))
            let board = try XCTUnwrap(model.game?.board)
            XCTAssertEqual(board.squares, lifted.squares, "step \(step): the squares are as they were")
            XCTAssertEqual(board.window, lifted.window)
            plans.insert(String(describing: board.plan.lifted))
        }
        XCTAssertGreaterThan(plans.count, 1, "the lifted piece follows the finger")
        model.send(.touch(phase: .dragCancel, at: start))
    }

    // MARK: item 6: Control Centre is no leaving

    /// `.inactive` (Control Centre, Notification Centre, a system alert over the app) leaves the
    /// computer thinking and asks for no background time; only `.background` leaves.
    func testInactiveIsNotLeaving() async throws {
        let engine = EngineConfig(thinkMs: nil, thinkNodes: 2000, hintMs: nil, hintNodes: 4000, pauseMs: 60_000, threads: 1)
        let (model, recorder) = try await makeModel(testConfig(engine: engine))
        model.send(.chooseSide(side: .defenders))
        startGame(model, vsComputer: true)
        XCTAssertTrue(model.frame.busy, "the computer is about to think")
        let revision = model.frame.revision
        model.phase(.inactive)
        XCTAssertEqual(recorder.background, [])
        XCTAssertEqual(model.frame.revision, revision, "no event reached the core")
        XCTAssertTrue(model.frame.busy, "the computer goes on")
        model.phase(.active)
        XCTAssertEqual(model.frame.revision, revision, "and no Foreground either")
        model.phase(.background)
        XCTAssertEqual(recorder.background, ["begin"])
    }

    /// A review's analysis under way when the app leaves the screen stops, and goes on when it
    /// comes back (the core used to restart only the computer). The parity scenario
    /// `analysis-stopped-by-leaving-goes-on-coming-back` holds both shells to the core's side.
    func testAnAnalysisStoppedByLeavingGoesOnComingBack() async throws {
        let (model, _) = try await makeModel()
        model.send(.open(screen: .import))
        model.send(.importText(text: "[variant \"brandubh\"]\n1. b4-b1 c4-c7 2. a4-a3 d4-a4"))
        model.send(.import)
        try await model.settle()
        XCTAssertNotNil(model.review?.chart.value, "the first analysis ran")
        model.send(.analyse)
        XCTAssertTrue(model.frame.busy, "an analysis is under way")
        model.phase(.background)
        try await model.settle()
        let stopped = try XCTUnwrap(model.review)
        XCTAssertNil(stopped.analysis.progress, "leaving stopped it")
        model.phase(.active)
        XCTAssertTrue(model.frame.busy, "coming back, it goes on")
        try await model.settle()
        XCTAssertNotNil(model.review?.chart.value)
    }

    // MARK: item 7: swipe back and transitions

    func testASwipeFromTheLeadingEdgeIsBack() async {
        let sideways = CGSize(width: 120, height: 10)
        XCTAssertTrue(BackSwipe.isBack(start: CGPoint(x: 8, y: 300), translation: sideways, predicted: sideways))
        XCTAssertFalse(BackSwipe.isBack(start: CGPoint(x: 60, y: 300), translation: sideways, predicted: sideways),
                       "not from the edge")
        XCTAssertFalse(BackSwipe.isBack(start: CGPoint(x: 8, y: 300), translation: CGSize(width: 40, height: 200),
                                        predicted: CGSize(width: 40, height: 400)), "a scroll")
        XCTAssertTrue(BackSwipe.isBack(start: CGPoint(x: 8, y: 300), translation: CGSize(width: 40, height: 5),
                                       predicted: CGSize(width: 300, height: 5)), "a fling")
        XCTAssertTrue(BackSwipe.isBack(start: CGPoint(x: 380, y: 300), translation: CGSize(width: -120, height: 0),
                                       predicted: CGSize(width: -120, height: 0), rightToLeft: true, width: 390))
    }

    /// The swipe sends Back only where the frame says Back is the app's; screens arrive forward
    /// after the person's step, backward after Back, and without motion when no event of theirs
    /// changed them.
    func testScreensArriveForwardAndBackAndTheSwipeGoesBack() async throws {
        let (model, _) = try await makeModel()
        XCTAssertEqual(model.arrival, .none)
        let start = model.frame.revision
        model.swipedBack()
        XCTAssertEqual(model.frame.revision, start, "the start page has no Back of the app's: nothing sent")
        model.send(.open(screen: .rules))
        XCTAssertEqual(model.page?.kind, .rules)
        XCTAssertEqual(model.arrival, .forward)
        model.swipedBack()
        XCTAssertEqual(model.page?.kind, .start)
        XCTAssertEqual(model.arrival, .back)
        XCTAssertEqual(ScreenArrival.of(.game, after: .page(.start), sent: nil), .none, "restored at launch")
        XCTAssertEqual(ScreenArrival.of(.page(.start), after: .page(.start), sent: .back), .none, "no new screen")
    }

    // MARK: also: the background task, the missing folder, the haptics

    /// Two departures, the first task's time running out late: each ends its own task, once.
    func testABackgroundTaskIsEndedOnceByItsOwnExpiry() async {
        var ledger = BackgroundTaskLedger<Int>()
        ledger.began(1)
        ledger.began(2)
        XCTAssertTrue(ledger.end(1), "the first task's expiry ends the first task")
        XCTAssertEqual(ledger.count, 1, "and not the second")
        XCTAssertFalse(ledger.end(1), "ended once: the model's end afterwards does nothing")
        XCTAssertTrue(ledger.end(2))
        XCTAssertFalse(ledger.end(2))
        XCTAssertEqual(ledger.count, 0)
    }

    /// Application Support cannot hold the folder: the model still gets a path, the core cannot
    /// open it, and the frame says the games are not saved (they were played in memory without
    /// a word).
    func testAFolderThatCannotBeMadeIsSaidNotSilent() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        // A file where the folder should go.
        let blocker = dir.appendingPathComponent("support")
        try Data("not a folder".utf8).write(to: blocker)
        let url = AppConfig.databaseURL(base: blocker)
        XCTAssertTrue(url.path.hasPrefix(blocker.path))
        let (model, _) = try await makeModel(testConfig(database: url.path))
        XCTAssertNotNil(model.frame.notice, "the frame says the data cannot be kept")
    }

    /// A finger on the board wakes the haptics before the move lands; a tap on a button does not.
    func testAFingerOnTheBoardPreparesTheHaptics() async throws {
        let (model, recorder) = try await makeModel()
        startGame(model)
        XCTAssertEqual(recorder.prepared, 0)
        model.activate("b4")
        XCTAssertEqual(recorder.prepared, 1)
        model.send(.touch(phase: .dragStart, at: Point(x: 1.5, y: 3.5)))
        XCTAssertEqual(recorder.prepared, 2)
        model.send(.touch(phase: .dragMove, at: Point(x: 1.5, y: 4.5)))
        model.send(.hint)
        XCTAssertEqual(recorder.prepared, 2)
    }
}
