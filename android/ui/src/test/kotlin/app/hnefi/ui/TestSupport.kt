package app.hnefi.ui

import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.TaflStore
import app.hnefi.core.Variant
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.test.resetMain
import kotlinx.coroutines.test.setMain
import kotlinx.coroutines.withTimeout
import java.io.File
import java.nio.file.Files
import java.util.concurrent.Executors
import kotlin.coroutines.CoroutineContext

/**
 * Runs a view model the way the app does: events on one "main" thread, the computer's move on
 * Dispatchers.Default, against the real core (loaded through JNA).
 *
 * @param create makes the view model, on the main thread; by default directly, with [thinkMs]
 *   as the computer's thinking time at every level.
 */
@OptIn(ExperimentalCoroutinesApi::class)
class Harness(
    store: TaflStore? = null,
    thinkMs: UInt? = 30u,
    computerContext: CoroutineContext = Dispatchers.Default,
    create: () -> HnefiViewModel = { HnefiViewModel(store, thinkTimeMs = { thinkMs }, computerContext = computerContext) },
) : AutoCloseable {
    private val executor = Executors.newSingleThreadExecutor { r -> Thread(r, "test-main").apply { isDaemon = true } }
    val main = executor.asCoroutineDispatcher()

    init {
        Dispatchers.setMain(main)
    }

    val vm: HnefiViewModel = onMain(create)

    val state: UiState get() = vm.state.value
    val game: GameUi get() = state.game ?: error("no game on screen")
    val turnBar: String get() = turnBarText(EnglishStrings, game)

    fun <T> onMain(block: () -> T): T = runBlocking(main) { block() }

    fun send(vararg events: UiEvent) = onMain { events.forEach(vm::onEvent) }

    fun tap(square: String) = send(UiEvent.SquareTapped(Sq.parse(square)))

    /** A move by taps: the piece, then its target. */
    fun move(move: String) {
        val (from, to) = move.split("-")
        tap(from)
        check(game.square(to)?.target == true) { "$to is not a target of $from: ${game.squares.filter { it.target }.map { it.name }}" }
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
                throw AssertionError("timed out waiting for $what; last state: ${vm.state.value.game?.let { turnBarText(EnglishStrings, it) }}", e)
            }
        }

    /** Clears the view model as Android does when its screen goes away (onCleared). */
    fun clear() = onMain {
        val owner = androidx.lifecycle.ViewModelStore()
        owner.put("vm", vm)
        owner.clear()
    }

    override fun close() {
        Dispatchers.resetMain()
        executor.shutdownNow()
    }
}

fun tempDb(): File = Files.createTempDirectory("hnefi-test").toFile().resolve("hnefi.db")

/** Brandubh: attackers d1 d2 a4 b4 f4 g4 d6 d7, defenders d3 c4 e4 d5, king d4; attackers first. */
val brandubhUpToKingOnEdge = listOf("a4-a3", "e4-e7", "a3-a2", "d4-e4", "b4-b5", "e4-e1")

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
