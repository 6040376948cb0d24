package app.hnefi.ui

import app.hnefi.core.Coord
import app.hnefi.core.Language
import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.TaflStore
import app.hnefi.core.Variant
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.cancel
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.test.resetMain
import kotlinx.coroutines.test.setMain
import kotlinx.coroutines.withTimeout
import java.io.File
import java.nio.file.Files
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.Executors
import kotlin.coroutines.CoroutineContext

/** A square by its name: "f6" is file 5, rank 5. */
fun sq(name: String): Coord = Coord((name[0] - 'a').toUByte(), (name.substring(1).toInt() - 1).toUByte())

/**
 * Runs a view model the way the app does: events on one "main" thread, the store's reads on
 * Dispatchers.IO, the computer's move on Dispatchers.Default, against the real core (loaded
 * through JNA). Every effect the view model emits is recorded in [effects].
 *
 * @param create makes the view model, on the main thread; by default directly, with [thinkMs]
 *   as the computer's thinking time at every level.
 */
@OptIn(ExperimentalCoroutinesApi::class)
class Harness(
    store: TaflStore? = null,
    thinkMs: UInt? = 30u,
    computerContext: CoroutineContext = Dispatchers.Default,
    language: Language = Language.ENGLISH,
    hintMs: UInt? = 150u,
    create: () -> HnefiViewModel = {
        HnefiViewModel({ store }, language, EngineTiming({ thinkMs }, hintMs, computerContext))
    },
) : AutoCloseable {
    private val executor = Executors.newSingleThreadExecutor { r -> Thread(r, "test-main").apply { isDaemon = true } }
    val main = executor.asCoroutineDispatcher()
    private val collector = CoroutineScope(SupervisorJob() + Dispatchers.Default)

    init {
        Dispatchers.setMain(main)
    }

    val vm: HnefiViewModel = onMain(create)

    /** Every sound, vibration and share the view model asked for, in order. */
    val effects: MutableList<UiEffect> = CopyOnWriteArrayList()

    init {
        collector.launch { vm.effects.collect { effects += it } }
        awaitState(what = "the store to load") { !it.loading }
    }

    val state: UiState get() = vm.state.value
    val game: GameUi get() = state.game ?: error("no game on screen")
    val turnBar: String get() = game.turnBar

    fun <T> onMain(block: () -> T): T = runBlocking(main) { block() }

    /**
     * Sends events on the main thread, then lets the coroutines they launched take their first
     * step there (the main dispatcher queues them behind the events), so that a search they
     * start has reached its own dispatcher when this returns.
     */
    fun send(vararg events: UiEvent) {
        onMain { events.forEach(vm::onEvent) }
        onMain {}
    }

    fun tap(square: String) = send(UiEvent.SquareTapped(sq(square)))

    fun targets(): Set<String> = game.squares.filter { it.target }.map { it.name }.toSet()

    /** A move by taps: the piece, then its target. */
    fun move(move: String) {
        val (from, to) = move.split("-")
        tap(from)
        check(game.square(sq(to)).target) { "$to is not a target of $from: ${targets()} (${game.flash?.text})" }
        tap(to)
    }

    fun newGame(variant: Variant, vsComputer: Boolean, level: Level = Level.EASY, side: Side = Side.DEFENDERS) {
        send(
            UiEvent.Back,
            UiEvent.ChooseVariant(variant),
            UiEvent.ChooseOpponent(vsComputer),
            UiEvent.ChooseLevel(level),
            UiEvent.ChooseSide(side),
            UiEvent.NewGame,
        )
        if (state.confirmNewGame) send(UiEvent.ConfirmNewGame)
    }

    fun awaitState(timeoutMs: Long = 20_000, what: String = "state", predicate: (UiState) -> Boolean): UiState =
        runBlocking {
            try {
                withTimeout(timeoutMs) { vm.state.first(predicate) }
            } catch (e: Exception) {
                throw AssertionError("timed out waiting for $what; last turn bar: ${vm.state.value.game?.turnBar}", e)
            }
        }

    /** Waits until no effect has arrived for a while, then forgets those seen so far. */
    fun forgetEffects() {
        var seen = -1
        while (seen != effects.size) {
            seen = effects.size
            Thread.sleep(60)
        }
        effects.clear()
    }

    /** Waits until the view model has emitted [count] effects (they pass through a channel). */
    fun awaitEffects(count: Int, timeoutMs: Long = 5_000): List<UiEffect> {
        val until = System.nanoTime() + timeoutMs * 1_000_000
        while (effects.size < count && System.nanoTime() < until) Thread.sleep(5)
        return effects.toList()
    }

    /** Clears the view model as Android does when its screen goes away (onCleared). */
    fun clear() = onMain {
        val owner = androidx.lifecycle.ViewModelStore()
        owner.put("vm", vm)
        owner.clear()
    }

    override fun close() {
        collector.cancel()
        Dispatchers.resetMain()
        executor.shutdownNow()
    }
}

