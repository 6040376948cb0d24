import Accessibility
import HnefiModel
import TaflCore
import UIKit

// The platform's side of the core's effects and of the lifecycle, over UIKit and the
// Accessibility framework.

/// A light tick for a move, a heavier one for a capture, a pattern at the end of a game. The
/// generators are kept and prepared when a finger touches the board (the model says when), so
/// that the Taptic Engine is awake when the move lands.
@MainActor
final class Haptics: HapticPlayer {
    private let light = UIImpactFeedbackGenerator(style: .light)
    private let heavy = UIImpactFeedbackGenerator(style: .heavy)
    private let notification = UINotificationFeedbackGenerator()

    func prepare() {
        light.prepare()
        heavy.prepare()
        notification.prepare()
    }

    func play(haptic: Feedback) {
        switch haptic {
        case .move: light.impactOccurred()
        case .capture: heavy.impactOccurred()
        case .win: notification.notificationOccurred(.success)
        case .loss: notification.notificationOccurred(.error)
        case .draw: notification.notificationOccurred(.warning)
        }
    }
}

/// Announcements for VoiceOver, with the priority the core asks for: a refusal interrupts, a
/// move waits for the speech before it.
@MainActor
final class VoiceOver: Announcer {
    func announce(_ text: String, priority: SpeechPriority) {
        var words = AttributedString(text)
        words.accessibilitySpeechAnnouncementPriority = priority == .high ? .high : .low
        AccessibilityNotification.Announcement(words).post()
    }
}

/// The system's share sheet over the app's window (from its middle on an iPad, where it is a
/// popover).
@MainActor
final class ShareSheet: Sharer {
    func share(text: String, title: String) {
        let scene = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first
        guard var top = scene?.keyWindow?.rootViewController else { return }
        while let shown = top.presentedViewController { top = shown }
        let sheet = UIActivityViewController(activityItems: [ShareItem(text: text, title: title)],
                                             applicationActivities: nil)
        sheet.popoverPresentationController?.sourceView = top.view
        sheet.popoverPresentationController?.sourceRect = CGRect(x: top.view.bounds.midX, y: top.view.bounds.midY,
                                                                 width: 0, height: 0)
        top.present(sheet, animated: true, completion: nil)
    }
}

/// The shared text, with the title as the subject where the activity has one (mail).
final class ShareItem: NSObject, UIActivityItemSource {
    let text: String
    let title: String

    init(text: String, title: String) {
        self.text = text
        self.title = title
    }

    func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController) -> Any {
        text
    }

    func activityViewController(_ activityViewController: UIActivityViewController,
                                itemForActivityType activityType: UIActivity.ActivityType?) -> Any? {
        text
    }

    func activityViewController(_ activityViewController: UIActivityViewController,
                                subjectForActivityType activityType: UIActivity.ActivityType?) -> String {
        title
    }
}

/// Time to write the store after the app leaves the screen; each task given back when the core
/// is done or when the system's time for that very task runs out, whichever comes first, once
/// (HnefiModel's `BackgroundTaskLedger`: an expiry that ended "the current task" ended a newer
/// one when the app left the screen twice).
@MainActor
final class BackgroundTime: BackgroundTasks {
    private var ledger = BackgroundTaskLedger<UIBackgroundTaskIdentifier>()

    func begin() -> @MainActor () -> Void {
        let task = Held()
        task.id = UIApplication.shared.beginBackgroundTask(withName: "hnefi.store") { [weak self] in
            self?.end(task.id)
        }
        if task.id != .invalid { ledger.began(task.id) }
        return { [weak self] in self?.end(task.id) }
    }

    private func end(_ id: UIBackgroundTaskIdentifier) {
        guard ledger.end(id) else { return }
        UIApplication.shared.endBackgroundTask(id)
    }

    /// The identifier UIKit gives back, which the expiry handler needs before it exists.
    @MainActor
    private final class Held {
        var id = UIBackgroundTaskIdentifier.invalid
    }
}
