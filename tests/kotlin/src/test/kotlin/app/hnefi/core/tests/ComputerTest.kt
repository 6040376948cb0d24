package app.hnefi.core.tests

import app.hnefi.core.CancelHandle
import app.hnefi.core.ComputerMove
import app.hnefi.core.GameSession
import app.hnefi.core.GameStatus
import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.TurnPrompt
import app.hnefi.core.Variant
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlinx.coroutines.withTimeout
import kotlin.concurrent.thread
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertTrue

class ComputerTest {
    /** What an app does: the blocking call on a background dispatcher. */
    private suspend fun GameSession.think(cancel: CancelHandle, ms: UInt?): ComputerMove =
        withContext(Dispatchers.Default) { computerMove(cancel, ms) }

    @Test
    fun eachLevelMovesOnABackgroundThreadWhileTheUiReads(): Unit = runBlocking {
        for (level in Level.entries) {
            for (variant in Variant.entries) {
                vsComputer(level, Side.DEFENDERS, variant).use { game ->
                    val start = game.snapshot()
                    assertEquals(TurnPrompt.ComputerToMove(Side.ATTACKERS), start.turn)
                    val ms = when (level) {
                        Level.EASY -> null // the level's own time (200 ms)
                        Level.NORMAL -> 150u
                        Level.HARD -> 200u
                    }
                    CancelHandle().use { cancel ->
                        val job = async { game.think(cancel, ms) }
                        // The UI thread keeps drawing while the computer thinks.
                        var reads = 0
                        while (!job.isCompleted) {
                            val s = game.snapshot()
                            assertTrue(s.plies == 0u || s.plies == 1u)
                            reads++
                            delay(2)
                        }
                        val result = job.await()
                        val played = assertIs<ComputerMove.Played>(result, "$level $variant")
                        assertEquals(GameStatus.Ongoing, played.status)
                        val s = game.snapshot()
                        assertEquals(1u, s.plies)
                        assertEquals(played.played, s.lastMove)
                        assertEquals(TurnPrompt.YourMove(Side.DEFENDERS), s.turn)
                        assertTrue(reads > 0)
                        // The computer moved an attacker, to a square its piece could go.
                        assertEquals(app.hnefi.core.Piece.ATTACKER, s.squares.single {
                            it.coord == played.played.to
                        }.piece)
                        println("$level $variant: ${played.played.notation} ($reads snapshots meanwhile)")
                    }
                }
            }
        }
    }

    @Test
    fun computerPlaysAWholeGameAgainstItself(): Unit = runBlocking {
        // Two computer players taking turns through the API, as far as 60 plies.
        vsComputer(Level.EASY, Side.DEFENDERS).use { a ->
            CancelHandle().use { cancel ->
                var plies = 0
                while (plies < 60 && a.snapshot().status == GameStatus.Ongoing) {
                    val s = a.snapshot()
                    if (s.turn is TurnPrompt.ComputerToMove) {
                        assertIs<ComputerMove.Played>(a.think(cancel, 20u))
                    } else {
                        // Play the human's side with the first legal move found.
                        val from = s.squares.first { sqv ->
                            sqv.piece != null && sqv.piece != app.hnefi.core.Piece.ATTACKER &&
                                a.targets(sqv.coord).isNotEmpty()
                        }
                        a.play(from.coord, a.targets(from.coord).first())
                    }
                    plies++
                    assertEquals(plies.toUInt(), a.snapshot().plies)
                }
            }
        }
    }

    @Test
    fun cancelStopsALongSearchAndChangesNothing(): Unit = runBlocking {
        vsComputer(Level.HARD, Side.DEFENDERS, Variant.COPENHAGEN).use { game ->
            val before = game.snapshot()
            CancelHandle().use { cancel ->
                val started = System.nanoTime()
                val job = async { game.think(cancel, 60_000u) }
                // Cancel from another (plain) thread after ~100 ms.
                var cancelledAt = 0L
                val canceller = thread {
                    Thread.sleep(100)
                    cancelledAt = System.nanoTime()
                    cancel.cancel()
                }
                val result = withTimeout(10_000) { job.await() }
                val done = System.nanoTime()
                canceller.join()
                assertEquals(ComputerMove.Cancelled, result)
                assertTrue(cancel.isCancelled())
                val after = game.snapshot()
                assertEquals(before.plies, after.plies)
                assertEquals(before, after)
                val latencyMs = (done - cancelledAt) / 1_000_000
                println("cancel: returned ${latencyMs} ms after cancel(), ${(done - started) / 1_000_000} ms after the start")
                assertTrue(latencyMs < 2_000, "cancel took $latencyMs ms")
            }
            // The session is still usable: a fresh handle gives a move.
            CancelHandle().use { assertIs<ComputerMove.Played>(game.think(it, 100u)) }
        }
    }

    @Test
    fun undoDuringTheSearchCancelsIt(): Unit = runBlocking {
        vsComputer(Level.HARD, Side.ATTACKERS, Variant.COPENHAGEN).use { game ->
            game.move("d1-d3")
            assertEquals(TurnPrompt.ComputerToMove(Side.DEFENDERS), game.snapshot().turn)
            CancelHandle().use { cancel ->
                val job = async { game.think(cancel, 60_000u) }
                delay(100)
                assertEquals(listOf("d1-d3"), game.undo().map { it.notation })
                val result = withTimeout(10_000) { job.await() }
                assertEquals(ComputerMove.Cancelled, result)
                val s = game.snapshot()
                assertEquals(0u, s.plies)
                assertEquals(TurnPrompt.YourMove(Side.ATTACKERS), s.turn)
                assertFalse(s.canUndo)
            }
        }
    }

    @Test
    fun resignDuringTheSearchCancelsIt(): Unit = runBlocking {
        vsComputer(Level.HARD, Side.DEFENDERS, Variant.TABLUT).use { game ->
            CancelHandle().use { cancel ->
                val job = async { game.think(cancel, 60_000u) }
                delay(100)
                assertEquals(GameStatus.Won(Side.ATTACKERS, app.hnefi.core.WinReason.RESIGNATION), game.resign().status)
                assertEquals(ComputerMove.Cancelled, withTimeout(10_000) { job.await() })
                assertEquals(0u, game.snapshot().plies)
                assertEquals(TurnPrompt.GameOver, game.snapshot().turn)
            }
        }
    }
}
