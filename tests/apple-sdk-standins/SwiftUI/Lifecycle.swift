// Stand-in for SwiftUI (iOS 18 SDK): appearing, value changes and tasks tied to a view.
// Declaration only; rules in ../README.md.

@available(iOS 13.0, *)
extension View {
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { fatalError() }

    /// A URL the system opens with the app (a file from "Open in", the Files app, Mail).
    @available(iOS 14.0, *)
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { fatalError() }

    @available(iOS 17.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false,
                                        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View
        where V: Equatable { fatalError() }

    @available(iOS 17.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
        where V: Equatable { fatalError() }

    /// The task inherits the caller's actor (the main actor in a view) but is `@Sendable`, as
    /// in the iOS 18 SDK.
    @available(iOS 15.0, *)
    nonisolated public func task<T>(id value: T, priority: TaskPriority = .userInitiated,
                                    @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View
        where T: Equatable { fatalError() }
}
