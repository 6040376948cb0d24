package app.hnefi.core.tests

import app.hnefi.core.Event
import app.hnefi.core.FfiConverterTypeFrame
import app.hnefi.core.FfiConverterTypeFramePatch
import app.hnefi.core.Frame
import app.hnefi.core.FrameListener
import app.hnefi.core.FramePatch
import app.hnefi.core.HnefiApp
import app.hnefi.core.Level
import app.hnefi.core.Patch
import app.hnefi.core.Point
import app.hnefi.core.ScreenView
import app.hnefi.core.TouchPhase
import app.hnefi.core.Side
import app.hnefi.core.Variant
import app.hnefi.core.coreVersion
import app.hnefi.ui.patched
import java.nio.ByteBuffer
import java.nio.ByteOrder
import org.junit.jupiter.api.Tag
import kotlin.test.Test

/**
 * How long a frame takes to come back to Kotlin: send() of a cheap event on the calling
 * thread, the controller's frame, its serialisation, JNA, the decoding in Kotlin and the
 * listener; and where that time goes. Measurements, not checks: nothing here fails on time.
 * Left out of `mvn test`; tests/kotlin/run.sh runs it and prints the lines starting "frame".
 */
@Tag("benchmark")
class FrameBenchmark {
    /** Keeps the newest frame only, as a shell would (the cheapest listener there is). */
    private class Latest : FrameListener {
        @Volatile var frame: Frame? = null
        @Volatile var count = 0
        @Volatile var patch: FramePatch? = null
        @Volatile var wholeFrames = 0

        override fun onFrame(frame: Frame) {
            this.frame = frame
            count++
            wholeFrames++
        }

        override fun onPatch(patch: FramePatch) {
            this.patch = patch
            frame = frame?.patched(patch)
            count++
        }
    }

    private fun app(setup: (HnefiApp) -> Unit): Pair<HnefiApp, Latest> {
        val latest = Latest()
        val app = HnefiApp(config(), latest)
        while (latest.frame?.busy != false) Thread.sleep(1)
        setup(app)
        return app to latest
    }

    /** Microseconds per call: the best of three timed rounds after a warm-up. */
    private inline fun perCall(calls: Int = TIMED, block: (Int) -> Unit): Double {
        repeat(WARM_UP) { block(it) }
        return (1..3).minOf {
            val start = System.nanoTime()
            repeat(calls) { block(it) }
            (System.nanoTime() - start) / 1_000.0 / calls
        }
    }

    private fun f(x: Double) = "%.1f".format(x)

    private fun Frame.plan() = (screen as ScreenView.Game).game.board.plan

    private fun Frame.lifted() = plan().lifted

    @Test
    fun sendRoundTrip() {
        val (start, startFrames) = app {}
        start.use { app ->
            val variants = listOf(Variant.BRANDUBH, Variant.TABLUT)
            val us = perCall { app.send(Event.ChooseVariant(variants[it % 2])) }
            check(startFrames.count > TIMED)
            println("frame round trip, start page: ${f(us)} us per send(ChooseVariant) (frame made, encoded, decoded, delivered)")
        }
        val (game, gameFrames) = app {
            it.send(Event.ChooseVariant(Variant.COPENHAGEN))
            it.send(Event.ChooseOpponent(false))
            it.send(Event.NewGame)
            it.send(Event.ActivateSquare(sq("d1")))
        }
        game.use { app ->
            val before = gameFrames.count
            val us = perCall { app.send(Event.FlashExpired(0u)) }
            check(gameFrames.count - before == WARM_UP + 3 * TIMED)
            val pull = perCall { check(app.frame().revision > 0u) }
            println("frame round trip, Copenhagen 11x11 game: ${f(us)} us per send(FlashExpired), ${f(pull)} us per frame()")
        }
    }

    /** Where a game frame's time goes: decoding it in Kotlin against the whole call. */
    @Test
    fun frameBreakdown() {
        val (game, latest) = app {
            it.send(Event.ChooseVariant(Variant.COPENHAGEN))
            it.send(Event.ChooseOpponent(false))
            it.send(Event.NewGame)
            it.send(Event.ActivateSquare(sq("d1")))
        }
        game.use { app ->
            val frame = latest.frame!!
            val size = FfiConverterTypeFrame.allocationSize(frame).toInt()
            val buf = ByteBuffer.allocate(size).order(ByteOrder.BIG_ENDIAN)
            FfiConverterTypeFrame.write(frame, buf)
            val encoded = buf.position()
            val decode = perCall { buf.position(0); check(FfiConverterTypeFrame.read(buf).revision == frame.revision) }
            val whole = perCall { check(app.frame().revision > 0u) }
            val bare = perCall { check(coreVersion().isNotEmpty()) }
            println(
                "frame breakdown, Copenhagen game: frame() ${f(whole)} us, of which Kotlin decoding of its " +
                    "$encoded bytes ${f(decode)} us; a bare call returning a string (coreVersion) ${f(bare)} us",
            )
        }
    }

