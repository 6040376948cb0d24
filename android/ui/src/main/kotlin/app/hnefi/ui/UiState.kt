package app.hnefi.ui

import app.hnefi.core.Coord
import app.hnefi.core.GameMode
import app.hnefi.core.GameStatus
import app.hnefi.core.Level
import app.hnefi.core.Piece
import app.hnefi.core.Side
import app.hnefi.core.TurnPrompt
import app.hnefi.core.Variant

// Everything the screens draw, as immutable values. The generated records of the core are
// mutable data classes (`var` fields), so the view model copies what it needs into these.

enum class Screen { Start, Game, Records, Rules }

/** A square by file and rank from 0 (a1 is 0, 0), as the core counts them. */
data class Sq(val file: Int, val rank: Int) {
    val name: String get() = "${'a' + file}${rank + 1}"

    fun toCoord(): Coord = Coord(file.toUByte(), rank.toUByte())

    companion object {
        fun of(c: Coord): Sq = Sq(c.file.toInt(), c.rank.toInt())

        /** "f6" to Sq(5, 5). */
        fun parse(name: String): Sq = Sq(name[0] - 'a', name.substring(1).toInt() - 1)
    }
}

/** The choices for the next game, remembered in the store's settings. */
data class Setup(
    val variant: Variant = Variant.COPENHAGEN,
    val vsComputer: Boolean = true,
    val level: Level = Level.NORMAL,
    val side: Side = Side.DEFENDERS,
) {
    val mode: GameMode get() = if (vsComputer) GameMode.VsComputer(level, side) else GameMode.TwoPlayers
}

/** One square as drawn. */
data class SquareUi(
    val sq: Sq,
    val piece: Piece?,
    val restricted: Boolean,
    val escape: Boolean,
    val lastMoveFrom: Boolean,
    val lastMoveTo: Boolean,
    val captured: Boolean,
    val kingOpenLine: Boolean,
    /** The person may pick up the piece here now (the core decides). */
    val movable: Boolean,
    val selected: Boolean,
    val target: Boolean,
) {
    val name: String get() = sq.name
}

/** The game on screen. `squares` run rank by rank from the top, each rank from file a. */
data class GameUi(
    val variant: Variant,
    val mode: GameMode,
    val size: Int,
    val squares: List<SquareUi>,
    val sideToMove: Side,
    val status: GameStatus,
    val turn: TurnPrompt,
    val plies: Int,
    /** Plies without a capture that draw the game. */
    val drawLimit: Int,
    val kingOpenLines: Int,
    val canUndo: Boolean,
    val thinking: Boolean,
    val selected: Sq?,
    val lastMove: String?,
    val saveError: String?,
) {
    val over: Boolean get() = status !is GameStatus.Ongoing

    fun square(sq: Sq): SquareUi? = squares.firstOrNull { it.sq == sq }

    fun square(name: String): SquareUi? = square(Sq.parse(name))
}

/** Wins, losses and draws against one level, playing one side. */
data class RecordUi(val level: Level, val side: Side, val wins: Int, val losses: Int, val draws: Int)

/** Something to tell the player about the saved data. */
enum class Notice { DataReset, StorageFailed }

data class UiState(
    val screen: Screen = Screen.Start,
    val setup: Setup = Setup(),
    /** An unfinished game is waiting. */
    val canResume: Boolean = false,
    /** Starting a new game would end the unfinished one: the start screen asks first. */
    val confirmNewGame: Boolean = false,
    val game: GameUi? = null,
    val records: List<RecordUi> = emptyList(),
    val rulesVariant: Variant = Variant.COPENHAGEN,
    val notice: Notice? = null,
)

sealed interface UiEvent {
    data class ChooseVariant(val variant: Variant) : UiEvent
    data class ChooseOpponent(val vsComputer: Boolean) : UiEvent
    data class ChooseLevel(val level: Level) : UiEvent
    data class ChooseSide(val side: Side) : UiEvent
    /** The start screen's "New game": asks first when a game is unfinished. */
    data object NewGame : UiEvent
    data object ConfirmNewGame : UiEvent
    data object CancelNewGame : UiEvent
    data object Resume : UiEvent
    data object ShowRecords : UiEvent
    data class ShowRules(val variant: Variant? = null) : UiEvent
    /** Back to the start screen (leaving a game stops the computer's search). */
    data object Back : UiEvent
    data class SquareTapped(val sq: Sq) : UiEvent
    data object Undo : UiEvent
    data object Resign : UiEvent
    /** The end-of-game panel: the same setup again. */
    data object PlayAgain : UiEvent
    data object DismissNotice : UiEvent
}
