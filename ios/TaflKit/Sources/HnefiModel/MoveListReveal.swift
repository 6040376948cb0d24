import Foundation

/// Where the move list starts when it brings the core's `reveal` row into view
/// (docs/shells.md, "What scrolls into view"), from the rows' measured widths: the row at the
/// list's leading edge; near the end, where the list cannot scroll that far, the first row
/// from which the rest fits, so that the list begins at a move number and never with the tail
/// of a move (the "1" of b4-b1, read as a move of its own), with room after the last row to
/// make up the difference. Android's `revealRow` does the same with its list's layout.
public struct MoveListReveal: Equatable, Sendable {
    /// The row at the leading edge.
    public let start: UInt32
    /// The blank after the last row, in points.
    public let room: CGFloat
    /// Every width it needed was known (otherwise it is the plan so far: measure and ask again).
    public let complete: Bool

    public init(start: UInt32, room: CGFloat, complete: Bool) {
        self.start = start
        self.room = room
        self.complete = complete
    }

    /// `rows`: the rows' numbers in order; `widths`: those measured so far; `viewport`: the
    /// list's visible width; `spacing`: the gap between rows.
    public static func plan(reveal: UInt32, rows: [UInt32], widths: [UInt32: CGFloat], viewport: CGFloat,
                            spacing: CGFloat) -> MoveListReveal {
        guard let at = rows.firstIndex(of: reveal), viewport > 0 else {
            return MoveListReveal(start: reveal, room: 0, complete: true)
        }
        // The width from the revealed row to the end.
        var tail: CGFloat = 0
        for (i, number) in rows[at...].enumerated() {
            guard let w = widths[number] else { return MoveListReveal(start: reveal, room: 0, complete: false) }
            tail += w + (i > 0 ? spacing : 0)
            if tail >= viewport { return MoveListReveal(start: reveal, room: 0, complete: true) }
        }
        // The list ends within the viewport: take earlier rows while they fit whole.
        var first = at
        while first > 0 {
            guard let w = widths[rows[first - 1]] else {
                return MoveListReveal(start: rows[first], room: viewport - tail, complete: false)
            }
            guard tail + spacing + w <= viewport else { break }
            tail += spacing + w
            first -= 1
        }
        return MoveListReveal(start: rows[first], room: first == 0 ? 0 : viewport - tail, complete: true)
    }
}
