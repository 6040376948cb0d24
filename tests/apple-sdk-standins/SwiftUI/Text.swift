// Stand-in for SwiftUI (iOS 18 SDK): text, localized string keys, fonts and the text
// modifiers. Declaration only; rules in ../README.md.

@available(iOS 13.0, *)
@frozen public struct Text: Equatable, Sendable {
    public init(verbatim content: String) { fatalError() }

    /// A string variable: shown as it is. A string literal picks the LocalizedStringKey
    /// initialiser instead, as on iOS, because this one is disfavoured.
    @_disfavoredOverload
    public init<S>(_ content: S) where S: StringProtocol { fatalError() }

    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
                comment: StaticString? = nil) { fatalError() }

    public static func == (a: Text, b: Text) -> Bool { fatalError() }
}

@available(iOS 13.0, *)
extension Text: _PrimitiveView {}

@available(iOS 13.0, *)
extension Text {
    public func font(_ font: Font?) -> Text { fatalError() }

    public func fontWeight(_ weight: Font.Weight?) -> Text { fatalError() }

    @available(iOS 15.0, *)
    public func monospacedDigit() -> Text { fatalError() }

    @available(iOS 17.0, *)
    public func foregroundStyle<S>(_ style: S) -> Text where S: ShapeStyle { fatalError() }
}

/// A string literal, with interpolations, looked up in the app's strings tables.
@available(iOS 13.0, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    public init(_ value: String) { fatalError() }
    public init(stringLiteral value: String) { fatalError() }
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) { fatalError() }

    public static func == (a: LocalizedStringKey, b: LocalizedStringKey) -> Bool { fatalError() }

    /// Only these values may be interpolated, as on iOS (an arbitrary type may not).
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }
        public mutating func appendLiteral(_ literal: String) { fatalError() }
        public mutating func appendInterpolation(_ string: String) { fatalError() }
        public mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable { fatalError() }
        public mutating func appendInterpolation<T>(_ value: T, specifier: String) where T: _FormatSpecifiable { fatalError() }
        public mutating func appendInterpolation(_ text: Text) { fatalError() }
    }
}

/// Numbers that a LocalizedStringKey interpolation formats with a printf specifier.
@available(iOS 13.0, *)
public protocol _FormatSpecifiable: Equatable {
    associatedtype _Arg: CVarArg
    var _arg: Self._Arg { get }
    var _specifier: String { get }
}

@available(iOS 13.0, *)
extension Int: _FormatSpecifiable {
    public var _arg: Int { fatalError() }
    public var _specifier: String { fatalError() }
}

@available(iOS 13.0, *)
extension Double: _FormatSpecifiable {
    public var _arg: Double { fatalError() }
    public var _specifier: String { fatalError() }
}

@available(iOS 13.0, *)
@frozen public struct Font: Hashable, Sendable {
    public static var largeTitle: Font { fatalError() }
    public static var title: Font { fatalError() }
    @available(iOS 14.0, *)
    public static var title2: Font { fatalError() }
    @available(iOS 14.0, *)
    public static var title3: Font { fatalError() }
    public static var headline: Font { fatalError() }
    public static var subheadline: Font { fatalError() }
    public static var body: Font { fatalError() }
    public static var callout: Font { fatalError() }
    public static var footnote: Font { fatalError() }
    public static var caption: Font { fatalError() }

    @available(iOS 16.0, *)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { fatalError() }

    public func weight(_ weight: Font.Weight) -> Font { fatalError() }

    @frozen public struct Weight: Hashable, Sendable {
        public static var regular: Font.Weight { fatalError() }
        public static var medium: Font.Weight { fatalError() }
        public static var semibold: Font.Weight { fatalError() }
        public static var bold: Font.Weight { fatalError() }
        public static var heavy: Font.Weight { fatalError() }
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }
}

@available(iOS 13.0, *)
extension View {
    nonisolated public func font(_ font: Font?) -> some View { fatalError() }
}
