// Stand-in for SwiftUI (iOS 18 SDK): alerts and confirmation dialogs. Declaration only; rules
// in ../README.md.

@frozen public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

extension View {
    nonisolated public func alert<A>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                     @ViewBuilder actions: () -> A) -> some View where A: View { fatalError() }

    @_disfavoredOverload
    nonisolated public func alert<S, A>(_ title: S, isPresented: Binding<Bool>,
                                        @ViewBuilder actions: () -> A) -> some View
        where S: StringProtocol, A: View { fatalError() }

    nonisolated public func confirmationDialog<A>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                  titleVisibility: Visibility = .automatic,
                                                  @ViewBuilder actions: () -> A) -> some View where A: View { fatalError() }

    @_disfavoredOverload
    nonisolated public func confirmationDialog<S, A>(_ title: S, isPresented: Binding<Bool>,
                                                     titleVisibility: Visibility = .automatic,
                                                     @ViewBuilder actions: () -> A) -> some View
        where S: StringProtocol, A: View { fatalError() }

    nonisolated public func confirmationDialog<A, M>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                     titleVisibility: Visibility = .automatic,
                                                     @ViewBuilder actions: () -> A,
                                                     @ViewBuilder message: () -> M) -> some View
        where A: View, M: View { fatalError() }

    @_disfavoredOverload
    nonisolated public func confirmationDialog<S, A, M>(_ title: S, isPresented: Binding<Bool>,
                                                        titleVisibility: Visibility = .automatic,
                                                        @ViewBuilder actions: () -> A,
                                                        @ViewBuilder message: () -> M) -> some View
        where S: StringProtocol, A: View, M: View { fatalError() }
}

extension View {
    nonisolated public func alert<A, M>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View
        where A: View, M: View { fatalError() }

    @_disfavoredOverload
    nonisolated public func alert<S, A, M>(_ title: S, isPresented: Binding<Bool>,
                                           @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View
        where S: StringProtocol, A: View, M: View { fatalError() }
}
