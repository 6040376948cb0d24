// Stand-in for SwiftUI (iOS 18 SDK): the ViewBuilder result builder. Declaration only; rules in
// ../README.md. In the iOS 18 SDK every builder function requires `View`; newer documentation
// shows them unconstrained (`@ContentBuilder`), which is looser.

@available(iOS 13.0, *)
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { fatalError() }

    public static func buildBlock() -> EmptyView { fatalError() }

    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { fatalError() }

    @_disfavoredOverload
    @available(iOS 17.0, *)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
        where repeat each Content: View { fatalError() }

    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { fatalError() }

    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: View, FalseContent: View { fatalError() }

    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: View, FalseContent: View { fatalError() }

    @available(iOS 14.0, *)
    public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content: View { fatalError() }
}

@available(*, unavailable)
extension ViewBuilder: Sendable {}
