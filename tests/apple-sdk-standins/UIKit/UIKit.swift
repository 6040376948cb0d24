// Stand-in for Apple's UIKit (iOS 18 SDK): the application, its idle timer and its background tasks, scenes
// and windows, presenting the share sheet, and the haptic feedback generators. Declaration
// only; rules in ../README.md.
//
// These are Objective-C classes in the SDK, isolated to the main actor (NS_SWIFT_UI_ACTOR);
// the methods UIKit marks thread-safe are `nonisolated`, as Xcode shows them.
@_exported import CoreGraphics
@_exported import Foundation

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIResponder: NSObject {}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIApplication: UIResponder {
    open class var shared: UIApplication { fatalError() }

    open var isIdleTimerDisabled: Bool { get { fatalError() } set { fatalError() } }

    @available(iOS 13.0, *)
    open var connectedScenes: Set<UIScene> { fatalError() }

    @available(iOS 7.0, *)
    nonisolated open func beginBackgroundTask(withName taskName: String?,
                                              expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil)
        -> UIBackgroundTaskIdentifier { fatalError() }

    @available(iOS 4.0, *)
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) { fatalError() }
}

@available(iOS 4.0, *)
public struct UIBackgroundTaskIdentifier: RawRepresentable, Equatable, Hashable, Sendable {
    public init(rawValue: Int) { fatalError() }
    public var rawValue: Int { fatalError() }
    public static var invalid: UIBackgroundTaskIdentifier { fatalError() }
}

@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIScene: UIResponder {}

@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIWindowScene: UIScene {
    @available(iOS 15.0, *)
    open var keyWindow: UIWindow? { fatalError() }
}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIView: UIResponder {
    open var bounds: CGRect { get { fatalError() } set { fatalError() } }
}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIWindow: UIView {
    @available(iOS 4.0, *)
    open var rootViewController: UIViewController? { get { fatalError() } set { fatalError() } }
}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIViewController: UIResponder {
    open var view: UIView! { get { fatalError() } set { fatalError() } }

    @available(iOS 5.0, *)
    open var presentedViewController: UIViewController? { fatalError() }

    @available(iOS 8.0, *)
    open var popoverPresentationController: UIPopoverPresentationController? { fatalError() }

    @available(iOS 5.0, *)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (@MainActor @Sendable () -> Void)? = nil) { fatalError() }
}

@available(iOS 8.0, *)
@MainActor @preconcurrency open class UIPresentationController: NSObject {}

@available(iOS 8.0, *)
@MainActor @preconcurrency open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView? { get { fatalError() } set { fatalError() } }
    open var sourceRect: CGRect { get { fatalError() } set { fatalError() } }
}

@available(iOS 6.0, *)
@MainActor @preconcurrency open class UIActivityViewController: UIViewController {
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) { fatalError() }
}

@available(iOS 6.0, *)
@MainActor @preconcurrency open class UIActivity: NSObject {
    public struct ActivityType: RawRepresentable, Equatable, Hashable, @unchecked Sendable {
        public init(rawValue: String) { fatalError() }
        public var rawValue: String { fatalError() }
    }
}

/// An Objective-C protocol in the SDK, whose subject method is optional; here it is required,
/// which is stricter (an app that leaves it out fails here only).
@available(iOS 6.0, *)
public protocol UIActivityItemSource: NSObjectProtocol {
    func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController) -> Any

    func activityViewController(_ activityViewController: UIActivityViewController,
                                itemForActivityType activityType: UIActivity.ActivityType?) -> Any?

    @available(iOS 7.0, *)
    func activityViewController(_ activityViewController: UIActivityViewController,
                                subjectForActivityType activityType: UIActivity.ActivityType?) -> String
}

@available(iOS 10.0, *)
@MainActor @preconcurrency open class UIFeedbackGenerator: NSObject {
    open func prepare() { fatalError() }
}

@available(iOS 10.0, *)
@MainActor @preconcurrency open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public init(style: UIImpactFeedbackGenerator.FeedbackStyle) { fatalError() }

    open func impactOccurred() { fatalError() }

    public enum FeedbackStyle: Int, @unchecked Sendable {
        case light, medium, heavy
        @available(iOS 13.0, *) case soft
        @available(iOS 13.0, *) case rigid
    }
}

@available(iOS 10.0, *)
@MainActor @preconcurrency open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public override init() { fatalError() }

    open func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType) { fatalError() }

    public enum FeedbackType: Int, @unchecked Sendable {
        case success, warning, error
    }
}
