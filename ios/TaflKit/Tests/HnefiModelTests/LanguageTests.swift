import Foundation
import HnefiModel
import TaflCore
import XCTest

/// Every word comes from the core's tables in the device's language, and changes with it.
@MainActor
// @unchecked Sendable: XCTest on Linux hands the test case to the main actor (test glue).
final class LanguageTests: XCTestCase, @unchecked Sendable {

    func testTheDevicesFirstSpokenLanguageIsUsed() async {
        XCTAssertEqual(GameModel(store: nil, languages: ["de-CH", "en-GB"]).texts.language(), .german)
        XCTAssertEqual(GameModel(store: nil, languages: ["es-ES", "fr-CA"]).texts.language(), .french)
        XCTAssertEqual(GameModel(store: nil, languages: ["ja"]).texts.language(), .english)
        XCTAssertEqual(GameModel(store: nil, languages: []).texts.language(), .english)
    }

    /// Every label the app reads is its entry of the core's table (`Texts.table()`, the same
    /// table the Android build reads), in every language; every language has every key.
    func testLabelsAreTheCoresTable() async {
        let englishKeys = Set(coreTexts(.english).table().map(\.key))
        for language in Language.all {
            let t = coreTexts(language)
            let table = Dictionary(t.table().map { ($0.key, $0.text) }, uniquingKeysWith: { a, _ in a })
            XCTAssertEqual(Set(table.keys), englishKeys, "\(language)")
            XCTAssertTrue(table.values.allSatisfy { !$0.isEmpty }, "\(language)")
            for (label, key) in LanguageTests.labels {
                XCTAssertEqual(t[label], table[key], "\(language) \(key)")
            }
        }
        XCTAssertEqual(coreTexts(.french)[.actionResign], "Abandonner")
        XCTAssertEqual(coreTexts(.german)[.actionHint], coreTexts(.german).table().first { $0.key == "action.hint" }?.text)
    }

    /// Each label and the key of its text in core/texts/*.txt.
    static let labels: [(TaflCore.Label, String)] = [
        (.appName, "app.name"),
        (.startResume, "start.resume"),
        (.startNewGame, "start.new_game"),
        (.startGame, "start.game"),
        (.startOpponent, "start.opponent"),
        (.startVsComputer, "start.vs_computer"),
        (.startTwoPlayers, "start.two_players"),
        (.startLevel, "start.level"),
        (.startYourSide, "start.your_side"),
        (.startStart, "start.start"),
        (.startRecords, "start.records"),
        (.startRules, "start.rules"),
        (.startHistory, "start.history"),
        (.startImport, "start.import"),
        (.startSettings, "start.settings"),
        (.startConfirmNewGame, "start.confirm_new_game"),
        (.startConfirm, "start.confirm"),
        (.settingsSound, "settings.sound"),
        (.settingsHaptics, "settings.haptics"),
        (.settingsColourBlind, "settings.colour_blind"),
        (.settingsThreats, "settings.threats"),
        (.settingsThreatsHint, "settings.threats_hint"),
        (.actionBack, "action.back"),
        (.actionOk, "action.ok"),
        (.actionCancel, "action.cancel"),
        (.actionMenu, "action.menu"),
        (.actionUndo, "action.undo"),
        (.actionResign, "action.resign"),
        (.actionHint, "action.hint"),
        (.actionPlayAgain, "action.play_again"),
        (.actionShare, "action.share"),
        (.actionReview, "action.review"),
        (.turnThinking, "turn.thinking"),
        (.turnHintThinking, "turn.hint_thinking"),
        (.warnRepetition, "warn.repetition"),
        (.resignTitle, "resign.title"),
        (.resignConfirm, "resign.confirm"),
        (.hintUsed, "hint.used"),
        (.endingRing, "ending.ring"),
        (.endingFort, "ending.fort"),
        (.recordsTitle, "records.title"),
        (.recordsNone, "records.none"),
        (.recordsWins, "records.wins"),
        (.recordsLosses, "records.losses"),
        (.recordsDraws, "records.draws"),
        (.historyTitle, "history.title"),
        (.historyNone, "history.none"),
        (.reviewTitle, "review.title"),
        (.reviewFirst, "review.first"),
        (.reviewPrevious, "review.previous"),
        (.reviewNext, "review.next"),
        (.reviewLast, "review.last"),
        (.reviewStartPosition, "review.start_position"),
        (.reviewAnalyse, "review.analyse"),
        (.reviewCancelAnalysis, "review.cancel_analysis"),
        (.reviewChart, "review.chart"),
        (.reviewMistakes, "review.mistakes"),
        (.reviewNoMistakes, "review.no_mistakes"),
        (.importTitle, "import.title"),
        (.importPaste, "import.paste"),
        (.importButton, "import.button"),
        (.importEmpty, "import.empty"),
        (.rulesTitle, "rules.title"),
        (.rulesAppHints, "rules.app_hints"),
        (.noticeDataReset, "notice.data_reset"),
        (.noticeStorageFailed, "notice.storage_failed"),
    ]

