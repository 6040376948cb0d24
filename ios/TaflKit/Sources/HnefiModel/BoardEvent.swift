import TaflCore

/// Something that just happened on the board, which the views turn into motion, a haptic, a
/// sound and a screen-reader announcement. Each has a new `id`, so that a view reacts once to
/// each (SwiftUI's `onChange(of: event)`), and a newer event replaces an older one at once.
public struct BoardEvent: Equatable, Sendable, Identifiable {
    public enum Kind: Equatable, Sendable {
        /// A move by the person, or by either player.
        case moved
        /// The computer's move.
        case computerMoved
        case undone
        case resigned
        case hintFound
        /// A piece that cannot be picked up (the message says why).
        case refused
    }

    public let id: Int
    public let kind: Kind
    /// How the pieces move to the new snapshot; nil with reduce motion on, or when nothing
    /// moves.
    public let motion: BoardMotion?
    /// The haptic to play, when haptics are on.
    public let haptic: Feedback?
    /// The sound to play, when sounds are on.
    public let sound: Feedback?
    /// What the screen reader says.
    public let announcement: String?

    public init(id: Int, kind: Kind, motion: BoardMotion? = nil, haptic: Feedback? = nil, sound: Feedback? = nil,
                announcement: String?) {
        self.id = id
        self.kind = kind
        self.motion = motion
        self.haptic = haptic
        self.sound = sound
        self.announcement = announcement
    }
}
