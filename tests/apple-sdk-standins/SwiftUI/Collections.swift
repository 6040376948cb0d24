// Stand-in for SwiftUI (iOS 18 SDK): lists, forms, sections, ForEach, scroll views and
// groups. Declaration only; rules in ../README.md.

public struct List<SelectionValue, Content> where SelectionValue: Hashable, Content: View {}

extension List: _PrimitiveView {}

extension List where SelectionValue == Never {
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

public struct Form<Content> where Content: View {
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

extension Form: _PrimitiveView {}

public struct Section<Parent, Content, Footer> {}

extension Section: View, _PrimitiveView where Parent: View, Content: View, Footer: View {}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }

    @_disfavoredOverload
    nonisolated public init<S>(_ title: S, @ViewBuilder content: () -> Content) where S: StringProtocol { fatalError() }
}

/// Views made from each element of a collection; the content closure is kept (`@escaping`).
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

extension ForEach: View, _PrimitiveView where Content: View {}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

extension ForEach where Content: View {
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>,
                            @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

public struct ScrollView<Content> where Content: View {
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
                            @ViewBuilder content: () -> Content) { fatalError() }
}

extension ScrollView: _PrimitiveView {}

@frozen public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    @frozen public struct Set: OptionSet, Sendable {
        public var rawValue: Int8 { fatalError() }
        public init(rawValue: Int8) { fatalError() }
        public static var horizontal: Axis.Set { fatalError() }
        public static var vertical: Axis.Set { fatalError() }
    }
}

@frozen public struct Group<Content> {}

extension Group: View, _PrimitiveView where Content: View {}

extension Group where Content: View {
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

/// Scrolls its scroll views to a child with a given id.
@frozen public struct ScrollViewReader<Content> where Content: View {
    nonisolated public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { fatalError() }
}

extension ScrollViewReader: _PrimitiveView {}

public struct ScrollViewProxy {
    public func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID: Hashable { fatalError() }
}

extension View {
    nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable { fatalError() }
}
