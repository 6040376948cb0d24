package app.hnefi.ui

import app.hnefi.core.Coord
import app.hnefi.core.Feedback
import app.hnefi.core.GameMode
import app.hnefi.core.GameSnapshot
import app.hnefi.core.GameStatus
import app.hnefi.core.HistoryTexts
import app.hnefi.core.Language
import app.hnefi.core.Level
import app.hnefi.core.MoveView
import app.hnefi.core.RecordRow
import app.hnefi.core.ReviewFrame
import app.hnefi.core.ReviewInfo
import app.hnefi.core.Settings
import app.hnefi.core.Side
import app.hnefi.core.SquareView
import app.hnefi.core.TurnPrompt
import app.hnefi.core.Variant

// Everything the screens draw, as immutable values: the view model's one StateFlow holds a
// UiState, and the screens turn it into pixels without deciding anything. The core's records
// (GameSnapshot, ReviewFrame...) are immutable data classes and are held as they come.

enum class Screen { Start, Game, Records, Rules, Settings, History, Review, Import }

/** The choices for the next game, remembered in the store's settings. */
data class Setup(
    val variant: Variant = Variant.COPENHAGEN,
    val vsComputer: Boolean = true,
    val level: Level = Level.NORMAL,
    val side: Side = Side.DEFENDERS,
) {
    val mode: GameMode get() = if (vsComputer) GameMode.VsComputer(level, side) else GameMode.TwoPlayers
}

/**
 * How the board goes from the previous position to the one in the snapshot: the moves just
 * played ([backwards] false, one move) or taken back ([backwards] true, the latest first). A new
 * [id] starts a new animation; the board at rest is always the snapshot.
 */
data class BoardMotion(
    val id: Long,
    val moves: List<MoveView>,
    val backwards: Boolean,
    /** False after a drop: the piece is already where the finger left it, only captures fade. */
    val slide: Boolean,
)

/** A short message (why a piece cannot move, an error), shown for a moment and announced. */
data class Flash(val id: Long, val text: String)

/** The game on screen: the core's snapshot in the app's language, and what the app adds. */
data class GameUi(
    val snapshot: GameSnapshot,
    /** The turn bar: the core's, or "The computer is thinking…" while its search runs. */
    val turnBar: String,
    /** The computer's search is running (from the moment the app starts it). */
    val thinking: Boolean,
    /** A hint is being looked for. */
    val hintPending: Boolean,
    val motion: BoardMotion?,
    /** The resignation question is open. */
    val confirmResign: Boolean,
    val flash: Flash?,
) {
    val size: Int get() = snapshot.size.toInt()
    val squares: List<SquareView> get() = snapshot.squares
    val over: Boolean get() = snapshot.status !is GameStatus.Ongoing
    val plies: Int get() = snapshot.plies.toInt()
    val canUndo: Boolean get() = snapshot.canUndo
    val selected: Coord? get() = snapshot.selected

    /** The person may ask for a hint now: the game goes on and it is their move. */
    val canHint: Boolean get() = !over && snapshot.turn !is TurnPrompt.ComputerToMove

    fun square(c: Coord): SquareView = snapshot.square(c)
}

/** A square of the snapshot: they run rank by rank from the top, each rank from file a. */
fun GameSnapshot.square(c: Coord): SquareView = squares[(size.toInt() - 1 - c.rank.toInt()) * size.toInt() + c.file.toInt()]

/** One row of the history list. */
data class HistoryRow(val id: Long, val texts: HistoryTexts)

/** Where the engine's judgement of the reviewed game stands. */
sealed interface AnalysisState {
    data object NotStarted : AnalysisState
    data class Running(val fraction: Double, val text: String) : AnalysisState
    /** Cancelled part way: the points found so far stay on the chart. */
    data object Stopped : AnalysisState
    data object Complete : AnalysisState
}

/** One of the biggest swings: its move number and the core's sentence with the better move. */
data class SwingUi(val ply: Int, val text: String)

/** A finished or pasted game under review. */
data class ReviewUi(
    /** Tells reviews apart (analysis points of a closed review are dropped). */
    val key: Long,
    val info: ReviewInfo,
    val frame: ReviewFrame,
    /** The moves in notation; move n (1-based) is at n - 1. */
    val moves: List<String>,
    /** The defenders' chance at each position (0 is the start), null where not yet judged. */
    val chances: List<Double?>,
    val analysis: AnalysisState,
    val swings: List<SwingUi>,
    /** The chart's value at the current position in words, for screen readers, once known. */
    val chartValue: String?,
    /** Opened from the history (Back returns there), or pasted (Back returns to the import). */
    val fromHistory: Boolean,
) {
    val ply: Int get() = frame.ply.toInt()
    val plies: Int get() = info.plies.toInt()
}

