package app.hnefi.ui

import app.hnefi.core.DrawReason
import app.hnefi.core.GameMode
import app.hnefi.core.GameStatus
import app.hnefi.core.Side
import app.hnefi.core.TurnPrompt
import app.hnefi.core.WinReason

// Pure functions from the game's state to the words on screen, tested without any UI.

fun other(side: Side): Side = if (side == Side.ATTACKERS) Side.DEFENDERS else Side.ATTACKERS

/** What the turn bar above the board says. */
fun turnBarText(s: Strings, game: GameUi): String =
    turnBarText(s, game.turn, game.status, game.mode, game.thinking, game.drawLimit)

fun turnBarText(
    s: Strings,
    turn: TurnPrompt,
    status: GameStatus,
    mode: GameMode,
    thinking: Boolean,
    drawLimit: Int = 160,
): String =
    when (turn) {
        is TurnPrompt.SideToMove -> s.sideToMove(turn.side)
        is TurnPrompt.YourMove -> s.yourMove(turn.side)
        is TurnPrompt.ComputerToMove -> if (thinking) s.thinking else s.computerToMove(turn.side)
        TurnPrompt.GameOver -> resultText(s, status, mode, drawLimit)
    }

/** The result and why, or an empty string while the game goes on. */
fun resultText(s: Strings, status: GameStatus, mode: GameMode, drawLimit: Int = 160): String = when (status) {
    GameStatus.Ongoing -> ""
    is GameStatus.Drawn -> when (status.reason) {
        DrawReason.MOVE_LIMIT -> s.drawByMoveLimit(drawLimit)
    }
    is GameStatus.Won -> {
        val loser = other(status.winner)
        val who = when (mode) {
            is GameMode.VsComputer -> if (mode.human == status.winner) s.youWin() else s.computerWins()
            GameMode.TwoPlayers -> s.sideWins(status.winner)
        }
        val why = when (status.reason) {
            WinReason.KING_ESCAPED -> s.becauseKingEscaped()
            WinReason.KING_CAPTURED -> s.becauseKingCaptured()
            WinReason.EXIT_FORT -> s.becauseExitFort()
            WinReason.ENCIRCLED -> s.becauseEncircled()
            WinReason.REPETITION -> s.becauseRepetition()
            WinReason.NO_MOVES -> s.becauseNoMoves(loser)
            WinReason.RESIGNATION -> s.becauseResigned(loser)
        }
        "$who: $why"
    }
}

/** The content description of a square: its name and what stands on it, like "f6, king". */
fun squareDescription(s: Strings, square: SquareUi): String = "${square.name}, ${s.piece(square.piece)}"

/** The rest of what a screen reader says about a square (selected, possible move...). */
fun squareState(s: Strings, square: SquareUi): String = buildList {
    if (square.selected) add(s.selectedState)
    if (square.target) add(s.targetState)
    if (square.lastMoveFrom || square.lastMoveTo) add(s.lastMoveState)
    if (square.captured) add(s.capturedState)
    if (square.kingOpenLine) add(s.openLineState) else if (square.escape) add(s.escapeState)
}.joinToString(", ")
