#if canImport(SwiftUI)
import Accessibility
import HnefiModel
import SwiftUI
import TaflCore

/// Plays the sound of a move, a capture or a game's end. The app target implements it with
/// its bundled sound files; the model decides whether a sound plays (the sound setting).
@MainActor
public protocol SoundPlaying: AnyObject {
    func play(_ sound: Feedback)
}

/// What the board events make the device do: a haptic (SwiftUI's sensory feedback), a sound,
/// and an announcement for VoiceOver. Each event plays once, when its id is new.
struct BoardEffects: ViewModifier {
    let event: BoardEvent?
    let sounds: SoundPlaying?

    func body(content: Content) -> some View {
        content
            .sensoryFeedback(trigger: event) { _, new in
                new?.haptic.map(BoardEffects.haptic)
            }
            .onChange(of: event) { _, new in
                guard let new else { return }
                if let sound = new.sound { sounds?.play(sound) }
                if let words = new.announcement {
                    AccessibilityNotification.Announcement(words).post()
                }
            }
    }

    /// A light tick for a move, a heavier one for a capture, a pattern at the end.
    static func haptic(_ feedback: Feedback) -> SensoryFeedback {
        switch feedback {
        case .move: .impact(weight: .light)
        case .capture: .impact(weight: .heavy)
        case .win: .success
        case .loss: .error
        case .draw: .warning
        }
    }
}
#endif
