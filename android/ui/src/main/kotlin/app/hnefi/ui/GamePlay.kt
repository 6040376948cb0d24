package app.hnefi.ui

import app.hnefi.core.CancelHandle
import app.hnefi.core.ComputerMove
import app.hnefi.core.Coord
import app.hnefi.core.Feedback
import app.hnefi.core.GameMode
import app.hnefi.core.GameSession
import app.hnefi.core.GameSnapshot
import app.hnefi.core.HintResult
import app.hnefi.core.Label
import app.hnefi.core.Level
import app.hnefi.core.MoveView
import app.hnefi.core.Refusal
import app.hnefi.core.TaflException
import app.hnefi.core.TurnPrompt
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import kotlin.coroutines.CoroutineContext

/** How long the engine may think, and where. */
data class EngineTiming(
    /** The computer's thinking time per level; null keeps the core's own. */
    val thinkTimeMs: (Level) -> UInt? = { null },
    /** The hint's thinking time; null keeps the core's own. */
    val hintTimeMs: UInt? = null,
    /** Where the searches (computer, hint, analysis, import) run: never the main thread. */
    val computerContext: CoroutineContext,
    /** A pause before the computer's search starts, so that the person's move is seen first. */
    val computerPauseMs: Long = 0,
)

/**
 * One game being played, on the main thread: the person's taps and drags, undo, resignation,
 * hints, and the computer's moves (searched on [EngineTiming.computerContext]). Every change
 * ends with the core's snapshot published as a [GameUi]; the rules and the words are the core's.
 */
