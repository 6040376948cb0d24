// Stand-in for SwiftUI (iOS 18 SDK): buttons, toggles, pickers, progress and labeled content,
// and the modifiers that style or tag them. Declaration only; rules in ../README.md.

/// Its actions run on the main actor (`@MainActor` closures), as in the SDK.
public struct Button<Label> where Label: View {
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void,
                                            @ViewBuilder label: () -> Label) { fatalError() }
}

extension Button: _PrimitiveView {}

extension Button where Label == Text {
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey,
                                            action: @escaping @MainActor () -> Void) { fatalError() }

    @_disfavoredOverload
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
        where S: StringProtocol { fatalError() }

    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, role: ButtonRole?,
                                            action: @escaping @MainActor () -> Void) { fatalError() }

    @_disfavoredOverload
    @preconcurrency nonisolated public init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void)
        where S: StringProtocol { fatalError() }
}

public struct ButtonRole: Equatable, Sendable {
    public static var destructive: ButtonRole { fatalError() }
    public static var cancel: ButtonRole { fatalError() }
}

@MainActor @preconcurrency public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

public struct PrimitiveButtonStyleConfiguration {}

public struct BorderedProminentButtonStyle {
    public init() { fatalError() }
}

extension BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public func makeBody(configuration: PrimitiveButtonStyleConfiguration) -> Never { fatalError() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    @MainActor @preconcurrency public static var borderedProminent: BorderedProminentButtonStyle { fatalError() }
}

public struct Toggle<Label> where Label: View {}

extension Toggle: _PrimitiveView {}

extension Toggle where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { fatalError() }

    @_disfavoredOverload
    nonisolated public init<S>(_ title: S, isOn: Binding<Bool>) where S: StringProtocol { fatalError() }
}

public struct Picker<Label, SelectionValue, Content> where Label: View, SelectionValue: Hashable, Content: View {}

extension Picker: _PrimitiveView {}

extension Picker where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
                            @ViewBuilder content: () -> Content) { fatalError() }

    @_disfavoredOverload
    nonisolated public init<S>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content)
        where S: StringProtocol { fatalError() }
}

/// Styles are SwiftUI's own: the requirements are private to SwiftUI.
public protocol PickerStyle {}

public struct SegmentedPickerStyle: PickerStyle {
    nonisolated public init() { fatalError() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { fatalError() }
}

public struct ProgressView<Label, CurrentValueLabel> where Label: View, CurrentValueLabel: View {}

extension ProgressView: _PrimitiveView {}

extension ProgressView where CurrentValueLabel == EmptyView {
    nonisolated public init() where Label == EmptyView { fatalError() }
}

extension ProgressView {
    nonisolated public init<V>(value: V?, total: V = 1.0)
        where Label == EmptyView, CurrentValueLabel == EmptyView, V: BinaryFloatingPoint { fatalError() }
}

public struct TextEditor {
    nonisolated public init(text: Binding<String>) { fatalError() }
}

extension TextEditor: _PrimitiveView {}

public struct LabeledContent<Label, Content> {}

extension LabeledContent: View, _PrimitiveView where Label: View, Content: View {}

extension LabeledContent where Label == Text, Content == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, value: some StringProtocol) { fatalError() }

    @_disfavoredOverload
    nonisolated public init<S1, S2>(_ title: S1, value: S2) where S1: StringProtocol, S2: StringProtocol { fatalError() }
}

extension View {
    nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle { fatalError() }

    nonisolated public func pickerStyle<S>(_ style: S) -> some View where S: PickerStyle { fatalError() }

    nonisolated public func disabled(_ disabled: Bool) -> some View { fatalError() }

    nonisolated public func tag<V>(_ tag: V) -> some View where V: Hashable { fatalError() }
}

extension Toggle {
    nonisolated public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) { fatalError() }
}

public struct BorderedButtonStyle {
    public init() { fatalError() }
}

extension BorderedButtonStyle: PrimitiveButtonStyle {
    public func makeBody(configuration: PrimitiveButtonStyleConfiguration) -> Never { fatalError() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    @MainActor @preconcurrency public static var bordered: BorderedButtonStyle { fatalError() }
}
