package app.hnefi.ui

import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.ViewModel
import androidx.lifecycle.ViewModelProvider
import androidx.lifecycle.createSavedStateHandle
import androidx.lifecycle.viewmodel.initializer
import androidx.lifecycle.viewmodel.viewModelFactory
import app.hnefi.core.AppConfig
import app.hnefi.core.Effect
import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.FrameListener
import app.hnefi.core.FramePatch
import app.hnefi.core.HnefiApp
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.channels.ReceiveChannel
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.collectLatest
import kotlinx.coroutines.flow.distinctUntilChanged
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.update
import kotlin.concurrent.thread

/**
 * The app's one view model: a thin hold on the core's [HnefiApp], which decides everything.
 * Events go in as they are; every frame the core makes (on any thread) lands in [frame], the
 * newest winning, and its effects go to [effects] once each, in order; a patch (a drag or
 * pinch step, an analysis point) is applied to the frame held.
 *
 * The core keeps its own threads for searches, the store and analyses: nothing here blocks.
 * Where the screens stood goes to [SavedStateHandle], so that the app comes back to them
 * after Android kills it in the background.
 */
class HnefiViewModel(config: AppConfig, private val saved: SavedStateHandle? = null) : ViewModel() {
    private val _frame = MutableStateFlow<Frame?>(null)
    val frame: StateFlow<Frame?> = _frame.asStateFlow()

    private val _effects = Channel<Effect>(Channel.UNLIMITED)

    /** Sounds, vibrations, announcements and shares, each to be played once. */
    val effects: ReceiveChannel<Effect> = _effects

    private val listener = object : FrameListener {
        override fun onFrame(frame: Frame) {
            // The effects first: whoever sees the frame finds its effects waiting.
            frame.effects.forEach { _effects.trySend(it) }
            _frame.update { current -> if (current == null || frame.revision > current.revision) frame else current }
        }

        override fun onPatch(patch: FramePatch) {
            // A drag or pinch step, an analysis point, a save written: applied to the frame
            // held, whose untouched parts stay the same objects (Compose skips them).
            _frame.update { current -> if (current != null && patch.revision > current.revision) current.patched(patch) else current }
        }
    }

    private val app = HnefiApp(config.copy(savedState = saved?.get<String>(SAVED_KEY) ?: config.savedState), listener)

    fun onEvent(event: Event) = app.send(event)

    /**
     * Sends the core a tick from [now] (the platform's monotonic clock, in ms) every `tickMs`
     * for as long as the frame asks for it (something timed is on screen), and none otherwise;
     * runs until cancelled. The activity runs it only while it is started, so that nothing
     * ticks in the background (the core counts no time there either: the first tick back only
     * sets its baseline).
     */
    suspend fun tick(now: () -> Long) {
        frame.map { it?.tickMs }.distinctUntilChanged().collectLatest { every ->
            if (every == null) return@collectLatest
            while (true) {
                onEvent(Event.Tick(now()))
                delay(every.toLong())
            }
        }
    }

    /** Keeps where the screens stand, for Android to give back after killing the app. */
    fun saveState() {
        saved?.set(SAVED_KEY, app.savedState())
    }

    /** The thread closing the core once the view model is cleared (tests wait for it). */
    @Volatile
    var closing: Thread? = null
        private set

    override fun onCleared() {
        // The activity is finished for good. Closing stops the searches and returns once the
        // store has written everything and closed the database, which may wait for a write
        // behind another handle's lock: not on the main thread.
        closing = thread(name = "hnefi-close") { app.close() }
    }

    companion object {
        private const val SAVED_KEY = "hnefi.screens"

        /** The factory with which an activity asks its ViewModelProvider for the view model. */
        fun factory(config: () -> AppConfig): ViewModelProvider.Factory = viewModelFactory {
            initializer { HnefiViewModel(config(), createSavedStateHandle()) }
        }
    }
}
