import TaflCore

/// Everything the screens can ask of the model.
public enum UiEvent: Equatable, Sendable {
    // The start screen.
    case chooseVariant(Variant)
    case chooseOpponent(vsComputer: Bool)
    case chooseLevel(Level)
    case chooseSide(Side)
    /// "New game": asks first when a game is unfinished.
    case newGame
    case confirmNewGame
    case cancelNewGame
    case resume
    case showRecords
    case showRules(Variant?)
    case showHistory
    case showImport
    /// Back to the previous screen (leaving a game stops the computer's search and records a
    /// finished game).
    case back

    // The game.
    case squareTapped(Sq)
    /// A drag began on a square: pick up the piece there, when it may move.
    case dragStarted(Sq)
    /// The dragged piece was let go over a square (nil: off the board). On a target it moves
    /// there; anywhere else it goes back.
    case dropped(from: Sq, on: Sq?)
    /// Takes a move back; while the computer thinks, cancels its search first.
    case undo
    /// Asks before resigning.
    case resign
    case confirmResign
    case cancelResign
    /// Asks the engine for a move, or stops looking when it already does.
    case hint
    /// The end-of-game button: the same setup again.
    case playAgain
    /// The views have shown the message with this id long enough.
    case messageExpired(Int)

    // Settings and the system.
    case setSound(Bool)
    case setHaptics(Bool)
    case setColourBlindPalette(Bool)
    case setShowThreats(Bool)
    /// The system's reduce-motion setting.
    case setReduceMotion(Bool)
    /// The device's preferred languages changed (BCP 47 tags, most preferred first).
    case languagesChanged([String])
    case dismissNotice
    /// The app left the foreground: the computer stops thinking; the screen stays as it is.
    case appBackgrounded
    /// The app is in front again: the computer takes up its turn if it is due.
    case appForegrounded

    // History, review and import.
    case openReview(Int64)
    case reviewStep(ReviewStep)
    case reviewGoTo(ply: Int)
    case analyse
    case cancelAnalysis
    case setImportText(String)
    case importGame
}

public enum ReviewStep: Equatable, Sendable {
    case first, previous, next, last
}