    func testSwitchingTheLanguageChangesEveryText() async throws {
        let (store, _) = try tempStore(self)
        let model = await makeModel(store: store, languages: english, hintMs: 30)
        // Something on every screen: a finished game, records, the history, a review, the
        // rules, an import error, and a game in play with a hint.
        await model.finishGame(kingCaptured)
        model.send(.showRecords)
        await model.settled()
        model.send(.showHistory)
        await model.settled()
        model.send(.openReview(model.state.history[0].id))
        await model.settled()
        model.send(.back)
        model.send(.showRules(.copenhagen))
        model.send(.showImport)
        model.importText = "1. a4-a9"
        model.send(.importGame)
        await model.settled()
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(captureOnD5)
        model.send(.hint)
        await model.settled()
        let englishState = model.state

        model.send(.languagesChanged(["de-AT", "en"]))
        let de = coreTexts(.german)
        XCTAssertEqual(model.texts.language(), .german)
        XCTAssertEqual(model.texts[.actionUndo], de[.actionUndo])
        // The game: its snapshot is read again in German.
        let game = try XCTUnwrap(model.game)
        XCTAssertEqual(game.snapshot.language, .german)
        XCTAssertNotEqual(game.turnBar, englishState.game?.turnBar)
        XCTAssertNotEqual(game.texts.lastMove, englishState.game?.texts.lastMove)
        XCTAssertNotEqual(game.texts.hint, englishState.game?.texts.hint)
        XCTAssertNotEqual(game.texts.board, englishState.game?.texts.board)
        XCTAssertEqual(game.board.squares.map(\.label).filter { englishState.game!.board.squares.map(\.label).contains($0) },
                       [], "every square's label is German")
        XCTAssertNil(model.state.message, "a message in the old language is dropped")
        // The other screens' words.
        XCTAssertEqual(model.state.records.map(\.title), model.state.records.map { de.recordRow(level: $0.level, side: $0.side) })
        XCTAssertNotEqual(model.state.records.map(\.title), englishState.records.map(\.title))
        let row = model.state.history[0]
        XCTAssertNotEqual(row.texts, englishState.history[0].texts)
        XCTAssertEqual(row.texts.result, de.history(game: row.game, utcOffsetMinutes: 0).result)
        XCTAssertEqual(model.state.rules.paragraphs, de.rules(variant: .copenhagen, exitForts: true))
        XCTAssertNotEqual(model.state.importError, englishState.importError)
        XCTAssertTrue(model.state.importError!.contains("a4-a9"))

        // Back to English: the same words as before.
        model.send(.languagesChanged(english))
        XCTAssertEqual(model.game?.turnBar, englishState.game?.turnBar)
        XCTAssertEqual(model.game?.board, englishState.game?.board)
        XCTAssertEqual(model.state.history, englishState.history)
        XCTAssertEqual(model.state.rules, englishState.rules)
        XCTAssertEqual(model.state.importError, englishState.importError)
    }

    func testTheReviewIsRelabelled() async throws {
        let model = await makeModel()
        model.send(.showImport)
        model.importText = kingEscapes.joined(separator: " ")
        model.send(.importGame)
        await model.settled()
        let before = model.state.review!
        model.send(.languagesChanged(french))
        let after = model.state.review!
        XCTAssertNotEqual(after.frame.positionText, before.frame.positionText)
        XCTAssertNotEqual(after.frame.resultText, before.frame.resultText)
        XCTAssertEqual(after.frame.resultText,
                       coreTexts(.french).result(status: after.info.status, mode: .twoPlayers, variant: .brandubh))
        XCTAssertEqual(after.swings.map(\.ply), before.swings.map(\.ply))
        if !after.swings.isEmpty { XCTAssertNotEqual(after.swings.map(\.text), before.swings.map(\.text)) }
        XCTAssertEqual(after.chartValue.map { !$0.isEmpty }, true)
    }

    func testTheModelFollowsTheSystemsLocaleNotification() async {
        let center = NotificationCenter()
        let model = await makeModel()
        let french = Flag()
        model.followLanguages(center: center) { french.value ? ["fr-FR"] : ["en"] }
        model.startGame(.tablut, vsComputer: false)
        XCTAssertEqual(model.game?.turnBar, "Attackers to move")
        french.set()
        center.post(name: NSLocale.currentLocaleDidChangeNotification, object: nil)
        for _ in 0..<100 where model.texts.language() != .french {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTAssertEqual(model.texts.language(), .french)
        XCTAssertEqual(model.game?.snapshot.language, .french)
        let fresh = try! GameSession.newGame(variant: .tablut, mode: .twoPlayers, exitForts: true, store: nil)
        XCTAssertEqual(model.game?.turnBar, fresh.view(language: .french, selected: nil, showThreats: false).texts.turnBar)
        XCTAssertNotEqual(model.game?.turnBar, "Attackers to move")
        // Closed, the model no longer follows.
        model.send(.languagesChanged(english))
        model.close()
        center.post(name: NSLocale.currentLocaleDidChangeNotification, object: nil)
        try? await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertEqual(model.texts.language(), .english)
    }
}
