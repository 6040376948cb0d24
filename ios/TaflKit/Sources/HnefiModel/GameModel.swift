import Foundation
import Observation
import TaflCore

/// The app's one model: events in, a `UiState` value out, observed by SwiftUI.
///
/// The same behaviour as the Android view model (`HnefiViewModel`). Every call into the core
/// runs on the main actor except the computer's move, which blocks for up to the level's
/// thinking time and so runs on a thread of its own; cancelling its Swift task (undo, resign,
/// leaving the game, a new game, going to the background, `close()`) cancels the core's search
/// through a `CancelHandle`.
/// The model holds no rules of the game: the core's `GameSnapshot` says what to draw.
@MainActor
@Observable
public final class GameModel {
    public private(set) var state = UiState()
    public let texts: Texts

    @ObservationIgnored private let store: TaflStore?
    @ObservationIgnored private let thinkTimeMs: (Level) -> UInt32?
    @ObservationIgnored private var session: GameSession?
    @ObservationIgnored private var settings: Settings = GameModel.defaultSettings
    @ObservationIgnored private var selected: Sq?
    @ObservationIgnored private var targets: Set<Sq> = []
    @ObservationIgnored private var search: Task<Void, Never>?
    /// The app is in the background: the computer does not think.
    @ObservationIgnored private var inBackground = false
    /// The latest computer task, kept after it was cancelled so tests can wait for its end.
    @ObservationIgnored private(set) var lastSearch: Task<Void, Never>?

    /// - Parameters:
    ///   - store: the app's database, or nil to keep everything in memory.
    ///   - texts: the words in the player's language.
    ///   - thinkTimeMs: the computer's thinking time per level; nil keeps the core's own.
    public init(store: TaflStore?, texts: Texts = Texts(), thinkTimeMs: @escaping (Level) -> UInt32? = { _ in nil }) {
        self.store = store
        self.texts = texts
        self.thinkTimeMs = thinkTimeMs
        var notice: Notice?
        if let store {
            if case .corruptFileMovedAside = store.notice() { notice = .dataReset }
            settings = storeCall { try store.settings() } ?? GameModel.defaultSettings
        }
        var s = UiState()
        s.setup = Setup(variant: settings.lastVariant, vsComputer: settings.lastModeVsComputer,
                        level: settings.lastLevel, side: settings.lastSide)
        s.canResume = unfinishedGameWaiting()
        s.records = readRecords()
        s.rulesVariant = settings.lastVariant
        s.notice = notice ?? state.notice
        s.colourBlindPalette = settings.colourBlindPalette
        state = s
    }

