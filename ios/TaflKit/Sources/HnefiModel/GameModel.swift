import Foundation
import Observation
import TaflCore

/// The app's one model: `UiEvent`s in, one `UiState` value out, observed by SwiftUI.
///
/// Every word comes from the core in the device's language (`texts`, and the sentences in each
/// snapshot); every colour and size from the core's `look`. The model holds no rules of the
/// game: the core's snapshot says what to draw. Calls that block (the computer's move, a
/// hint, an analysis, the store's reads) run on threads of their own; the main actor only
/// sends events and reads snapshots.
@MainActor
@Observable
public final class GameModel {
    public internal(set) var state: UiState
    /// The words of the app in the device's language; replaced when the language changes.
    public internal(set) var texts: Texts
    /// The board's and the app's colours for the palette setting, light and dark.
    public internal(set) var looks: Looks

    @ObservationIgnored var store: TaflStore?
    @ObservationIgnored let thinkTimeMs: (Level) -> UInt32?
    @ObservationIgnored let hintTimeMs: UInt32?
    @ObservationIgnored let timeZone: TimeZone
    @ObservationIgnored var settings: Settings
    @ObservationIgnored var session: GameSession?
    /// The piece the person picked up; the core drops it when it may no longer move.
    @ObservationIgnored var selected: Sq?
    @ObservationIgnored var search: Task<Void, Never>?
    @ObservationIgnored var hintSearch: Task<Void, Never>?
    @ObservationIgnored var review: GameReview?
    @ObservationIgnored var analysis: AnalysisRun?
    /// The biggest swings of the review's complete analysis, kept to say them again in
    /// another language.
    @ObservationIgnored var swingViews: [SwingView] = []
    /// The pasted text's error, kept to say it again in another language.
    @ObservationIgnored var importFailure: ImportError?
    /// The app is in the background: nothing thinks.
    @ObservationIgnored var inBackground = false
    /// An analysis was stopped by going to the background; it goes on when the app returns.
    @ObservationIgnored var resumeAnalysis = false
    @ObservationIgnored var lastId = 0
    @ObservationIgnored var jobs: [Int: Task<Void, Never>] = [:]
    /// The observer of locale changes, and the centre it observes.
    @ObservationIgnored var localeObserver: (observer: any NSObjectProtocol, center: NotificationCenter)?

    /// - Parameters:
    ///   - openStore: opens the app's database (run off the main actor); nil keeps everything
    ///     in memory.
    ///   - languages: the device's preferred languages, most preferred first.
    ///   - thinkTimeMs: the computer's thinking time per level; nil keeps the core's own.
    ///   - hintTimeMs: how long a hint may think; nil keeps the core's own.
    ///   - timeZone: the dates of the history are in this zone.
    public init(openStore: (@Sendable () throws -> TaflStore)?,
                languages: [String] = Locale.preferredLanguages,
                thinkTimeMs: @escaping (Level) -> UInt32? = { _ in nil },
                hintTimeMs: UInt32? = nil,
                timeZone: TimeZone = .current) {
        let t = Texts.forLocales(tags: languages)
        let s = TaflCore.defaultSettings()
        texts = t
        settings = s
        looks = Looks(colourBlind: s.colourBlindPalette)
        state = UiState(settings: s, rules: RulesUi(variant: s.lastVariant,
                                                    paragraphs: GameModel.rules(s.lastVariant, settings: s, texts: t)))
        self.thinkTimeMs = thinkTimeMs
        self.hintTimeMs = hintTimeMs
        self.timeZone = timeZone
        if let openStore {
            spawn { [weak self] in await self?.load(openStore) }
        } else {
            state.ready = true
        }
    }

    /// A model over an open store (or none: everything in memory).
    public convenience init(store: TaflStore?, languages: [String] = Locale.preferredLanguages,
                            thinkTimeMs: @escaping (Level) -> UInt32? = { _ in nil },
                            hintTimeMs: UInt32? = nil, timeZone: TimeZone = .current) {
        let open: (@Sendable () throws -> TaflStore)? = store.map { s in { @Sendable in s } }
        self.init(openStore: open, languages: languages, thinkTimeMs: thinkTimeMs,
                  hintTimeMs: hintTimeMs, timeZone: timeZone)
    }