internal class GamePlay(
    private val session: GameSession,
    private val scope: CoroutineScope,
    private val timing: EngineTiming,
    private val host: Host,
) {
    /** What the game needs from the view model around it. */
    interface Host {
        val words: Words
        /** The threats setting: the core marks (and reads out) threats only when it is on. */
        val showThreats: Boolean
        /** The texts of the current language, for refusals and errors. */
        fun say(refusal: Refusal): String
        fun say(error: TaflException): String
        fun publish(game: GameUi)
        fun feel(feedback: Feedback)
        /** A move ended the game (or undo reopened it): records and resumability change. */
        fun overChanged(over: Boolean)
    }

    private var selected: Coord? = null
    private var search: Job? = null
    private var searchCancel: CancelHandle? = null
    private var hintJob: Job? = null
    private var hintCancel: CancelHandle? = null
    private var motion: BoardMotion? = null
    private var confirmResign = false
    private var flash: Flash? = null
    private var nextId = 1L
    private var snapshot: GameSnapshot = session.view(host.words.language, null, host.showThreats)

    val over: Boolean get() = snapshot.turn == TurnPrompt.GameOver

    /** Shows the game and starts the computer's search when it is its turn. */
    fun start() {
        refresh()
        startComputerIfDue()
    }

    fun tap(square: Coord) {
        flash = null // a new touch replaces the last refusal
        val from = selected
        val here = snapshot.square(square)
        when {
            from != null && here.target -> play(from, square, slide = true)
            square == from -> select(null)
            here.movable -> select(square)
            else -> {
                refuse(square, quietWhenEmpty = true)
                select(null)
            }
        }
    }

    fun dragStarted(square: Coord) {
        flash = null
        if (snapshot.square(square).movable) {
            select(square)
        } else {
            refuse(square, quietWhenEmpty = false)
            select(null)
        }
    }

    /** A drop on a target plays the move; anywhere else the piece goes back and stays picked up. */
    fun dropped(from: Coord, to: Coord) {
        if (from != selected) select(from)
        if (from != to && snapshot.square(to).target) play(from, to, slide = false)
    }

    fun undo() {
        flash = null
        cancelSearch()
        cancelHint()
        val undone: List<MoveView> = try {
            session.undo()
        } catch (e: TaflException) {
            emptyList() // nothing to take back: the snapshot says so already
        }
        selected = null
        val wasOver = over
        if (undone.isNotEmpty()) motion = BoardMotion(nextId++, undone, backwards = true, slide = true)
        refresh()
        if (wasOver && !over) host.overChanged(false)
        startComputerIfDue()
    }

    fun askResign() {
        if (over) return
        confirmResign = true
        refresh()
    }

    fun cancelResign() {
        confirmResign = false
        refresh()
    }

    fun confirmResign() {
        confirmResign = false
        cancelSearch()
        cancelHint()
        selected = null
        val resigned = try {
            session.resign()
        } catch (e: TaflException) {
            null // over already: the snapshot shows how
        }
        refresh()
        resigned?.let { host.feel(it.feedback) }
        host.overChanged(over)
    }

    /** Asks the engine for a move for the person; a second press while it looks cancels. */
    fun hint() {
        if (hintJob != null) {
            cancelHint()
            refresh()
            return
        }
        if (over || snapshot.turn is TurnPrompt.ComputerToMove) return
        val handle = CancelHandle()
        hintCancel = handle
        hintJob = scope.launch {
            val result = try {
                withContext(timing.computerContext) { session.hint(handle, timing.hintTimeMs) }
            } catch (e: TaflException) {
                HintResult.Cancelled
            }
            if (hintCancel !== handle) return@launch
            hintCancel = null
            hintJob = null
            handle.close()
            refresh()
        }
        refresh()
    }

    fun dismissFlash(id: Long) {
        if (flash?.id != id) return
        flash = null
        refresh()
    }

    /** Leaving the game: the searches stop, the selection goes, a finished game is recorded. */
    fun leave() {
        cancelSearch()
        cancelHint()
        selected = null
        confirmResign = false
        flash = null
        if (over) session.conclude()
        refresh()
    }

    /** Reads the snapshot again (in another language, say). */
    fun refresh() {
        snapshot = session.view(host.words.language, selected, host.showThreats)
        selected = snapshot.selected
        val thinking = search != null
        val turnBar = if (thinking && snapshot.turn is TurnPrompt.ComputerToMove) {
            host.words[Label.TURN_THINKING]
        } else {
            snapshot.texts.turnBar
        }
        host.publish(GameUi(snapshot, turnBar, thinking, hintJob != null, motion, confirmResign, flash))
    }

    fun close() {
        cancelSearch()
        cancelHint()
        session.close()
    }

    private fun select(square: Coord?) {
        selected = square
        refresh()
    }

    private fun play(from: Coord, to: Coord, slide: Boolean) {
        cancelHint()
        selected = null
        val played = try {
            session.play(from, to)
        } catch (e: TaflException) {
            flash(host.say(e))
            refresh()
            return
        }
        motion = BoardMotion(nextId++, listOf(played.played), backwards = false, slide = slide)
        refresh()
        host.feel(played.feedback)
        if (over) host.overChanged(true)
        startComputerIfDue()
    }

    /** Says why the piece on [square] cannot be picked up (an empty square only when it matters). */
    private fun refuse(square: Coord, quietWhenEmpty: Boolean) {
        val refusal = try {
            session.refusal(square)
        } catch (e: TaflException) {
            null
        } ?: return
        if (quietWhenEmpty && refusal == Refusal.Empty) return
        // The computer's turn: say it is thinking while its search runs here.
        val said = if (refusal == Refusal.ComputerToMove && search != null) Refusal.ComputerThinking else refusal
        flash(host.say(said))
    }

    private fun flash(text: String) {
        flash = Flash(nextId++, text)
    }

    /** Starts the computer's move when it is its turn; the UI stays live meanwhile. */
    private fun startComputerIfDue() {
        val mode = snapshot.mode as? GameMode.VsComputer ?: return
        if (snapshot.turn !is TurnPrompt.ComputerToMove || search != null) return
        val handle = CancelHandle()
        searchCancel = handle
        search = scope.launch {
            // The person's move slides first; an undo meanwhile cancels this job.
            if (timing.computerPauseMs > 0) delay(timing.computerPauseMs)
            val result = try {
                withContext(timing.computerContext) { session.computerMove(handle, timing.thinkTimeMs(mode.level)) }
            } catch (e: TaflException) {
                ComputerMove.Cancelled
            }
            // Back on the main thread. An undo, a resignation or leaving replaced this search.
            if (searchCancel !== handle) return@launch
            searchCancel = null
            search = null
            handle.close()
            if (result is ComputerMove.Played) {
                motion = BoardMotion(nextId++, listOf(result.played), backwards = false, slide = true)
                refresh()
                host.feel(result.feedback)
                if (over) host.overChanged(true)
            } else {
                refresh()
            }
        }
        refresh()
    }

    private fun cancelSearch() {
        searchCancel?.cancel()
        searchCancel = null
        search?.cancel()
        search = null
    }

    private fun cancelHint() {
        hintCancel?.cancel()
        hintCancel = null
        hintJob?.cancel()
        hintJob = null
    }
}
