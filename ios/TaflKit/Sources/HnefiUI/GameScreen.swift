#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// The game: the board as large as it can be, the turn bar (and, face to face, its copy turned
/// to the player across the table), the refusal, the info lines, the taken pieces, the move
/// list and the controls. No navigation title: an iPhone SE needs the height for the board.
struct GameScreen: View {
    let game: GameView
    let look: Look
    let motionStart: Date?
    let send: Send

    var body: some View {
        GeometryReader { geo in
            // Sideways the board takes the full height and the rest sits beside it.
            let layout = geo.size.width > geo.size.height ? AnyLayout(HStackLayout(spacing: 12))
                : AnyLayout(VStackLayout(spacing: 8))
            layout {
                VStack(spacing: 4) {
                    if let top = game.turn.topText {
                        TurnBar(text: top, busy: game.turn.busy, look: look).rotationEffect(.degrees(180))
                    }
                    BoardPanel(board: game.board, look: look, motionStart: motionStart, send: send).equatable()
                }
                .layoutPriority(1)
                VStack(spacing: 8) {
                    TurnBar(text: game.turn.text, busy: game.turn.busy, look: look)
                    if let flash = game.flash {
                        Text(flash.text).padding(8).frame(maxWidth: .infinity)
                            .foregroundStyle(Color(argb: look.chrome.onError))
                            .background(Color(argb: look.chrome.error), in: RoundedRectangle(cornerRadius: 8))
                    }
                    ScrollViewReader { proxy in
                        ScrollView {
                            VStack(alignment: .leading, spacing: 6) {
                                ForEach(Array(game.info.enumerated()), id: \.offset) { _, line in
                                    Text(line.text).foregroundStyle(Color(argb: colour(line.kind)))
                                }
                                HStack {
                                    Text(game.taken.attackersText)
                                    Spacer()
                                    Text(game.taken.defendersText)
                                }
                                .font(.footnote)
                                MovesPanel(moves: game.moves, look: look, send: send).equatable()
                            }
                            .frame(maxWidth: .infinity, alignment: .leading)
                        }
                        .onChange(of: game.moves.rows.last?.number) {
                            if let last = game.moves.rows.last { proxy.scrollTo(last.number, anchor: .bottom) }
                        }
                    }
                    ButtonRow(buttons: game.controls, send: send)
                }
                .padding(.horizontal)
            }
        }
        .modifier(QuestionAlert(question: game.question, send: send))
    }

    private func colour(_ kind: InfoKind) -> UInt32 {
        switch kind {
        case .saveError, .wrong: look.chrome.error
        case .hint, .capture, .ending, .prompt: look.chrome.primary
        default: look.chrome.onBackground
        }
    }
}

/// Whose turn it is, with a spinner while the computer thinks or a hint is looked for.
struct TurnBar: View {
    let text: String
    let busy: Bool
    let look: Look

    var body: some View {
        HStack {
            Text(text).font(.headline).frame(maxWidth: .infinity)
            if busy { ProgressView() }
        }
        .padding(8)
        .foregroundStyle(Color(argb: look.chrome.onTurnBar))
        .background(Color(argb: look.chrome.turnBar), in: RoundedRectangle(cornerRadius: 8))
        .accessibilityElement(children: .combine)
    }
}

/// The moves, a row a number, lazily made (a long game has hundreds); a move that can be
/// opened is a button.
struct MovesPanel: View, Equatable {
    let moves: MoveListView
    let look: Look
    let send: Send

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if !moves.rows.isEmpty { Text(moves.title).font(.headline) }
            LazyVStack(alignment: .leading, spacing: 4) {
                ForEach(moves.rows, id: \.number) { row in
                    HStack(spacing: 12) {
                        Text(String(row.number)).monospacedDigit().frame(minWidth: 28, alignment: .trailing)
                        ForEach(row.cells, id: \.ply) { cell($0) }
                    }
                    .id(row.number)
                }
            }
        }
    }

    @ViewBuilder private func cell(_ cell: MoveCell) -> some View {
        let text = Text(cell.text).fontWeight(cell.current ? .bold : .regular)
        if let event = cell.event {
            Button { send(event) } label: { text }
                .accessibilityAddTraits(cell.current ? .isSelected : [])
        } else {
            text.accessibilityAddTraits(cell.current ? .isSelected : [])
        }
    }

    nonisolated static func == (a: MovesPanel, b: MovesPanel) -> Bool {
        a.moves == b.moves && a.look == b.look
    }
}

extension BoardPanel: Equatable {
    /// Redrawn only when what it shows changes (not for an analysis point of the review).
    nonisolated static func == (a: BoardPanel, b: BoardPanel) -> Bool {
        a.board == b.board && a.look == b.look && a.motionStart == b.motionStart
    }
}
#endif
