// Stand-in for SwiftUI (iOS 18 SDK): ForEach, scroll views and scrolling to a child.
// Declaration only; rules in ../README.md.

/// Views made from each element of a collection; the content closure is kept (`@escaping`).
@available(iOS 13.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

@available(iOS 13.0, *)
extension ForEach: View, _PrimitiveView where Content: View {}

@available(iOS 13.0, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

@available(iOS 13.0, *)
extension ForEach where Content: View {
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>,
                            @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

@available(iOS 13.0, *)
public struct ScrollView<Content> where Content: View {
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
                            @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 13.0, *)
extension ScrollView: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    @frozen public struct Set: OptionSet, Sendable {
        public var rawValue: Int8 { fatalError() }
        public init(rawValue: Int8) { fatalError() }
        public static var horizontal: Axis.Set { fatalError() }
        public static var vertical: Axis.Set { fatalError() }
    }
}

/// Scrolls its scroll views to a child with a given id.
@available(iOS 14.0, *)
@frozen public struct ScrollViewReader<Content> where Content: View {
    nonisolated public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { fatalError() }
}

@available(iOS 14.0, *)
extension ScrollViewReader: _PrimitiveView {}

@available(iOS 14.0, *)
public struct ScrollViewProxy {
    public func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID: Hashable { fatalError() }
}

/// How a scroll view's scrolling dismisses the keyboard.
@available(iOS 16.0, *)
public struct ScrollDismissesKeyboardMode: Sendable {
    public static var interactively: ScrollDismissesKeyboardMode { fatalError() }
    public static var immediately: ScrollDismissesKeyboardMode { fatalError() }
}

@available(iOS 16.0, *)
extension View {
    nonisolated public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View { fatalError() }
}

@available(iOS 13.0, *)
extension View {
    nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable { fatalError() }
}
