package app.hnefi.ui

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.hnefi.core.CancelHandle
import app.hnefi.core.ComputerMove
import app.hnefi.core.GameMode
import app.hnefi.core.GameSession
import app.hnefi.core.GameSnapshot
import app.hnefi.core.Level
import app.hnefi.core.Settings
import app.hnefi.core.StoreNotice
import app.hnefi.core.TaflException
import app.hnefi.core.TaflStore
import app.hnefi.core.TurnPrompt
import app.hnefi.core.resumeGame
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import kotlin.coroutines.CoroutineContext

/**
 * The app's one view model: events in, an immutable [UiState] out.
 *
 * Every call into the core runs on the main thread except the computer's move, which blocks
 * for up to the level's thinking time and so runs on [computerContext] (Dispatchers.Default),
 * with a [CancelHandle] that undo, resign, leaving the game and [onCleared] cancel.
 *
 * @param store the app's database, or null to keep everything in memory.
 * @param thinkTimeMs the computer's thinking time per level; null keeps the core's own.
 */
class HnefiViewModel(
    private val store: TaflStore?,
    private val thinkTimeMs: (Level) -> UInt? = { null },
    private val computerContext: CoroutineContext = Dispatchers.Default,
) : ViewModel() {

    private var session: GameSession? = null
    private var settings: Settings = defaultSettings
    private var selected: Sq? = null
    private var targets: Set<Sq> = emptySet()
    private var search: Job? = null
    private var cancel: CancelHandle? = null

    private val _state = MutableStateFlow(UiState())
    val state: StateFlow<UiState> = _state.asStateFlow()

    init {
        var notice: Notice? = null
        if (store != null) {
            if (store.notice() is StoreNotice.CorruptFileMovedAside) notice = Notice.DataReset
            settings = storeCall { store.settings() } ?: defaultSettings
        }
        _state.value = UiState(
            setup = Setup(settings.lastVariant, settings.lastModeVsComputer, settings.lastLevel, settings.lastSide),
            canResume = unfinishedGameWaiting(),
            records = readRecords(),
            rulesVariant = settings.lastVariant,
            notice = notice ?: _state.value.notice,
        )
    }

    fun onEvent(event: UiEvent) {
        when (event) {
            is UiEvent.ChooseVariant -> changeSetup { it.copy(variant = event.variant) }
            is UiEvent.ChooseOpponent -> changeSetup { it.copy(vsComputer = event.vsComputer) }
            is UiEvent.ChooseLevel -> changeSetup { it.copy(level = event.level) }
            is UiEvent.ChooseSide -> changeSetup { it.copy(side = event.side) }
            UiEvent.NewGame ->
                if (_state.value.canResume) _state.update { it.copy(confirmNewGame = true) } else startGame()
            UiEvent.ConfirmNewGame -> startGame()
            UiEvent.CancelNewGame -> _state.update { it.copy(confirmNewGame = false) }
            UiEvent.PlayAgain -> startGame()
            UiEvent.Resume -> resume()
            UiEvent.ShowRecords -> _state.update { it.copy(screen = Screen.Records, records = readRecords()) }
            is UiEvent.ShowRules ->
                _state.update { it.copy(screen = Screen.Rules, rulesVariant = event.variant ?: it.rulesVariant) }
            UiEvent.Back -> leave()
            is UiEvent.SquareTapped -> tap(event.sq)
            UiEvent.Undo -> undo()
            UiEvent.Resign -> resign()
            UiEvent.DismissNotice -> _state.update { it.copy(notice = null) }
        }
    }

    override fun onCleared() {
        cancelSearch()
    }

    // --- setup and navigation ---

    private fun changeSetup(change: (Setup) -> Setup) {
        _state.update { it.copy(setup = change(it.setup)) }
    }

    private fun startGame() {
        cancelSearch()
        val setup = _state.value.setup
        val s = storeCall { GameSession.newGame(setup.variant, setup.mode, settings.exitForts, store) } ?: return
        session = s
        settings = settings.copy(
            lastVariant = setup.variant,
            lastModeVsComputer = setup.vsComputer,
            lastLevel = setup.level,
            lastSide = setup.side,
        )
        store?.let { st -> storeCall { st.saveSettings(settings) } }
        _state.update { it.copy(screen = Screen.Game, confirmNewGame = false, canResume = false) }
        showGame(s)
        startComputerIfDue()
    }

    private fun resume() {
        val current = session?.takeIf { it.snapshot().turn != TurnPrompt.GameOver }
        val s = current ?: store?.let { st -> storeCall { resumeGame(st) } } ?: return
        session = s
        _state.update { it.copy(screen = Screen.Game, confirmNewGame = false) }
        showGame(s)
        startComputerIfDue()
    }

    /** Back to the start screen; a computer search in progress stops. */
    private fun leave() {
        if (_state.value.screen == Screen.Game) {
            cancelSearch()
            selected = null
            targets = emptySet()
            session?.let { showGame(it) }
        }
        _state.update {
            it.copy(screen = Screen.Start, canResume = unfinishedGameWaiting(), records = readRecords(), confirmNewGame = false)
        }
    }

    private fun unfinishedGameWaiting(): Boolean {
        val inMemory = session?.let { it.snapshot().turn != TurnPrompt.GameOver } ?: false
        return inMemory || (store?.let { st -> storeCall { st.hasUnfinishedGame() } } ?: false)
    }

    // --- playing ---

    private fun tap(sq: Sq) {
        val s = session ?: return
        val game = _state.value.game ?: return
        if (game.over || game.thinking || game.turn is TurnPrompt.ComputerToMove) return
        val from = selected
        if (from != null && sq in targets) {
            selected = null
            targets = emptySet()
            val played = try {
                s.play(from.toCoord(), sq.toCoord())
            } catch (e: TaflException) {
                null
            }
            showGame(s)
            if (played != null) {
                afterMove()
                startComputerIfDue()
            }
            return
        }
        if (sq != from && game.square(sq)?.movable == true) {
            selected = sq
            targets = try {
                s.targets(sq.toCoord()).map(Sq::of).toSet()
            } catch (e: TaflException) {
                emptySet()
            }
        } else {
            selected = null
            targets = emptySet()
        }
        showGame(s)
    }

    private fun undo() {
        val s = session ?: return
        cancelSearch()
        selected = null
        targets = emptySet()
        try {
            s.undo()
        } catch (e: TaflException) {
            // Nothing to take back: the state below shows that already.
        }
        showGame(s)
        startComputerIfDue()
    }

    private fun resign() {
        val s = session ?: return
        cancelSearch()
        selected = null
        targets = emptySet()
        try {
            s.resign()
        } catch (e: TaflException) {
            // Already over.
        }
        showGame(s)
        afterMove()
    }

    private fun afterMove() {
        if (_state.value.game?.over == true) {
            _state.update { it.copy(records = readRecords(), canResume = false) }
        }
    }

    /** Starts the computer's move when it is its turn; the UI stays live meanwhile. */
    private fun startComputerIfDue() {
        val s = session ?: return
        val game = _state.value.game ?: return
        val mode = game.mode as? GameMode.VsComputer ?: return
        if (game.turn !is TurnPrompt.ComputerToMove || search != null) return
        val handle = CancelHandle()
        cancel = handle
        _state.update { st -> st.copy(game = st.game?.copy(thinking = true)) }
        search = viewModelScope.launch {
            val result = try {
                withContext(computerContext) { s.computerMove(handle, thinkTimeMs(mode.level)) }
            } catch (e: TaflException) {
                ComputerMove.Cancelled
            }
            // Back on the main thread. A newer game, undo or leaving replaced this search.
            if (cancel !== handle || session !== s) return@launch
            cancel = null
            search = null
            handle.close()
            showGame(s)
            if (result is ComputerMove.Played) afterMove()
        }
    }

    private fun cancelSearch() {
        cancel?.cancel()
        cancel = null
        search?.cancel()
        search = null
        _state.update { st -> st.copy(game = st.game?.copy(thinking = false)) }
    }

    /** Reads the game from the core into the UI state. */
    private fun showGame(s: GameSession) {
        val game = toGameUi(s.snapshot(), selected, targets, thinking = search != null)
        _state.update {
            it.copy(
                game = game,
                notice = if (game.saveError != null) Notice.StorageFailed else it.notice,
            )
        }
    }

    private fun readRecords(): List<RecordUi> {
        val rows = store?.let { st -> storeCall { st.records() } } ?: return emptyList()
        return rows.map { RecordUi(it.level, it.side, it.wins.toInt(), it.losses.toInt(), it.draws.toInt()) }
    }

    /** A store call that may fail on a broken disk: the player is told, the app goes on. */
    private fun <T> storeCall(call: () -> T): T? = try {
        call()
    } catch (e: TaflException) {
        _state.update { it.copy(notice = Notice.StorageFailed) }
        null
    }

    companion object {
        /** The same first-start choices as a fresh store's. */
        val defaultSettings: Settings = app.hnefi.core.defaultSettings()
    }
}

/** The core's snapshot as immutable UI values, with the player's selection. */
fun toGameUi(snap: GameSnapshot, selected: Sq?, targets: Set<Sq>, thinking: Boolean): GameUi =
    GameUi(
        variant = snap.variant,
        mode = snap.mode,
        size = snap.size.toInt(),
        squares = snap.squares.map { v ->
            val sq = Sq.of(v.coord)
            SquareUi(
                sq = sq,
                piece = v.piece,
                restricted = v.restricted,
                escape = v.escape,
                lastMoveFrom = v.lastMoveFrom,
                lastMoveTo = v.lastMoveTo,
                captured = v.captured,
                movable = v.movable,
                kingOpenLine = v.kingOpenLine,
                selected = sq == selected,
                target = sq in targets,
            )
        },
        sideToMove = snap.sideToMove,
        status = snap.status,
        turn = snap.turn,
        plies = snap.plies.toInt(),
        drawLimit = snap.drawLimit.toInt(),
        kingOpenLines = snap.kingOpenLines.size,
        canUndo = snap.canUndo,
        thinking = thinking,
        selected = selected,
        lastMove = snap.lastMove?.notation,
        saveError = snap.saveError,
    )
