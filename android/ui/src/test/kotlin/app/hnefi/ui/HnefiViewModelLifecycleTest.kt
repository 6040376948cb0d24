package app.hnefi.ui

import androidx.lifecycle.ViewModelProvider
import androidx.lifecycle.ViewModelStore
import app.hnefi.core.Language
import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.TaflStore
import app.hnefi.core.Variant
import app.hnefi.core.resumeGame
import kotlinx.coroutines.asCoroutineDispatcher
import org.junit.jupiter.api.Test
import java.io.File
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertSame
import kotlin.test.assertTrue

/**
 * The view model across the activity's life, as Android drives it. MainActivity gets its view
 * model from its ViewModelStore through a ViewModelProvider with [hnefiViewModelFactory]. A
 * configuration change that recreates the activity gives the new activity the same store; an
 * activity that finishes for good clears it.
 */
class HnefiViewModelLifecycleTest {

    /** What `by viewModels { hnefiViewModelFactory(...) }` in MainActivity returns. */
    private fun activityViewModel(viewModels: ViewModelStore, factory: ViewModelProvider.Factory): HnefiViewModel =
        ViewModelProvider.create(viewModels, factory)[HnefiViewModel::class]

    /**
     * The plies of the unfinished game in the database, read through a connection of its own
     * (resuming through the app's store would take the game away from the view model's session).
     */
    private fun savedPlies(db: File): Int? =
        TaflStore.open(db.path).use { st -> resumeGame(st)?.use { it.snapshot().plies.toInt() } }

    @Test
    fun `a recreated activity keeps the game and the running search, finishing cancels the search`() {
        val db = tempDb()
        val store = TaflStore.open(db.path)
        // The searches run on one thread of their own: once a task queued behind a search has
        // run, that search has returned.
        val searchThread = Executors.newSingleThreadExecutor { r -> Thread(r, "search").apply { isDaemon = true } }
        val factory = hnefiViewModelFactory(store = { store }, language = Language.ENGLISH, computerContext = searchThread.asCoroutineDispatcher())
        val viewModels = ViewModelStore()
        Harness(create = { activityViewModel(viewModels, factory) }).use { h ->
            // The hard level with the app's own thinking time (3 s): the computer, playing the
            // attackers, opens, and its search is running when the activity is recreated.
            h.newGame(Variant.BRANDUBH, vsComputer = true, level = Level.HARD, side = Side.DEFENDERS)
            val before = h.game
            assertTrue(before.thinking, "the computer's search is running")

            val recreated = h.onMain { activityViewModel(viewModels, factory) }
            assertSame(h.vm, recreated, "the new activity gets the same view model")
            assertEquals(before, recreated.state.value.game, "with the same game, still thinking")

            val landed = h.awaitState(what = "the computer's opening move") { it.game?.plies == 1 && !it.game.thinking }
            assertEquals("Your move (defenders)", landed.game!!.turnBar)
            store.flush() // the store saves behind, on its own thread
            assertEquals(1, savedPlies(db), "the move is in the saved game")

            // The player answers and the computer thinks again; then the activity finishes for
            // good and its store is cleared.
            val piece = listOf("d3", "c4", "e4", "d5").first { square ->
                h.tap(square)
                h.targets().isNotEmpty()
            }
            h.tap(h.targets().first())
            assertEquals(2, h.game.plies, "$piece moved")
            assertTrue(h.game.thinking)
            h.onMain { viewModels.clear() }
            // Left to run, the search would play its move into the saved game after 3 s. It
            // returned instead, having played nothing.
            searchThread.submit {}.get(20, TimeUnit.SECONDS)
            store.flush()
            assertEquals(2, savedPlies(db), "the cancelled search played nothing")
            assertEquals(2, h.game.plies)
        }
        searchThread.shutdown()
        store.close()
    }
}
