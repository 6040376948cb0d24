// Stand-in for SwiftUI (iOS 18 SDK): the app, scenes, the window group, the scene phase.
// Declaration only; rules in ../README.md.

@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    /// What `@main` calls.
    @MainActor @preconcurrency public static func main() { fatalError() }
}

@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// The stand-ins' primitive scenes. An app type never conforms to it.
public protocol _PrimitiveScene: Scene where Body == Never {}

extension _PrimitiveScene {
    public var body: Never { fatalError() }
}

extension Never: Scene {}

@resultBuilder public enum SceneBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene { fatalError() }

    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { fatalError() }

    @_disfavoredOverload
    public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
        where repeat each Content: Scene { fatalError() }
}

public struct WindowGroup<Content> where Content: View {
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

extension WindowGroup: _PrimitiveScene {}

/// Not frozen: a `switch` over it needs `@unknown default`, as in Xcode.
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

extension EnvironmentValues {
    public var scenePhase: ScenePhase { get { fatalError() } set { fatalError() } }
}

extension Scene {
    nonisolated public func onChange<V>(of value: V, initial: Bool = false,
                                        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some Scene
        where V: Equatable { fatalError() }

    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some Scene
        where V: Equatable { fatalError() }
}
