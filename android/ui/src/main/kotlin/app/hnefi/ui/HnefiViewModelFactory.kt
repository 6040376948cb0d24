package app.hnefi.ui

import androidx.lifecycle.ViewModelProvider
import androidx.lifecycle.viewmodel.initializer
import androidx.lifecycle.viewmodel.viewModelFactory
import app.hnefi.core.Language
import app.hnefi.core.TaflStore
import kotlinx.coroutines.Dispatchers
import kotlin.coroutines.CoroutineContext

/**
 * The factory with which the app asks a ViewModelProvider for its [HnefiViewModel].
 *
 * The provider keeps the view model in the activity's ViewModelStore, which Android hands over
 * to the new activity when a configuration change recreates it: the game and a computer search
 * in progress carry on. The store is cleared only when the activity finishes for good, and
 * [HnefiViewModel.onCleared] then cancels the search.
 *
 * @param store opens the app's database; called once, on the IO dispatcher.
 * @param language the device's language when the view model is created.
 * @param computerContext where the computer's searches run; tests pass a thread of their own.
 */
fun hnefiViewModelFactory(
    store: () -> TaflStore?,
    language: Language,
    computerContext: CoroutineContext = Dispatchers.Default,
): ViewModelProvider.Factory = viewModelFactory {
    initializer {
        HnefiViewModel(
            openStore = store,
            language = language,
            timing = EngineTiming(computerContext = computerContext, computerPauseMs = computerPauseMs()),
        )
    }
}

/** The pause before the computer's search: as long as the person's move takes to slide. */
fun computerPauseMs(): Long = app.hnefi.core.look(app.hnefi.core.Theme.LIGHT, false).motion.slideMs.toLong()
