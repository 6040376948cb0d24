import Foundation
import TaflCore

/// Points on screen to the units of a plan, and back: only scaling, no game logic (the core
/// finds the square under a touch).
public struct PlanScale: Equatable, Sendable {
    /// Points per plan unit.
    public let pointsPerUnit: CGFloat

    /// A board plan of `extent` units shown as a square of `side` points.
    public init(extent: Float, side: CGFloat) {
        pointsPerUnit = extent > 0 ? side / CGFloat(extent) : 0
    }

    /// The plan's point under `location`, lifted by `liftPoints` (a dragged piece is drawn
    /// above the finger, so that the finger does not hide it).
    public func plan(_ location: CGPoint, liftPoints: CGFloat = 0) -> Point {
        guard pointsPerUnit > 0 else { return Point(x: 0, y: 0) }
        return Point(x: Float(location.x / pointsPerUnit), y: Float((location.y - liftPoints) / pointsPerUnit))
    }

    public func points(_ p: Point) -> CGPoint {
        CGPoint(x: CGFloat(p.x) * pointsPerUnit, y: CGFloat(p.y) * pointsPerUnit)
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
