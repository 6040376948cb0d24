// Stand-in for Apple's Accessibility framework (iOS 18 SDK): the notifications an app posts to
// VoiceOver, and the announcement priority of an attributed string (declared by this module
// on Foundation's attribute scopes). Declaration only; rules in ../README.md.
@_exported import Foundation

@available(iOS 17.0, *)
public enum AccessibilityNotification {
    /// Something for the assistive app to say.
    public struct Announcement: _AccessibilityNotifications {
        public init(_ announcement: String) { fatalError() }
        public init(_ announcement: AttributedString) { fatalError() }
    }
}

/// The notifications' common protocol, which gives them `post()`. Apple's interface names it
/// with an underscore (it is not documented as a page of its own; `post()` is).
@available(iOS 17.0, *)
public protocol _AccessibilityNotifications {
    func post()
}

@available(iOS 17.0, *)
extension _AccessibilityNotifications {
    public func post() { fatalError() }
}

@available(iOS 15.0, *)
extension AttributeScopes {
    public var accessibility: AttributeScopes.AccessibilityAttributes.Type { fatalError() }

    public struct AccessibilityAttributes: AttributeScope {
        @available(iOS 17.0, *)
        public let accessibilitySpeechAnnouncementPriority: AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute

        @available(iOS 17.0, *)
        @frozen public enum AnnouncementPriorityAttribute: AttributedStringKey {
            public typealias Value = AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute.AnnouncementPriority
            public static var name: String { fatalError() }

            public enum AnnouncementPriority: String, Hashable, Sendable {
                case `default`, high, low
            }
        }
    }
}

@available(iOS 15.0, *)
extension AttributeDynamicLookup {
    public subscript<T>(dynamicMember keyPath: KeyPath<AttributeScopes.AccessibilityAttributes, T>) -> T
        where T: AttributedStringKey { fatalError() }
}