    /// Opens the database in Application Support (made when missing) and builds the model on it.
    /// Without a usable database the app still runs, in memory, and says so.
    public static func onDevice(texts: Texts = Texts()) -> GameModel {
        do {
            let store = try TaflStore.open(path: try AppPaths.databaseURL().path)
            return GameModel(store: store, texts: texts)
        } catch {
            let model = GameModel(store: nil, texts: texts)
            model.state.notice = .storageFailed
            return model
        }
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
        case .showRecords:
            state.records = readRecords()
            state.screen = .records
        case let .showRules(v):
            state.rulesVariant = v ?? state.rulesVariant
            state.screen = .rules
        case .back: leave()
        case let .squareTapped(sq): tap(sq)
        case .undo: undo()
        case .resign: resign()
        case .dismissNotice: state.notice = nil
        case let .setColourBlindPalette(on):
            state.colourBlindPalette = on
            settings = settings.with(colourBlindPalette: on)
            saveSettings()
        case .appBackgrounded: goToBackground()
        case .appForegrounded: comeToForeground()
        }
    }

    /// The app goes away: stop the computer.
    public func close() {
        cancelSearch()
    }

    /// The computer is thinking.
    public var thinking: Bool { state.game?.thinking ?? false }

    /// Waits until the computer's current move (if any) is over: for tests and previews.
    public func computerIdle() async {
        while let t = lastSearch {
            await t.value
            if lastSearch == t { break }
        }
    }

    /// The turn bar's key and words for the game on screen.
    public var turnBar: TurnBar? { state.game.map { TurnBar($0, texts: texts) } }

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

    public var colourBlindPalette: Bool {
        get { state.colourBlindPalette }
        set { send(.setColourBlindPalette(newValue)) }
    }

    public var rulesVariant: Variant {
        get { state.rulesVariant }
        set { send(.showRules(newValue)) }
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

    // MARK: setup and navigation

    private func startGame() {
        cancelSearch()
        let setup = state.setup
        guard let s = storeCall({
            try GameSession.newGame(variant: setup.variant, mode: setup.mode, exitForts: settings.exitForts, store: store)
        }) else { return }
        session = s
        selected = nil
        targets = []
        settings = settings.with(setup: setup)
        saveSettings()
        state.screen = .game
        state.confirmNewGame = false
        state.canResume = false
        showGame(s)
        startComputerIfDue()
    }

    private func resume() {
        var s = session.flatMap { $0.snapshot().turn != .gameOver ? $0 : nil }
        if s == nil, let store {
            s = storeCall { try resumeGame(store: store) } ?? nil
        }
        guard let s else { return }
        session = s
        state.screen = .game
        state.confirmNewGame = false
        showGame(s)
        startComputerIfDue()
    }

    /// Back to the start screen; a computer search in progress stops.
    private func leave() {
        if state.screen == .game {
            cancelSearch()
            selected = nil
            targets = []
            if let s = session { showGame(s) }
        }
        state.screen = .start
        state.canResume = unfinishedGameWaiting()
        state.records = readRecords()
        state.confirmNewGame = false
    }

    /// In the background the computer stops thinking (the system may suspend the app at any
    /// moment); every move is already saved by the core. The game stays on screen.
    private func goToBackground() {
        inBackground = true
        cancelSearch()
    }

    /// Back in front: the game is read again from the core (a move may have landed just as
    /// the search was cancelled), and the computer thinks again if it is its turn.
    private func comeToForeground() {
        inBackground = false
        guard state.screen == .game, let s = session else { return }
        showGame(s)
        startComputerIfDue()
    }

    private func unfinishedGameWaiting() -> Bool {
        if let s = session, s.snapshot().turn != .gameOver { return true }
        guard let store else { return false }
        return storeCall { try store.hasUnfinishedGame() } ?? false
    }

    // MARK: playing

    private func tap(_ sq: Sq) {
        guard let s = session, let game = state.game else { return }
        if game.over || game.thinking { return }
        if case .computerToMove = game.turn { return }
        if let from = selected, targets.contains(sq) {
            selected = nil
            targets = []
            let played = try? s.play(from: from.coord, to: sq.coord)
            showGame(s)
            if played != nil {
                afterMove()
                startComputerIfDue()
            }
            return
        }
        if sq != selected, game.square(sq)?.movable == true {
            selected = sq
            targets = Set(((try? s.targets(from: sq.coord)) ?? []).map(Sq.init))
        } else {
            selected = nil
            targets = []
        }
        showGame(s)
    }

    private func undo() {
        guard let s = session else { return }
        cancelSearch()
        selected = nil
        targets = []
        _ = try? s.undo()   // nothing to take back: the state shows that already
        showGame(s)
        startComputerIfDue()
    }

    private func resign() {
        guard let s = session else { return }
        cancelSearch()
        selected = nil
        targets = []
        _ = try? s.resign()   // already over
        showGame(s)
        afterMove()
    }

    private func afterMove() {
        if state.game?.over == true {
            state.records = readRecords()
            state.canResume = false
        }
    }

    /// Starts the computer's move when it is its turn and the app is in front; the UI stays
    /// live meanwhile.
    private func startComputerIfDue() {
        guard !inBackground, let s = session, let game = state.game, search == nil,
              case let .vsComputer(level, _) = game.mode, case .computerToMove = game.turn else { return }
        let limit = thinkTimeMs(level)
        state.game?.thinking = true
        let task = Task { [weak self] in
            let result = await ComputerPlayer.move(s, timeLimitMs: limit)
            // Back on the main actor. A newer game, undo or leaving replaced this search.
            guard let self, !Task.isCancelled, self.session === s else { return }
            self.search = nil
            self.showGame(s)
            if case .played = result { self.afterMove() }
        }
        search = task
        lastSearch = task
    }

    private func cancelSearch() {
        search?.cancel()
        search = nil
        state.game?.thinking = false
    }

    /// Reads the game from the core into the UI state.
    private func showGame(_ s: GameSession) {
        let game = GameUi(s.snapshot(), selected: selected, targets: targets, thinking: search != nil)
        state.game = game
        if game.saveError != nil { state.notice = .storageFailed }
    }

    private func readRecords() -> [RecordUi] {
        guard let store, let rows = storeCall({ try store.records() }) else { return [] }
        return rows.map { RecordUi(level: $0.level, side: $0.side, wins: Int($0.wins), losses: Int($0.losses), draws: Int($0.draws)) }
    }

    private func saveSettings() {
        guard let store else { return }
        let s = settings
        _ = storeCall { try store.saveSettings(settings: s) }
    }

    /// A store call that may fail on a broken disk: the player is told, the app goes on.
    private func storeCall<T>(_ call: () throws -> T) -> T? {
        do {
            return try call()
        } catch {
            state.notice = .storageFailed
            return nil
        }
    }

    /// The same first-start choices as a fresh store's.
    public static var defaultSettings: Settings { TaflCore.defaultSettings() }
}

/// The computer's move off the main actor.
public enum ComputerPlayer {
    /// Runs the core's blocking search on a thread of its own (not one of the few threads of
    /// Swift's cooperative pool). Cancelling the calling task cancels the search through the
    /// core's `CancelHandle`; the result is then `.cancelled` and the game unchanged.
    public static func move(_ session: GameSession, timeLimitMs: UInt32?) async -> ComputerMove {
        let handle = CancelHandle()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (k: CheckedContinuation<ComputerMove, Never>) in
                let thread = Thread {
                    // A TaflError here means the game changed under the search (it ended, or
                    // is no longer the computer's turn): nothing was played.
                    let r = (try? session.computerMove(cancel: handle, timeLimitMs: timeLimitMs)) ?? .cancelled
                    k.resume(returning: r)
                }
                thread.name = "hnefi.computer"
                thread.start()
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

extension Settings {
    func with(setup: Setup) -> Settings {
        Settings(exitForts: exitForts, lastVariant: setup.variant, lastModeVsComputer: setup.vsComputer,
                 lastLevel: setup.level, lastSide: setup.side, sound: sound, colourBlindPalette: colourBlindPalette)
    }

    func with(colourBlindPalette on: Bool) -> Settings {
        Settings(exitForts: exitForts, lastVariant: lastVariant, lastModeVsComputer: lastModeVsComputer,
                 lastLevel: lastLevel, lastSide: lastSide, sound: sound, colourBlindPalette: on)
    }
}
