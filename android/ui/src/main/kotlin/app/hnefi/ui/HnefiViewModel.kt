package app.hnefi.ui

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.hnefi.core.Feedback
import app.hnefi.core.FinishedGame
import app.hnefi.core.GameReview
import app.hnefi.core.GameSession
import app.hnefi.core.ImportException
import app.hnefi.core.Label
import app.hnefi.core.Language
import app.hnefi.core.RecordRow
import app.hnefi.core.Refusal
import app.hnefi.core.Settings
import app.hnefi.core.StoreNotice
import app.hnefi.core.TaflException
import app.hnefi.core.TaflStore
import app.hnefi.core.Texts
import app.hnefi.core.Variant
import app.hnefi.core.defaultSettings
import app.hnefi.core.importGame
import app.hnefi.core.resumeGame
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.receiveAsFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import java.util.TimeZone
import kotlin.coroutines.CoroutineContext

/**
 * The app's one view model: [UiEvent]s in, an immutable [UiState] out, and one-off [UiEffect]s
 * (sound, vibration, sharing) for the device.
 *
 * Threads: everything here runs on the main thread except what blocks. The store's reads and
 * its opening run on [io] (the store writes behind on its own thread, so moves never wait for
 * the disk); the computer's move, hints, analyses and imports run on
 * [EngineTiming.computerContext], each with a cancel handle.
 *
 * @param openStore opens the app's database (called once, on [io]); null plays in memory.
 * @param language the device's language; [UiEvent.LanguageChanged] changes it.
 */
