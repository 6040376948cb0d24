// Stand-in for SwiftUI (iOS 18 SDK): the app, scenes, the window group, the scene phase.
// Declaration only; rules in ../README.md.

@available(iOS 14.0, *)
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, *)
extension App {
    /// What `@main` calls.
    @MainActor @preconcurrency public static func main() { fatalError() }
}

@available(iOS 14.0, *)
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// The stand-ins' primitive scenes. An app type never conforms to it.
@available(iOS 14.0, *)
public protocol _PrimitiveScene: Scene where Body == Never {}

@available(iOS 14.0, *)
extension _PrimitiveScene {
    public var body: Never { fatalError() }
}

@available(iOS 14.0, *)
extension Never: Scene {}

@available(iOS 14.0, *)
@resultBuilder public enum SceneBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene { fatalError() }

    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { fatalError() }

    @_disfavoredOverload
    @available(iOS 17.0, *)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
        where repeat each Content: Scene { fatalError() }
}

@available(iOS 14.0, *)
public struct WindowGroup<Content> where Content: View {
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 14.0, *)
extension WindowGroup: _PrimitiveScene {}

/// Not frozen: a `switch` over it needs `@unknown default`, as in Xcode.
@available(iOS 14.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

@available(iOS 14.0, *)
extension EnvironmentValues {
    public var scenePhase: ScenePhase { get { fatalError() } set { fatalError() } }
}
