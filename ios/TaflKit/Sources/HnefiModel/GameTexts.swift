import TaflCore

// Pure functions from the game's state to the words on screen, tested without any UI.

/// What the turn bar above the board says: a key (for tests and for styling) and the words.
public struct TurnBar: Equatable, Sendable {
    public enum Key: Hashable, Sendable {
        case sideToMove(Side)
        case yourMove(Side)
        case computerToMove(Side)
        case thinking
        /// `viewpoint` says who is named as the winner.
        case won(viewpoint: Viewpoint, winner: Side, reason: WinReason)
        case drawn(DrawReason)
    }

    public enum Viewpoint: Hashable, Sendable {
        /// Against the computer: "You win" / "The computer wins".
        case person, computer
        /// Two players: "The attackers win".
        case side
    }

    public let key: Key
    public let text: String

    public var isResult: Bool {
        switch key {
        case .won, .drawn: true
        default: false
        }
    }

    public init(key: Key, texts: Texts, drawLimit: Int = 160) {
        self.key = key
        self.text = TurnBar.words(key, texts, drawLimit: drawLimit)
    }

    public init(_ game: GameUi, texts: Texts) {
        self.init(turn: game.turn, status: game.status, mode: game.mode, thinking: game.thinking,
                  drawLimit: game.drawLimit, texts: texts)
    }

    public init(turn: TurnPrompt, status: GameStatus, mode: GameMode, thinking: Bool, drawLimit: Int = 160, texts: Texts) {
        self.init(key: TurnBar.key(turn: turn, status: status, mode: mode, thinking: thinking), texts: texts,
                  drawLimit: drawLimit)
    }

    public static func key(turn: TurnPrompt, status: GameStatus, mode: GameMode, thinking: Bool) -> Key {
        switch turn {
        case let .sideToMove(side): return .sideToMove(side)
        case let .yourMove(side): return .yourMove(side)
        case let .computerToMove(side): return thinking ? .thinking : .computerToMove(side)
        case .gameOver:
            switch status {
            case let .drawn(reason): return .drawn(reason)
            case let .won(winner, reason):
                if case let .vsComputer(_, human) = mode {
                    return .won(viewpoint: human == winner ? .person : .computer, winner: winner, reason: reason)
                }
                return .won(viewpoint: .side, winner: winner, reason: reason)
            case .ongoing:
                // The core never says "game over" for a game that goes on; show whose turn.
                return .sideToMove(.attackers)
            }
        }
    }

    static func words(_ key: Key, _ t: Texts, drawLimit: Int) -> String {
        switch key {
        case let .sideToMove(s): return t[s == .attackers ? .attackersToMove : .defendersToMove]
        case let .yourMove(s): return t[s == .attackers ? .yourMoveAttackers : .yourMoveDefenders]
        case let .computerToMove(s): return t[s == .attackers ? .computerMoveAttackers : .computerMoveDefenders]
        case .thinking: return t[.thinking]
        case .drawn(.moveLimit): return t(.drawMoveLimit, drawLimit)
        case let .won(viewpoint, winner, reason):
            let who: String = switch viewpoint {
            case .person: t[.youWin]
            case .computer: t[.computerWins]
            case .side: t[winner == .attackers ? .attackersWin : .defendersWin]
            }
            let loser = winner.other
            let why: String = switch reason {
            case .kingEscaped: t[.whyKingEscaped]
            case .kingCaptured: t[.whyKingCaptured]
            case .exitFort: t[.whyExitFort]
            case .encircled: t[.whyEncircled]
            case .repetition: t[.whyRepetition]
            case .noMoves: t[loser == .attackers ? .whyAttackersCannotMove : .whyDefendersCannotMove]
            case .resignation: t[loser == .attackers ? .whyAttackersResigned : .whyDefendersResigned]
            }
            return "\(who): \(why)"
        }
    }
}

/// The warning about the king's open lines, or nil when he has none.
public func openLinesText(_ game: GameUi, texts t: Texts) -> String? {
    let n = game.kingOpenLines
    guard n > 0, !game.over else { return nil }
    if game.variant == .tablut {
        return n == 1 ? t[.raichi] : t(.tuichi, n)
    }
    return n == 1 ? t[.openLineCorner] : t(.openLinesCorners, n)
}

extension SquareUi {
    /// What VoiceOver says for this square: its name, what stands on it, and its state, like
    /// "f6, king, selected". (A method, not a free function named `accessibilityLabel`: inside
    /// a SwiftUI view that name is the `View.accessibilityLabel(_:)` modifier.)
    public func voiceOverLabel(_ t: Texts) -> String {
        var parts = [name, t.piece(piece)]
        if selected { parts.append(t[.stateSelected]) }
        if target { parts.append(t[.stateTarget]) }
        if lastMoveFrom || lastMoveTo { parts.append(t[.stateLastMove]) }
        if captured { parts.append(t[.stateCaptured]) }
        if kingOpenLine {
            parts.append(t[.stateOpenLine])
        } else if escape {
            parts.append(t[.stateEscape])
        } else if restricted && piece == nil {
            parts.append(t[.stateRestricted])
        }
        return parts.joined(separator: ", ")
    }
}
