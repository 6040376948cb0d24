package app.hnefi.core.tests

import app.hnefi.core.CancelHandle
import app.hnefi.core.ComputerMove
import app.hnefi.core.Coord
import app.hnefi.core.GameMode
import app.hnefi.core.GameSession
import app.hnefi.core.GameStatus
import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.TaflException
import app.hnefi.core.TaflStore
import app.hnefi.core.TurnPrompt
import app.hnefi.core.Variant
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.Collections
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicReference
import kotlin.concurrent.thread
import kotlin.random.Random
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * Many random calls with garbage arguments. Refusals must come back as TaflException; anything
 * else (another exception, a panic turned into InternalException, a crash of the JVM) fails.
 */
class StressTest {
    @TempDir
    lateinit var dir: Path

    /** Which calls were refused, and how, for the report. */
    private val refusals = ConcurrentHashMap<String, AtomicInteger>()

    private fun refused(e: TaflException) {
        assertTrue(!e.message.isNullOrBlank(), "${e::class.simpleName} without a message")
        refusals.computeIfAbsent(e::class.simpleName!!) { AtomicInteger() }.incrementAndGet()
    }

    private fun Random.coord(size: Int): Coord = when (nextInt(10)) {
        0 -> Coord(99u, 99u)
        1 -> Coord(nextInt(256).toUByte(), nextInt(256).toUByte())
        2 -> Coord(size.toUByte(), nextInt(size).toUByte())
        else -> Coord(nextInt(size).toUByte(), nextInt(size).toUByte())
    }

    /** One random call on `game`, a game on a `size` x `size` board. */
    private fun randomCall(rnd: Random, game: GameSession, size: Int, sharedCancel: CancelHandle) {
        try {
            when (rnd.nextInt(100)) {
                in 0..24 -> game.play(rnd.coord(size), rnd.coord(size))
                in 25..49 -> {
                    // A legal move when one is found: the games do reach their ends.
                    val s = game.snapshot()
                    val movable = s.squares.filter { it.piece != null }.shuffled(rnd).take(6)
                    val from = movable.firstOrNull { game.targets(it.coord).isNotEmpty() }?.coord ?: rnd.coord(size)
                    val to = game.targets(from).randomOrNull(rnd) ?: rnd.coord(size)
                    game.play(from, to)
                }
                in 50..60 -> game.undo()
                in 61..63 -> if (rnd.nextInt(3) == 0) game.resign() else game.undo()
                in 64..69 -> {
                    val cancel = if (rnd.nextInt(4) == 0) sharedCancel else CancelHandle()
                    // 0 ms is read as 1 ms. (No limit, the level's own time, is tested elsewhere.)
                    val r = game.computerMove(cancel, listOf(0u, 1u, 2u, 5u).random(rnd))
                    if (cancel !== sharedCancel) cancel.close()
                    if (r is ComputerMove.Played) assertTrue(r.played.notation.isNotEmpty())
                }
                in 70..87 -> {
                    val s = game.snapshot()
                    assertEquals(s.size.toInt() * s.size.toInt(), s.squares.size)
                    assertEquals(s.status is GameStatus.Ongoing, s.turn != TurnPrompt.GameOver)
                }
                in 88..93 -> game.targets(rnd.coord(size))
                in 94..96 -> assertTrue(game.exportOtn().isNotEmpty())
                else -> if (rnd.nextBoolean()) sharedCancel.cancel() else sharedCancel.isCancelled()
            }
        } catch (e: TaflException) {
            refused(e)
        }
    }

    private fun randomMode(rnd: Random): GameMode = when (rnd.nextInt(3)) {
        0 -> GameMode.TwoPlayers
        else -> GameMode.VsComputer(Level.entries.random(rnd), Side.entries.random(rnd))
    }

    @Test
    fun randomCallsOnOneThread() {
        val rnd = Random(20261130)
        var games = 0
        var ended = 0
        CancelHandle().use { shared ->
            repeat(30) {
                GameSession.newGame(Variant.entries.random(rnd), randomMode(rnd), rnd.nextBoolean(), null).use { game ->
                    games++
                    val size = game.snapshot().size.toInt()
                    repeat(150) { randomCall(rnd, game, size, shared) }
                    if (game.snapshot().status != GameStatus.Ongoing) ended++
                    // Twice: the second is refused (the game is over).
                    try { game.resign() } catch (e: TaflException) { refused(e) }
                    try {
                        game.resign()
                        throw AssertionError("resigned twice")
                    } catch (e: TaflException.GameOver) {
                        refused(e)
                    }
                }
            }
        }
        println("stress, one thread: $games games, $ended ended; refusals $refusals")
        for (kind in listOf("OffBoard", "NotInLine", "NothingToUndo", "GameOver")) {
            assertTrue((refusals[kind]?.get() ?: 0) > 0, "no $kind seen: $refusals")
        }
    }