    /// The model of the app on the device: the database in Application Support, the device's
    /// languages (followed when they change), search threads for its cores.
    public static func onDevice() -> GameModel {
        setSearchThreads(threads: recommendedSearchThreads(cores: UInt32(ProcessInfo.processInfo.activeProcessorCount)))
        let model = GameModel(openStore: { try TaflStore.open(path: try AppPaths.databaseURL().path) })
        model.followLanguages()
        return model
    }

    public func send(_ event: UiEvent) {
        switch event {
        case let .chooseVariant(v): state.setup.variant = v
        case let .chooseOpponent(vs): state.setup.vsComputer = vs
        case let .chooseLevel(l): state.setup.level = l
        case let .chooseSide(s): state.setup.side = s
        case .newGame:
            if state.canResume { state.confirmNewGame = true } else { startGame() }
        case .confirmNewGame, .playAgain: startGame()
        case .cancelNewGame: state.confirmNewGame = false
        case .resume: resume()
        case .showRecords: showRecords()
        case let .showRules(v): showRules(v ?? state.rules.variant)
        case .showHistory: showHistory()
        case .showImport:
            state.importError = nil
            importFailure = nil
            state.screen = .importGame
        case .back: back()
        case let .squareTapped(sq): tap(sq)
        case let .dragStarted(sq): pickUp(sq)
        case let .dropped(from, on): drop(from, on)
        case .undo: undo()
        case .resign: askToResign()
        case .confirmResign: resign()
        case .cancelResign: state.confirmResign = false
        case .hint: toggleHint()
        case let .messageExpired(id): if state.message?.id == id { state.message = nil }
        case let .setSound(on): changeSettings { $0.sound = on }
        case let .setHaptics(on): changeSettings { $0.haptics = on }
        case let .setColourBlindPalette(on): changeSettings { $0.colourBlindPalette = on }
        case let .setShowThreats(on): changeSettings { $0.showThreats = on }
        case let .setReduceMotion(on): state.reduceMotion = on
        case let .languagesChanged(tags): changeLanguage(Texts.forLocales(tags: tags))
        case .dismissNotice: state.notice = nil
        case .appBackgrounded: goToBackground()
        case .appForegrounded: comeToForeground()
        case let .openReview(id): openReview(id)
        case let .reviewStep(step): stepReview(step)
        case let .reviewGoTo(ply): showReviewPly(ply)
        case .analyse: startAnalysis()
        case .cancelAnalysis: cancelAnalysis()
        case let .setImportText(text):
            state.importText = text
            state.importError = nil
            importFailure = nil
        case .importGame: importPasted()
        }
    }

    /// The app goes away: stop every search.
    public func close() {
        cancelSearch()
        cancelHint()
        cancelAnalysis()
        stopFollowingLanguages()
    }

    /// Waits until every piece of background work the model started (store reads, the
    /// computer's move, a hint, an analysis) is over: for tests and previews.
    public func settled() async {
        while let job = jobs.values.first {
            await job.value
        }
    }

    // MARK: two-way values for SwiftUI controls (`@Bindable var model`); each write is an event

    public var setupVariant: Variant {
        get { state.setup.variant }
        set { send(.chooseVariant(newValue)) }
    }

    public var setupVsComputer: Bool {
        get { state.setup.vsComputer }
        set { send(.chooseOpponent(vsComputer: newValue)) }
    }

    public var setupLevel: Level {
        get { state.setup.level }
        set { send(.chooseLevel(newValue)) }
    }

    public var setupSide: Side {
        get { state.setup.side }
        set { send(.chooseSide(newValue)) }
    }

    public var sound: Bool {
        get { state.prefs.sound }
        set { send(.setSound(newValue)) }
    }

    public var haptics: Bool {
        get { state.prefs.haptics }
        set { send(.setHaptics(newValue)) }
    }

    public var colourBlindPalette: Bool {
        get { state.prefs.colourBlindPalette }
        set { send(.setColourBlindPalette(newValue)) }
    }

    public var showThreats: Bool {
        get { state.prefs.showThreats }
        set { send(.setShowThreats(newValue)) }
    }

