import Foundation
import HnefiModel
import TaflCore
import XCTest

let kingEscapes = ["a4-a3", "e4-e3", "a3-a2", "d4-e4", "a2-a3", "e4-e7", "a3-a2", "e7-g7"]
let kingCaptured = ["a4-a3", "e4-e6", "a3-a2", "d4-e4", "a2-a3", "e4-e1", "f4-f1"]
let repetition = ["a4-a3", "c4-c5", "a3-a4", "c5-c4", "a4-a3", "c4-c5", "a3-a4", "c5-c4"]

func tempDir() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@MainActor
extension GameModel {
    func tap(_ name: String) { send(.squareTapped(Sq(name)!)) }

    /// Plays "a4-a3" by tapping the two squares, as a person does.
    func play(_ move: String, file: StaticString = #filePath, line: UInt = #line) {
        let p = move.split(separator: "-").map(String.init)
        tap(p[0])
        XCTAssertEqual(state.game?.selected, Sq(p[0]), "selected \(p[0])", file: file, line: line)
        XCTAssertEqual(state.game?.square(p[1])?.target, true, "\(p[1]) is a target", file: file, line: line)
        tap(p[1])
        XCTAssertEqual(state.game?.lastMove.map { String($0.prefix(5)) }, move, file: file, line: line)
    }

    func playAll(_ moves: [String], file: StaticString = #filePath, line: UInt = #line) {
        for m in moves { play(m, file: file, line: line) }
    }

    /// A legal move of the person's, found by tapping their pieces until one shows targets.
    func playAnyMove(file: StaticString = #filePath, line: UInt = #line) {
        guard let game = state.game else { return XCTFail("no game", file: file, line: line) }
        for sq in game.squares where sq.movable {
            tap(sq.name)
            if let target = state.game?.squares.first(where: \.target) {
                let before = state.game?.plies ?? 0
                tap(target.name)
                XCTAssertEqual(state.game?.plies, before + 1, file: file, line: line)
                return
            }
        }
        XCTFail("no legal move found", file: file, line: line)
    }

    func startGame(_ variant: Variant, vsComputer: Bool, level: Level = .easy, side: Side = .defenders) {
        send(.chooseVariant(variant))
        send(.chooseOpponent(vsComputer: vsComputer))
        send(.chooseLevel(level))
        send(.chooseSide(side))
        send(.newGame)
        if state.confirmNewGame { send(.confirmNewGame) }
    }
}
