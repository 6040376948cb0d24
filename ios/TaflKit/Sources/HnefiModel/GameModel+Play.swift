import Foundation
import TaflCore

// Playing: starting and leaving games, the person's taps and drags, the computer's move, undo,
// resignation and hints. Each change reads the core's snapshot again and, for what the views
// must show or say, emits a `BoardEvent`.

extension GameModel {
    // MARK: starting and leaving

    func startGame() {
        cancelSearch()
        cancelHint()
        // A finished game still on screen is recorded before the next one starts.
        if let s = session, state.game?.over == true { s.conclude() }
        let setup = state.setup
        let s: GameSession
        do {
            s = try GameSession.newGame(variant: setup.variant, mode: setup.mode, exitForts: settings.exitForts,
                                        store: store)
        } catch {
            state.notice = .storageFailed
            return
        }
        session = s
        remember(setup)
        enterGame(s)
        state.canResume = false
    }

    func resume() {
        if let s = session, s.snapshot().status == .ongoing {
            enterGame(s)
            return
        }
        guard let store else { return }
        spawn { [weak self] in
            let resumed = await OffMain.run("hnefi.store") { Result { try resumeGame(store: store) } }
            guard let self else { return }
            switch resumed {
            case let .success(s?):
                self.session = s
                self.enterGame(s)
            case .success(nil):
                self.state.canResume = false
            case .failure:
                self.state.notice = .storageFailed
            }
        }
    }

    private func enterGame(_ s: GameSession) {
        selected = nil
        state.screen = .game
        state.confirmNewGame = false
        state.confirmResign = false
        state.event = nil
        state.message = nil
        show(s)
        startComputerIfDue()
    }

    /// Back to the start screen: the computer stops; a finished game is recorded.
    func leaveGame() {
        cancelSearch()
        cancelHint()
        selected = nil
        state.confirmResign = false
        state.event = nil
        state.message = nil
        if let s = session {
            show(s)
            if state.game?.over == true {
                // Recorded among the finished games; nothing of it can be resumed or undone.
                s.conclude()
                session = nil
                state.canResume = false
            } else {
                state.canResume = true
            }
        }
        state.screen = .start
    }

    // MARK: the person's touches

    func tap(_ sq: Sq) {
        guard let s = session, let game = state.game else { return }
        let square = game.square(sq)
        if selected != nil, square?.target == true, let from = selected {
            play(s, from: from, to: sq)
        } else if square?.movable == true {
            selected = sq == selected ? nil : sq
            show(s)
        } else if selected != nil, square?.piece == nil {
            // A tap beside the targets puts the piece down.
            selected = nil
            show(s)
        } else {
            selected = nil
            show(s)
            refuse(s, sq)
        }
    }

    /// A drag began: the piece is picked up when it may move, and its targets show.
    func pickUp(_ sq: Sq) {
        guard let s = session, let game = state.game else { return }
        if game.square(sq)?.movable == true {
            if selected != sq {
                selected = sq
                show(s)
            }
        } else {
            refuse(s, sq)
        }
    }

    /// The dragged piece was let go: on a target it moves there; anywhere else it goes back
    /// and stays picked up, so that a tap on a target still moves it.
    func drop(_ from: Sq, _ on: Sq?) {
        guard let s = session, selected == from else { return }
        if let on, state.game?.square(on)?.target == true {
            play(s, from: from, to: on)
        }
    }

    /// Says why the piece on `sq` cannot be picked up, on screen and to the screen reader.
    private func refuse(_ s: GameSession, _ sq: Sq) {
        guard let refusal = (try? s.refusal(square: sq.coord)) ?? nil else { return }
        let text = texts.refusal(refusal: refusal)
        showMessage(text)
        emit(.refused, announcement: text)
    }

    // MARK: moves

    private func play(_ s: GameSession, from: Sq, to: Sq) {
        let before = state.game?.board
        selected = nil
        cancelHint()
        guard let result = try? s.play(from: from.coord, to: to.coord) else {
            // Not a legal move after all (the game changed): show what the core has.
            show(s)
            return
        }
        show(s)
        moved(result.played, feedback: result.feedback, before: before, kind: .moved)
        startComputerIfDue()
    }