class HnefiViewModel(
    openStore: () -> TaflStore?,
    language: Language = defaultLocaleLanguage(),
    private val timing: EngineTiming = EngineTiming(computerContext = Dispatchers.Default),
    private val io: CoroutineContext = Dispatchers.IO,
) : ViewModel() {

    private var store: TaflStore? = null
    private var settings: Settings = defaultSettings()

    /** The texts of the current language: read from the analysing thread too. */
    @Volatile
    private var texts: Texts = Texts(language)
    private var words: Words = Words.of(language)

    private var play: GamePlay? = null
    private var reviewing: Reviewing? = null
    private var nextReviewKey = 1L
    private var importProblem: ImportException? = null
    private var finishedGames: List<FinishedGame> = emptyList()

    private val _state = MutableStateFlow(UiState(words = words, settings = settings))
    val state: StateFlow<UiState> = _state.asStateFlow()

    private val _effects = Channel<UiEffect>(Channel.BUFFERED)

    /** Sounds, vibrations and shares to perform, each once. */
    val effects: Flow<UiEffect> = _effects.receiveAsFlow()

    init {
        viewModelScope.launch {
            val loaded = withContext(io) { load(openStore) }
            store = loaded.store
            settings = loaded.settings
            _state.update {
                it.copy(
                    loading = false,
                    settings = settings,
                    setup = Setup(settings.lastVariant, settings.lastModeVsComputer, settings.lastLevel, settings.lastSide),
                    rulesVariant = settings.lastVariant,
                    canResume = loaded.canResume,
                    records = loaded.records,
                    notice = loaded.notice ?: it.notice,
                )
            }
        }
    }

    fun onEvent(event: UiEvent) {
        when (event) {
            is UiEvent.ChooseVariant -> _state.update { it.copy(setup = it.setup.copy(variant = event.variant)) }
            is UiEvent.ChooseOpponent -> _state.update { it.copy(setup = it.setup.copy(vsComputer = event.vsComputer)) }
            is UiEvent.ChooseLevel -> _state.update { it.copy(setup = it.setup.copy(level = event.level)) }
            is UiEvent.ChooseSide -> _state.update { it.copy(setup = it.setup.copy(side = event.side)) }
            UiEvent.NewGame -> when {
                _state.value.loading -> Unit
                _state.value.canResume -> _state.update { it.copy(confirmNewGame = true) }
                else -> startGame()
            }
            UiEvent.ConfirmNewGame -> startGame()
            UiEvent.CancelNewGame -> _state.update { it.copy(confirmNewGame = false) }
            UiEvent.PlayAgain -> startGame()
            UiEvent.Resume -> resume()
            UiEvent.ShowRecords -> {
                show(Screen.Records)
                refreshRecords()
            }
            is UiEvent.ShowRules -> showRules(event.variant ?: _state.value.rulesVariant)
            UiEvent.ShowSettings -> show(Screen.Settings)
            UiEvent.ShowHistory -> {
                show(Screen.History)
                refreshHistory()
            }
            UiEvent.ShowImport -> show(Screen.Import)
            UiEvent.Back -> back()

            is UiEvent.SquareTapped -> play?.tap(event.square)
            is UiEvent.DragStarted -> play?.dragStarted(event.square)
            is UiEvent.Dropped -> play?.dropped(event.from, event.to)
            UiEvent.Undo -> play?.undo()
            UiEvent.Resign -> play?.askResign()
            UiEvent.ConfirmResign -> play?.confirmResign()
            UiEvent.CancelResign -> play?.cancelResign()
            UiEvent.Hint -> play?.hint()
            is UiEvent.DismissFlash -> play?.dismissFlash(event.id)
            UiEvent.DismissNotice -> _state.update { it.copy(notice = null) }

            is UiEvent.SetSound -> changeSettings { it.copy(sound = event.on) }
            is UiEvent.SetHaptics -> changeSettings { it.copy(haptics = event.on) }
            is UiEvent.SetColourBlind -> changeSettings { it.copy(colourBlindPalette = event.on) }
            is UiEvent.SetThreats -> changeSettings { it.copy(showThreats = event.on) }

            is UiEvent.OpenReview -> openReview(event.id)
            is UiEvent.ReviewGoTo -> reviewing?.goTo(event.ply)
            UiEvent.ReviewFirst -> reviewing?.goTo(0)
            UiEvent.ReviewPrevious -> _state.value.review?.let { r -> reviewing?.goTo(r.ply - 1) }
            UiEvent.ReviewNext -> _state.value.review?.let { r -> reviewing?.goTo(r.ply + 1) }
            UiEvent.ReviewLast -> _state.value.review?.let { r -> reviewing?.goTo(r.plies) }
            UiEvent.Analyse -> reviewing?.analyse()
            UiEvent.CancelAnalysis -> reviewing?.cancelAnalysis()
            UiEvent.Share -> reviewing?.let { r -> _effects.trySend(UiEffect.Share(r.otn(), words[Label.ACTION_SHARE])) }
            is UiEvent.ImportTextChanged -> {
                importProblem = null
                _state.update { it.copy(import = it.import.copy(text = event.text, error = null)) }
            }
            UiEvent.Import -> importText()

            is UiEvent.LanguageChanged -> changeLanguage(event.language)
            UiEvent.WentToBackground -> store?.let { st -> viewModelScope.launch(io) { st.flush() } }
        }
    }

    override fun onCleared() {
        play?.close()
        play = null
        reviewing?.close()
        reviewing = null
    }

    // --- the store ---

    private class Loaded(
        val store: TaflStore?,
        val settings: Settings,
        val canResume: Boolean,
        val records: List<RecordRow>,
        val notice: Notice?,
    )

    /** Opens and reads the store (on [io]): a broken disk leaves the app playing in memory. */
    private fun load(openStore: () -> TaflStore?): Loaded {
        val st = try {
            openStore()
        } catch (e: TaflException) {
            null
        } ?: return Loaded(null, defaultSettings(), false, emptyList(), null)
        return try {
            Loaded(
                store = st,
                settings = st.settings(),
                canResume = st.hasUnfinishedGame(),
                records = st.records(),
                notice = if (st.notice() is StoreNotice.CorruptFileMovedAside) Notice.DataReset else null,
            )
        } catch (e: TaflException) {
            Loaded(st, defaultSettings(), false, emptyList(), Notice.StorageFailed)
        }
    }

    /** Runs a store read on [io], then [apply] on the main thread; a failure shows a notice. */
    private fun <T> read(call: (TaflStore) -> T, apply: (T) -> Unit) {
        val st = store ?: return
        viewModelScope.launch {
            val result = try {
                withContext(io) { call(st) }
            } catch (e: TaflException) {
                _state.update { it.copy(notice = Notice.StorageFailed) }
                return@launch
            }
            apply(result)
        }
    }

    private fun refreshRecords() = read({ it.records() }) { rows -> _state.update { it.copy(records = rows) } }

    /** A game going on here can be resumed; otherwise the store knows (a game left earlier). */
    private fun refreshResumable() {
        val ongoingHere = play?.over == false
        if (ongoingHere || store == null) {
            _state.update { it.copy(canResume = ongoingHere) }
            return
        }
        read({ it.hasUnfinishedGame() }) { can -> _state.update { it.copy(canResume = can) } }
    }

    private fun refreshHistory() = read({ it.finishedGames() }) { games ->
        finishedGames = games
        _state.update { it.copy(history = historyRows(games)) }
    }

    private fun historyRows(games: List<FinishedGame>): List<HistoryRow> = games.map { g ->
        val offsetMinutes = TimeZone.getDefault().getOffset(g.finishedAt * 1000) / 60_000
        HistoryRow(g.id, texts.history(g, offsetMinutes))
    }

    private fun changeSettings(change: (Settings) -> Settings) {
        settings = change(settings)
        store?.saveSettings(settings)
        _state.update { it.copy(settings = settings) }
        if (_state.value.screen == Screen.Rules) showRules(_state.value.rulesVariant)
        play?.refresh()
    }

    // --- navigation ---

    private fun show(screen: Screen) = _state.update { it.copy(screen = screen, confirmNewGame = false) }

    private fun showRules(variant: Variant) {
        val paragraphs = texts.rules(variant, settings.exitForts)
        _state.update { it.copy(screen = Screen.Rules, rulesVariant = variant, rules = paragraphs) }
    }

    private fun back() {
        when (_state.value.screen) {
            Screen.Start -> Unit
            Screen.Game -> {
                val game = _state.value.game
                if (game?.confirmResign == true) {
                    play?.cancelResign()
                    return
                }
                play?.leave()
                show(Screen.Start)
                refreshResumable()
                refreshRecords()
            }
            Screen.Review -> {
                val fromHistory = _state.value.review?.fromHistory ?: true
                closeReview()
                if (fromHistory) {
                    show(Screen.History)
                    refreshHistory()
                } else {
                    show(Screen.Import)
                }
            }
            else -> show(Screen.Start)
        }
    }

    // --- games ---

    private val gameHost = object : GamePlay.Host {
        override val words: Words get() = this@HnefiViewModel.words
        override val showThreats: Boolean get() = settings.showThreats
        override fun say(refusal: Refusal): String = texts.refusal(refusal)
        override fun say(error: TaflException): String = texts.error(error)
        override fun publish(game: GameUi) = _state.update { it.copy(game = game) }
        override fun feel(feedback: Feedback) {
            if (settings.sound) _effects.trySend(UiEffect.Sound(feedback))
            if (settings.haptics) _effects.trySend(UiEffect.Haptic(feedback))
        }
        override fun overChanged(over: Boolean) {
            _state.update { it.copy(canResume = !over) }
        }
    }

    private fun startGame() {
        if (_state.value.loading) return
        val setup = _state.value.setup
        // The game left behind: a finished one is recorded, a running search stops.
        play?.let {
            it.leave()
            it.close()
        }
        play = null
        val session = try {
            GameSession.newGame(setup.variant, setup.mode, settings.exitForts, store)
        } catch (e: TaflException) {
            _state.update { it.copy(notice = Notice.StorageFailed) }
            return
        }
        settings = settings.copy(
            lastVariant = setup.variant,
            lastModeVsComputer = setup.vsComputer,
            lastLevel = setup.level,
            lastSide = setup.side,
        )
        store?.saveSettings(settings)
        _state.update { it.copy(screen = Screen.Game, confirmNewGame = false, canResume = false, settings = settings) }
        begin(session)
    }

    private fun resume() {
        if (_state.value.loading) return
        val current = play
        if (current != null && !current.over) {
            show(Screen.Game)
            current.start()
            return
        }
        read({ st -> resumeGame(st) }) { session ->
            if (session == null) {
                _state.update { it.copy(canResume = false) }
                return@read
            }
            play?.close()
            play = null
            show(Screen.Game)
            begin(session)
        }
    }

    private fun begin(session: GameSession) {
        val p = GamePlay(session, viewModelScope, timing, gameHost)
        play = p
        p.start()
    }

    // --- history, review and import ---

    private val reviewHost = object : Reviewing.Host {
        override val texts: Texts get() = this@HnefiViewModel.texts
        override val words: Words get() = this@HnefiViewModel.words
        override fun publish(key: Long, change: (ReviewUi) -> ReviewUi) =
            _state.update { st -> st.review?.takeIf { it.key == key }?.let { st.copy(review = change(it)) } ?: st }
        override fun show(review: ReviewUi) = _state.update { it.copy(review = review) }
    }

    private fun openReview(id: Long) = read({ st -> st.review(id) }) { review -> startReview(review, fromHistory = true) }

    private fun startReview(review: GameReview, fromHistory: Boolean) {
        closeReview()
        val r = Reviewing(review, nextReviewKey++, fromHistory, viewModelScope, timing.computerContext, reviewHost)
        reviewing = r
        show(Screen.Review)
        r.open()
    }

    private fun closeReview() {
        reviewing?.close()
        reviewing = null
        _state.update { it.copy(review = null) }
    }

    private fun importText() {
        val text = _state.value.import.text
        if (_state.value.import.working) return
        _state.update { it.copy(import = it.import.copy(working = true, error = null)) }
        viewModelScope.launch {
            val result = withContext(timing.computerContext) {
                try {
                    Result.success(importGame(text))
                } catch (e: ImportException) {
                    Result.failure(e)
                }
            }
            result.onSuccess { review ->
                importProblem = null
                _state.update { it.copy(import = it.import.copy(working = false)) }
                startReview(review, fromHistory = false)
            }
            result.onFailure { e ->
                importProblem = e as ImportException
                _state.update { it.copy(import = it.import.copy(working = false, error = texts.importError(e))) }
            }
        }
    }

    // --- language ---

    private fun changeLanguage(language: Language) {
        if (language == words.language) return
        // The old texts are left to the garbage collector: an analysis may still be reading them.
        texts = Texts(language)
        words = Words.of(language)
        _state.update {
            it.copy(
                words = words,
                history = historyRows(finishedGames),
                import = it.import.copy(error = importProblem?.let(texts::importError)),
            )
        }
        if (_state.value.screen == Screen.Rules) showRules(_state.value.rulesVariant)
        play?.refresh()
        _state.value.review?.let { current -> reviewing?.relabel(current) }
    }
}
