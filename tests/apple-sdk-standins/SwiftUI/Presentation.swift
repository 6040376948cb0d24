// Stand-in for SwiftUI (iOS 18 SDK): alerts. Declaration only; rules in ../README.md.

@available(iOS 15.0, *)
extension View {
    nonisolated public func alert<A, M>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View
        where A: View, M: View { fatalError() }

    @_disfavoredOverload
    nonisolated public func alert<S, A, M>(_ title: S, isPresented: Binding<Bool>,
                                           @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View
        where S: StringProtocol, A: View, M: View { fatalError() }
}
