// Stand-in for SwiftUI (iOS 18 SDK): sensory feedback (haptics). Declaration only; rules in
// ../README.md.

public struct SensoryFeedback: Equatable, Hashable, Sendable {
    public static var success: SensoryFeedback { fatalError() }
    public static var warning: SensoryFeedback { fatalError() }
    public static var error: SensoryFeedback { fatalError() }
    public static var selection: SensoryFeedback { fatalError() }
    public static var impact: SensoryFeedback { fatalError() }

    public static func impact(weight: SensoryFeedback.Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback { fatalError() }

    public struct Weight: Equatable, Sendable {
        public static var light: SensoryFeedback.Weight { fatalError() }
        public static var medium: SensoryFeedback.Weight { fatalError() }
        public static var heavy: SensoryFeedback.Weight { fatalError() }
    }
}

extension View {
    nonisolated public func sensoryFeedback<T>(_ feedback: SensoryFeedback, trigger: T) -> some View
        where T: Equatable { fatalError() }

    /// The feedback to play, if any, for a change of `trigger` from the old to the new value.
    nonisolated public func sensoryFeedback<T>(trigger: T,
                                               _ feedback: @escaping (_ oldValue: T, _ newValue: T) -> SensoryFeedback?) -> some View
        where T: Equatable { fatalError() }
}
