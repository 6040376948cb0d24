// Stand-in for SwiftUI (iOS 18 SDK): navigation stacks, titles and toolbars. Declaration only;
// rules in ../README.md.

public struct NavigationStack<Data, Root> where Root: View {}

extension NavigationStack: _PrimitiveView {}

extension NavigationStack where Data == NavigationPath {
    nonisolated public init(@ViewBuilder root: () -> Root) { fatalError() }
}

public struct NavigationPath {}

extension View {
    nonisolated public func navigationTitle(_ title: Text) -> some View { fatalError() }

    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { fatalError() }

    @_disfavoredOverload
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol { fatalError() }

    nonisolated public func toolbar<Content>(@ViewBuilder content: () -> Content) -> some View
        where Content: View { fatalError() }

    nonisolated public func toolbar<Content>(@ToolbarContentBuilder content: () -> Content) -> some View
        where Content: ToolbarContent { fatalError() }
}

@MainActor @preconcurrency public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// The stand-ins' primitive toolbar content. An app type never conforms to it.
public protocol _PrimitiveToolbarContent: ToolbarContent where Body == Never {}

extension _PrimitiveToolbarContent {
    public var body: Never { fatalError() }
}

extension Never: ToolbarContent {}

extension Optional: ToolbarContent, _PrimitiveToolbarContent where Wrapped: ToolbarContent {}

public struct ToolbarItem<ID, Content> where Content: View {}

extension ToolbarItem: _PrimitiveToolbarContent {}

extension ToolbarItem where ID == () {
    nonisolated public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) { fatalError() }
}

public struct ToolbarItemPlacement {
    public static var automatic: ToolbarItemPlacement { fatalError() }
    public static var principal: ToolbarItemPlacement { fatalError() }
    public static var confirmationAction: ToolbarItemPlacement { fatalError() }
    public static var cancellationAction: ToolbarItemPlacement { fatalError() }
    public static var primaryAction: ToolbarItemPlacement { fatalError() }
}

@resultBuilder public struct ToolbarContentBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: ToolbarContent { fatalError() }

    public static func buildBlock<Content>(_ content: Content) -> some ToolbarContent where Content: ToolbarContent { fatalError() }

    public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> some ToolbarContent
        where C0: ToolbarContent, C1: ToolbarContent { fatalError() }

    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: ToolbarContent { fatalError() }

    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: ToolbarContent, FalseContent: ToolbarContent { fatalError() }

    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: ToolbarContent, FalseContent: ToolbarContent { fatalError() }
}

extension _ConditionalContent: ToolbarContent, _PrimitiveToolbarContent where TrueContent: ToolbarContent, FalseContent: ToolbarContent {}
