import Foundation
import HnefiModel
import TaflCore
import XCTest

// Brandubh games between two players, played by the tests through the model.
let kingEscapes = ["a4-a3", "e4-e3", "a3-a2", "d4-e4", "a2-a3", "e4-e7", "a3-a2", "e7-g7"]
let kingCaptured = ["a4-a3", "e4-e6", "a3-a2", "d4-e4", "a2-a3", "e4-e1", "f4-f1"]
let repetition = ["a4-a3", "c4-c5", "a3-a4", "c5-c4", "a4-a3", "c4-c5", "a3-a4", "c5-c4"]
/// Ends with "f5-e5xd5": the defender on d5 is taken between two attackers.
let captureOnD5 = ["b4-b5", "e4-e3", "b5-c5", "c4-b4", "f4-f5", "b4-b3", "f5-e5"]

let english = ["en-GB"]
let german = ["de-DE"]
let french = ["fr-FR"]

func tempDir() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A database in a folder of its own, removed when the test ends.
func tempStore(_ test: XCTestCase) throws -> (store: TaflStore, path: String) {
    let dir = try tempDir()
    test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("hnefi.sqlite").path
    return (try TaflStore.open(path: path), path)
}

@MainActor
func makeModel(store: TaflStore? = nil, languages: [String] = english, thinkMs: UInt32? = 20,
               hintMs: UInt32? = 50) async -> GameModel {
    let model = GameModel(store: store, languages: languages, thinkTimeMs: { _ in thinkMs }, hintTimeMs: hintMs,
                          timeZone: TimeZone(identifier: "Europe/Paris")!)
    await model.settled()
    return model
}

@MainActor
extension GameModel {
    var game: GameUi? { state.game }
    var thinking: Bool { state.game?.thinking ?? false }

    func tap(_ name: String) { send(.squareTapped(Sq(name)!)) }

    /// Plays "a4-a3" by tapping the two squares, as a person does.
    func play(_ move: String, file: StaticString = #filePath, line: UInt = #line) {
        let p = move.split(separator: "-").map(String.init)
        let plies = state.game?.plies ?? -1
        tap(p[0])
        XCTAssertEqual(state.game?.selected, Sq(p[0]), "selected \(p[0])", file: file, line: line)
        XCTAssertEqual(state.game?.square(p[1])?.target, true, "\(p[1]) is a target", file: file, line: line)
        tap(p[1])
        XCTAssertEqual(state.game?.plies, plies + 1, "\(move) was played", file: file, line: line)
        XCTAssertEqual(state.game?.snapshot.lastMove.map { String($0.notation.prefix(5)) }, move, file: file, line: line)
    }

    func playAll(_ moves: [String], file: StaticString = #filePath, line: UInt = #line) {
        for m in moves { play(m, file: file, line: line) }
    }

    /// A legal move of the person's, found by tapping their pieces until one shows targets.
    func playAnyMove(file: StaticString = #filePath, line: UInt = #line) {
        guard let game = state.game else { return XCTFail("no game", file: file, line: line) }
        for sq in game.board.squares where sq.movable {
            tap(sq.name)
            if let target = state.game?.board.squares.first(where: \.target) {
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

    /// Plays a whole two-player Brandubh game and leaves it, so that it is recorded.
    func finishGame(_ moves: [String] = kingEscapes, hintAfter: Int? = nil) async {
        startGame(.brandubh, vsComputer: false)
        for (i, m) in moves.enumerated() {
            if i == hintAfter {
                send(.hint)
                await settled()
            }
            play(m)
        }
        send(.back)
    }
}

/// A thinking time a test changes halfway through a game.
final class ThinkTime: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt32
    init(ms: UInt32) { value = ms }
    var ms: UInt32 {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var v = false
    func set() { lock.lock(); v = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return v }
}

/// The texts of the core for a language, to compare the app's words with.
func coreTexts(_ language: Language) -> Texts { Texts(language: language) }
