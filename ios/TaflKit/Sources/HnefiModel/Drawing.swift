import Foundation

// Plain drawing instructions in points. The painters (BoardPainter, ChartPainter) decide what
// is drawn where, in which colour and order, from the core's design tokens; a SwiftUI Canvas
// replays the list as it is. Keeping the decisions here lets the tests check the board's marks
// and their order on Linux, and keeps the views free of drawing rules.

/// A colour as 0xAARRGGBB, as the core's `look` gives it.
public typealias Argb = UInt32

extension UInt32 {
    /// The colour with its opacity multiplied by `factor` (0...1).
    public func fading(_ factor: Double) -> Argb {
        let alpha = Double(self >> 24) * Swift.min(Swift.max(factor, 0), 1)
        return (UInt32(alpha.rounded()) << 24) | (self & 0x00FF_FFFF)
    }

    public var red: Double { Double((self >> 16) & 0xFF) / 255 }
    public var green: Double { Double((self >> 8) & 0xFF) / 255 }
    public var blue: Double { Double(self & 0xFF) / 255 }
    public var alpha: Double { Double(self >> 24) / 255 }
}

/// A point in the drawing, in points from its top-left corner.
public struct Point: Equatable, Sendable {
    public let x: Double
    public let y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in the drawing.
public struct Box: Equatable, Sendable {
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle moved in by `d` on every side.
    public func inset(_ d: Double) -> Box {
        Box(x: x + d, y: y + d, width: max(width - 2 * d, 0), height: max(height - 2 * d, 0))
    }

    public var centre: Point { Point(x + width / 2, y + height / 2) }
}

public enum DrawShape: Equatable, Sendable {
    case rect(Box)
    case circle(centre: Point, radius: Double)
    /// Separate straight lines, each from `lines[2i]` to `lines[2i+1]`.
    case lines([Point])
    /// Connected straight lines through the points.
    case polyline([Point])
    /// A closed shape through the points.
    case polygon([Point])
}

public enum Ink: Equatable, Sendable {
    case fill(Argb)
    /// A line of `width` points, centred on the shape's outline, with round ends.
    case stroke(Argb, width: Double)
}

/// One thing to draw: a shape in an ink, optionally clipped to a rectangle.
public struct DrawOp<Layer: Equatable & Sendable>: Equatable, Sendable {
    public let layer: Layer
    public let shape: DrawShape
    public let ink: Ink
    public let clip: Box?

    public init(_ layer: Layer, _ shape: DrawShape, _ ink: Ink, clip: Box? = nil) {
        self.layer = layer
        self.shape = shape
        self.ink = ink
        self.clip = clip
    }
}
