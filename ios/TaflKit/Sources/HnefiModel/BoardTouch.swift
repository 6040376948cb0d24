import Foundation

// Touches on the board: which square a point is on, and whether a touch was a tap or a drag.
// A drag draws the piece lifted above the finger (motion.dragLiftDp) so that the finger does
// not hide it on small squares; the square under the lifted piece, not under the finger, is
// where it lands.

public struct BoardTouch: Equatable, Sendable {
    /// Where the squares are, as the board is drawn.
    public let geometry: BoardGeometry
    /// How far above the finger a dragged piece is drawn, in points.
    public let lift: Double
    /// A touch that moves less than this, in points, is a tap.
    public let slop: Double

    public init(geometry: BoardGeometry, lift: Double, slop: Double = 8) {
        self.geometry = geometry
        self.lift = lift
        self.slop = slop
    }

    /// The square at a point of the board, or nil off the squares (on the frame or beyond).
    public func square(at p: Point) -> Sq? { geometry.square(at: p) }

    /// The touch has moved far enough from where it began to be a drag.
    public func isDrag(from start: Point, to now: Point) -> Bool {
        let dx = now.x - start.x, dy = now.y - start.y
        return dx * dx + dy * dy > slop * slop
    }

    /// Where the dragged piece is drawn for a finger at `finger`, and the square under it.
    public func drag(from: Sq, finger: Point) -> BoardDrag {
        let lifted = Point(finger.x, finger.y - lift)
        return BoardDrag(from: from, at: lifted, over: square(at: lifted))
    }

    /// The event a touch sends when it begins to drag: pick up the piece where it began.
    public func dragStarted(at start: Point) -> UiEvent? {
        square(at: start).map { .dragStarted($0) }
    }

    /// The event a finished touch sends: a tap on a square, or a drop of the dragged piece on
    /// the square under it (nil when that is off the squares: the piece goes back).
    public func ended(start: Point, end: Point, dragged: Bool) -> UiEvent? {
        if dragged {
            guard let from = square(at: start) else { return nil }
            return .dropped(from: from, on: drag(from: from, finger: end).over)
        }
        return square(at: start).map { .squareTapped($0) }
    }
}

/// A horizontal swipe over the review's board steps through the game.
public enum ReviewSwipe {
    /// The step for a swipe of (dx, dy) points: right to left goes forward. Mostly vertical
    /// or short swipes do nothing.
    public static func step(dx: Double, dy: Double, threshold: Double = 40) -> ReviewStep? {
        guard abs(dx) >= threshold, abs(dx) > 2 * abs(dy) else { return nil }
        return dx < 0 ? .next : .previous
    }
}
