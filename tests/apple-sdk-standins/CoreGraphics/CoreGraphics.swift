// Stand-in for Apple's CoreGraphics: only what Foundation on Linux lacks (CGFloat, CGPoint,
// CGSize and CGRect come from Foundation there). Declaration only; rules in ../README.md.
@_exported import Foundation

public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

/// An affine transform (a struct of six CGFloats in the SDK).
@frozen public struct CGAffineTransform: Equatable, Sendable {
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) { fatalError() }
    public static var identity: CGAffineTransform { fatalError() }
    public static func == (lhs: CGAffineTransform, rhs: CGAffineTransform) -> Bool { fatalError() }
}
