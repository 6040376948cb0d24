// Stand-in for SwiftUI (iOS 18 SDK): the View protocol, the views the builders produce, view
// modifiers as types. Declaration only; rules in ../README.md.
//
// Concrete views conform to View in an extension, as in the SDK, so the types themselves are
// not main-actor isolated and their initialisers are nonisolated (newer SDKs write
// `nonisolated struct`).

/// As in the SDK: isolated to the main actor, so conforming types are too, and `body` is built
/// by `ViewBuilder`.
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// The stand-ins' primitive views (`Body == Never`) get their `body` from here. An app type
/// never conforms to it.
@available(iOS 13.0, *)
public protocol _PrimitiveView: View where Body == Never {}

@available(iOS 13.0, *)
extension _PrimitiveView {
    public var body: Never { fatalError() }
}

/// Never is the body of the primitive views, scenes and gestures.
@available(iOS 13.0, *)
extension Never {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension Never: View {}

@available(iOS 13.0, *)
@frozen public struct EmptyView {
    @inlinable nonisolated public init() {}
}

@available(iOS 13.0, *)
extension EmptyView: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public struct TupleView<T> {
    @inlinable nonisolated public init(_ value: T) { fatalError() }
}

@available(iOS 13.0, *)
extension TupleView: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent> {}

@available(iOS 13.0, *)
extension _ConditionalContent: View, _PrimitiveView where TrueContent: View, FalseContent: View {}

@available(iOS 13.0, *)
extension Optional: View, _PrimitiveView where Wrapped: View {}

@available(iOS 13.0, *)
@frozen public struct AnyView {
    nonisolated public init<V>(_ view: V) where V: View { fatalError() }
}

@available(iOS 13.0, *)
extension AnyView: _PrimitiveView {}

@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

@available(iOS 13.0, *)
public struct _ViewModifier_Content<Modifier> where Modifier: ViewModifier {}

@available(iOS 13.0, *)
extension _ViewModifier_Content: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {
    @inlinable nonisolated public init(content: Content, modifier: Modifier) { fatalError() }
}

@available(iOS 13.0, *)
extension ModifiedContent: View, _PrimitiveView where Content: View, Modifier: ViewModifier {}

@available(iOS 13.0, *)
extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
}

/// A view that SwiftUI redraws only when its `==` says it changed.
@available(iOS 13.0, *)
@frozen public struct EquatableView<Content> where Content: Equatable, Content: View {
    public init(content: Content) { fatalError() }
}

@available(iOS 13.0, *)
extension EquatableView: _PrimitiveView {}

@available(iOS 13.0, *)
extension View where Self: Equatable {
    nonisolated public func equatable() -> EquatableView<Self> { fatalError() }
}
