#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// The game: the turn bar, the board (the largest square that fits), the messages and the
/// controls. Upright they are stacked; sideways the board takes the full height and the rest
/// sits beside it. Every part outside the board has a fixed size, so nothing moves the board
/// while the computer thinks or a message comes and goes.
@MainActor
struct GameView: View {
    @Bindable var model: GameModel
    let look: Look

    /// Heights of the parts around the board, in points.
    static let turnBarHeight: Double = 64
    static let infoHeight: Double = 72
    static let controlsHeight: Double = 50
    static let spacing: Double = 8
    /// The width the turn bar, messages and controls need beside the board.
    static let panelWidth: Double = 280

    var body: some View {
        if let game = model.state.game {
            GeometryReader { geo in
                let layout = GameLayout.fit(
                    width: Double(geo.size.width), height: Double(geo.size.height),
                    chromeHeight: GameView.turnBarHeight + GameView.infoHeight + GameView.controlsHeight
                        + 3 * GameView.spacing,
                    panelWidth: GameView.panelWidth)
                switch layout.arrangement {
                case .stacked:
                    VStack(spacing: GameView.spacing) {
                        TurnBarView(game: game, look: look)
                        board(game, side: layout.boardSide)
                        InfoView(lines: model.state.infoLines, look: look)
                        ControlsView(model: model, game: game)
                    }
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                case .sideBySide:
                    HStack(alignment: .top, spacing: GameView.spacing * 2) {
                        board(game, side: layout.boardSide)
                        VStack(spacing: GameView.spacing) {
                            TurnBarView(game: game, look: look)
                            InfoView(lines: model.state.infoLines, look: look)
                            Spacer(minLength: 0)
                            ControlsView(model: model, game: game)
                        }
                    }
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                }
            }
            .padding(GameView.spacing)
            .background(Color(argb: look.chrome.background))
            .confirmationDialog(model.texts[.resignTitle], isPresented: $model.confirmResignShown,
                                titleVisibility: .visible) {
                Button(model.texts[.resignConfirm], role: .destructive) { model.send(.confirmResign) }
                Button(model.texts[.actionCancel], role: .cancel) { model.send(.cancelResign) }
            } message: {
                Text(game.texts.resignQuestion)
            }
            .task(id: model.state.message?.id) {
                // A message (why a piece cannot move, how pieces were taken) stays a moment.
                guard let id = model.state.message?.id else { return }
                try? await Task.sleep(nanoseconds: 4_000_000_000)
                if !Task.isCancelled { model.send(.messageExpired(id)) }
            }
        }
    }

    private func board(_ game: GameUi, side: Double) -> some View {
        BoardView(board: game.board, event: model.state.event, look: look, showThreats: model.state.prefs.showThreats,
                  label: game.texts.board, send: { model.send($0) })
            .frame(width: side, height: side)
    }
}

/// Whose turn, the computer thinking, or the result; under it the last move in words
/// ("Computer: d1-d3, takes e2"). The spinner has its own place, so the text never moves.
@MainActor
struct TurnBarView: View {
    let game: GameUi
    let look: Look

    var body: some View {
        HStack(spacing: 8) {
            VStack(alignment: .leading, spacing: 2) {
                Text(game.turnBar)
                    .font(game.over ? .headline : .body)
                    .lineLimit(2)
                    .minimumScaleFactor(0.7)
                if let last = game.texts.lastMove {
                    Text(last)
                        .font(.subheadline)
                        .lineLimit(1)
                        .minimumScaleFactor(0.7)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            ProgressView()
                .opacity(game.thinking ? 1 : 0)
                .accessibilityHidden(!game.thinking)
        }
        .padding(.horizontal, 12)
        .frame(maxWidth: .infinity)
        .frame(height: GameView.turnBarHeight)
        .foregroundStyle(Color(argb: look.chrome.onTurnBar))
        .background(Color(argb: look.chrome.turnBar), in: RoundedRectangle(cornerRadius: 10))
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.updatesFrequently)
    }
}

/// The messages under the board: a refusal or the captures for a moment, the hint, how the
/// game ended, the king's open lines, the counters. Fixed height; it scrolls when full.
@MainActor
struct InfoView: View {
    let lines: [InfoLine]
    let look: Look

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 4) {
                ForEach(lines) { line in
                    Text(line.text)
                        .font(line.kind == .message ? .callout.weight(.semibold) : .callout)
                        .foregroundStyle(Color(argb: line.kind == .message ? look.chrome.onSurface
                                                                         : look.chrome.onSurfaceMuted))
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
            }
        }
        .frame(height: GameView.infoHeight)
    }
}

/// Undo, Hint and Resign; at the end of a game, a new game with the same setup.
@MainActor
struct ControlsView: View {
    let model: GameModel
    let game: GameUi

    var body: some View {
        let t = model.texts
        HStack(spacing: 12) {
            Button(t[.actionUndo]) { model.send(.undo) }
                .disabled(!game.canUndo)
            Button(game.hintPending ? t[.actionCancel] : t[.actionHint]) { model.send(.hint) }
                .disabled(!game.canHint && !game.hintPending)
            if game.over {
                Button(t[.actionPlayAgain]) { model.send(.playAgain) }
                    .buttonStyle(.borderedProminent)
            } else {
                Button(t[.actionResign], role: .destructive) { model.send(.resign) }
            }
        }
        .font(.body)
        .frame(maxWidth: .infinity)
        .frame(height: GameView.controlsHeight)
    }
}
#endif
