// Stand-in for SwiftUI (iOS 18 SDK): VoiceOver labels, values, traits, actions and element
// grouping. Declaration only; rules in ../README.md.
//
// These modifiers are members of `View` (and return `ModifiedContent`), as in the SDK: inside a
// view, an unqualified `accessibilityLabel(...)` names the modifier, never a free function of
// the same name.

@available(iOS 13.0, *)
@frozen public struct AccessibilityAttachmentModifier {}

@available(iOS 13.0, *)
extension AccessibilityAttachmentModifier: ViewModifier {
    public func body(content: Content) -> Never { fatalError() }
}

@available(iOS 13.0, *)
public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static var ignore: AccessibilityChildBehavior { fatalError() }
    public static var contain: AccessibilityChildBehavior { fatalError() }
    public static var combine: AccessibilityChildBehavior { fatalError() }
}

@available(iOS 13.0, *)
public struct AccessibilityTraits: SetAlgebra, Sendable {
    public static var isButton: AccessibilityTraits { fatalError() }
    public static var isHeader: AccessibilityTraits { fatalError() }
    public static var isSelected: AccessibilityTraits { fatalError() }
    public static var isStaticText: AccessibilityTraits { fatalError() }

    public init() { fatalError() }
    public func contains(_ member: AccessibilityTraits) -> Bool { fatalError() }
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) { fatalError() }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? { fatalError() }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? { fatalError() }
    public mutating func formUnion(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formIntersection(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { fatalError() }
    public static func == (a: AccessibilityTraits, b: AccessibilityTraits) -> Bool { fatalError() }
}

@available(iOS 13.0, *)
public struct AccessibilityActionKind: Equatable, Sendable {
    public static var `default`: AccessibilityActionKind { fatalError() }
    public static var escape: AccessibilityActionKind { fatalError() }
    public static var magicTap: AccessibilityActionKind { fatalError() }
}

@available(iOS 13.0, *)
extension View {
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { fatalError() }

    @available(iOS 14.0, *)
    nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }

    @available(iOS 14.0, *)
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }

    @_disfavoredOverload
    @available(iOS 14.0, *)
    nonisolated public func accessibilityLabel<S>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier>
        where S: StringProtocol { fatalError() }

    @available(iOS 14.0, *)
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }

    @available(iOS 14.0, *)
    nonisolated public func accessibilityValue(_ valueDescription: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }

    @available(iOS 14.0, *)
    nonisolated public func accessibilityValue(_ valueKey: LocalizedStringKey) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }

    @_disfavoredOverload
    @available(iOS 14.0, *)
    nonisolated public func accessibilityValue<S>(_ value: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier>
        where S: StringProtocol { fatalError() }

    @available(iOS 14.0, *)
    nonisolated public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }

    @available(iOS 14.0, *)
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }

    @available(iOS 13.0, *)
    nonisolated public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default,
                                                _ handler: @escaping () -> Void) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
}
