import TaflCore

/// How VoiceOver reads a board. A board to look at (a page's diagram: the start page's, the
/// rules') is one element, the core's summary of it. A board to play or to review is its
/// squares, row by row from the top, each row left to right, and the first square of each row
/// a heading: VoiceOver's Headings rotor then jumps a row a flick, so that any square of a
/// 19 x 19 board is at most 18 flicks down and 18 swipes across, not up to 360 swipes (the
/// Android shell makes the same squares headings for TalkBack's heading navigation).
public enum BoardReading: Equatable, Sendable {
    /// One element read as `label`.
    case whole(label: String)
    /// The rows in reading order; each row's first square is its heading.
    case rows([[SquareNode]])

    /// The reading of `board`, shown on a page (`onPage`) or on the game or review screen.
    public static func of(_ board: BoardView, onPage: Bool) -> BoardReading {
        onPage ? .whole(label: board.label) : of(squares: board.squares, onPage: false)
    }

    /// The reading of a board's `squares` (the label of a board read whole is left empty: the
    /// board's own element carries it).
    public static func of(squares: [SquareNode], onPage: Bool) -> BoardReading {
        if onPage { return .whole(label: "") }
        // The plan's y grows downwards: rows top to bottom, squares left to right.
        let rows = Dictionary(grouping: squares, by: \.y)
            .sorted { $0.key < $1.key }
            .map { $0.value.sorted { $0.x < $1.x } }
        return .rows(rows)
    }

    /// The squares' elements in VoiceOver's order (none for a board read whole).
    public var elements: [Element] {
        guard case let .rows(rows) = self else { return [] }
        return rows.flatMap { row in row.enumerated().map { Element(square: $1, heading: $0 == 0) } }
    }

    /// A square's element: the square, and whether it heads its row.
    public struct Element: Identifiable, Equatable, Sendable {
        public let square: SquareNode
        public let heading: Bool
        public var id: String { square.name }
    }

    /// The fewest VoiceOver gestures from the board's first square to the square named `name`:
    /// flicks of the Headings rotor to its row, then swipes along the row (nil: no such square).
    public func gestures(to name: String) -> Int? {
        guard case let .rows(rows) = self else { return nil }
        for (r, row) in rows.enumerated() {
            if let c = row.firstIndex(where: { $0.name == name }) { return r + c }
        }
        return nil
    }
}
