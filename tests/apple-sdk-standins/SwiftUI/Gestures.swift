// Stand-in for SwiftUI (iOS 18 SDK): gestures. Declaration only; rules in ../README.md.

extension View {
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { fatalError() }
}
