// Stand-in for Apple's CoreGraphics: only what Foundation on Linux lacks (CGFloat, CGPoint,
// CGSize and CGRect come from Foundation there). Declaration only; rules in ../README.md.
@_exported import Foundation

@available(iOS 2.0, *)
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

@available(iOS 2.0, *)
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}
