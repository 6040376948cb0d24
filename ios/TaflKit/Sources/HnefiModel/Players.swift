import TaflCore

// What the platform plays for the core's effects. The app target implements these over
// AVAudioPlayer, UIKit's feedback generators, VoiceOver and the share sheet; the tests record
// them. The core has already applied the settings (no sound effect when sound is off).

@MainActor public protocol SoundPlayer: AnyObject {
    func play(sound: Feedback)
}

@MainActor public protocol HapticPlayer: AnyObject {
    func play(haptic: Feedback)
    /// A haptic may follow soon (a finger is on the board): wake the engine now, so that the
    /// move's tick is not late (UIKit's feedback generators' `prepare()`).
    func prepare()
}

/// How an announcement meets speech already under way, as VoiceOver's announcement
/// priorities name it (iOS 17).
public enum SpeechPriority: Sendable {
    /// Interrupts what is being read and cannot be cut off itself: a refusal.
    case high
    /// Waits until the speech before it has finished: a move, so that a capture is not cut
    /// off by the next move.
    case low
}

@MainActor public protocol Announcer: AnyObject {
    func announce(_ text: String, priority: SpeechPriority)
}

@MainActor public protocol Sharer: AnyObject {
    func share(text: String, title: String)
}

/// Keeps the app running a little longer after it leaves the screen, while the core writes
/// the store (UIKit's background tasks on iOS).
@MainActor public protocol BackgroundTasks: AnyObject {
    /// Asks for the time; the closure it returns gives it back.
    func begin() -> @MainActor () -> Void
}

/// The platform's players, handed to the model once.
public struct Players {
    public let sound: any SoundPlayer
    public let haptics: any HapticPlayer
    public let announcer: any Announcer
    public let sharer: any Sharer
    public let background: any BackgroundTasks

    public init(sound: any SoundPlayer, haptics: any HapticPlayer, announcer: any Announcer,
                sharer: any Sharer, background: any BackgroundTasks) {
        self.sound = sound
        self.haptics = haptics
        self.announcer = announcer
        self.sharer = sharer
        self.background = background
    }

    /// Plays one frame's effects, in order.
    @MainActor func play(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case let .sound(feedback): sound.play(sound: feedback)
            case let .haptic(feedback): haptics.play(haptic: feedback)
            case let .announce(text, assertive): announcer.announce(text, priority: assertive ? .high : .low)
            case let .share(text, title): sharer.share(text: text, title: title)
            }
        }
    }
}
