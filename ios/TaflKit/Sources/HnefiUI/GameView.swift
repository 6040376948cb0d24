#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// The turn bar, the board (never rotated), the king's open lines, and undo / resign.
@MainActor
struct GameView: View {
    let model: GameModel

    var body: some View {
        let t = model.texts
        if let game = model.state.game {
            VStack(spacing: 12) {
                TurnBarView(bar: TurnBar(game, texts: t), thinking: game.thinking)
                BoardView(game: game, palette: Palette.forSetting(colourBlind: model.state.colourBlindPalette),
                          texts: t) { model.send(.squareTapped($0)) }
                if let warning = openLinesText(game, texts: t) {
                    Text(warning)
                        .font(.callout.weight(.semibold))
                        .multilineTextAlignment(.center)
                }
                HStack(spacing: 16) {
                    if game.over {
                        Button(t[.playAgain]) { model.send(.playAgain) }
                            .buttonStyle(.borderedProminent)
                    } else {
                        Button(t[.undo]) { model.send(.undo) }
                            .disabled(!game.canUndo)
                        Button(t[.resign], role: .destructive) { model.send(.resign) }
                    }
                }
                .font(.body)
                Spacer(minLength: 0)
            }
            .padding()
        }
    }
}

/// Whose turn it is, or the result and why; a spinner while the computer thinks.
@MainActor
struct TurnBarView: View {
    let bar: TurnBar
    let thinking: Bool

    var body: some View {
        HStack(spacing: 8) {
            if thinking {
                ProgressView()
            }
            Text(bar.text)
                .font(bar.isResult ? .headline : .body)
                .multilineTextAlignment(.center)
                .fixedSize(horizontal: false, vertical: true)
        }
        .frame(maxWidth: .infinity)
        .padding(.vertical, 8)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 10))
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.updatesFrequently)
    }
}

/// The board: rank by rank from the top, as the core sends the squares.
@MainActor
struct BoardView: View {
    let game: GameUi
    let palette: Palette
    let texts: Texts
    let tap: @MainActor (Sq) -> Void

    var body: some View {
        GeometryReader { geo in
            let side = min(geo.size.width, geo.size.height)
            let cell = side / CGFloat(max(game.size, 1))
            VStack(spacing: 0) {
                ForEach(Array(game.rows.enumerated()), id: \.offset) { _, row in
                    HStack(spacing: 0) {
                        ForEach(row) { square in
                            SquareView(square: square, palette: palette, size: cell)
                                .onTapGesture { tap(square.sq) }
                                .accessibilityElement()
                                .accessibilityLabel(square.voiceOverLabel(texts))
                                .accessibilityAddTraits(.isButton)
                                .accessibilityAction { tap(square.sq) }
                        }
                    }
                }
            }
            .frame(width: side, height: side)
            .frame(maxWidth: .infinity)
        }
        .aspectRatio(1, contentMode: .fit)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(texts[.board])
    }
}

/// One square: its colour, its markings, its piece. Markings differ in shape as well as colour
/// (ring, dot, outline, cross), so the board reads without telling colours apart.
@MainActor
struct SquareView: View {
    let square: SquareUi
    let palette: Palette
    let size: CGFloat

    var body: some View {
        ZStack {
            Rectangle().fill(background.color)
            if square.lastMoveFrom || square.lastMoveTo {
                Rectangle().strokeBorder(palette.lastMove.color, lineWidth: max(2, size * 0.06))
            }
            if square.kingOpenLine {
                Rectangle().strokeBorder(palette.openLine.color, style: StrokeStyle(lineWidth: max(2, size * 0.08), dash: [4, 3]))
            }
            if square.captured {
                Image(systemName: "xmark").font(.system(size: size * 0.5, weight: .bold))
                    .foregroundStyle(palette.captured.color)
            }
            if let piece = square.piece {
                PieceView(piece: piece, palette: palette, size: size * 0.78)
            }
            if square.selected {
                Circle().strokeBorder(palette.selection.color, lineWidth: max(3, size * 0.08)).padding(size * 0.04)
            }
            if square.target {
                Circle().fill(palette.target.color).frame(width: size * 0.3, height: size * 0.3)
            }
        }
        .frame(width: size, height: size)
    }

    private var background: RGB {
        if square.restricted { return palette.restrictedSquare }
        return (square.sq.file + square.sq.rank) % 2 == 0 ? palette.darkSquare : palette.lightSquare
    }
}

@MainActor
struct PieceView: View {
    let piece: Piece
    let palette: Palette
    let size: CGFloat

    var body: some View {
        ZStack {
            switch piece {
            case .attacker:
                Circle().fill(palette.attacker.color)
                Circle().strokeBorder(palette.defender.color.opacity(0.5), lineWidth: 1)
            case .defender:
                Circle().fill(palette.defender.color)
                Circle().strokeBorder(palette.attacker.color, lineWidth: 1.5)
            case .king:
                Circle().fill(palette.king.color)
                Circle().strokeBorder(palette.attacker.color, lineWidth: 2)
                Image(systemName: "plus").font(.system(size: size * 0.5, weight: .heavy))
                    .foregroundStyle(palette.attacker.color)
            }
        }
        .frame(width: size, height: size)
    }
}
#endif
