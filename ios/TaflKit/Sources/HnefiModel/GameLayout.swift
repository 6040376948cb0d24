// Where the board goes on the game screen (docs/design.md, "Layout"): the largest square that
// fits. Upright, the turn bar sits above it and the messages and controls below; sideways
// (phones in landscape, tablets held sideways), the board takes the full height and the rest
// sits beside it. The chrome's space is reserved whatever it shows, so nothing moves the board
// during a game.

public struct GameLayout: Equatable, Sendable {
    public enum Arrangement: Equatable, Sendable {
        /// Turn bar, board, messages and controls from top to bottom.
        case stacked
        /// The board on the leading side at full height, everything else beside it.
        case sideBySide
    }

    public let arrangement: Arrangement
    /// The board's side in points.
    public let boardSide: Double

    public init(arrangement: Arrangement, boardSide: Double) {
        self.arrangement = arrangement
        self.boardSide = boardSide
    }

    /// The layout for a screen area of `width` x `height` points. `chromeHeight` is what the
    /// turn bar, messages and controls need when stacked; `panelWidth` what they need beside
    /// the board.
    public static func fit(width: Double, height: Double, chromeHeight: Double, panelWidth: Double) -> GameLayout {
        let stacked = min(width, height - chromeHeight)
        let beside = min(height, width - panelWidth)
        if width > height && beside >= stacked {
            return GameLayout(arrangement: .sideBySide, boardSide: max(beside, 0))
        }
        return GameLayout(arrangement: .stacked, boardSide: max(stacked, 0))
    }
}
