#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// The app's one view: the screen the core describes, the notice over it, and the platform's
/// changes (scene phase, theme, language) handed to the model.
public struct RootView: View {
    let model: AppModel
    @Environment(\.scenePhase) private var phase
    @Environment(\.colorScheme) private var scheme
    @Environment(\.locale) private var locale
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    public init(model: AppModel) {
        self.model = model
    }

    public var body: some View {
        let frame = model.frame
        let send: Send = { [model] in model.send($0) }
        VStack(spacing: 0) {
            if frame.starting {
                // The store is opening or the screen the person left is being read back: the
                // launch screen's colour (the look's background, behind), not a start page
                // with default settings that the saved ones replace a moment later.
                Spacer().frame(maxWidth: .infinity, maxHeight: .infinity)
            } else {
                shown(frame, send: send)
            }
        }
        .animation(model.arrival == .none ? nil : .easeInOut(duration: 0.3), value: ScreenKey(frame.screen))
        // A swipe from the leading edge goes back, as in any iOS app (the app has no
        // navigation stack of the system's to do it: its title would take an SE's board).
        // A parent's gesture: the board's own drags come first, so a piece dragged from the
        // edge file stays a drag.
        .gesture(DragGesture(minimumDistance: 20).onEnded { value in
            if BackSwipe.isBack(start: value.startLocation, translation: value.translation,
                                predicted: value.predictedEndTranslation) {
                model.swipedBack()
            }
        })
        .foregroundStyle(Color(argb: frame.look.chrome.onBackground))
        .tint(Color(argb: frame.look.chrome.primary))
        .background(Color(argb: frame.look.chrome.background))
        .onChange(of: phase) { model.phase(AppModel.Phase(phase)) }
        .onChange(of: scheme) { system() }
        .onChange(of: locale) { system() }
    }

    /// The notice over the screen, and the screen, which slides in as iOS's navigation slides
    /// it: from the trailing edge going forward, from the leading edge going back (the model's
    /// `arrival`).
    @ViewBuilder private func shown(_ frame: Frame, send: @escaping Send) -> some View {
        if let notice = frame.notice {
            HStack {
                Text(notice.text).frame(maxWidth: .infinity, alignment: .leading)
                FrameButton(button: notice.dismiss, send: send)
            }
            .padding()
            .background(Color(argb: frame.look.chrome.surfaceVariant))
        }
        screen(frame, send: send)
            .id(ScreenKey(frame.screen))
            .transition(transition)
    }

    @ViewBuilder private func screen(_ frame: Frame, send: @escaping Send) -> some View {
        switch frame.screen {
        case let .page(page): PageScreen(page: page, look: frame.look, send: send)
        case let .game(game): GameScreen(game: game, look: frame.look, motionStart: start(game.board), send: send)
        case let .review(review):
            ReviewScreen(review: review, look: frame.look, motionStart: start(review.board), send: send)
        }
    }

    private var transition: AnyTransition {
        switch model.arrival {
        case .none: .opacity
        case _ where reduceMotion: .opacity
        case .forward: .push(from: .trailing)
        case .back: .push(from: .leading)
        }
    }

    /// When the board's motion began, if it is the one the model saw begin.
    private func start(_ board: BoardView) -> Date? {
        guard let m = board.motion, let seen = model.motion, seen.id == m.id else { return nil }
        return seen.start
    }

    private func system() {
        model.system(dark: scheme == .dark, language: languageForLocales(tags: Locale.preferredLanguages))
    }
}
#endif