    /**
     * `threads` threads make `calls` random calls each on one shared session; when its game has
     * ended, a thread may start the next one (as the app does). Returns the last session (open)
     * and how many games were played; the others are closed.
     */
    private fun hammer(first: GameSession, threads: Int, calls: Int, seed: Int, next: () -> GameSession): Pair<GameSession, Int> {
        val failures = Collections.synchronizedList(mutableListOf<Throwable>())
        val barrier = CyclicBarrier(threads)
        val current = AtomicReference(first)
        val all = Collections.synchronizedList(mutableListOf(first))
        CancelHandle().use { shared ->
            val workers = (0 until threads).map { t ->
                thread(name = "stress-$t") {
                    val rnd = Random(seed + t)
                    val size = first.snapshot().size.toInt()
                    try {
                        barrier.await()
                        repeat(calls) {
                            val game = current.get()
                            randomCall(rnd, game, size, shared)
                            if (rnd.nextInt(8) == 0 && game.snapshot().status != GameStatus.Ongoing) {
                                // One new game at a time, as from the app's one UI thread: two
                                // created at once would both claim the store's unfinished game.
                                synchronized(current) {
                                    if (current.get() === game) {
                                        val fresh = next()
                                        current.set(fresh)
                                        all += fresh
                                    }
                                }
                            }
                        }
                    } catch (e: Throwable) {
                        failures += e
                    }
                }
            }
            workers.forEach { it.join(120_000) }
            assertTrue(workers.none { it.isAlive }, "a worker hangs")
        }
        if (failures.isNotEmpty()) throw AssertionError("${failures.size} unexpected failures", failures.first())
        val last = current.get()
        all.filter { it !== last }.forEach { it.close() }
        return last to all.size
    }

    @Test
    fun fourThreadsOnOneSession() {
        var gamesPlayed = 0
        for ((i, mode) in listOf(
            GameMode.TwoPlayers,
            GameMode.VsComputer(Level.EASY, Side.ATTACKERS),
            GameMode.VsComputer(Level.HARD, Side.DEFENDERS),
        ).withIndex()) {
            for (variant in Variant.entries) {
                val (last, count) = hammer(
                    GameSession.newGame(variant, mode, true, null), threads = 4, calls = 300,
                    seed = 1000 * i + variant.ordinal,
                ) { GameSession.newGame(variant, mode, true, null) }
                gamesPlayed += count
                last.use { game ->
                    val s = game.snapshot()
                    assertEquals(s.size.toInt() * s.size.toInt(), s.squares.size)
                    // The history replays: undo goes back as far as it can.
                    while (game.snapshot().canUndo) game.undo()
                }
            }
        }
        println("stress, 4 threads: $gamesPlayed games; refusals $refusals")
        assertTrue((refusals["NotYourTurn"]?.get() ?: 0) + (refusals["NotComputersTurn"]?.get() ?: 0) > 0)
    }

    @Test
    fun fourThreadsOnOneSessionWithAStore() {
        val path = dir.resolve("stress.db").toString()
        val lastSnapshot = AtomicReference<app.hnefi.core.GameSnapshot>()
        TaflStore.open(path).use { store ->
            val mode = GameMode.VsComputer(Level.NORMAL, Side.ATTACKERS)
            val (last, count) = hammer(
                GameSession.newGame(Variant.BRANDUBH, mode, true, store), threads = 4, calls = 250, seed = 77,
            ) { GameSession.newGame(Variant.BRANDUBH, mode, true, store) }
            println("stress with a store: $count games")
            last.use { game ->
                val s = game.snapshot()
                assertNull(s.saveError)
                lastSnapshot.set(s)
            }
        }
        TaflStore.open(path).use { store ->
            assertNull(store.notice())
            val s = lastSnapshot.get()
            if (s.status == GameStatus.Ongoing) {
                assertEquals(s, app.hnefi.core.resumeGame(store)!!.use { it.snapshot() })
            } else {
                assertTrue(store.finishedGames().isNotEmpty())
                assertTrue(!store.hasUnfinishedGame())
            }
        }
    }
}
