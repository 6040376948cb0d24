package app.hnefi.ui

import androidx.compose.runtime.Composer
import androidx.compose.runtime.CompositionTracer
import androidx.compose.runtime.InternalComposeTracingApi
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.runComposeUiTest
import app.hnefi.core.AppConfig
import app.hnefi.core.EngineConfig
import app.hnefi.core.Event
import app.hnefi.core.GameView
import app.hnefi.core.Language
import app.hnefi.core.PlacedPiece
import app.hnefi.core.Point
import app.hnefi.core.ScreenView
import app.hnefi.core.TouchPhase
import app.hnefi.core.Variant
import java.util.concurrent.ConcurrentHashMap
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * A drag step on the largest board (19 x 19) reaches the screen as a patch of the board, and
 * the real screen recomposes the board alone: the move list and the lines under the board
 * run zero times. The composables that run are counted by Compose's own trace events (the
 * compiler marks every composable body that runs, and skipped ones do not run).
 */
@OptIn(ExperimentalTestApi::class, InternalComposeTracingApi::class)
class RecompositionTest {
    /** The composables whose bodies ran while [on], by name. */
    private class Runs : CompositionTracer {
        val counts = ConcurrentHashMap<String, Int>()

        @Volatile var on = false

        override fun isTraceInProgress() = on

        override fun traceEventStart(key: Int, dirty1: Int, dirty2: Int, info: String) {
            counts.merge(info.substringBefore(" ("), 1, Int::plus)
        }

        override fun traceEventEnd() = Unit

        operator fun get(name: String) = counts["app.hnefi.ui.$name"] ?: 0
    }

    private val engine = EngineConfig(thinkMs = null, thinkNodes = 500uL, hintMs = null, hintNodes = 500uL, pauseMs = 0u, threads = 1u)

    /** Lifts the first piece that a drag lifts (one of the side to move's). */
    private fun lift(vm: HnefiViewModel): PlacedPiece {
        val lifted = vm.game().board.plan.pieces.firstOrNull { p ->
            vm.onEvent(Event.Touch(TouchPhase.DRAG_START, p.at))
            val up = vm.game().board.plan.lifted != null
            if (!up) vm.onEvent(Event.Touch(TouchPhase.DRAG_CANCEL, p.at))
            up
        }
        return assertNotNull(lifted, "a piece to lift")
    }

    private fun HnefiViewModel.game(): GameView = (frame.value?.screen as? ScreenView.Game)?.game ?: fail("no game on screen")

    @Test
    fun `a drag step on 19x19 recomposes the board and not the move list nor the info lines`() = runComposeUiTest {
        val vm = HnefiViewModel(AppConfig(databasePath = null, language = Language.ENGLISH, dark = false, utcOffsetMinutes = 0, engine = engine, savedState = null))
        val end = System.nanoTime() + 30_000_000_000L
        while (vm.frame.value?.busy != false) {
            if (System.nanoTime() > end) fail("the app did not start")
            Thread.sleep(2)
        }
        vm.onEvent(Event.ChooseVariant(Variant.ALEA_EVANGELII))
        vm.onEvent(Event.ChooseOpponent(false))
        vm.onEvent(Event.NewGame)
        val runs = Runs()
        Composer.setTracer(runs)
        try {
            setContent {
                val frame by vm.frame.collectAsState()
                frame?.let { f -> HnefiTheme(f.look, false) { HnefiScreen(f, true, null, vm::onEvent) } }
            }
            waitForIdle()
            // A first move by drag and drop, so that the move list and the lines under the board
            // have something to show. The counting sees both run when they change.
            val first = lift(vm)
            waitForIdle()
            val target = vm.game().board.squares.first { it.label.contains("possible move") }
            runs.on = true
            vm.onEvent(Event.Touch(TouchPhase.DRAG_END, Point(target.x + 0.5f, target.y + 0.5f)))
            waitForIdle()
            runs.on = false
            assertEquals(1, vm.game().moves.rows.size, "the move was played from ${first.square}")
            assertTrue(vm.game().info.isNotEmpty(), "the last move's line")
            assertTrue(runs["InfoLines"] > 0, "a move recomposes the info lines: ${runs.counts}")
            assertTrue(runs["MoveList"] > 0, "a move recomposes the move list: ${runs.counts}")

            // A piece of the other side lifted, and dragged across the board.
            val lifted = lift(vm)
            waitForIdle()
            assertEquals(361, vm.game().board.squares.size)

            runs.counts.clear()
            runs.on = true
            val steps = 12
            for (i in 1..steps) {
                val at = Point(lifted.at.x + i * 0.4f, lifted.at.y - i * 0.25f)
                vm.onEvent(Event.Touch(TouchPhase.DRAG_MOVE, at))
                waitForIdle()
                assertEquals(at, vm.game().board.plan.lifted?.at, "the lifted piece follows the finger")
            }
            runs.on = false
            assertTrue(runs["Board"] >= steps, "the board redraws at every step: ${runs.counts}")
            assertEquals(0, runs["MoveList"], "the move list: ${runs.counts}")
            assertEquals(0, runs["InfoLines"], "the info lines: ${runs.counts}")

            // A whole frame (the drag cancelled, the piece back) recomposes the move list, as every
            // drag step did before patches.
            runs.counts.clear()
            runs.on = true
            vm.onEvent(Event.Touch(TouchPhase.DRAG_CANCEL, lifted.at))
            waitForIdle()
            runs.on = false
            assertTrue(runs["MoveList"] > 0, "a whole frame recomposes the move list: ${runs.counts}")
        } finally {
            runs.on = false
            vm.onEvent(Event.Background)
        }
    }
}
