// Stand-in for SwiftUI (iOS 18 SDK): the canvas and its graphics context. Declaration only;
// rules in ../README.md.

/// Immediate-mode drawing. The renderer is an ordinary (not `@Sendable`) escaping closure, as
/// in the SDK.
public struct Canvas<Symbols> where Symbols: View {}

extension Canvas: _PrimitiveView {}

extension Canvas where Symbols == EmptyView {
    nonisolated public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
                            rendersAsynchronously: Bool = false,
                            renderer: @escaping (inout GraphicsContext, CGSize) -> Void) { fatalError() }
}

public enum ColorRenderingMode: Equatable, Hashable, Sendable {
    case nonLinear, linear, extendedLinear
}

@frozen public struct GraphicsContext {
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(),
                              options: GraphicsContext.ClipOptions = ClipOptions()) { fatalError() }

    public func fill(_ path: Path, with shading: GraphicsContext.Shading, style: FillStyle = FillStyle()) { fatalError() }

    public func stroke(_ path: Path, with shading: GraphicsContext.Shading, style: StrokeStyle) { fatalError() }

    public func stroke(_ path: Path, with shading: GraphicsContext.Shading, lineWidth: CGFloat = 1) { fatalError() }

    /// Text drawn with its anchor point at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) { fatalError() }

    public struct Shading: Sendable {
        public static func color(_ color: Color) -> GraphicsContext.Shading { fatalError() }
    }

    @frozen public struct ClipOptions: OptionSet, Sendable {
        public var rawValue: UInt32 { fatalError() }
        @inlinable public init(rawValue: UInt32) { fatalError() }
        public static var inverse: GraphicsContext.ClipOptions { fatalError() }
    }
}
