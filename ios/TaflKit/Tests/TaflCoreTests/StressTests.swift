import Foundation
import TaflCore
import XCTest

/// Garbage arguments from several threads at once on shared objects: the core must answer
/// every call with a value or a TaflError, and never crash or deadlock.
final class StressTests: XCTestCase {

    func testGarbageFromSeveralThreads() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try TaflStore.open(path: dir.appendingPathComponent("s.sqlite").path)
        let games = [
            try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil),
            try GameSession.newGame(variant: .copenhagen, mode: .vsComputer(level: .easy, human: .attackers),
                                    exitForts: false, store: store),
            try GameSession.newGame(variant: .tablut, mode: .vsComputer(level: .hard, human: .defenders),
                                    exitForts: true, store: nil),
        ]
        let failures = Failures()
        let calls = Counter()
        let threads = 6
        let done = DispatchGroup()
        for t in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                var rng = SplitMix(seed: UInt64(t) &* 0x9E37_79B9 &+ 1)
                func coord() -> Coord {
                    // mostly near the board, sometimes far off it
                    rng.next() % 4 == 0
                        ? Coord(file: UInt8(truncatingIfNeeded: rng.next()), rank: UInt8(truncatingIfNeeded: rng.next()))
                        : Coord(file: UInt8(rng.next() % 13), rank: UInt8(rng.next() % 13))
                }
                for _ in 0..<400 {
                    let game = games[Int(rng.next() % UInt64(games.count))]
                    do {
                        switch rng.next() % 10 {
                        case 0, 1, 2: _ = try game.play(from: coord(), to: coord())
                        case 3, 4: _ = try game.targets(from: coord())
                        case 5: _ = game.snapshot(); _ = game.exportOtn()
                        case 6: _ = try game.undo()
                        case 7:
                            if rng.next() % 8 == 0 { _ = try game.resign() }
                        case 8:
                            let h = CancelHandle()
                            if rng.next() % 2 == 0 { h.cancel() }
                            let limit: UInt32? = rng.next() % 3 == 0 ? UInt32(truncatingIfNeeded: rng.next()) % 5 : 2
                            _ = try game.computerMove(cancel: h, timeLimitMs: limit)
                        default:
                            _ = try store.records(); _ = try store.hasUnfinishedGame()
                            _ = try? store.exportOtn(id: Int64(bitPattern: rng.next()))
                        }
                    } catch is TaflError {
                        // expected for garbage
                    } catch {
                        failures.add("thread \(t): \(type(of: error)) \(error)")
                    }
                    calls.inc()
                }
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 240), .success, "threads finished (no deadlock)")
        XCTAssertEqual(failures.all, [])
        XCTAssertEqual(calls.value, threads * 400)
        for g in games {
            let s = g.snapshot()
            XCTAssertEqual(s.squares.count, Int(s.size) * Int(s.size))
        }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func inc() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