    public var rulesVariant: Variant {
        get { state.rules.variant }
        set { send(.showRules(newValue)) }
    }

    public var importText: String {
        get { state.importText }
        set { send(.setImportText(newValue)) }
    }

    /// An alert about the saved data is up; setting false dismisses it.
    public var noticeShown: Bool {
        get { state.notice != nil }
        set { if !newValue { send(.dismissNotice) } }
    }

    /// The "end the unfinished game?" question is up; setting false answers "cancel".
    public var confirmNewGameShown: Bool {
        get { state.confirmNewGame }
        set { if !newValue && state.confirmNewGame { send(.cancelNewGame) } }
    }

    /// The "resign this game?" question is up; setting false answers "cancel".
    public var confirmResignShown: Bool {
        get { state.confirmResign }
        set { if !newValue && state.confirmResign { send(.cancelResign) } }
    }

    // MARK: starting up

    /// What opening the store gives, read on the store's thread.
    private struct Opened: Sendable {
        let store: TaflStore
        let notice: StoreNotice?
        let settings: Result<Settings, any Error>
        let unfinished: Bool
    }

    private func load(_ openStore: @escaping @Sendable () throws -> TaflStore) async {
        let opened: Result<Opened, any Error> = await OffMain.run("hnefi.store") {
            Result {
                let store = try openStore()
                return Opened(store: store, notice: store.notice(), settings: Result { try store.settings() },
                              unfinished: (try? store.hasUnfinishedGame()) ?? false)
            }
        }
        switch opened {
        case let .success(o):
            store = o.store
            if case .corruptFileMovedAside = o.notice { state.notice = .dataReset }
            switch o.settings {
            case let .success(s): applySettings(s)
            case .failure: state.notice = .storageFailed
            }
            if session == nil { state.canResume = o.unfinished }
        case .failure:
            // Without a usable database the app still runs, in memory, and says so.
            state.notice = .storageFailed
        }
        state.ready = true
    }

    private func applySettings(_ s: Settings) {
        settings = s
        state.setup = Setup(s)
        state.prefs = Prefs(s)
        looks = Looks(colourBlind: s.colourBlindPalette)
        state.rules = RulesUi(variant: s.lastVariant, paragraphs: GameModel.rules(s.lastVariant, settings: s, texts: texts))
    }

    // MARK: settings, language, the system

    private func changeSettings(_ change: (inout Prefs) -> Void) {
        var prefs = state.prefs
        change(&prefs)
        state.prefs = prefs
        settings = Settings(exitForts: settings.exitForts, lastVariant: settings.lastVariant,
                            lastModeVsComputer: settings.lastModeVsComputer, lastLevel: settings.lastLevel,
                            lastSide: settings.lastSide, sound: prefs.sound, haptics: prefs.haptics,
                            colourBlindPalette: prefs.colourBlindPalette, showThreats: prefs.showThreats)
        looks = Looks(colourBlind: prefs.colourBlindPalette)
        store?.saveSettings(settings: settings)
        // The threat marks and what VoiceOver reads on the squares come with the snapshot.
        if let session { show(session) }
    }

    func remember(_ setup: Setup) {
        settings = Settings(exitForts: settings.exitForts, lastVariant: setup.variant,
                            lastModeVsComputer: setup.vsComputer, lastLevel: setup.level, lastSide: setup.side,
                            sound: settings.sound, haptics: settings.haptics,
                            colourBlindPalette: settings.colourBlindPalette, showThreats: settings.showThreats)
        store?.saveSettings(settings: settings)
    }

    /// Follows the device's language: when it changes, every text of the app changes.
    public func followLanguages(center: NotificationCenter = .default,
                                languages: @escaping @Sendable () -> [String] = { Locale.preferredLanguages }) {
        stopFollowingLanguages()
        let observer = center.addObserver(forName: NSLocale.currentLocaleDidChangeNotification, object: nil,
                                          queue: nil) { [weak self] _ in
            let tags = languages()
            Task { @MainActor in self?.send(.languagesChanged(tags)) }
        }
        localeObserver = (observer, center)
    }