    /// After any move: the event for the views, and the captures explained for a moment.
    private func moved(_ move: MoveView, feedback: Feedback, before: BoardUi?, kind: BoardEvent.Kind) {
        let motion = state.reduceMotion ? nil : BoardMotion.played(move, before: before, motion: looks.light.motion)
        emit(kind, motion: motion, feedback: feedback, announcement: state.game?.texts.announcement)
        let captures = state.game?.texts.captures ?? []
        if !captures.isEmpty {
            showMessage(captures.joined(separator: " "))
        }
    }

    func undo() {
        guard let s = session else { return }
        cancelSearch()
        cancelHint()
        selected = nil
        state.confirmResign = false
        guard let undone = try? s.undo() else {
            // Nothing to take back: the state already shows that.
            show(s)
            return
        }
        show(s)
        state.message = nil
        let rest = state.game?.board
        let motion = state.reduceMotion ? nil : rest.flatMap { BoardMotion.undone(undone, rest: $0, motion: looks.light.motion) }
        emit(.undone, motion: motion, announcement: state.game?.turnBar)
        startComputerIfDue()
    }

    func askToResign() {
        guard let game = state.game, !game.over else { return }
        state.confirmResign = true
    }

    func resign() {
        state.confirmResign = false
        guard let s = session else { return }
        cancelSearch()
        cancelHint()
        selected = nil
        guard let resigned = try? s.resign() else { return }   // already over
        show(s)
        emit(.resigned, feedback: resigned.feedback, announcement: state.game?.turnBar)
    }

    // MARK: the computer

    /// Starts the computer's move when it is its turn and the app is in front; the UI stays
    /// live meanwhile, and nothing on the board moves until the move arrives.
    func startComputerIfDue() {
        guard !inBackground, let s = session, let game = state.game, search == nil,
              case let .vsComputer(level, _) = game.mode, case .computerToMove = game.turn else { return }
        let limit = thinkTimeMs(level)
        search = spawn { [weak self] in
            let result = await ComputerPlayer.move(s, timeLimitMs: limit)
            guard let self, self.session === s else { return }
            // Cancelled: undo, resignation, leaving or the background already took over; only
            // the turn bar needs the core's word that it no longer thinks.
            if Task.isCancelled {
                if self.search == nil && self.state.screen == .game { self.show(s) }
                return
            }
            self.search = nil
            let before = self.state.game?.board
            self.show(s)
            if case let .played(move, _, feedback) = result {
                self.moved(move, feedback: feedback, before: before, kind: .computerMoved)
            }
        }
        show(s)
    }

    func cancelSearch() {
        search?.cancel()
        search = nil
    }

    // MARK: hints

    func toggleHint() {
        if hintSearch != nil {
            cancelHint()
            if let s = session { show(s) }
            return
        }
        guard let s = session, state.game?.canHint == true else { return }
        let limit = hintTimeMs
        hintSearch = spawn { [weak self] in
            let result = await ComputerPlayer.hint(s, timeLimitMs: limit)
            guard let self, self.session === s, !Task.isCancelled else { return }
            self.hintSearch = nil
            self.show(s)
            if case .found = result {
                self.emit(.hintFound, announcement: self.state.game?.texts.hintAnnouncement)
            }
        }
        show(s)
    }

    func cancelHint() {
        hintSearch?.cancel()
        hintSearch = nil
    }

    // MARK: showing

    /// Reads the game from the core into the UI state, in the app's language.
    func show(_ s: GameSession) {
        let snapshot = s.view(language: texts.language(), selected: selected?.coord, showThreats: state.prefs.showThreats)
        if snapshot.selected == nil { selected = nil }
        state.game = GameUi(snapshot, thinking: search != nil, hintPending: hintSearch != nil, texts: texts)
        if snapshot.saveError != nil { state.notice = .storageFailed }
    }

    func showMessage(_ text: String) {
        state.message = Message(id: nextId(), text: text)
    }

    /// A new board event; haptics and sounds only when their settings are on.
    func emit(_ kind: BoardEvent.Kind, motion: BoardMotion? = nil, feedback: Feedback? = nil, announcement: String?) {
        state.event = BoardEvent(id: nextId(), kind: kind, motion: motion,
                                 haptic: state.prefs.haptics ? feedback : nil,
                                 sound: state.prefs.sound ? feedback : nil,
                                 announcement: announcement)
    }
}
