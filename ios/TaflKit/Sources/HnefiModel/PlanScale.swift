import Foundation
import TaflCore

/// Points on screen to the units of a plan, and back: only scaling, no game logic (the core
/// finds the square under a touch).
public struct PlanScale: Equatable, Sendable {
    /// Points per plan unit.
    public let pointsPerUnit: CGFloat
    /// The plan point at the top-left corner of the view (the core's window on a zoomed board).
    public let origin: Point

    /// A board plan of `extent` units shown whole as a square of `side` points.
    public init(extent: Float, side: CGFloat) {
        self.init(window: Window(x: 0, y: 0, side: extent), side: side)
    }

    /// The core's window on a board plan shown as a square of `side` points.
    public init(window: Window, side: CGFloat) {
        pointsPerUnit = window.side > 0 ? side / CGFloat(window.side) : 0
        origin = Point(x: window.x, y: window.y)
    }

    /// The plan's point under `location`, lifted by `liftPoints` (a dragged piece is drawn
    /// above the finger, so that the finger does not hide it).
    public func plan(_ location: CGPoint, liftPoints: CGFloat = 0) -> Point {
        guard pointsPerUnit > 0 else { return Point(x: 0, y: 0) }
        return Point(x: origin.x + Float(location.x / pointsPerUnit),
                     y: origin.y + Float((location.y - liftPoints) / pointsPerUnit))
    }

    public func points(_ p: Point) -> CGPoint {
        CGPoint(x: CGFloat(p.x - origin.x) * pointsPerUnit, y: CGFloat(p.y - origin.y) * pointsPerUnit)
    }

    /// A square's rectangle in points, from its top-left corner in plan units (side 1).
    public func square(x: Float, y: Float) -> CGRect {
        CGRect(origin: points(Point(x: x, y: y)), size: CGSize(width: pointsPerUnit, height: pointsPerUnit))
    }

    /// Where a touch lies along a chart `width` points wide, from 0 to 1.
    public static func fraction(_ x: CGFloat, width: CGFloat) -> Float {
        width > 0 ? Float(min(max(x / width, 0), 1)) : 0
    }
}
