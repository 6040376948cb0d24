// Stand-in for SwiftUI (iOS 18 SDK): the colour scheme in the environment. Declaration only;
// rules in ../README.md.

/// Light or dark, as the system (or a view) sets it.
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
}

extension EnvironmentValues {
    public var colorScheme: ColorScheme { get { fatalError() } set { fatalError() } }
}

extension EnvironmentValues {
    /// The locale the views format for (the system's, unless a view sets another).
    public var locale: Locale { get { fatalError() } set { fatalError() } }
}
