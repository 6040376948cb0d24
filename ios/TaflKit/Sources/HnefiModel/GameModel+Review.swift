import Foundation
import TaflCore

// Finished games, their review with the engine's judgement, and games pasted as text.

/// An analysis running in the background; `token` tells its points from an older run's.
struct AnalysisRun {
    let task: Task<Void, Never>
    let token: Int
}

extension GameModel {
    // MARK: history

    func showHistory() {
        state.screen = .history
        guard let store else {
            state.historyLoaded = true
            return
        }
        spawn { [weak self] in
            let games = await OffMain.run("hnefi.store") { Result { try store.finishedGames() } }
            guard let self else { return }
            switch games {
            case let .success(games): self.state.history = games.map(self.historyRow)
            case .failure: self.state.notice = .storageFailed
            }
            self.state.historyLoaded = true
        }
    }

    /// A row of the history, its date in the model's time zone at the game's end.
    func historyRow(_ game: FinishedGame) -> HistoryRow {
        let end = Date(timeIntervalSince1970: TimeInterval(game.finishedAt))
        let offset = Int32(timeZone.secondsFromGMT(for: end) / 60)
        return HistoryRow(game: game, texts: texts.history(game: game, utcOffsetMinutes: offset))
    }

    // MARK: opening a review

    func openReview(_ id: Int64) {
        guard let store else { return }
        spawn { [weak self] in
            let opened = await OffMain.run("hnefi.store") { Result { try store.review(id: id) } }
            guard let self else { return }
            switch opened {
            case let .success(review): self.present(review, fromHistory: true)
            case .failure: self.state.notice = .storageFailed
            }
        }
    }

    func importPasted() {
        let text = state.importText
        spawn { [weak self] in
            let imported = await OffMain.run("hnefi.import") { Result { try importGame(text: text) } }
            guard let self else { return }
            switch imported {
            case let .success(review):
                self.importFailure = nil
                self.state.importError = nil
                self.present(review, fromHistory: false)
            case let .failure(error as ImportError):
                self.importFailure = error
                self.state.importError = self.texts.importError(error: error)
            case .failure:
                self.state.importError = self.texts[.importEmpty]
            }
        }
    }

    /// Shows a review at its last position; the analysis starts unless it is known already.
    private func present(_ r: GameReview, fromHistory: Bool) {
        cancelAnalysis()
        review = r
        swingViews = []
        let info = r.info()
        let known = r.analysis()
        state.review = ReviewUi(info: info, fromHistory: fromHistory, otn: r.otn(),
                                frame: r.frame(ply: info.plies, language: texts.language()), moves: [],
                                chances: Array(repeating: nil, count: Int(info.plies) + 1), swings: [],
                                analysing: false, analysisComplete: false, analysed: 0, progressText: nil, chartValue: nil)
        if let known { apply(known) }
        relabelReview()
        state.screen = .review
        startAnalysis()
    }

    // MARK: stepping

    func stepReview(_ step: ReviewStep) {
        guard let ui = state.review else { return }
        switch step {
        case .first: showReviewPly(0)
        case .previous: showReviewPly(ui.ply - 1)
        case .next: showReviewPly(ui.ply + 1)
        case .last: showReviewPly(ui.total)
        }
    }

    func showReviewPly(_ ply: Int) {
        guard let r = review, var ui = state.review else { return }
        let clamped = min(max(ply, 0), ui.total)
        guard clamped != ui.ply else { return }
        ui.frame = r.frame(ply: UInt32(clamped), language: texts.language())
        ui.chartValue = chartValue(ui)
        state.review = ui
    }

    // MARK: analysis

    func startAnalysis() {
        guard !inBackground, let r = review, var ui = state.review, analysis == nil, !ui.analysisComplete else { return }
        let token = nextId()
        let relay = AnalysisRelay { [weak self] ply, chance, analysed in
            Task { @MainActor in self?.analysisPoint(token, ply: ply, chance: chance, analysed: analysed) }
        }
        let handle = CancelHandle()
        let task = spawn { [weak self] in
            let result = await OffMain.cancellable("hnefi.analysis", handle) {
                r.analyse(listener: relay, cancel: handle)
            }
            self?.analysisDone(token, result)
        }
        analysis = AnalysisRun(task: task, token: token)
        ui.analysing = true
        ui.analysed = 0
        ui.progressText = texts.analysing(progress: 0)
        state.review = ui
    }

    func cancelAnalysis() {
        analysis?.task.cancel()
        analysis = nil
        guard var ui = state.review else { return }
        ui.analysing = false
        ui.progressText = nil
        state.review = ui
    }

    /// A point found by the running analysis: the chart fills in.
    private func analysisPoint(_ token: Int, ply: Int, chance: Double, analysed: Int) {
        guard analysis?.token == token, var ui = state.review, ply >= 0, ply < ui.chances.count else { return }
        ui.chances[ply] = chance
        ui.analysed = max(ui.analysed, analysed)
        ui.progressText = texts.analysing(progress: ui.progress)
        ui.chartValue = chartValue(ui)
        state.review = ui
    }

    private func analysisDone(_ token: Int, _ result: AnalysisView) {
        guard analysis?.token == token else { return }
        analysis = nil
        apply(result)
        state.review?.analysing = false
        relabelReview()
    }

    /// An analysis, stored or just found: its points, and its swings once it is complete.
    private func apply(_ result: AnalysisView) {
        guard var ui = state.review else { return }
        for (i, c) in result.chances.enumerated() where i < ui.chances.count {
            ui.chances[i] = c
        }
        ui.analysed = max(ui.analysed, min(result.chances.count, ui.chances.count))
        ui.analysisComplete = result.complete
        swingViews = result.complete ? result.swings : []
        state.review = ui
    }

    /// Every word of the review again, in the app's language.
    func relabelReview() {
        guard let r = review, var ui = state.review else { return }
        let language = texts.language()
        ui.frame = r.frame(ply: UInt32(ui.ply), language: language)
        ui.swings = swingViews.map { SwingUi(ply: Int($0.ply), text: texts.swing(swing: $0), better: $0.better) }
        let swingText = Dictionary(ui.swings.map { ($0.ply, $0.text) }, uniquingKeysWith: { a, _ in a })
        ui.moves = r.moves(language: language).enumerated().map { i, move in
            ReviewMove(ply: i + 1, notation: move.notation, swing: swingText[i + 1])
        }
        ui.progressText = ui.analysing ? texts.analysing(progress: ui.progress) : nil
        ui.chartValue = chartValue(ui)
        state.review = ui
    }

    /// The chart's value at the shown position, for screen readers.
    private func chartValue(_ ui: ReviewUi) -> String? {
        guard ui.ply < ui.chances.count, let chance = ui.chances[ui.ply] else { return nil }
        return texts.chartPoint(ply: UInt32(ui.ply), defendersChance: chance)
    }
}