data class ImportUi(val text: String = "", val error: String? = null, val working: Boolean = false)

/** Something to tell the player about the saved data. */
enum class Notice { DataReset, StorageFailed }

data class UiState(
    val words: Words,
    val screen: Screen = Screen.Start,
    /** The store is being opened and read: starting or resuming waits for it. */
    val loading: Boolean = true,
    val setup: Setup = Setup(),
    /** An unfinished game is waiting. */
    val canResume: Boolean = false,
    /** Starting a new game would end the unfinished one: the start screen asks first. */
    val confirmNewGame: Boolean = false,
    val game: GameUi? = null,
    val records: List<RecordRow> = emptyList(),
    val rulesVariant: Variant = Variant.COPENHAGEN,
    /** The rules of [rulesVariant], paragraph by paragraph, with the variant's numbers. */
    val rules: List<String> = emptyList(),
    val settings: Settings,
    val history: List<HistoryRow> = emptyList(),
    val review: ReviewUi? = null,
    val import: ImportUi = ImportUi(),
    val notice: Notice? = null,
) {
    val language: Language get() = words.language
}

sealed interface UiEvent {
    data class ChooseVariant(val variant: Variant) : UiEvent
    data class ChooseOpponent(val vsComputer: Boolean) : UiEvent
    data class ChooseLevel(val level: Level) : UiEvent
    data class ChooseSide(val side: Side) : UiEvent
    /** The start screen's "Start": asks first when a game is unfinished. */
    data object NewGame : UiEvent
    data object ConfirmNewGame : UiEvent
    data object CancelNewGame : UiEvent
    data object Resume : UiEvent
    data object ShowRecords : UiEvent
    data class ShowRules(val variant: Variant? = null) : UiEvent
    data object ShowSettings : UiEvent
    data object ShowHistory : UiEvent
    data object ShowImport : UiEvent
    /** Back one screen (leaving a game stops the computer's search, and records a finished one). */
    data object Back : UiEvent

    // The game.
    data class SquareTapped(val square: Coord) : UiEvent
    /** A drag began on a square: the piece there is picked up, its targets shown. */
    data class DragStarted(val square: Coord) : UiEvent
    /** A dragged piece was let go over [to]: played when it is a target, else it goes back. */
    data class Dropped(val from: Coord, val to: Coord) : UiEvent
    data object Undo : UiEvent
    /** Asks whether to resign. */
    data object Resign : UiEvent
    data object ConfirmResign : UiEvent
    data object CancelResign : UiEvent
    /** Asks the engine for a move; pressed again while it looks, cancels. */
    data object Hint : UiEvent
    /** The end-of-game panel: the same setup again. */
    data object PlayAgain : UiEvent
    data class DismissFlash(val id: Long) : UiEvent
    data object DismissNotice : UiEvent

    // Settings.
    data class SetSound(val on: Boolean) : UiEvent
    data class SetHaptics(val on: Boolean) : UiEvent
    data class SetColourBlind(val on: Boolean) : UiEvent
    data class SetThreats(val on: Boolean) : UiEvent

    // History, review and import.
    data class OpenReview(val id: Long) : UiEvent
    data class ReviewGoTo(val ply: Int) : UiEvent
    data object ReviewFirst : UiEvent
    data object ReviewPrevious : UiEvent
    data object ReviewNext : UiEvent
    data object ReviewLast : UiEvent
    data object Analyse : UiEvent
    data object CancelAnalysis : UiEvent
    data object Share : UiEvent
    data class ImportTextChanged(val text: String) : UiEvent
    data object Import : UiEvent

    // The device.
    /** The device's language changed: every text is read again in [language]. */
    data class LanguageChanged(val language: Language) : UiEvent
    /** The app went to the background: whatever is queued for the database is written. */
    data object WentToBackground : UiEvent
}

/** One-off things for the device to do, which the screens hand to [DeviceServices]. */
sealed interface UiEffect {
    data class Sound(val feedback: Feedback) : UiEffect
    data class Haptic(val feedback: Feedback) : UiEffect
    /** Offers [text] to the platform's share sheet, titled [title]. */
    data class Share(val text: String, val title: String) : UiEffect
}
