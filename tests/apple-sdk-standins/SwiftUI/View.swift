// Stand-in for SwiftUI (iOS 18 SDK): the View protocol, the views the builders produce, view
// modifiers as types. Declaration only; rules in ../README.md.
//
// Concrete views conform to View in an extension, as in the SDK, so the types themselves are
// not main-actor isolated and their initialisers are nonisolated (newer SDKs write
// `nonisolated struct`).

/// As in the SDK: isolated to the main actor, so conforming types are too, and `body` is built
/// by `ViewBuilder`.
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// The stand-ins' primitive views (`Body == Never`) get their `body` from here. An app type
/// never conforms to it.
public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
    public var body: Never { fatalError() }
}

/// Never is the body of the primitive views, scenes and toolbar content.
extension Never {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension Never: View {}

@frozen public struct EmptyView {
    @inlinable nonisolated public init() {}
}

extension EmptyView: _PrimitiveView {}

@frozen public struct TupleView<T> {
    @inlinable nonisolated public init(_ value: T) { fatalError() }
}

extension TupleView: _PrimitiveView {}

@frozen public struct _ConditionalContent<TrueContent, FalseContent> {}

extension _ConditionalContent: View, _PrimitiveView where TrueContent: View, FalseContent: View {}

extension Optional: View, _PrimitiveView where Wrapped: View {}

@frozen public struct AnyView {
    nonisolated public init<V>(_ view: V) where V: View { fatalError() }
}

extension AnyView: _PrimitiveView {}

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

public struct _ViewModifier_Content<Modifier> where Modifier: ViewModifier {}

extension _ViewModifier_Content: _PrimitiveView {}

@frozen public struct ModifiedContent<Content, Modifier> {
    @inlinable nonisolated public init(content: Content, modifier: Modifier) { fatalError() }
}

extension ModifiedContent: View, _PrimitiveView where Content: View, Modifier: ViewModifier {}

extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
}

/// A view that SwiftUI redraws only when its `==` says it changed.
@frozen public struct EquatableView<Content> where Content: Equatable, Content: View {
    public init(content: Content) { fatalError() }
}

extension EquatableView: _PrimitiveView {}

extension View where Self: Equatable {
    nonisolated public func equatable() -> EquatableView<Self> { fatalError() }
}
