package app.hnefi.android

import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread

/** Where the core's native library stands: loading, ready, or failed to load (and why). */
sealed interface CoreState {
    data object Loading : CoreState
    data object Ready : CoreState
    data class Failed(val error: Throwable) : CoreState
}

/**
 * Loads the core's native library once, on a thread of its own: JNA reads and links the
 * library on the first call into the core, which must not be the main thread's (a slow disk
 * would freeze the first frame), and a library that cannot load (a missing or broken .so, an
 * ABI the APK lacks) must give a screen that says so rather than a crash at launch.
 */
class CoreLoading {
    private val _state = MutableStateFlow<CoreState>(CoreState.Loading)
    val state: StateFlow<CoreState> = _state.asStateFlow()

    private val started = AtomicBoolean(false)

    /** Starts [load] in the background, once; [state] says how it went. */
    fun start(load: () -> Unit) {
        if (!started.compareAndSet(false, true)) return
        thread(name = "hnefi-load") {
            _state.value = try {
                load()
                CoreState.Ready
            } catch (e: Throwable) {
                // UnsatisfiedLinkError and the class initialisation errors that follow it.
                CoreState.Failed(e)
            }
        }
    }
}
