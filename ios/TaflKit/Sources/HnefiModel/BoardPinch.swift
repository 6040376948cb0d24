import Foundation
import TaflCore

/// A pinch on the board as the core's zoom steps. The platform reports the magnification since
/// the pinch began; the core takes each step's own factor, so this keeps the last one. The
/// point between the fingers is where the pinch began (the platform's anchor), in plan units
/// through the window shown when the step was made. The fingers' pan is not reported; a drag
/// that lifts no piece moves a zoomed board (the core decides that too).
public struct BoardPinch: Equatable, Sendable {
    private var last: CGFloat?

    public init() {}

    /// The pinch's magnification is now `magnification` (1 at its start).
    public mutating func changed(magnification: CGFloat, anchor: CGPoint, scale: PlanScale) -> Event? {
        let previous = last ?? 1
        guard magnification > 0, magnification.isFinite, previous > 0 else { return nil }
        last = magnification
        guard magnification != previous else { return nil }
        return .zoom(centre: scale.plan(anchor), factor: Float(magnification / previous), pan: Point(x: 0, y: 0))
    }

    /// The fingers were lifted: the next pinch starts from 1 again.
    public mutating func ended() {
        last = nil
    }
}
