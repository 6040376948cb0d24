import Foundation
import Observation
import TaflCore

/// The app on the main actor: it owns the core's app object, keeps its newest frame for the
/// views, plays each frame's effects once, and turns the platform's changes (lifecycle, theme,
/// language, the flash's time) into events. Everything a screen shows or does is the core's:
/// buttons carry their event, and the model forwards it as it is.
@Observable @MainActor
public final class AppModel {
    /// The screen as the core describes it now (the frame with the highest revision).
    public private(set) var frame: Frame
    /// The newest motion on a board and when it began (nil once none was ever shown).
    public private(set) var motion: (id: UInt64, start: Date)?
    /// Where the screens stood when the app last left the screen, for the platform to keep.
    public private(set) var savedState: String?
    /// The phone must not lock while this holds: a game, a lesson or a puzzle in play (the core
    /// decides, `Frame.keepAwake`); the app turns the system's idle timer off for it.
    public var keepAwake: Bool { frame.keepAwake }
    /// How the screen on show arrived: pushed in by the person going forward, from the other
    /// side going back, or without motion (a change no event of theirs made).
    public private(set) var arrival: ScreenArrival = .none

    @ObservationIgnored private let app: HnefiApp
    @ObservationIgnored private let inbox: FrameInbox
    @ObservationIgnored private let players: Players
    @ObservationIgnored private let flashSeconds: Double
    @ObservationIgnored private var away = false
    @ObservationIgnored private var dark: Bool
    @ObservationIgnored private var language: Language
    @ObservationIgnored private var flashTask: (id: UInt64, task: Task<Void, Never>)?
    /// The task sending the core its ticks, and how often it sends them.
    @ObservationIgnored private var ticker: (every: UInt32, task: Task<Void, Never>)?
    /// The platform's monotonic clock, in milliseconds; none for a test that sends the ticks
    /// itself (the parity scenarios carry theirs).
    @ObservationIgnored private let now: (@MainActor () -> Int64)?
    @ObservationIgnored private var settling: [CheckedContinuation<Void, Never>] = []
    /// The event being sent, while its frames are taken.
    @ObservationIgnored private var sending: Event?

    /// `flashSeconds`: how long a refusal stays before the model sends `flashExpired` (iOS has
    /// no system setting for it; VoiceOver users get the announcement besides). `now`: the
    /// monotonic clock the ticks read (`Event.tick`), the system's uptime unless a test gives
    /// another, or none (the model then sends no ticks of its own).
    public init(config: AppConfig, players: Players, flashSeconds: Double = 4,
                now: (@MainActor () -> Int64)? = AppModel.uptimeMs) {
        self.players = players
        self.flashSeconds = flashSeconds
        self.now = now
        dark = config.dark
        language = config.language
        let inbox = FrameInbox()
        let app = HnefiApp(config: config, listener: inbox)
        // The first frame reached the inbox before the constructor returned.
        let first = inbox.take().compactMap { delivery -> Frame? in
            if case let .frame(f) = delivery { return f }
            return nil
        }
        frame = first.last ?? app.frame()
        self.inbox = inbox
        self.app = app
        first.forEach { players.play($0.effects) }
        inbox.onArrival { [weak self] in
            Task { @MainActor in self?.takeFrames() }
        }
        takeFrames()
    }

    /// Forwards an event; its frame is taken before this returns.
    public func send(_ event: Event) {
        if Self.mayHaveHaptic(event) {
            players.haptics.prepare()
        }
        sending = event
        app.send(event: event)
        takeFrames()
        sending = nil
    }

    /// A file opened with the app: read behind, off the main actor (at most the import's limit
    /// and one byte), then handed to the core as it came; the core opens the import and reads
    /// it (the review, or the import's error). Returns once the core has the bytes.
    public func open(fileAt url: URL) async {
        let bytes = await OpenedFile.read(at: url, most: Int(importLimitBytes()) + 1)
        send(.received(bytes: bytes))
    }

    /// A swipe from the leading edge (`BackSwipe`): Back, when the frame says Back is the
    /// app's (a screen or a question to close); otherwise nothing, as iOS has no Back to give.
    public func swipedBack() {
        guard frame.handlesBack else { return }
        send(.back)
    }

