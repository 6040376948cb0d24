package app.hnefi.core.tests

import app.hnefi.core.CancelHandle
import app.hnefi.core.FfiConverterTypeGameSnapshot
import app.hnefi.core.coreVersion
import java.nio.ByteBuffer
import java.nio.ByteOrder
import app.hnefi.core.ComputerMove
import app.hnefi.core.GameMode
import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.GameSession
import app.hnefi.core.Variant
import org.junit.jupiter.api.Tag
import kotlin.test.Test

/**
 * How long one snapshot() takes from Kotlin, through JNA and the RustBuffer serialisation
 * (121 squares on the Copenhagen board). A measurement, not a check: it never fails on time.
 * Left out of `mvn test`; tests/kotlin/run.sh runs it.
 */
@Tag("benchmark")
class SnapshotBenchmark {
    @Test
    fun snapshotRoundTrip() {
        GameSession.newGame(Variant.COPENHAGEN, GameMode.TwoPlayers, true, null).use { game ->
            game.move("d1-d3")
            game.move("f4-c4")
            var sink = 0
            repeat(WARM_UP) { sink += game.snapshot().squares.size }
            val rounds = (1..3).map {
                val start = System.nanoTime()
                repeat(TIMED) { sink += game.snapshot().squares.size }
                (System.nanoTime() - start) / 1_000.0 / TIMED
            }
            check(sink > 0)
            val best = rounds.min()
            println("snapshot rounds: ${rounds.joinToString { "%.1f".format(it) }} us/call")
            println("snapshot round trip: ${"%.1f".format(best)} us/call " +
                "(Copenhagen 11x11, $WARM_UP warm-up + $TIMED timed calls, best of ${rounds.size} rounds)")
        }
    }

    /** Where the time of a snapshot goes: JNA calls, decoding in Kotlin, the rest in Rust. */
    @Test
    fun snapshotBreakdown() {
        GameSession.newGame(Variant.COPENHAGEN, GameMode.TwoPlayers, true, null).use { game ->
            game.move("d1-d3")
            val snap = game.snapshot()
            val bytes = FfiConverterTypeGameSnapshot.allocationSize(snap).toInt()
            val buf = ByteBuffer.allocate(bytes).order(ByteOrder.BIG_ENDIAN)
            FfiConverterTypeGameSnapshot.write(snap, buf)
            val encoded = buf.position()
            val decode = perCall { buf.position(0); check(FfiConverterTypeGameSnapshot.read(buf).plies == 1u) }
            val full = perCall { check(game.snapshot().plies == 1u) }
            CancelHandle().use { h ->
                val trivial = perCall { check(!h.isCancelled()) }
                val string = perCall { check(coreVersion().isNotEmpty()) }
                println("snapshot breakdown: full ${f(full)} us; Kotlin decoding of the $encoded bytes ${f(decode)} us; " +
                    "a bare call (isCancelled) ${f(trivial)} us; a call returning a string (coreVersion) ${f(string)} us")
            }
        }
    }

    private inline fun perCall(block: () -> Unit): Double {
        repeat(WARM_UP) { block() }
        return (1..3).minOf {
            val start = System.nanoTime()
            repeat(TIMED / 4) { block() }
            (System.nanoTime() - start) / 1_000.0 / (TIMED / 4)
        }
    }

    private fun f(x: Double) = "%.1f".format(x)

    @Test
    fun computerMoveOverhead() {
        // The cost of one computer move around a 1 ms search: the call, the engine's set-up
        // (its transposition table) and the autosave-free bookkeeping.
        GameSession.newGame(Variant.COPENHAGEN, GameMode.VsComputer(Level.EASY, Side.ATTACKERS), true, null).use { game ->
            repeat(5) { game.move("d1-d3"); computer(game); game.undo() }
            val n = 50
            val start = System.nanoTime()
            repeat(n) { game.move("d1-d3"); computer(game); game.undo() }
            val perMove = (System.nanoTime() - start) / 1_000_000.0 / n
            println("computer move with a 1 ms limit: ${"%.1f".format(perMove)} ms/call (with a move and an undo)")
        }
    }

    private fun computer(game: GameSession) {
        CancelHandle().use { check(game.computerMove(it, 1u) is ComputerMove.Played) }
    }

    private companion object {
        const val WARM_UP = 2_000
        const val TIMED = 20_000
    }
}
