// Stand-in for SwiftUI (iOS 18 SDK): timeline views and their schedules. Declaration only;
// rules in ../README.md.

public protocol TimelineSchedule {
    typealias Mode = TimelineScheduleMode
    associatedtype Entries: Sequence where Self.Entries.Element == Date
    func entries(from startDate: Date, mode: Self.Mode) -> Self.Entries
}

public enum TimelineScheduleMode: Sendable {
    case normal, lowFrequency
}

/// Updates as often as an animation does, unless paused.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public init(minimumInterval: Double? = nil, paused: Bool = false) { fatalError() }
    public func entries(from start: Date, mode: TimelineScheduleMode) -> AnimationTimelineSchedule.Entries { fatalError() }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        public mutating func next() -> Date? { fatalError() }
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { fatalError() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule { fatalError() }
}

public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() { fatalError() }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> EveryMinuteTimelineSchedule.Entries { fatalError() }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        public mutating func next() -> Date? { fatalError() }
    }
}

public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {
    /// The date that triggered this update (a `let` in the SDK: read-only to callers).
    public struct Context {
        public var date: Date { fatalError() }
        public var cadence: TimelineView<Schedule, Content>.Context.Cadence { fatalError() }

        public enum Cadence: Comparable, Sendable {
            case live, seconds, minutes
        }
    }
}

/// The context every timeline view's content receives.
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

extension TimelineView: View, _PrimitiveView where Content: View {}

extension TimelineView where Content: View {
    nonisolated public init(_ schedule: Schedule,
                            @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) { fatalError() }
}
