// Stand-in for SwiftUI (iOS 18 SDK): the canvas and its graphics context. Declaration only;
// rules in ../README.md.

/// Immediate-mode drawing. The renderer is an ordinary (not `@Sendable`) escaping closure, as
/// in the SDK.
@available(iOS 15.0, *)
public struct Canvas<Symbols> where Symbols: View {}

@available(iOS 15.0, *)
extension Canvas: _PrimitiveView {}

@available(iOS 15.0, *)
extension Canvas where Symbols == EmptyView {
    nonisolated public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
                            rendersAsynchronously: Bool = false,
                            renderer: @escaping (inout GraphicsContext, CGSize) -> Void) { fatalError() }
}

@available(iOS 15.0, *)
public enum ColorRenderingMode: Equatable, Hashable, Sendable {
    case nonLinear, linear, extendedLinear
}

@available(iOS 15.0, *)
@frozen public struct GraphicsContext {
    public func fill(_ path: Path, with shading: GraphicsContext.Shading, style: FillStyle = FillStyle()) { fatalError() }

    public func stroke(_ path: Path, with shading: GraphicsContext.Shading, style: StrokeStyle) { fatalError() }

    public func stroke(_ path: Path, with shading: GraphicsContext.Shading, lineWidth: CGFloat = 1) { fatalError() }

    /// Text drawn with its anchor point at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) { fatalError() }

    public struct Shading: Sendable {
        public static func color(_ color: Color) -> GraphicsContext.Shading { fatalError() }
    }
}
