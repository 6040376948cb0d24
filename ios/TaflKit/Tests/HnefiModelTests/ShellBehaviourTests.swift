import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The behaviours issue 26 found by reading the views, each pinned as far as the model, the
/// core or the sources can show it (the views themselves compile only against stand-ins here;
/// what only a device shows is listed in ios/README.md).
@MainActor
final class ShellBehaviourTests: XCTestCase, @unchecked Sendable {
    let sources = repositoryRoot.appendingPathComponent("ios/TaflKit/Sources")

    func source(_ path: String) throws -> String {
        try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every Swift file of the shell, with its text.
    func shellSources() throws -> [(String, String)] {
        let dirs = ["ios/TaflKit/Sources/HnefiModel", "ios/TaflKit/Sources/HnefiUI", "ios/App"]
        return try dirs.flatMap { dir -> [(String, String)] in
            let url = repositoryRoot.appendingPathComponent(dir)
            return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }
                .map { ("\(dir)/\($0.lastPathComponent)", try String(contentsOf: $0, encoding: .utf8)) }
        }
    }

    func startGame(_ model: AppModel, _ variant: Variant = .brandubh) {
        model.send(.chooseVariant(variant: variant))
        model.send(.chooseOpponent(vsComputer: false))
        model.send(.newGame)
    }

    // MARK: the review's scrolling

    /// The review's board takes no touch (the core says it is not interactive, and the board
    /// attaches no gesture then), and nothing in the review's scroll view is a drag: its
    /// scrolling stays the scroll view's.
    func testTheReviewsBoardTakesNoTouchSoItsScrollViewScrolls() async throws {
        let json = try String(contentsOf: repositoryRoot.appendingPathComponent(
            "tests/scenarios/analyse-pressed-again-runs-again.events.json"), encoding: .utf8)
        let setup = try XCTUnwrap(scenarioSetup(json: json))
        let (model, _) = try await makeModel(testConfig(database: setup.database ? try temporaryDatabase(self) : nil,
                                                        engine: setup.engine))
        for event in scenarioEvents(json: json) {
            model.send(event)
            try await model.settle()
        }
        let review = try XCTUnwrap(model.review, "the scenario ends on a review")
        XCTAssertFalse(review.board.interactive)
        let board = try source("HnefiUI/BoardPanel.swift")
        XCTAssertTrue(board.contains(".gesture(board.interactive ? touches(scale) : nil)"),
                      "the board attaches its touches only when the core says it is interactive")
        let screen = try source("HnefiUI/ReviewScreen.swift")
        let chart = try source("HnefiUI/PlanDrawing.swift")
        XCTAssertFalse(screen.contains("Gesture"), "no gesture of the review's own")
        XCTAssertFalse(chart.contains("DragGesture"), "the chart takes taps only")
    }

    // MARK: Dynamic Type