fun tempDb(): File = Files.createTempDirectory("hnefi-test").toFile().resolve("hnefi.db")

/** Brandubh: attackers d1 d2 a4 b4 f4 g4 d6 d7, defenders d3 c4 e4 d5, king d4; attackers first. */
val brandubhUpToKingOnEdge = listOf("a4-a3", "e4-e7", "a3-a2", "d4-e4", "b4-b5", "e4-e1")

/** Copenhagen, five plies: the attackers take the defender on h3 between h2 and h4. */
val copenhagenMidGame = listOf("d1-d3", "h6-h3", "k4-h4", "g7-g9", "h1-h2")

/** Tablut, eight plies: the king on c3 has free paths to a3 and c1 (tuichi). */
val tablutTuichi = listOf("i6-i7", "e4-h4", "i7-i8", "e5-e4", "i8-i7", "e4-c4", "i7-i8", "c4-c3")

/**
 * Two real Copenhagen games (aagenielsen.dk, CC0, from /work/shared/conformance): the attackers
 * close a ring around every defender on ply 39; the king holds an exit fort on ply 36.
 */
val copenhagenRing = (
    "d1-d3 g5-g2 h1-h2 f5-i5 g1-g3 g6-g4 f10-i10 g7-g10 b6-b9 e7-e9 h11-h10 f7-g7 f11-f10 d6-b6 a4-c4 " +
        "e6-e8 a5-b5 f6-c6 f10-c10 b6-b7 k5-j5 h6-h7 j6-j9 c6-i6 k4-i4 i5-g5 e1-e3 b7-d7 h2-h4 d7-d6 k7-j7 " +
        "i6-f6 k8-i8 f6-h6 j9-g9 g7-e7 h10-h9 e7-g7 i10-f10"
    ).split(" ")
val copenhagenFort = (
    "a4-c4 d6-d3 a5-b5 e5-c5 d11-d5 e6-d6 a8-c8 e7-e10 g11-g9 f6-e6 g9-e9 e6-e2 d1-d2 e2-e3 g1-g3 f4-d4 " +
        "a6-a3 d3-c3 e1-c1 f5-c5 d2-b2 h6-h3 k4-i4 f7-f3 j6-j3 g5-g1 f2-i2 e3-e1 k8-i8 d4-d1 h11-h6 f3-f2 " +
        "e9-e3 d6-d2 k5-g5 d2-e2"
    ).split(" ")

/**
 * Runs the computer's searches on their own threads, but only when the test releases them: the
 * easy and normal levels search to a fixed depth and answer within milliseconds, so this is
 * how a test cancels one of their searches before it has finished.
 */
class GatedDispatcher : CoroutineDispatcher() {
    private val pending = mutableListOf<Runnable>()

    @Synchronized
    override fun dispatch(context: CoroutineContext, block: Runnable) {
        pending += block
    }

    @Synchronized
    fun pendingCount(): Int = pending.size

    /** Starts every search waiting so far, each on a thread of its own. */
    fun release() {
        val now = synchronized(this) { pending.toList().also { pending.clear() } }
        now.map { Thread(it).apply { start() } }.forEach { it.join(10_000) }
    }
}
