import Foundation
import TaflCore
import XCTest

/// Persistence through the exported API: TaflStore, saving after every move, resumeGame,
/// records, and recovery from a damaged file.
final class StoreTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try makeTempDir()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    var dbPath: String { dir.appendingPathComponent("hnefi.sqlite").path }

    func testRoundTripThroughResumeGame() async throws {
        var expected: GameSnapshot
        do {
            let store = try TaflStore.open(path: dbPath)
            XCTAssertNil(store.notice())
            XCTAssertFalse(try store.hasUnfinishedGame())
            XCTAssertNil(try resumeGame(store: store))
            let game = try GameSession.newGame(variant: .tablut, mode: .vsComputer(level: .easy, human: .attackers),
                                               exitForts: true, store: store)
            XCTAssertTrue(try store.hasUnfinishedGame())
            _ = try game.play(from: sq("d1"), to: sq("d3"))
            let r = try await onThread { try game.computerMove(cancel: CancelHandle(), timeLimitMs: 20) }
            guard case .played = r else { return XCTFail("\(r)") }
            expected = game.snapshot()
            XCTAssertNil(expected.saveError)
            store.flush()
        }
        // "Restart": a new store object on the same file.
        let store2 = try TaflStore.open(path: dbPath)
        XCTAssertTrue(try store2.hasUnfinishedGame())
        let resumed = try XCTUnwrap(try resumeGame(store: store2))
        let s = resumed.snapshot()
        XCTAssertEqual(s.variant, .tablut)
        XCTAssertEqual(s.mode, .vsComputer(level: .easy, human: .attackers))
        XCTAssertEqual(s.plies, 2)
        XCTAssertEqual(s.squares.map(\.piece), expected.squares.map(\.piece))
        XCTAssertEqual(s.turn, .yourMove(side: .attackers))
        XCTAssertEqual(s.lastMove?.notation, expected.lastMove?.notation)
        // The resumed game goes on, and saves again.
        XCTAssertEqual(try resumed.undo().count, 2)
        store2.flush()   // saving happens behind, on the store's thread
        let store3 = try TaflStore.open(path: dbPath)
        XCTAssertEqual(try resumeGame(store: store3)?.snapshot().plies, 0)
    }

    func testFinishedGamesRecordsAndSettings() throws {
        let store = try TaflStore.open(path: dbPath)
        XCTAssertEqual(try store.records().count, 6)
        XCTAssertTrue(try store.records().allSatisfy { $0.wins + $0.losses + $0.draws == 0 })
        let game = try GameSession.newGame(variant: .brandubh, mode: .vsComputer(level: .normal, human: .attackers),
                                           exitForts: true, store: store)
        _ = try game.play(from: sq("a4"), to: sq("a3"))
        XCTAssertEqual(try game.resign().status, .won(winner: .defenders, reason: .resignation))
        XCTAssertFalse(try store.hasUnfinishedGame())
        // A finished game is recorded when the players leave it.
        XCTAssertEqual(try store.finishedGames().count, 0)
        game.conclude()
        let row = try XCTUnwrap(try store.records().first { $0.level == .normal && $0.side == .attackers })
        XCTAssertEqual(row.losses, 1)
        XCTAssertEqual(row.wins, 0)
        let finished = try store.finishedGames()
        XCTAssertEqual(finished.count, 1)
        XCTAssertEqual(finished[0].status, .won(winner: .defenders, reason: .resignation))
        XCTAssertTrue(try store.exportOtn(id: finished[0].id).contains("a4-a3"))
        assertTaflError(.NotFound(message: ""), try store.exportOtn(id: 987_654))

        // Two players: a finished game is listed, the records (against the computer) unchanged.
        let two = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: store)
        try playAll(two, brandubhKingEscapes)
        two.conclude()
        XCTAssertEqual(try store.finishedGames().count, 2)
        XCTAssertEqual(try store.finishedGames().first?.status, .won(winner: .defenders, reason: .kingEscaped))

        var settings = try store.settings()
        settings = Settings(exitForts: false, lastVariant: .tablut, lastModeVsComputer: true, lastLevel: .hard,
                            lastSide: .defenders, sound: false, haptics: false, colourBlindPalette: true,
                            showThreats: true)
        store.saveSettings(settings: settings)
        XCTAssertEqual(try store.settings(), settings, "a read waits for the writes queued before it")
        store.flush()
        XCTAssertEqual(try TaflStore.open(path: dbPath).settings(), settings)
    }

    func testNewGameWithAStoreEndsTheUnfinishedOne() throws {
        let store = try TaflStore.open(path: dbPath)
        let g1 = try GameSession.newGame(variant: .brandubh, mode: .vsComputer(level: .easy, human: .attackers),
                                         exitForts: true, store: store)
        _ = try g1.play(from: sq("a4"), to: sq("a3"))
        _ = try GameSession.newGame(variant: .copenhagen, mode: .twoPlayers, exitForts: true, store: store)
        XCTAssertEqual(try resumeGame(store: store)?.snapshot().variant, .copenhagen)
        let row = try XCTUnwrap(try store.records().first { $0.level == .easy && $0.side == .attackers })
        XCTAssertEqual(row.losses, 1, "abandoning a game against the computer counts as a resignation")
    }

    func testCorruptFileIsMovedAside() throws {
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: dbPath))
        let store = try TaflStore.open(path: dbPath)
        guard case let .corruptFileMovedAside(keptAs, reason) = store.notice() else {
            return XCTFail("no notice: \(String(describing: store.notice()))")
        }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertTrue(FileManager.default.fileExists(atPath: keptAs), keptAs)
        XCTAssertNotEqual(keptAs, dbPath)
        // The new store works.
        XCTAssertFalse(try store.hasUnfinishedGame())
        _ = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: store)
        XCTAssertTrue(try store.hasUnfinishedGame())
        // Opening it again is quiet.
        XCTAssertNil(try TaflStore.open(path: dbPath).notice())
    }

    func testUnopenableStoreIsATaflError() {
        do {
            _ = try TaflStore.open(path: "/proc/no-such-dir/hnefi.sqlite")
            XCTFail("opened")
        } catch is TaflError {
        } catch {
            XCTFail("\(error)")
        }
    }
}
