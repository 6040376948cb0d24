// Stand-in for SwiftUI (iOS 18 SDK): the system's settings in the environment. Declaration
// only; rules in ../README.md.

/// Light or dark, as the system (or a view) sets it.
@available(iOS 13.0, *)
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
}

@available(iOS 13.0, *)
extension EnvironmentValues {
    public var colorScheme: ColorScheme { get { fatalError() } set { fatalError() } }

    /// The locale the views format for (the system's, unless a view sets another).
    public var locale: Locale { get { fatalError() } set { fatalError() } }

    /// The system's reduce-motion setting (read-only).
    public var accessibilityReduceMotion: Bool { fatalError() }
}
