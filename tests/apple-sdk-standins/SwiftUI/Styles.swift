// Stand-in for SwiftUI (iOS 18 SDK): shape styles (colours, materials, the foreground style),
// images and the modifiers that apply styles. Declaration only; rules in ../README.md.

/// A colour or material to fill with. Sendable, as in the SDK.
public protocol ShapeStyle: Sendable {}

@frozen public struct ForegroundStyle: ShapeStyle {
    @inlinable public init() { fatalError() }
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { fatalError() }
}

@frozen public struct Color: Hashable, CustomStringConvertible, Sendable {
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                opacity: Double = 1) { fatalError() }

    public func opacity(_ opacity: Double) -> Color { fatalError() }

    public var description: String { fatalError() }

    public enum RGBColorSpace: Equatable, Hashable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }
}

extension Color: _PrimitiveView {}

extension Color {
    /// `static let clear: Color` in the SDK.
    public static var clear: Color { fatalError() }
}

extension Color: ShapeStyle {}

public struct Material: Sendable {}

extension Material: ShapeStyle {}

extension ShapeStyle where Self == Material {
    public static var thinMaterial: Material { fatalError() }
}

@frozen public struct Image: Equatable, Sendable {
    public init(systemName: String) { fatalError() }
    public static func == (lhs: Image, rhs: Image) -> Bool { fatalError() }
}

extension Image: _PrimitiveView {}

extension View {
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { fatalError() }

    nonisolated public func background<S, T>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View
        where S: ShapeStyle, T: Shape { fatalError() }

    nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View
        where S: ShapeStyle { fatalError() }

    nonisolated public func opacity(_ opacity: Double) -> some View { fatalError() }

    nonisolated public func tint(_ tint: Color?) -> some View { fatalError() }
}
