// Stand-in for SwiftUI (iOS 18 SDK): stacks, spacers, geometry, alignment and the layout
// modifiers. Declaration only; rules in ../README.md.

@frozen public struct VStack<Content> where Content: View {
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                            @ViewBuilder content: () -> Content) { fatalError() }
}

extension VStack: _PrimitiveView {}

@frozen public struct HStack<Content> where Content: View {
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                            @ViewBuilder content: () -> Content) { fatalError() }
}

extension HStack: _PrimitiveView {}

@frozen public struct ZStack<Content> where Content: View {
    nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { fatalError() }
}

extension ZStack: _PrimitiveView {}

@frozen public struct Spacer {
    nonisolated public init(minLength: CGFloat? = nil) { fatalError() }
}

extension Spacer: _PrimitiveView {}

@frozen public struct GeometryReader<Content> where Content: View {
    nonisolated public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { fatalError() }
}

extension GeometryReader: _PrimitiveView {}

public struct GeometryProxy {
    public var size: CGSize { fatalError() }
}

@frozen public struct HorizontalAlignment: Equatable, Sendable {
    public static var leading: HorizontalAlignment { fatalError() }
    public static var center: HorizontalAlignment { fatalError() }
    public static var trailing: HorizontalAlignment { fatalError() }
}

@frozen public struct VerticalAlignment: Equatable, Sendable {
    public static var top: VerticalAlignment { fatalError() }
    public static var center: VerticalAlignment { fatalError() }
    public static var bottom: VerticalAlignment { fatalError() }
}

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

public enum ContentMode: Hashable, CaseIterable, Sendable {
    case fit, fill
}

extension View {
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { fatalError() }

    nonisolated public func padding(_ length: CGFloat) -> some View { fatalError() }

    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { fatalError() }

    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { fatalError() }

    nonisolated public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { fatalError() }

    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { fatalError() }
}
