// Stand-in for SwiftUI (iOS 18 SDK): stacks, grids, spacers, geometry, layouts as values,
// alignment and the layout modifiers. Declaration only; rules in ../README.md.

@available(iOS 13.0, *)
@frozen public struct VStack<Content> where Content: View {
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                            @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 13.0, *)
extension VStack: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public struct HStack<Content> where Content: View {
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                            @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 13.0, *)
extension HStack: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public struct ZStack<Content> where Content: View {
    nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 13.0, *)
extension ZStack: _PrimitiveView {}

@available(iOS 14.0, *)
public struct LazyVStack<Content> where Content: View {
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                            pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 14.0, *)
extension LazyVStack: _PrimitiveView {}

@available(iOS 14.0, *)
public struct LazyHStack<Content> where Content: View {
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                            pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 14.0, *)
extension LazyHStack: _PrimitiveView {}

@available(iOS 14.0, *)
@frozen public struct PinnedScrollableViews: OptionSet, Sendable {
    public var rawValue: UInt32 { fatalError() }
    public init(rawValue: UInt32) { fatalError() }
    public static var sectionHeaders: PinnedScrollableViews { fatalError() }
    public static var sectionFooters: PinnedScrollableViews { fatalError() }
}

/// The first of its children that fits the proposed size along the axes.
@available(iOS 16.0, *)
@frozen public struct ViewThatFits<Content> where Content: View {
    nonisolated public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 16.0, *)
extension ViewThatFits: _PrimitiveView {}

@available(iOS 16.0, *)
@frozen public struct Grid<Content> where Content: View {
    nonisolated public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil,
                            verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 16.0, *)
extension Grid: _PrimitiveView {}

@available(iOS 16.0, *)
@frozen public struct GridRow<Content> where Content: View {
    nonisolated public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 16.0, *)
extension GridRow: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public struct Spacer {
    nonisolated public init(minLength: CGFloat? = nil) { fatalError() }
}

@available(iOS 13.0, *)
extension Spacer: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public struct GeometryReader<Content> where Content: View {
    nonisolated public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { fatalError() }
}

@available(iOS 13.0, *)
extension GeometryReader: _PrimitiveView {}

@available(iOS 13.0, *)
public struct GeometryProxy {
    public var size: CGSize { fatalError() }
}

/// The SDK's Animatable has requirements with defaults; nothing here animates.
@available(iOS 13.0, *)
public protocol Animatable {}

/// A layout as a value: `AnyLayout` switches between layouts without rebuilding the views.
@available(iOS 16.0, *)
public protocol Layout: Animatable {}

@available(iOS 16.0, *)
extension Layout {
    public func callAsFunction<V>(@ViewBuilder _ content: () -> V) -> some View where V: View { fatalError() }
}

@available(iOS 16.0, *)
@frozen public struct AnyLayout: Layout {
    public init<L>(_ layout: L) where L: Layout { fatalError() }
}

@available(iOS 16.0, *)
@frozen public struct HStackLayout: Layout {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) { fatalError() }
}

@available(iOS 16.0, *)
@frozen public struct VStackLayout: Layout {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    public static var leading: HorizontalAlignment { fatalError() }
    public static var center: HorizontalAlignment { fatalError() }
    public static var trailing: HorizontalAlignment { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct VerticalAlignment: Equatable, Sendable {
    public static var top: VerticalAlignment { fatalError() }
    public static var center: VerticalAlignment { fatalError() }
    public static var bottom: VerticalAlignment { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct Alignment: Equatable, Sendable {
    public static var center: Alignment { fatalError() }
    public static var leading: Alignment { fatalError() }
    public static var trailing: Alignment { fatalError() }
    public static var top: Alignment { fatalError() }
    public static var bottom: Alignment { fatalError() }
    public static var topLeading: Alignment { fatalError() }
    public static var topTrailing: Alignment { fatalError() }
    public static var bottomLeading: Alignment { fatalError() }
    public static var bottomTrailing: Alignment { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct UnitPoint: Hashable, Sendable {
    public init(x: CGFloat, y: CGFloat) { fatalError() }
    public static var zero: UnitPoint { fatalError() }
    public static var center: UnitPoint { fatalError() }
    public static var top: UnitPoint { fatalError() }
    public static var bottom: UnitPoint { fatalError() }
    public static var leading: UnitPoint { fatalError() }
    public static var trailing: UnitPoint { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct Angle: Hashable, Comparable, Sendable {
    public init(degrees: Double) { fatalError() }
    public static func degrees(_ degrees: Double) -> Angle { fatalError() }
    public static func radians(_ radians: Double) -> Angle { fatalError() }
    public static func < (lhs: Angle, rhs: Angle) -> Bool { fatalError() }
}

@available(iOS 13.0, *)
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    @frozen public struct Set: OptionSet, Sendable {
        public var rawValue: Int8 { fatalError() }
        public init(rawValue: Int8) { fatalError() }
        public static var top: Edge.Set { fatalError() }
        public static var leading: Edge.Set { fatalError() }
        public static var bottom: Edge.Set { fatalError() }
        public static var trailing: Edge.Set { fatalError() }
        public static var all: Edge.Set { fatalError() }
        public static var horizontal: Edge.Set { fatalError() }
        public static var vertical: Edge.Set { fatalError() }
    }
}

@available(iOS 13.0, *)
public enum ContentMode: Hashable, CaseIterable, Sendable {
    case fit, fill
}

@available(iOS 13.0, *)
extension View {
    nonisolated public func clipped(antialiased: Bool = false) -> some View { fatalError() }

    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { fatalError() }

    nonisolated public func padding(_ length: CGFloat) -> some View { fatalError() }

    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { fatalError() }

    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { fatalError() }

    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { fatalError() }

    nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { fatalError() }

    nonisolated public func layoutPriority(_ value: Double) -> some View { fatalError() }

    nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { fatalError() }
}

/// A value views hand up to their ancestors (a row's measured width, say).
@available(iOS 13.0, *)
public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
    static func reduce(value: inout Self.Value, nextValue: () -> Self.Value)
}

@available(iOS 13.0, *)
extension View {
    nonisolated public func preference<K>(key: K.Type = K.self, value: K.Value) -> some View
        where K: PreferenceKey { fatalError() }

    /// The SDK's action is a plain `@escaping` closure (Xcode 16.2's SDK made it `@Sendable`
    /// for a while). The stand-in keeps the stricter `@Sendable`: a view that compiles here
    /// compiles against both.
    nonisolated public func onPreferenceChange<K>(_ key: K.Type = K.self,
                                                  perform action: @escaping @Sendable (K.Value) -> Void) -> some View
        where K: PreferenceKey, K.Value: Equatable { fatalError() }

    @available(iOS 15.0, *)
    nonisolated public func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View
        where V: View { fatalError() }
}
