// Stand-in for Apple's Accessibility framework (iOS 18 SDK): the notifications an app posts to
// VoiceOver. Declaration only; rules in ../README.md.
@_exported import Foundation

public enum AccessibilityNotification {
    /// Something for the assistive app to say.
    public struct Announcement {
        public init(_ announcement: String) { fatalError() }
        public init(_ announcement: AttributedString) { fatalError() }
    }
}

/// The SDK's common protocol of the notifications, which gives them `post()`.
public protocol _AccessibilityNotifications {}

extension _AccessibilityNotifications {
    public func post() { fatalError() }
}

extension AccessibilityNotification.Announcement: _AccessibilityNotifications {}

/// The accessibility attributes of an attributed string: here the announcement's priority.
extension AttributeScopes {
    public var accessibility: AttributeScopes.AccessibilityAttributes.Type { fatalError() }

    public struct AccessibilityAttributes: AttributeScope {
        public let accessibilitySpeechAnnouncementPriority: AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute

        @frozen public enum AnnouncementPriorityAttribute: AttributedStringKey {
            public typealias Value = AttributeScopes.AccessibilityAttributes.AnnouncementPriorityAttribute.AnnouncementPriority
            public static var name: String { fatalError() }

            public enum AnnouncementPriority: String, Hashable, Sendable {
                case `default`, high, low
            }
        }
    }
}

extension AttributeDynamicLookup {
    public subscript<T>(dynamicMember keyPath: KeyPath<AttributeScopes.AccessibilityAttributes, T>) -> T
        where T: AttributedStringKey { fatalError() }
}
