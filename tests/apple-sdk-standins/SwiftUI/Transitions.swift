// Stand-in for SwiftUI (iOS 18 SDK): animations and the transitions of a view that comes and
// goes. Declaration only; rules in ../README.md.

@available(iOS 13.0, *)
public struct Animation: Equatable, Sendable {
    public static var `default`: Animation { fatalError() }
    public static func easeInOut(duration: TimeInterval) -> Animation { fatalError() }
    public static func == (lhs: Animation, rhs: Animation) -> Bool { fatalError() }
}

@available(iOS 13.0, *)
public struct AnyTransition {
    public static var opacity: AnyTransition { fatalError() }

    @available(iOS 16.0, *)
    public static func push(from edge: Edge) -> AnyTransition { fatalError() }
}

@available(iOS 13.0, *)
extension View {
    nonisolated public func transition(_ t: AnyTransition) -> some View { fatalError() }

    @available(iOS 15.0, *)
    nonisolated public func animation<V>(_ animation: Animation?, value: V) -> some View where V: Equatable { fatalError() }
}