    /// The game screen's chrome has no fixed height (text of any size fits; the board, the one
    /// thing that may shrink, is the largest square that fits), and rows of buttons wrap.
    func testTheGameChromeHasNoFixedHeightAndButtonsWrap() async throws {
        let fixedHeight = try NSRegularExpression(pattern: #"\b(height|minHeight|maxHeight|idealHeight)\s*:\s*[0-9]"#)
        for file in ["HnefiUI/GameScreen.swift", "HnefiUI/Chrome.swift", "HnefiUI/RootView.swift"] {
            let text = try source(file)
            let found = fixedHeight.matches(in: text, range: NSRange(text.startIndex..., in: text))
                .map { String(text[Range($0.range, in: text)!]) }
            XCTAssertEqual(found, [], "\(file): a fixed height")
        }
        let chrome = try source("HnefiUI/Chrome.swift")
        XCTAssertTrue(chrome.contains("ViewThatFits(in: .horizontal)"), "buttons side by side, else one under the other")
        let game = try source("HnefiUI/GameScreen.swift")
        XCTAssertTrue(game.contains("ButtonRow(buttons: game.controls"), "the controls are a row that wraps")
    }

    // MARK: the drag's state after a cancelled touch

    func testADragIsStartedMovedAndEndedOnce() async {
        var drag = BoardDrag()
        let down = Point(x: 1.5, y: 2.5), up = Point(x: 1.5, y: 2.0), there = Point(x: 3.5, y: 2.0)
        XCTAssertEqual(drag.changed(start: down, at: up), [.touch(phase: .dragStart, at: down), .touch(phase: .dragMove, at: up)])
        XCTAssertEqual(drag.changed(start: down, at: there), [.touch(phase: .dragMove, at: there)])
        XCTAssertEqual(drag.ended(at: there), [.touch(phase: .dragEnd, at: there)])
        XCTAssertEqual(drag.reset(), [], "the state's reset after an end is no cancel")
        XCTAssertNil(drag.last)
        XCTAssertEqual(drag.ended(at: there), [], "no end without a drag")
    }

    /// The gesture state reset without an end (the system took the touch): the core hears a
    /// cancel where the lifted piece was last drawn, and nothing stays lifted.
    func testACancelledTouchLeavesNothingLifted() async throws {
        var drag = BoardDrag()
        let down = Point(x: 1.5, y: 2.5), moved = Point(x: 2.1, y: 4.5)
        XCTAssertEqual(drag.reset(), [], "nothing to cancel before a drag")
        _ = drag.changed(start: down, at: moved)
        XCTAssertEqual(drag.reset(), [.touch(phase: .dragCancel, at: moved)])
        XCTAssertEqual(drag.reset(), [], "cancelled once")

        // Against the real core, through the model: the piece picked up is put down.
        let (model, _) = try await makeModel()
        startGame(model)
        let b4 = try XCTUnwrap(model.game?.board.squares.first { $0.name == "b4" })
        let start = Point(x: b4.x + 0.5, y: b4.y + 0.5)
        var live = BoardDrag()
        for event in live.changed(start: start, at: Point(x: start.x, y: start.y - 1)) { model.send(event) }
        XCTAssertNotNil(model.game?.board.plan.lifted, "the piece is up while the finger drags it")
        for event in live.reset() { model.send(event) }
        XCTAssertNil(model.game?.board.plan.lifted, "a cancelled drag leaves nothing lifted")
        XCTAssertNil(live.last)
    }

    // MARK: the search's stack

    /// The search runs on the core's own threads, whose stacks the core sets (8 MiB for its
    /// work thread), never on a thread of the shell: no Swift source starts one, and a caller
    /// on a thread with iOS's default 512 KiB for secondary threads gets the computer's move
    /// from the hardest level on the 11 x 11 board with a phone's four search threads.
    func testTheSearchNeverRunsOnAThreadOfTheShell() async throws {
        let starts = ["Thread(", "Thread.detachNewThread", "pthread_create", "DispatchQueue(", "DispatchQueue.global",
                      "Task.detached", "OperationQueue("]
        for (file, text) in try shellSources() {
            for start in starts {
                XCTAssertFalse(text.contains(start), "\(file) starts a thread: \(start)")
            }
        }

        final class Box: FrameListener, @unchecked Sendable {
            let lock = NSLock()
            var newest: Frame?
            var app: HnefiApp?

            func onFrame(frame: Frame) {
                lock.lock()
                if frame.revision > (newest?.revision ?? 0) { newest = frame }
                lock.unlock()
            }

            func onPatch(patch: FramePatch) {
                lock.lock()
                if let held = newest, patch.revision > held.revision { newest = held.applying(patch) }
                lock.unlock()
            }

            var frame: Frame? {
                lock.lock()
                defer { lock.unlock() }
                return newest
            }
        }
        let box = Box()
        let engine = EngineConfig(thinkMs: 1500, thinkNodes: nil, hintMs: nil, hintNodes: 4000, pauseMs: 0, threads: 4)
        let sent = expectation(description: "the events are sent from a 512 KiB thread")
        let caller = Thread {
            let app = HnefiApp(config: testConfig(engine: engine), listener: box)
            box.app = app
            // The start screen takes a new game once the app has settled (the store opens behind).
            while box.frame?.busy ?? true { usleep(2000) }
            for event: Event in [.chooseVariant(variant: .copenhagen), .chooseOpponent(vsComputer: true),
                                 .chooseLevel(level: .hard), .chooseSide(side: .defenders), .newGame] {
                app.send(event: event)
            }
            sent.fulfill()
        }
        caller.stackSize = 512 << 10
        caller.start()
        await fulfillment(of: [sent], timeout: 60)
        let end = Date().addingTimeInterval(60)
        var moved = false
        while Date() < end {
            if let f = box.frame, !f.busy, case let .game(game) = f.screen, game.moves.rows.first?.cells.count == 1 {
                moved = true
                break
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        XCTAssertTrue(moved, "the computer (attackers, hard, four threads) made its first move: "
                      + (box.frame.map { traceStep(event: nil, frame: $0, effects: []) } ?? "no frame"))
        withExtendedLifetime(box) {}
    }

    // MARK: the iPhone SE's board

    /// No navigation bar or title anywhere (a large title would take an iPhone SE's 667 points
    /// of height from its board): each screen's top line is the frame's, small.
    func testNoNavigationBarTakesTheBoardsHeight() async throws {
        for (file, text) in try shellSources() {
            for name in ["navigationTitle", "NavigationStack", "NavigationView", "navigationBar", "toolbar("] {
                XCTAssertFalse(text.contains(name), "\(file): \(name)")
            }
        }
        let game = try source("HnefiUI/GameScreen.swift")
        XCTAssertTrue(game.contains(".layoutPriority(1)"), "the board is laid out first")
    }

    // MARK: redraws during an analysis

    /// An analysis point changes the chart and the analysis line, never the board or the move
    /// list: the board and the moves are `Equatable` views, so SwiftUI skips them, and the move
    /// list is lazy.
    func testAnAnalysisPointChangesNeitherTheBoardNorTheMoves() async throws {
        let json = try String(contentsOf: repositoryRoot.appendingPathComponent(
            "tests/scenarios/analyse-pressed-again-runs-again.events.json"), encoding: .utf8)
        let (model, _) = try await makeModel()
        let events = scenarioEvents(json: json)
        let analyse = try XCTUnwrap(events.firstIndex(of: .analyse))
        for event in events[..<analyse] {
            model.send(event)
            try await model.settle()
        }
        let before = try XCTUnwrap(model.review)
        model.send(.analyse)
        var frames: [ReviewView] = []
        let end = Date().addingTimeInterval(60)
        while model.frame.busy, Date() < end {
            if let r = model.review, r.chart != frames.last?.chart { frames.append(r) }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        if let r = model.review { frames.append(r) }
        let charts = Set(frames.map(\.chart.plan.ops.count))
        XCTAssertGreaterThan(frames.count, 2, "several analysis frames seen")
        XCTAssertGreaterThan(charts.count, 1, "the chart grew point by point")
        for r in frames {
            XCTAssertEqual(r.board, before.board, "an analysis point redraws no board")
            XCTAssertEqual(r.moves, before.moves, "nor the move list")
        }
        let game = try source("HnefiUI/GameScreen.swift")
        let review = try source("HnefiUI/ReviewScreen.swift")
        XCTAssertTrue(game.contains("struct MovesPanel: View, Equatable") && game.contains("LazyHStack"))
        XCTAssertTrue(game.contains("extension BoardPanel: Equatable"))
        XCTAssertTrue(review.contains("BoardPanel(board: review.board") && review.contains(".equatable()"))
        XCTAssertTrue(review.contains("MovesPanel(moves: review.moves, look: look, send: send).equatable()"))
    }

    // MARK: the alert's title and the announcements' priority

    /// The alert shows the frame's question from its first frame (no other title for a moment)
    /// and the same question while it goes away.
    func testTheQuestionsWordsDoNotChangeWhileItOpensOrCloses() async throws {
        let (model, _) = try await makeModel()
        startGame(model)
        model.activate("b4")
        model.activate("b3")
        var hold = QuestionHold()
        XCTAssertNil(hold.shown(model.game?.question))
        let resign = try XCTUnwrap(model.game?.controls.first { $0.event == .resign })
        model.send(resign.event)
        let question = try XCTUnwrap(model.game?.question, "resigning asks first")
        XCTAssertEqual(hold.shown(model.game?.question), question, "its own words on the first frame")
        hold.remember(model.game?.question)
        model.send(question.cancel.event)
        XCTAssertNil(model.game?.question)
        XCTAssertEqual(hold.shown(model.game?.question), question, "the same words while it goes away")
        hold.remember(model.game?.question)
        XCTAssertEqual(hold.shown(nil)?.title, question.title)
        XCTAssertFalse(question.title.isEmpty)
    }

    /// A move's announcement waits for the speech before it (a capture is not cut off by the
    /// next move); a refusal interrupts. The app target maps them to VoiceOver's priorities.
    func testAnnouncementsCarryTheirPriority() async throws {
        let (model, recorder) = try await makeModel()
        startGame(model)
        model.activate("b4")
        model.activate("b3")
        model.activate("a4")
        XCTAssertEqual(recorder.priorities, [.low, .high])
        let app = try String(contentsOf: repositoryRoot.appendingPathComponent("ios/App/Platform.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains("accessibilitySpeechAnnouncementPriority = priority == .high ? .high : .low"))
    }

    // MARK: code that nothing compiles

    /// No platform block that the Linux checks would skip: the iOS code is the app target's
    /// and HnefiUI's, which compile-ios-app.sh compiles against the stand-ins.
    func testNoPlatformBlockIsLeftUncompiled() async throws {
        for (file, text) in try shellSources() {
            XCTAssertFalse(text.contains("#if os("), "\(file): #if os(")
            XCTAssertFalse(text.contains("#if targetEnvironment("), "\(file): #if targetEnvironment(")
        }
    }
}
