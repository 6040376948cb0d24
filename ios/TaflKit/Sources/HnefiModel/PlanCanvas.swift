import Foundation
import TaflCore

/// Where a drawing plan goes: a few operations in points, with colours as 0xAARRGGBB. SwiftUI's
/// GraphicsContext is one (HnefiUI); the tests' SVG writer is another.
public protocol PlanCanvas {
    mutating func fillRect(_ rect: CGRect, colour: UInt32)
    /// The stroke centred on the rectangle's edges.
    mutating func strokeRect(_ rect: CGRect, colour: UInt32, width: CGFloat)
    mutating func fillCircle(centre: CGPoint, radius: CGFloat, colour: UInt32)
    mutating func strokeCircle(centre: CGPoint, radius: CGFloat, colour: UInt32, width: CGFloat)
    /// `dash`: lengths drawn and skipped, in points.
    mutating func line(from: CGPoint, to: CGPoint, colour: UInt32, width: CGFloat, cap: Cap, dash: [CGFloat]?)
    mutating func polyline(_ points: [CGPoint], colour: UInt32, width: CGFloat, cap: Cap)
    mutating func fillPolygon(_ points: [CGPoint], colour: UInt32)
    /// Text whose em is `size` points high, centred on `at`.
    mutating func text(_ text: String, at: CGPoint, size: CGFloat, colour: UInt32, bold: Bool)
}

/// A colour's parts, 0 to 1.
public struct Argb: Equatable, Sendable {
    public let alpha, red, green, blue: Double

    public init(_ c: UInt32) {
        alpha = Double(c >> 24 & 0xFF) / 255
        red = Double(c >> 16 & 0xFF) / 255
        green = Double(c >> 8 & 0xFF) / 255
        blue = Double(c & 0xFF) / 255
    }
}
