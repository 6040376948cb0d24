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
            if geo.size.width > geo.size.height {
                // Sideways the board takes the full height and the rest sits beside it.
                HStack(spacing: 12) {
                    board.layoutPriority(1)
                    rest.padding(.vertical, 8)
                }
                .padding(.trailing)
            } else {
                VStack(spacing: 8) {
                    board.layoutPriority(1)
                    rest.padding(.horizontal)
                }
            }
        }
        .modifier(QuestionAlert(question: game.question, send: send))
    }

    /// Everything but the board: as it is when it fits in the room the board leaves, else all
    /// of it in one scroll view (the largest text sizes, sideways or on an SE), so that no bar,
    /// line or button is ever out of reach. Nothing in it scrolls by itself: a move adds no
    /// line (the moves are a row of their own that scrolls sideways), so nothing jumps.
    private var rest: some View {
        ViewThatFits(in: .vertical) {
            column
            ScrollView { column }
        }
    }

    private var column: some View {
        VStack(spacing: 8) {
            bars
            details
            ButtonRow(buttons: game.controls, send: send)
        }
    }

    /// The board, and face to face the turn bar turned to the player across the table.
    private var board: some View {
        VStack(spacing: 4) {
            if let top = game.turn.topText {
                TurnBar(text: top, busy: game.turn.busy, look: look).rotationEffect(.degrees(180))
            }
            BoardPanel(board: game.board, look: look, motionStart: motionStart, send: send).equatable()
        }
    }

    /// The turn bar, the clock and the moment's refusal.
    @ViewBuilder private var bars: some View {
        TurnBar(text: game.turn.text, busy: game.turn.busy, look: look)
        if let clock = game.clock {
            ClockRow(clock: clock)
        }
        if let flash = game.flash {
            Text(flash.text).padding(8).frame(maxWidth: .infinity)
                .foregroundStyle(Color(argb: look.chrome.onError))
                .background(Color(argb: look.chrome.error), in: RoundedRectangle(cornerRadius: 8))
        }
    }

    /// The info lines, the taken pieces and the moves. The move list is a row of its own that
    /// scrolls sideways to the move the core reveals, as on Android: the lines above it (a
    /// capture, a hint) never leave the screen because moves were added.
    private var details: some View {
        VStack(alignment: .leading, spacing: 6) {
            ForEach(Array(game.info.enumerated()), id: \.offset) { _, line in
                // The core's style for the line (its colour, bold or not), as on Android.
                let style = infoStyle(look: look, kind: line.kind)
                Text(line.text).fontWeight(style.bold ? .bold : .regular).foregroundStyle(Color(argb: style.colour))
            }
            // Side by side when both fit, else one under the other (as Android's flow row).
            ViewThatFits(in: .horizontal) {
                HStack {
                    Text(game.taken.attackersText)
                    Spacer()
                    Text(game.taken.defendersText)
                }
                VStack(alignment: .leading, spacing: 2) {
                    Text(game.taken.attackersText)
                    Text(game.taken.defendersText)
                }
            }
            .font(.footnote)
            MovesPanel(moves: game.moves, look: look, send: send).equatable()
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

/// The game's clock: both sides' faces side by side, each with its side's name above its time,
/// in the core's colours (the running one stands out, a low one in the error colours), face to
/// face the top player's turned towards them. VoiceOver reads each face's label (its side, its
/// time, whether it runs); the core announces low time once, so the faces are not updated
/// aloud every second.
struct ClockRow: View {
    let clock: ClockView

    var body: some View {
        // Side by side when the names and times fit on one line each; otherwise (a large font
        // in a narrow column) one above the other, so that no name breaks inside its word.
        ViewThatFits(in: .horizontal) {
            HStack(spacing: 8) { faces }
            VStack(spacing: 8) { faces }
        }
    }

    private var faces: some View {
        ForEach(clock.faces, id: \.side) { face in
            // Whose face it is, above its time: the faces differ by more than place and colour.
            VStack(spacing: 0) {
                Text(face.name).font(.caption)
                Text(face.time)
                    .font(.title2).monospacedDigit()
                    .fontWeight(face.running ? .bold : .regular)
            }
            .rotationEffect(.degrees(face.turned ? 180 : 0))
            .padding(.vertical, 6)
            .padding(.horizontal, 8)
            .frame(maxWidth: .infinity)
            .foregroundStyle(Color(argb: face.ink))
            .background(Color(argb: face.fill), in: RoundedRectangle(cornerRadius: 8))
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(face.label)
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

/// The moves, a number and its cells after another, lazily made (a long game has hundreds), in a
/// row that scrolls sideways to the core's `reveal` (the latest move in a game, the position's
/// in a review) whenever it changes, the screen around it never; a move that can be opened is a
/// button.
struct MovesPanel: View, Equatable {
    let moves: MoveListView
    let look: Look
    let send: Send

    private static let spacing: CGFloat = 16
    /// The rows' widths as laid out, and the list's visible width (for `MoveListReveal`).
    @State private var widths: [UInt32: CGFloat] = [:]
    @State private var viewport: CGFloat = 0
    /// The blank after the last row that lets the list begin at a move number at its end.
    @State private var room: CGFloat = 0
    /// A reveal still being placed: the list scrolls only for it, never under the person's finger.
    @State private var revealing: UInt32?

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if !moves.rows.isEmpty { Text(moves.title).font(.headline) }
            ScrollViewReader { proxy in
                ScrollView(.horizontal) {
                    LazyHStack(spacing: Self.spacing) {
                        ForEach(moves.rows, id: \.number) { row in
                            HStack(spacing: 8) {
                                // Numbered as Android numbers it ("1.").
                                Text(String(row.number) + ".").monospacedDigit()
                                ForEach(row.cells, id: \.ply) { cell($0) }
                            }
                            .background { Measured(key: RowWidths.self, value: { [row.number: $0.width] }) }
                            .id(row.number)
                        }
                    }
                    .padding(.trailing, room)
                }
                .background { Measured(key: ViewportWidth.self, value: { $0.width }) }
                .onPreferenceChange(RowWidths.self) { measured in
                    Task { @MainActor in widths.merge(measured) { $1 } }
                }
                .onPreferenceChange(ViewportWidth.self) { measured in
                    Task { @MainActor in viewport = measured }
                }
                .onChange(of: moves.reveal, initial: true) {
                    // The row at the list's leading edge (as Android's LazyRow puts it), then
                    // placed again once the rows near the end are measured.
                    revealing = moves.reveal
                    room = 0
                    if let row = moves.reveal { proxy.scrollTo(row, anchor: .leading) }
                }
                .onChange(of: placement) {
                    guard let plan = placement else { return }
                    room = plan.room
                    proxy.scrollTo(plan.start, anchor: .leading)
                    if plan.complete { revealing = nil }
                }
            }
        }
    }

    /// Where the list starts for the reveal being placed, from what is measured so far.
    private var placement: MoveListReveal? {
        guard let row = revealing else { return nil }
        return MoveListReveal.plan(reveal: row, rows: moves.rows.map(\.number), widths: widths,
                                   viewport: viewport, spacing: Self.spacing)
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

/// A view's laid-out size, handed up as a preference.
private struct Measured<Key: PreferenceKey>: View {
    let key: Key.Type
    let value: (CGSize) -> Key.Value

    var body: some View {
        GeometryReader { g in Color.clear.preference(key: key, value: value(g.size)) }
    }
}

/// The move rows' widths, by number.
private struct RowWidths: PreferenceKey {
    static let defaultValue: [UInt32: CGFloat] = [:]
    static func reduce(value: inout [UInt32: CGFloat], nextValue: () -> [UInt32: CGFloat]) {
        value.merge(nextValue()) { $1 }
    }
}

/// The move list's visible width.
private struct ViewportWidth: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) {
        value = max(value, nextValue())
    }
}

extension BoardPanel: Equatable {
    /// Redrawn only when what it shows changes (not for an analysis point of the review).
    nonisolated static func == (a: BoardPanel, b: BoardPanel) -> Bool {
        a.board == b.board && a.look == b.look && a.motionStart == b.motionStart && a.readAsOne == b.readAsOne
    }
}
#endif
