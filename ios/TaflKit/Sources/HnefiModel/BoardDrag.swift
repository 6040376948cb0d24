import Foundation
import TaflCore

/// A drag on the board as the core's touch events (docs/shells.md, "Touches"). The view feeds
/// it what its gesture reports, and sends what it returns:
///
/// - the first change sends `dragStart` where the finger came down (the piece under it is the
///   one picked up), then every change a `dragMove` where the lifted piece is drawn;
/// - the end sends `dragEnd` there;
/// - a reset of the gesture's state without an end (the system took the touch: a call, a
///   swipe from the edge) sends `dragCancel` where the piece was last drawn, so that nothing
///   stays lifted. SwiftUI resets a `@GestureState` by itself when a touch is cancelled, which
///   a `@State` flag never was.
public struct BoardDrag: Equatable, Sendable {
    /// Where the lifted piece was last drawn, in plan units; nil when no drag is under way.
    public private(set) var last: Point?

    public init() {}

    /// The finger moved: `start` is where it came down, `at` where the lifted piece is drawn.
    public mutating func changed(start: Point, at: Point) -> [Event] {
        var events: [Event] = []
        if last == nil {
            events.append(.touch(phase: .dragStart, at: start))
        }
        last = at
        events.append(.touch(phase: .dragMove, at: at))
        return events
    }

    /// The finger was lifted with the piece drawn at `at`.
    public mutating func ended(at: Point) -> [Event] {
        guard last != nil else { return [] }
        last = nil
        return [.touch(phase: .dragEnd, at: at)]
    }

    /// The gesture's state went back to rest. After an end nothing is left to do; without one,
    /// the touch was cancelled.
    public mutating func reset() -> [Event] {
        guard let at = last else { return [] }
        last = nil
        return [.touch(phase: .dragCancel, at: at)]
    }
}