    /**
     * A drag step on the largest board (19 x 19), side by side with the whole frame the same
     * step sent before patches: the round trip (send to the patch applied in the listener), and
     * the Kotlin share of it (decoding the patch and applying it, against decoding the frame).
     */
    @Test
    fun dragStepOn19x19() {
        val (game, latest) = app {
            it.send(Event.ChooseVariant(Variant.ALEA_EVANGELII))
            it.send(Event.ChooseOpponent(false))
            it.send(Event.NewGame)
        }
        game.use { app ->
            fun plan() = latest.frame!!.plan()
            val lifted = plan().pieces.first { p ->
                app.send(Event.Touch(TouchPhase.DRAG_START, p.at))
                (plan().lifted != null).also { up -> if (!up) app.send(Event.Touch(TouchPhase.DRAG_CANCEL, p.at)) }
            }
            val before = latest.count
            // Small steps back and forth around the lifted piece: every one a patch.
            val step = perCall { i ->
                val d = (i % 8) * 0.05f
                app.send(Event.Touch(TouchPhase.DRAG_MOVE, Point(lifted.at.x + d, lifted.at.y - d)))
            }
            check(latest.count - before == WARM_UP + 3 * TIMED)
            check(plan().lifted != null)

            val frame = latest.frame!!
            val frameBytes = ByteBuffer.allocate(FfiConverterTypeFrame.allocationSize(frame).toInt()).order(ByteOrder.BIG_ENDIAN)
            FfiConverterTypeFrame.write(frame, frameBytes)
            val frameSize = frameBytes.position()
            val frameDecode = perCall { frameBytes.position(0); check(FfiConverterTypeFrame.read(frameBytes).revision == frame.revision) }

            val patch = latest.patch!!
            check(patch.revision == frame.revision && patch.patch is Patch.Board)
            val patchBytes = ByteBuffer.allocate(FfiConverterTypeFramePatch.allocationSize(patch).toInt()).order(ByteOrder.BIG_ENDIAN)
            FfiConverterTypeFramePatch.write(patch, patchBytes)
            val patchSize = patchBytes.position()
            val patchDecode = perCall {
                patchBytes.position(0)
                check(frame.patched(FfiConverterTypeFramePatch.read(patchBytes)).lifted() != null)
            }
            // The same board sent whole, as every drag step was before patches.
            val wholeBefore = latest.wholeFrames
            val whole = perCall { app.send(Event.FlashExpired(0u)) }
            check(latest.wholeFrames - wholeBefore == WARM_UP + 3 * TIMED)
            println(
                "frame drag step 19x19: ${f(step)} us per send(Touch DRAG_MOVE) to the patch applied " +
                    "(a whole frame of the same board: ${f(whole)} us per send(FlashExpired)); " +
                    "Kotlin: the patch's $patchSize bytes decoded and applied ${f(patchDecode)} us, " +
                    "the whole frame's $frameSize bytes decoded ${f(frameDecode)} us",
            )
        }
    }

    /** From the person's move to the frame with the computer's answer (2,000 nodes, no pause). */
    @Test
    fun computerAnswer() {
        val latest = Latest()
        HnefiApp(config(), latest).use { app ->
            while (latest.frame?.busy != false) Thread.sleep(1)
            for (event in vsComputerEvents(Level.EASY, Side.ATTACKERS)) app.send(event)
            val times = (1..ROUNDS).map {
                val start = System.nanoTime()
                app.send(Event.ActivateSquare(sq("b4")))
                app.send(Event.ActivateSquare(sq("b3")))
                while (latest.frame?.busy != false || latest.frame?.game?.plies != 2) Thread.onSpinWait()
                val ms = (System.nanoTime() - start) / 1_000_000.0
                app.send(Event.Undo)
                ms
            }.drop(2)
            println("frame computer answer: median ${"%.2f".format(times.sorted()[times.size / 2])} ms from the move to the answer's frame (Brandubh, 2,000 nodes, ${times.size} moves)")
        }
    }

    private companion object {
        const val WARM_UP = 300
        const val TIMED = 1_000
        const val ROUNDS = 12
    }
}