    private func stopFollowingLanguages() {
        if let (observer, center) = localeObserver { center.removeObserver(observer) }
        localeObserver = nil
    }

    /// Every text on screen is built again in the new language.
    private func changeLanguage(_ newTexts: Texts) {
        texts = newTexts
        state.message = nil
        if let s = session { show(s) }
        state.records = state.records.map { r in
            RecordUi(level: r.level, side: r.side, title: newTexts.recordRow(level: r.level, side: r.side),
                     wins: r.wins, losses: r.losses, draws: r.draws)
        }
        state.history = state.history.map { historyRow($0.game) }
        state.rules = RulesUi(variant: state.rules.variant,
                              paragraphs: GameModel.rules(state.rules.variant, settings: settings, texts: newTexts))
        if let importFailure { state.importError = newTexts.importError(error: importFailure) }
        relabelReview()
    }

    private func goToBackground() {
        inBackground = true
        cancelSearch()
        cancelHint()
        if state.screen == .game, let s = session { show(s) }
        if analysis != nil {
            resumeAnalysis = true
            cancelAnalysis()
        }
        if let store {
            // Everything queued is written before the system may suspend the app.
            spawn { _ = await OffMain.run("hnefi.flush") { store.flush() } }
        }
    }

    /// Back in front: the game is read again from the core (a move may have landed just as
    /// the search was cancelled), and the computer thinks again if it is its turn.
    private func comeToForeground() {
        inBackground = false
        if resumeAnalysis {
            resumeAnalysis = false
            if state.screen == .review { startAnalysis() }
        }
        guard state.screen == .game, let s = session else { return }
        show(s)
        startComputerIfDue()
    }

    // MARK: screens

    private func showRecords() {
        state.screen = .records
        guard let store else { return }
        spawn { [weak self] in
            let rows = await OffMain.run("hnefi.store") { Result { try store.records() } }
            guard let self else { return }
            switch rows {
            case let .success(rows):
                self.state.records = rows.map { r in
                    RecordUi(level: r.level, side: r.side, title: self.texts.recordRow(level: r.level, side: r.side),
                             wins: Int(r.wins), losses: Int(r.losses), draws: Int(r.draws))
                }
            case .failure: self.state.notice = .storageFailed
            }
        }
    }

    private func showRules(_ variant: Variant) {
        state.rules = RulesUi(variant: variant, paragraphs: GameModel.rules(variant, settings: settings, texts: texts))
        state.screen = .rules
    }

    /// The rules of a game with the numbers of its variant data, and how hints are counted.
    static func rules(_ variant: Variant, settings: Settings, texts: Texts) -> [String] {
        texts.rules(variant: variant, exitForts: settings.exitForts)
    }

    private func back() {
        switch state.screen {
        case .game: leaveGame()
        case .review:
            cancelAnalysis()
            resumeAnalysis = false
            let fromHistory = state.review?.fromHistory ?? true
            state.review = nil
            review = nil
            swingViews = []
            if fromHistory { showHistory() } else { state.screen = .importGame }
        case .start, .records, .rules, .history, .importGame:
            state.screen = .start
        }
    }

    // MARK: helpers

    /// A new id for an event or a message.
    func nextId() -> Int {
        lastId += 1
        return lastId
    }

    /// Starts background work on the main actor's behalf, tracked so that tests can wait for
    /// it (`settled()`).
    @discardableResult
    func spawn(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let id = nextId()
        let task = Task { @MainActor [weak self] in
            await work()
            self?.jobs[id] = nil
        }
        jobs[id] = task
        return task
    }
}

/// The colours, sizes and motion of the board and the app for the palette setting, in the
/// light and the dark theme (the views pick the system's).
public struct Looks: Equatable, Sendable {
    public let light: Look
    public let dark: Look

    public init(colourBlind: Bool) {
        light = look(theme: .light, colourBlind: colourBlind)
        dark = look(theme: .dark, colourBlind: colourBlind)
    }

    public subscript(_ theme: Theme) -> Look { theme == .dark ? dark : light }
}

extension Texts {
    /// A label in this language: `texts[.actionUndo]`.
    public subscript(_ label: Label) -> String { self.label(label: label) }
}
