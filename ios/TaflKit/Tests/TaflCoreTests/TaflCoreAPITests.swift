import Foundation
import TaflCore
import XCTest

/// The exported API (issue 5, Swift side), called the way the app calls it, against the real
/// Rust library.
final class TaflCoreAPITests: XCTestCase {

    func testCoreVersion() {
        XCTAssertFalse(coreVersion().isEmpty)
    }

    func testBrandubhOpeningSnapshot() throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        let s = game.snapshot()
        XCTAssertEqual(s.variant, .brandubh)
        XCTAssertEqual(s.size, 7)
        XCTAssertEqual(s.squares.count, 49)
        // Rank 7 first, each rank from file a: the board never rotates.
        XCTAssertEqual(s.squares.first?.name, "a7")
        XCTAssertEqual(s.squares.last?.name, "g1")
        let pieces = Dictionary(uniqueKeysWithValues: s.squares.compactMap { v in v.piece.map { (v.name, $0) } })
        XCTAssertEqual(Set(pieces.filter { $0.value == .attacker }.keys),
                       ["d1", "d2", "a4", "b4", "f4", "g4", "d6", "d7"])
        XCTAssertEqual(Set(pieces.filter { $0.value == .defender }.keys), ["d3", "c4", "e4", "d5"])
        XCTAssertEqual(pieces["d4"], .king)
        XCTAssertEqual(s.sideToMove, .attackers)
        XCTAssertEqual(s.turn, .sideToMove(side: .attackers))
        XCTAssertEqual(s.status, .ongoing)
        XCTAssertFalse(s.canUndo)
        XCTAssertNil(s.lastMove)
        XCTAssertEqual(Set(s.squares.filter(\.restricted).map(\.name)), ["a1", "a7", "g1", "g7", "d4"])
        XCTAssertEqual(Set(try game.targets(from: sq("a4")).map { $0 }), [sq("a5"), sq("a6"), sq("a3"), sq("a2")])
        XCTAssertEqual(try game.targets(from: sq("d3")), [], "not the defenders' turn")
    }

    func testTwoPlayerGameUntilTheKingEscapes() throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        for (i, m) in brandubhKingEscapes.enumerated() {
            let before = game.snapshot()
            XCTAssertEqual(before.status, .ongoing)
            XCTAssertEqual(before.sideToMove, i % 2 == 0 ? .attackers : .defenders)
            let r = try playAll(game, [m])!
            XCTAssertEqual(r.played.notation, m)
            let after = game.snapshot()
            XCTAssertEqual(after.plies, UInt32(i + 1))
            XCTAssertEqual(after.lastMove, r.played)
            let from = after.squares.first { $0.lastMoveFrom }!
            let to = after.squares.first { $0.lastMoveTo }!
            XCTAssertEqual("\(from.name)-\(to.name)", m)
        }
        let s = game.snapshot()
        XCTAssertEqual(s.status, .won(winner: .defenders, reason: .kingEscaped))
        XCTAssertEqual(s.turn, .gameOver)
        XCTAssertTrue(s.canUndo, "a game that ended on the board can be taken back")
        XCTAssertEqual(s.squares.first { $0.name == "g7" }?.piece, .king)
        assertTaflError(.GameOver(message: ""), try game.play(from: sq("a2"), to: sq("a3")))
        assertTaflError(.GameOver(message: ""), try game.resign())
        XCTAssertTrue(game.exportOtn().contains("e7-g7"))
        let undone = try game.undo()
        XCTAssertEqual(undone.map(\.notation), ["e7-g7"])
        XCTAssertEqual(game.snapshot().status, .ongoing)
    }

    func testKingOpenLinesAreReported() throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        try playAll(game, Array(brandubhKingEscapes.prefix(6)))   // king on e7, f7 empty, g7 corner
        let s = game.snapshot()
        XCTAssertEqual(s.kingOpenLines, [sq("g7")])
        XCTAssertEqual(s.squares.filter(\.kingOpenLine).map(\.name), ["g7"])
    }

    func testKingCapturedAndCapturesMarked() throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        let r = try playAll(game, brandubhKingCaptured)!
        XCTAssertEqual(r.status, .won(winner: .attackers, reason: .kingCaptured))
        XCTAssertEqual(game.snapshot().status, r.status)
    }

    func testRepetitionLosesForTheDefenders() throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        let r = try playAll(game, brandubhRepetition)!
        XCTAssertEqual(r.status, .won(winner: .attackers, reason: .repetition))
    }

    func testResignation() throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        try playAll(game, ["a4-a3"])
        XCTAssertEqual(try game.resign().status, .won(winner: .attackers, reason: .resignation),
                       "two players: the side to move (defenders) gives up")
        XCTAssertEqual(game.snapshot().turn, .gameOver)
    }

    func testCaptureIsMarked() throws {
        // The defender on d5 is caught between attackers on c5 and e5.
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        try playAll(game, ["b4-b5", "e4-e3", "b5-c5", "c4-b4", "f4-f5", "b4-b3"])
        let r = try playAll(game, ["f5-e5"])!
        XCTAssertEqual(r.played.captured, [sq("d5")])
        XCTAssertEqual(r.played.notation, "f5-e5xd5")
        let s = game.snapshot()
        XCTAssertEqual(s.squares.filter(\.captured).map(\.name), ["d5"])
        XCTAssertNil(s.squares.first { $0.name == "d5" }?.piece)
        XCTAssertEqual(s.pliesSinceCapture, 0)
    }

    func testUndoTwoPlayers() throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        assertTaflError(.NothingToUndo(message: ""), try game.undo())
        let s0 = game.snapshot()
        try playAll(game, ["a4-a3"])
        let s1 = game.snapshot()
        try playAll(game, ["e4-e3"])
        XCTAssertTrue(game.snapshot().canUndo)
        XCTAssertEqual(try game.undo().count, 1)
        XCTAssertEqual(game.snapshot(), s1)
        XCTAssertEqual(try game.undo().count, 1)
        XCTAssertEqual(game.snapshot(), s0)
        assertTaflError(.NothingToUndo(message: ""), try game.undo())
    }

    func testUndoAgainstTheComputerGoesBackToThePersonsTurn() async throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .vsComputer(level: .easy, human: .attackers),
                                           exitForts: true, store: nil)
        let s0 = game.snapshot()
        XCTAssertEqual(s0.turn, .yourMove(side: .attackers))
        try playAll(game, ["a4-a3"])
        XCTAssertEqual(game.snapshot().turn, .computerToMove(side: .defenders))
        let r = try await onThread { try game.computerMove(cancel: CancelHandle(), timeLimitMs: 20) }
        guard case .played = r else { return XCTFail("\(r)") }
        XCTAssertEqual(try game.undo().count, 2)
        XCTAssertEqual(game.snapshot(), s0)
    }

    func testIllegalMovesGiveTypedErrors() throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        let before = game.snapshot()
        let off = Coord(file: 7, rank: 0)
        assertTaflError(.OffBoard(message: ""), try game.play(from: off, to: sq("a1")))
        assertTaflError(.OffBoard(message: ""), try game.play(from: sq("a4"), to: Coord(file: 0, rank: 200)))
        assertTaflError(.OffBoard(message: ""), try game.targets(from: Coord(file: 255, rank: 255)))
        assertTaflError(.NoPiece(message: ""), try game.play(from: sq("c3"), to: sq("c2")))
        assertTaflError(.NotYourPiece(message: ""), try game.play(from: sq("d3"), to: sq("e3")))
        assertTaflError(.NotInLine(message: ""), try game.play(from: sq("a4"), to: sq("b5")))
        assertTaflError(.NotInLine(message: ""), try game.play(from: sq("a4"), to: sq("a4")))
        assertTaflError(.Blocked(message: ""), try game.play(from: sq("a4"), to: sq("c4")))
        assertTaflError(.Restricted(message: ""), try game.play(from: sq("a4"), to: sq("a1")))
        assertTaflError(.NotComputersTurn(message: ""), try game.computerMove(cancel: CancelHandle(), timeLimitMs: 1))
        XCTAssertEqual(game.snapshot(), before, "refused moves change nothing")

        let vs = try GameSession.newGame(variant: .brandubh, mode: .vsComputer(level: .easy, human: .defenders),
                                         exitForts: true, store: nil)
        XCTAssertEqual(vs.snapshot().turn, .computerToMove(side: .attackers))
        assertTaflError(.NotYourTurn(message: ""), try vs.play(from: sq("a4"), to: sq("a3")))
        XCTAssertEqual(try vs.targets(from: sq("a4")), [], "no targets while the computer is to move")
    }

    func testErrorMessagesAreReadable() {
        do {
            let game = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
            _ = try game.play(from: sq("a4"), to: sq("c4"))
            XCTFail("no error")
        } catch let TaflError.Blocked(message) {
            XCTAssertEqual(message, "the way is blocked")
        } catch {
            XCTFail("\(error)")
        }
    }

    func testComputerMovesOffTheMainThreadAtEachLevel() async throws {
        for variant in [Variant.brandubh, .tablut, .copenhagen] {
            for level in [Level.easy, .normal, .hard] {
                let game = try GameSession.newGame(variant: variant, mode: .vsComputer(level: level, human: .defenders),
                                                   exitForts: true, store: nil)
                let r = try await onThread { try game.computerMove(cancel: CancelHandle(), timeLimitMs: 30) }
                guard case let .played(played, status, _) = r else { return XCTFail("\(variant) \(level): \(r)") }
                XCTAssertEqual(status, .ongoing)
                let s = game.snapshot()
                XCTAssertEqual(s.plies, 1)
                XCTAssertEqual(s.lastMove, played)
                XCTAssertEqual(s.turn, .yourMove(side: .defenders), "\(variant) \(level)")
                // Not the computer's turn any more.
                assertTaflError(.NotComputersTurn(message: ""), try game.computerMove(cancel: CancelHandle(), timeLimitMs: 1))
            }
        }
    }

    func testComputerPlaysAWholeGameAgainstItselfThroughTwoSessions() async throws {
        // The person's moves come from a second session asked for the computer's choice.
        let game = try GameSession.newGame(variant: .brandubh, mode: .vsComputer(level: .easy, human: .attackers),
                                           exitForts: true, store: nil)
        var n = 0
        while game.snapshot().status == .ongoing && n < 400 {
            n += 1
            let s = game.snapshot()
            if case .computerToMove = s.turn {
                _ = try await onThread { try game.computerMove(cancel: CancelHandle(), timeLimitMs: 5) }
            } else {
                // any legal move of the person's: the first piece with targets
                let mine = s.squares.filter { $0.piece == .attacker }
                var moved = false
                for m in mine {
                    if let to = try game.targets(from: m.coord).first {
                        _ = try game.play(from: m.coord, to: to)
                        moved = true
                        break
                    }
                }
                XCTAssertTrue(moved)
            }
        }
        XCTAssertNotEqual(game.snapshot().status, .ongoing, "the game ended in \(n) turns")
        XCTAssertEqual(game.snapshot().turn, .gameOver)
    }

    func testCancelFromAnotherThread() async throws {
        let game = try GameSession.newGame(variant: .copenhagen, mode: .vsComputer(level: .hard, human: .defenders),
                                           exitForts: true, store: nil)
        let before = game.snapshot()
        let handle = CancelHandle()
        XCTAssertFalse(handle.isCancelled())
        let start = Date()
        async let result = onThread { try game.computerMove(cancel: handle, timeLimitMs: 60_000) }
        // Cancel from a different thread after the search has started.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            handle.cancel()
        }
        // The UI keeps reading snapshots while the computer thinks.
        XCTAssertEqual(game.snapshot().squares, before.squares)
        let r = try await result
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(r, .cancelled)
        XCTAssertTrue(handle.isCancelled())
        XCTAssertLessThan(elapsed, 10, "cancelled promptly, not after the 60 s limit")
        XCTAssertEqual(game.snapshot(), before, "nothing was played")
    }

    func testAlreadyCancelledHandleAndUndoCancel() async throws {
        let game = try GameSession.newGame(variant: .brandubh, mode: .vsComputer(level: .hard, human: .defenders),
                                           exitForts: true, store: nil)
        let before = game.snapshot()
        let h = CancelHandle()
        h.cancel()
        let r = try await onThread { try game.computerMove(cancel: h, timeLimitMs: 60_000) }
        XCTAssertEqual(r, .cancelled)
        XCTAssertEqual(game.snapshot(), before)
        // A resignation while the computer thinks cancels the search.
        async let r2 = onThread { try game.computerMove(cancel: CancelHandle(), timeLimitMs: 60_000) }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertEqual(try game.resign().status, .won(winner: .attackers, reason: .resignation))
        let res2 = try await r2
        XCTAssertEqual(res2, .cancelled)
    }

    func testTaskCancellationReachesTheCore() async throws {
        // The pattern HnefiModel uses: Swift task cancellation -> CancelHandle.cancel().
        let game = try GameSession.newGame(variant: .copenhagen, mode: .vsComputer(level: .hard, human: .defenders),
                                           exitForts: true, store: nil)
        let task = Task.detached { () -> ComputerMove in
            let h = CancelHandle()
            return try await withTaskCancellationHandler {
                try await onThread { try game.computerMove(cancel: h, timeLimitMs: 60_000) }
            } onCancel: {
                h.cancel()
            }
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        let r = try await task.value
        XCTAssertEqual(r, .cancelled)
        XCTAssertEqual(game.snapshot().plies, 0)
    }
}
