import TaflCore

/// Which screen is on show, as far as a change of it is animated: a page of a kind, the game
/// board, or the review.
public enum ScreenKey: Hashable, Sendable {
    case page(ScreenKind)
    case game
    case review

    public init(_ screen: ScreenView) {
        switch screen {
        case let .page(page): self = .page(page.kind)
        case .game: self = .game
        case .review: self = .review
        }
    }
}

/// How a new screen arrives, as iOS's navigation shows it: pushed in from the trailing edge
/// when the person went forward, from the leading edge when they went back, and without motion
/// when no event of theirs changed it (the saved screen restored at launch).
public enum ScreenArrival: Equatable, Sendable {
    case none, forward, back

    /// The arrival of `next` after `previous`, when `sent` is the event that led to it (nil:
    /// work behind changed the frame).
    public static func of(_ next: ScreenKey, after previous: ScreenKey, sent: Event?) -> ScreenArrival {
        guard next != previous, let sent else { return .none }
        return sent == .back ? .back : .forward
    }
}
