// Stand-in for SwiftUI (iOS 18 SDK): shapes, fills and strokes. Declaration only; rules in
// ../README.md.

/// Shapes are Sendable; a custom shape supplies `path(in:)`. (The SDK's Shape also refines
/// Animatable, whose requirements have defaults; not declared until a view animates a shape.)
public protocol Shape: Sendable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

/// A shape is drawn filled with the foreground style unless filled or stroked otherwise.
extension Shape {
    public var body: _ShapeView<Self, ForegroundStyle> { fatalError() }
}

public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    nonisolated func inset(by amount: CGFloat) -> Self.InsetShape
}

@frozen public struct Path: Equatable, Sendable {
    public init() { fatalError() }
    public init(_ rect: CGRect) { fatalError() }
    public init(ellipseIn rect: CGRect) { fatalError() }
    public static func == (a: Path, b: Path) -> Bool { fatalError() }

    public mutating func move(to end: CGPoint) { fatalError() }
    public mutating func addLine(to end: CGPoint) { fatalError() }
    public mutating func addLines(_ lines: [CGPoint]) { fatalError() }
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) { fatalError() }
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) { fatalError() }
    public mutating func closeSubpath() { fatalError() }
}

@frozen public struct Rectangle {
    @inlinable nonisolated public init() { fatalError() }
}

extension Rectangle: InsettableShape {
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    /// An opaque result needs a value of some type: the shape itself.
    nonisolated public func inset(by amount: CGFloat) -> some InsettableShape { self }
}

@frozen public struct Circle {
    @inlinable nonisolated public init() { fatalError() }
}

extension Circle: InsettableShape {
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    /// An opaque result needs a value of some type: the shape itself.
    nonisolated public func inset(by amount: CGFloat) -> some InsettableShape { self }
}

@frozen public struct RoundedRectangle {
    nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { fatalError() }
}

extension RoundedRectangle: Shape {
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
}

@frozen public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular, continuous
}

/// The view a shape becomes when filled or stroked.
@frozen public struct _ShapeView<Content, Style> where Content: Shape, Style: ShapeStyle {}

extension _ShapeView: _PrimitiveView {}

@frozen public struct FillStyle: Equatable, Sendable {
    @inlinable public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}

@frozen public struct StrokeStyle: Equatable, Sendable {
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) { fatalError() }
}

extension Shape {
    nonisolated public func fill<S>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ShapeView<Self, S>
        where S: ShapeStyle { fatalError() }
}

extension InsettableShape {
    nonisolated public func strokeBorder<S>(_ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true) -> some View
        where S: ShapeStyle { fatalError() }

    nonisolated public func strokeBorder<S>(_ content: S = .foreground, lineWidth: CGFloat = 1,
                                            antialiased: Bool = true) -> some View where S: ShapeStyle { fatalError() }
}
