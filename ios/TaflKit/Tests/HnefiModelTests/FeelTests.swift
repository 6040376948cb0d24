import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The events the views turn into motion, haptics, sound and announcements, and the motion
/// itself: it starts where the board was and always ends on the core's snapshot.
@MainActor
// @unchecked Sendable: XCTest on Linux hands the test case to the main actor (test glue).
final class FeelTests: XCTestCase, @unchecked Sendable {

    /// The pieces of a frame as a set of (piece, square centre, opacity), order aside.
    private func placed(_ sprites: [PieceSprite]) -> Set<String> {
        Set(sprites.map { "\($0.piece) \($0.x),\($0.y) \($0.opacity)" })
    }

    func testEveryMoveHasAnEventWithANewId() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        XCTAssertNil(model.state.event)
        var ids: [Int] = []
        for m in captureOnD5 {
            model.play(m)
            let event = model.state.event!
            ids.append(event.id)
            XCTAssertEqual(event.kind, .moved)
            XCTAssertEqual(event.announcement, model.game?.texts.announcement)
        }
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(ids, ids.sorted())
        // The first move: a plain move, told in words.
        let model2 = await makeModel()
        model2.startGame(.brandubh, vsComputer: false)
        model2.play("a4-a3")
        XCTAssertEqual(model2.state.event?.haptic, .move)
        XCTAssertEqual(model2.state.event?.sound, .move)
        XCTAssertEqual(model2.state.event?.announcement, "Attackers: attacker from a4 to a3.")
    }

    func testTheEndOfAGameFeelsDifferent() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(kingEscapes)
        XCTAssertEqual(model.state.event?.haptic, .win)
        XCTAssertEqual(model.state.event?.sound, .win)
        XCTAssertTrue(model.state.event!.announcement!.hasSuffix("The defenders win: the king escaped"),
                      model.state.event!.announcement!)
    }

    func testHapticsAndSoundsFollowTheirSettings() async {
        let model = await makeModel()
        model.sound = false
        model.startGame(.brandubh, vsComputer: false)
        model.play("a4-a3")
        XCTAssertEqual(model.state.event?.haptic, .move)
        XCTAssertNil(model.state.event?.sound)
        model.haptics = false
        model.sound = true
        model.play("e4-e3")
        XCTAssertNil(model.state.event?.haptic)
        XCTAssertEqual(model.state.event?.sound, .move)
        XCTAssertNotNil(model.state.event?.announcement, "the screen reader hears every move regardless")
    }

    func testAMoveSlidesFromTheBoardShownBeforeAndEndsOnTheSnapshot() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(Array(captureOnD5.dropLast()))
        let before = model.game!.board
        model.play(captureOnD5.last!)
        let after = model.game!.board
        let motion = model.state.event!.motion!
        let slide = Double(look(theme: .light, colourBlind: false).motion.slideMs)
        XCTAssertEqual(motion.slideMs, Int(slide))
        XCTAssertEqual(motion.durationMs, Int(slide))
        XCTAssertEqual(motion.steps.map { "\($0.piece) \($0.from)-\($0.to)" }, ["attacker f5-e5"])
        XCTAssertEqual(motion.steps.first?.taken, [Sq("d5")!: .defender])

        // At its start: the board shown before, the taken piece still there.
        XCTAssertEqual(placed(motion.sprites(resting: after, at: 0)), placed(BoardMotion.resting(before)))
        // Halfway: the piece is between its squares, the taken one half faded.
        let mid = motion.sprites(resting: after, at: slide / 2)
        let mover = mid.last!
        XCTAssertEqual(mover.piece, .attacker)
        XCTAssertGreaterThan(mover.x, 4.5)
        XCTAssertLessThan(mover.x, 5.5)
        let fading = mid.first { $0.home == nil }!
        XCTAssertEqual(fading.piece, .defender)
        XCTAssertLessThan(fading.opacity, 1)
        XCTAssertGreaterThan(fading.opacity, 0)
        // At its end and after: exactly the snapshot.
        XCTAssertEqual(motion.sprites(resting: after, at: slide), BoardMotion.resting(after))
        XCTAssertEqual(motion.sprites(resting: after, at: 10 * slide), BoardMotion.resting(after))
        // A newer snapshot (another size) ends it at once.
        let other = BoardUi(try! GameSession.newGame(variant: .tablut, mode: .twoPlayers, exitForts: true, store: nil).snapshot())
        XCTAssertEqual(motion.sprites(resting: other, at: 0), BoardMotion.resting(other))
    }

    func testUndoPlaysTheMovesBackwards() async {
        let model = await makeModel()
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(captureOnD5)
        let before = model.game!.board
        model.send(.undo)
        let rest = model.game!.board
        let motion = model.state.event!.motion!
        XCTAssertEqual(motion.steps.count, 1)
        let step = motion.steps[0]
        XCTAssertEqual("\(step.from)-\(step.to)", "e5-f5")
        XCTAssertTrue(step.takenAppear)
        XCTAssertEqual(step.taken, [Sq("d5")!: .defender])
        XCTAssertEqual(placed(motion.sprites(resting: rest, at: 0)),
                       placed(BoardMotion.resting(before)).union(["defender 3.5,2.5 0.0"]),
                       "it starts from the board before the undo; the taken piece is about to appear")
        XCTAssertEqual(motion.sprites(resting: rest, at: Double(motion.durationMs)), BoardMotion.resting(rest))
    }

    func testUndoAgainstTheComputerPlaysBothMovesBackInTurn() async {
        let model = await makeModel(thinkMs: 20)
        model.startGame(.brandubh, vsComputer: true, level: .easy, side: .attackers)
        model.play("a4-a3")
        await model.settled()
        let before = model.game!.board
        let computer = model.game!.snapshot.lastMove!
        model.send(.undo)
        XCTAssertEqual(model.game?.plies, 0)
        let rest = model.game!.board
        let motion = model.state.event!.motion!
        // The latest move first (the computer's), then the person's.
        XCTAssertEqual(motion.steps.map { "\($0.from)-\($0.to)" },
                       ["\(Sq(computer.to))-\(Sq(computer.from))", "a3-a4"])
        XCTAssertEqual(motion.durationMs, 2 * motion.slideMs)
        XCTAssertEqual(placed(motion.sprites(resting: rest, at: 0)), placed(BoardMotion.resting(before)))
        // Between the two steps: the computer's move is back, the person's not yet.
        let between = motion.sprites(resting: rest, at: Double(motion.slideMs))
        XCTAssertTrue(between.contains { $0.piece == .attacker && $0.x == 0.5 && $0.y == 4.5 }, "a3 still holds the attacker")
        XCTAssertEqual(motion.sprites(resting: rest, at: Double(motion.durationMs)), BoardMotion.resting(rest))
    }

    func testReduceMotionTurnsAnimationOff() async {
        let model = await makeModel(thinkMs: 20)
        model.send(.setReduceMotion(true))
        XCTAssertTrue(model.state.reduceMotion)
        model.startGame(.brandubh, vsComputer: true, level: .easy, side: .attackers)
        model.play("a4-a3")
        XCTAssertNil(model.state.event?.motion)
        XCTAssertEqual(model.state.event?.haptic, .move, "haptics and sound still play")
        XCTAssertNotNil(model.state.event?.announcement)
        await model.settled()
        XCTAssertEqual(model.state.event?.kind, .computerMoved)
        XCTAssertNil(model.state.event?.motion)
        model.send(.undo)
        XCTAssertEqual(model.state.event?.kind, .undone)
        XCTAssertNil(model.state.event?.motion)
        // Back on: motion again.
        model.send(.setReduceMotion(false))
        model.play("a4-a3")
        XCTAssertNotNil(model.state.event?.motion)
        model.close()
        await model.settled()
    }

    func testNothingChangesOnTheBoardWhileTheComputerThinks() async {
        let model = await makeModel(thinkMs: 60_000)
        model.startGame(.brandubh, vsComputer: true, level: .hard, side: .attackers)
        model.play("a4-a3")
        let thinking = model.game!
        XCTAssertTrue(thinking.thinking)
        try? await Task.sleep(nanoseconds: 100_000_000)
        model.send(.appBackgrounded)
        await model.settled()
        XCTAssertEqual(model.game?.board, thinking.board)
        XCTAssertEqual(model.state.event?.kind, .moved, "the thinking itself sends no event")
    }
}
