// Stand-in for SwiftUI (iOS 18 SDK): timeline views and their schedules. Declaration only;
// rules in ../README.md.

@available(iOS 15.0, *)
public protocol TimelineSchedule {
    typealias Mode = TimelineScheduleMode
    associatedtype Entries: Sequence where Self.Entries.Element == Date
    func entries(from startDate: Date, mode: Self.Mode) -> Self.Entries
}

@available(iOS 15.0, *)
public enum TimelineScheduleMode: Sendable {
    case normal, lowFrequency
}

/// Updates as often as an animation does, unless paused.
@available(iOS 15.0, *)
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public init(minimumInterval: Double? = nil, paused: Bool = false) { fatalError() }
    public func entries(from start: Date, mode: TimelineScheduleMode) -> AnimationTimelineSchedule.Entries { fatalError() }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        public mutating func next() -> Date? { fatalError() }
    }
}

@available(iOS 15.0, *)
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule { fatalError() }
}

/// Named by the context every timeline view's content receives.
@available(iOS 15.0, *)
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() { fatalError() }
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> EveryMinuteTimelineSchedule.Entries { fatalError() }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        public mutating func next() -> Date? { fatalError() }
    }
}

@available(iOS 15.0, *)
public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {
    /// The date that triggered this update (a `let` in the SDK: read-only to callers).
    public struct Context {
        public var date: Date { fatalError() }
    }
}

/// The context every timeline view's content receives.
@available(iOS 15.0, *)
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

@available(iOS 15.0, *)
extension TimelineView: View, _PrimitiveView where Content: View {}

@available(iOS 15.0, *)
extension TimelineView where Content: View {
    nonisolated public init(_ schedule: Schedule,
                            @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) { fatalError() }
}
