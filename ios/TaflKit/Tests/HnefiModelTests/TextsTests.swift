import Foundation
import HnefiModel
import TaflCore
import XCTest

final class TextsTests: XCTestCase {

    func testEveryTextInEveryLanguage() {
        for language in Language.allCases {
            let t = Texts(language)
            for key in TextKey.allCases {
                XCTAssertFalse(t[key].isEmpty, "\(language).\(key)")
                XCTAssertNotEqual(t[key], key.rawValue, "\(language).\(key) is missing")
            }
        }
        XCTAssertEqual(Texts(.fr)[.resign], "Abandonner")
        XCTAssertEqual(Texts(.de)[.undo], "Zug zurück")
        XCTAssertEqual(Texts(.de)(.tuichi, 2), "Tuichi: Der König hat 2 freie Wege zum Rand.")
    }

    func testLanguageFromPreferences() {
        XCTAssertEqual(Language.preferred(["de-CH", "en-GB"]), .de)
        XCTAssertEqual(Language.preferred(["fr_CA"]), .fr)
        XCTAssertEqual(Language.preferred(["es-ES", "fr-FR"]), .fr)
        XCTAssertEqual(Language.preferred(["ja"]), .en)
        XCTAssertEqual(Language.preferred([]), .en)
    }

    func testRulesInEveryLanguage() {
        for language in Language.allCases {
            for variant in [Variant.copenhagen, .brandubh, .tablut] {
                let p = RulesText.paragraphs(variant, language)
                XCTAssertGreaterThanOrEqual(p.count, 4, "\(language) \(variant)")
                XCTAssertTrue(p.allSatisfy { $0.count > 40 })
            }
            XCTAssertNotEqual(RulesText.paragraphs(.tablut, language), RulesText.paragraphs(.brandubh, language))
        }
    }

    func testEverySquareHasItsOwnVoiceOverLabel() throws {
        for variant in [Variant.copenhagen, .brandubh, .tablut] {
            let session = try GameSession.newGame(variant: variant, mode: .twoPlayers, exitForts: true, store: nil)
            let game = GameUi(session.snapshot(), selected: Sq("a4"), targets: [Sq("a3")!], thinking: false)
            for language in Language.allCases {
                let t = Texts(language)
                let labels = game.squares.map { $0.voiceOverLabel(t) }
                XCTAssertEqual(Set(labels).count, game.squares.count, "\(variant) \(language)")
                for (sq, label) in zip(game.squares, labels) {
                    XCTAssertTrue(label.hasPrefix(sq.name + ", "), label)
                }
            }
        }
        let s = try GameSession.newGame(variant: .brandubh, mode: .twoPlayers, exitForts: true, store: nil)
        let g = GameUi(s.snapshot(), selected: Sq("a4"), targets: [Sq("a3")!], thinking: false)
        XCTAssertEqual(g.square("a4")!.voiceOverLabel(Texts(.en)), "a4, attacker, selected")
        XCTAssertEqual(g.square("a3")!.voiceOverLabel(Texts(.en)), "a3, empty, possible move")
        XCTAssertEqual(g.square("d4")!.voiceOverLabel(Texts(.de)), "d4, König")
        XCTAssertEqual(g.square("a1")!.voiceOverLabel(Texts(.fr)), "a1, vide, case de sortie")
    }

    func testSquareNames() {
        XCTAssertEqual(Sq("f6"), Sq(file: 5, rank: 5))
        XCTAssertEqual(Sq("k11")?.name, "k11")
        XCTAssertNil(Sq(""))
        XCTAssertNil(Sq("A1"))
        XCTAssertNil(Sq("b0"))
        XCTAssertEqual(Sq(file: 300, rank: -1).coord, Coord(file: 255, rank: 0))
    }

    func testColourBlindPaletteKeepsMarkingsApart() {
        for palette in [Palette.standard, .colourBlind] {
            XCTAssertEqual(Set(palette.markings).count, palette.markings.count)
            // Pieces stand out from both kinds of square.
            for square in [palette.lightSquare, palette.darkSquare] {
                XCTAssertGreaterThan(palette.attacker.contrast(with: square), 3)
                XCTAssertGreaterThan(palette.defender.contrast(with: palette.attacker), 3)
            }
        }
        XCTAssertEqual(Palette.forSetting(colourBlind: true), .colourBlind)
        XCTAssertEqual(Palette.colourBlind.selection, RGB(hex: 0x0072B2))
    }
}