    /// A finger on the board or a square activated: a move, and its haptic, may follow.
    static func mayHaveHaptic(_ event: Event) -> Bool {
        switch event {
        case let .touch(phase, _): phase == .tap || phase == .dragStart
        case .activateSquare: true
        default: false
        }
    }

    /// The scene's phase, as the platform reports it.
    public enum Phase: Sendable {
        case active, inactive, background
    }

    /// Leaving the screen (background: the home screen, another app, the lock) stops the
    /// computer and the analysis and writes the store, inside a background task that ends once
    /// the core is done; coming back lets them go on. `.inactive` is no leaving: Control Centre,
    /// Notification Centre, an alert of the system or a call's banner come over the app while it
    /// stays on screen, and a review's analysis or the computer's thinking carries on under them
    /// (a real departure passes through `.background`).
    public func phase(_ phase: Phase) {
        switch phase {
        case .inactive:
            return
        case .active:
            guard away else { return }
            away = false
            send(.foreground)
        case .background:
            guard !away else { return }
            away = true
            let end = players.background.begin()
            send(.background)
            savedState = app.savedState()
            Task {
                await settled()
                end()
            }
        }
    }

    /// The system's theme and language; the core hears only of changes.
    public func system(dark: Bool, language: Language) {
        if dark != self.dark {
            self.dark = dark
            send(.themeChanged(dark: dark))
        }
        if language != self.language {
            self.language = language
            send(.languageChanged(language: language))
        }
    }

    /// Returns once the newest frame has no work running behind it.
    public func settled() async {
        while frame.busy {
            await withCheckedContinuation { settling.append($0) }
        }
    }

    /// Takes the frames that arrived, oldest first: the newest is shown, and every one's
    /// effects are played once; a patch (a drag or pinch step, an analysis point, a save
    /// written) is applied to the frame shown.
    private func takeFrames() {
        for delivery in inbox.take() {
            switch delivery {
            case let .frame(next):
                if next.revision > frame.revision {
                    if let m = next.board?.motion, m.id != motion?.id {
                        motion = (m.id, Date())
                    }
                    let before = ScreenKey(frame.screen), after = ScreenKey(next.screen)
                    if before != after {
                        arrival = ScreenArrival.of(after, after: before, sent: sending)
                    }
                    frame = next
                }
                players.play(next.effects)
            case let .patch(patch):
                // The same screen, part of it changed: no arrival, no effects.
                if patch.revision > frame.revision {
                    frame = frame.applying(patch)
                }
            }
        }
        expireFlash()
        followTicks()
        if !frame.busy {
            let waiting = settling
            settling = []
            waiting.forEach { $0.resume() }
        }
    }

    /// Milliseconds of the system's uptime: a monotonic clock (it never goes back, and only
    /// differences between ticks count).
    nonisolated public static func uptimeMs() -> Int64 {
        Int64(ProcessInfo.processInfo.systemUptime * 1000)
    }

    /// Ticks the core every `frame.tickMs` while the frame asks for it (something timed is on
    /// screen) and the app is on screen; no task runs otherwise. The first tick goes at once.
    private func followTicks() {
        let every = away || now == nil ? nil : frame.tickMs
        guard every != ticker?.every else { return }
        ticker?.task.cancel()
        ticker = nil
        guard let every else { return }
        ticker = (every, Task { [weak self] in
            repeat {
                self?.sendTick()
                try? await Task.sleep(nanoseconds: UInt64(every) * 1_000_000)
            } while !Task.isCancelled && self != nil
        })
    }

    private func sendTick() {
        guard let now else { return }
        send(.tick(nowMs: now()))
    }

    /// A refusal stays on screen for `flashSeconds`, then the core is told.
    private func expireFlash() {
        guard case let .game(game) = frame.screen, let flash = game.flash, flash.id != flashTask?.id else { return }
        flashTask?.task.cancel()
        let seconds = flashSeconds
        flashTask = (flash.id, Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            guard !Task.isCancelled else { return }
            self?.send(.flashExpired(id: flash.id))
        })
    }
}

extension Frame {
    /// The board on screen, in a game or a review.
    public var board: BoardView? {
        switch screen {
        case let .game(game): game.board
        case let .review(review): review.board
        case .page: nil
        }
    }
}
