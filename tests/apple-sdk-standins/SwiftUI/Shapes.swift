// Stand-in for SwiftUI (iOS 18 SDK): shapes, paths, fills and strokes. Declaration only;
// rules in ../README.md.

/// Shapes are Sendable; a custom shape supplies `path(in:)`. (The SDK's Shape also refines
/// Animatable, whose requirements have defaults.)
@available(iOS 13.0, *)
public protocol Shape: Sendable, Animatable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

/// A shape is drawn filled with the foreground style unless filled or stroked otherwise.
@available(iOS 13.0, *)
extension Shape {
    public var body: _ShapeView<Self, ForegroundStyle> { fatalError() }
}

@available(iOS 13.0, *)
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    nonisolated func inset(by amount: CGFloat) -> Self.InsetShape
}

@available(iOS 13.0, *)
@frozen public struct Path: Equatable, Sendable {
    public init() { fatalError() }
    public init(_ rect: CGRect) { fatalError() }
    public init(ellipseIn rect: CGRect) { fatalError() }
    public static func == (a: Path, b: Path) -> Bool { fatalError() }

    public mutating func move(to end: CGPoint) { fatalError() }
    public mutating func addLine(to end: CGPoint) { fatalError() }
    public mutating func addLines(_ lines: [CGPoint]) { fatalError() }
    public mutating func closeSubpath() { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct Rectangle {
    @inlinable nonisolated public init() { fatalError() }
}

@available(iOS 13.0, *)
extension Rectangle: InsettableShape {
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    /// An opaque result needs a value of some type: the shape itself.
    nonisolated public func inset(by amount: CGFloat) -> some InsettableShape { self }
}

@available(iOS 13.0, *)
@frozen public struct Circle {
    @inlinable nonisolated public init() { fatalError() }
}

@available(iOS 13.0, *)
extension Circle: InsettableShape {
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    /// An opaque result needs a value of some type: the shape itself.
    nonisolated public func inset(by amount: CGFloat) -> some InsettableShape { self }
}

@available(iOS 13.0, *)
@frozen public struct RoundedRectangle {
    nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { fatalError() }
}

@available(iOS 13.0, *)
extension RoundedRectangle: Shape {
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
}

@available(iOS 13.0, *)
@frozen public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular, continuous
}

/// The view a shape becomes when filled or stroked.
@available(iOS 13.0, *)
@frozen public struct _ShapeView<Content, Style> where Content: Shape, Style: ShapeStyle {}

@available(iOS 13.0, *)
extension _ShapeView: _PrimitiveView {}

@available(iOS 13.0, *)
@frozen public struct FillStyle: Equatable, Sendable {
    @inlinable public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct StrokeStyle: Equatable, Sendable {
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) { fatalError() }
}

@available(iOS 13.0, *)
extension Shape {
    nonisolated public func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> _ShapeView<Self, S>
        where S: ShapeStyle { fatalError() }
}

@available(iOS 13.0, *)
extension InsettableShape {
    @available(iOS 17.0, *)
    nonisolated public func strokeBorder<S>(_ content: S = .foreground, lineWidth: CGFloat = 1,
                                            antialiased: Bool = true) -> some View where S: ShapeStyle { fatalError() }
}
