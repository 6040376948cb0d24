// Stand-in for SwiftUI (iOS 18 SDK): shape styles (colours, the foreground style) and the
// modifiers that apply styles. Declaration only; rules in ../README.md.

/// A colour or material to fill with. Sendable, as in the SDK.
@available(iOS 13.0, *)
public protocol ShapeStyle: Sendable {}

@available(iOS 15.0, *)
@frozen public struct ForegroundStyle: ShapeStyle {
    @inlinable public init() { fatalError() }
}

@available(iOS 15.0, *)
extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct Color: Hashable, CustomStringConvertible, Sendable {
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                opacity: Double = 1) { fatalError() }

    /// A colour set of an asset catalog, by its name.
    public init(_ name: String, bundle: Bundle? = nil) { fatalError() }

    public var description: String { fatalError() }

    public enum RGBColorSpace: Equatable, Hashable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }
}

@available(iOS 13.0, *)
extension Color: _PrimitiveView {}

@available(iOS 13.0, *)
extension Color {
    /// `static let clear: Color` in the SDK.
    public static var clear: Color { fatalError() }
}

@available(iOS 13.0, *)
extension Color: ShapeStyle {}

@available(iOS 13.0, *)
extension View {
    @available(iOS 15.0, *)
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { fatalError() }

    @available(iOS 15.0, *)
    nonisolated public func background<S, T>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View
        where S: ShapeStyle, T: Shape { fatalError() }

    @available(iOS 15.0, *)
    nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View
        where S: ShapeStyle { fatalError() }

    @available(iOS 15.0, *)
    nonisolated public func tint(_ tint: Color?) -> some View { fatalError() }
}
