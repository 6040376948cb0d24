// Stand-in for SwiftUI (iOS 18 SDK): buttons and their styles, toggles, progress and the text
// editor, and the modifiers that style or disable them. Declaration only; rules in
// ../README.md.

/// Its actions run on the main actor (`@MainActor` closures), as in the SDK.
@available(iOS 13.0, *)
public struct Button<Label> where Label: View {
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void,
                                            @ViewBuilder label: () -> Label) { fatalError() }
}

@available(iOS 13.0, *)
extension Button: _PrimitiveView {}

@available(iOS 13.0, *)
extension Button where Label == Text {
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey,
                                            action: @escaping @MainActor () -> Void) { fatalError() }

    @_disfavoredOverload
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
        where S: StringProtocol { fatalError() }

    @available(iOS 15.0, *)
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, role: ButtonRole?,
                                            action: @escaping @MainActor () -> Void) { fatalError() }

    @_disfavoredOverload
    @available(iOS 15.0, *)
    @preconcurrency nonisolated public init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void)
        where S: StringProtocol { fatalError() }
}

@available(iOS 15.0, *)
public struct ButtonRole: Equatable, Sendable {
    public static var destructive: ButtonRole { fatalError() }
    public static var cancel: ButtonRole { fatalError() }
}

@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

@available(iOS 13.0, *)
public struct PrimitiveButtonStyleConfiguration {}

@available(iOS 15.0, *)
public struct BorderedButtonStyle {
    public init() { fatalError() }
}

@available(iOS 15.0, *)
extension BorderedButtonStyle: PrimitiveButtonStyle {
    public func makeBody(configuration: PrimitiveButtonStyleConfiguration) -> Never { fatalError() }
}

@available(iOS 15.0, *)
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    @MainActor @preconcurrency public static var bordered: BorderedButtonStyle { fatalError() }
}

@available(iOS 15.0, *)
public struct BorderedProminentButtonStyle {
    public init() { fatalError() }
}

@available(iOS 15.0, *)
extension BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public func makeBody(configuration: PrimitiveButtonStyleConfiguration) -> Never { fatalError() }
}

@available(iOS 15.0, *)
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    @MainActor @preconcurrency public static var borderedProminent: BorderedProminentButtonStyle { fatalError() }
}

@available(iOS 13.0, *)
public struct Toggle<Label> where Label: View {
    nonisolated public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) { fatalError() }
}

@available(iOS 13.0, *)
extension Toggle: _PrimitiveView {}

@available(iOS 14.0, *)
public struct ProgressView<Label, CurrentValueLabel> where Label: View, CurrentValueLabel: View {}

@available(iOS 14.0, *)
extension ProgressView: _PrimitiveView {}

@available(iOS 14.0, *)
extension ProgressView where CurrentValueLabel == EmptyView {
    nonisolated public init() where Label == EmptyView { fatalError() }
}

@available(iOS 14.0, *)
extension ProgressView {
    nonisolated public init<V>(value: V?, total: V = 1.0)
        where Label == EmptyView, CurrentValueLabel == EmptyView, V: BinaryFloatingPoint { fatalError() }
}

@available(iOS 14.0, *)
public struct TextEditor {
    nonisolated public init(text: Binding<String>) { fatalError() }
}

@available(iOS 14.0, *)
extension TextEditor: _PrimitiveView {}

@available(iOS 13.0, *)
extension View {
    nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle { fatalError() }

    nonisolated public func disabled(_ disabled: Bool) -> some View { fatalError() }
}
