import Foundation
import HnefiModel
import TaflCore
import XCTest

/// Every way a game can end reaches the turn bar as its own text, in every language.
@MainActor
// @unchecked Sendable: XCTest on Linux hands the test case to the main actor (test glue).
final class TurnBarTests: XCTestCase, @unchecked Sendable {

    /// Real games, played by tapping, for the reasons that are quick to reach.
    func testEndReasonsFromRealGames() async {
        for language in Language.allCases {
            let t = Texts(language)
            var seen: [TurnBar.Key: String] = [:]
            func finish(_ moves: [String], then extra: ((GameModel) -> Void)? = nil) -> TurnBar {
                let model = GameModel(store: nil, texts: t)
                model.startGame(.brandubh, vsComputer: false)
                model.playAll(moves)
                extra?(model)
                XCTAssertEqual(model.state.game?.turn, .gameOver)
                let bar = model.turnBar!
                XCTAssertTrue(bar.isResult)
                XCTAssertEqual(bar, TurnBar(key: bar.key, texts: t))
                seen[bar.key] = bar.text
                return bar
            }
            XCTAssertEqual(finish(kingEscapes).key, .won(viewpoint: .side, winner: .defenders, reason: .kingEscaped))
            XCTAssertEqual(finish(kingCaptured).key, .won(viewpoint: .side, winner: .attackers, reason: .kingCaptured))
            XCTAssertEqual(finish(repetition).key, .won(viewpoint: .side, winner: .attackers, reason: .repetition))
            XCTAssertEqual(finish(["a4-a3"], then: { $0.send(.resign) }).key,
                           .won(viewpoint: .side, winner: .attackers, reason: .resignation))
            XCTAssertEqual(Set(seen.values).count, 4, "\(language): \(seen)")
            XCTAssertTrue(seen.values.allSatisfy { !$0.isEmpty && !$0.contains("{") })

            // Against the computer: the person resigns (the computer wins) and, playing the
            // attackers, ... the computer resigns never; so the person wins by the king's
            // capture in a two-player mapping below.
            let vs = GameModel(store: nil, texts: t, thinkTimeMs: { _ in 5 })
            vs.startGame(.brandubh, vsComputer: true, level: .easy, side: .attackers)
            vs.play("a4-a3")
            await vs.computerIdle()
            vs.send(.resign)
            XCTAssertEqual(vs.turnBar?.key, .won(viewpoint: .computer, winner: .defenders, reason: .resignation))
            XCTAssertNotEqual(vs.turnBar?.text, seen[.won(viewpoint: .side, winner: .attackers, reason: .resignation)])
        }
    }

    /// Every status the core can report, mapped to words: each one distinct, for exit forts,
    /// encirclement, no moves and the move-limit draw too (they take long games to reach).
    func testEveryStatusHasItsOwnText() async {
        let modes: [GameMode] = [.twoPlayers, .vsComputer(level: .normal, human: .attackers),
                                 .vsComputer(level: .normal, human: .defenders)]
        let reasons: [WinReason] = [.kingEscaped, .kingCaptured, .exitFort, .encircled, .repetition, .noMoves, .resignation]
        for language in Language.allCases {
            let t = Texts(language)
            for mode in modes {
                var texts: [String] = []
                for winner in [Side.attackers, .defenders] {
                    for reason in reasons {
                        let bar = TurnBar(turn: .gameOver, status: .won(winner: winner, reason: reason), mode: mode,
                                          thinking: false, texts: t)
                        XCTAssertTrue(bar.isResult)
                        texts.append(bar.text)
                    }
                }
                let draw = TurnBar(turn: .gameOver, status: .drawn(reason: .moveLimit), mode: mode, thinking: false,
                                   drawLimit: 160, texts: t)
                XCTAssertEqual(draw.key, .drawn(.moveLimit))
                XCTAssertTrue(draw.text.contains("160"), draw.text)
                texts.append(draw.text)
                if mode == .twoPlayers {
                    XCTAssertEqual(Set(texts).count, texts.count, "\(language) \(mode): \(texts)")
                } else {
                    // Against the computer the winner is named as "you" or "the computer":
                    // still one text per (winner, reason).
                    XCTAssertEqual(Set(texts).count, texts.count, "\(language) \(mode): \(texts)")
                }
                XCTAssertTrue(texts.allSatisfy { !$0.isEmpty && !$0.contains("{") })
            }
            // The person's viewpoint.
            let win = TurnBar(turn: .gameOver, status: .won(winner: .attackers, reason: .encircled),
                              mode: .vsComputer(level: .easy, human: .attackers), thinking: false, texts: t)
            XCTAssertEqual(win.key, .won(viewpoint: .person, winner: .attackers, reason: .encircled))
            XCTAssertTrue(win.text.hasPrefix(t[.youWin]))
        }
        XCTAssertEqual(TurnBar(turn: .gameOver, status: .won(winner: .defenders, reason: .exitFort), mode: .twoPlayers,
                               thinking: false, texts: Texts(.en)).text,
                       "The defenders win: the king holds an unbreakable fort on the edge")
        XCTAssertEqual(TurnBar(turn: .gameOver, status: .drawn(reason: .moveLimit), mode: .twoPlayers, thinking: false,
                               texts: Texts(.de)).text,
                       "Remis: 160 Züge nacheinander ohne Schlagen")
    }

    func testTurnsBeforeTheEnd() async {
        let t = Texts(.fr)
        let vs = GameMode.vsComputer(level: .easy, human: .defenders)
        XCTAssertEqual(TurnBar(turn: .sideToMove(side: .defenders), status: .ongoing, mode: .twoPlayers, thinking: false,
                               texts: t).text, "Aux défenseurs de jouer")
        XCTAssertEqual(TurnBar(turn: .yourMove(side: .defenders), status: .ongoing, mode: vs, thinking: false,
                               texts: t).text, "À vous (défenseurs)")
        XCTAssertEqual(TurnBar(turn: .computerToMove(side: .attackers), status: .ongoing, mode: vs, thinking: false,
                               texts: t).text, "À l'ordinateur (attaquants)")
        XCTAssertEqual(TurnBar(turn: .computerToMove(side: .attackers), status: .ongoing, mode: vs, thinking: true,
                               texts: t).key, .thinking)
    }
}
