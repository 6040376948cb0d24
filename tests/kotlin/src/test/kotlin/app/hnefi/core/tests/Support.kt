package app.hnefi.core.tests

import app.hnefi.core.AppConfig
import app.hnefi.core.ButtonView
import app.hnefi.core.ChoiceGroup
import app.hnefi.core.Coord
import app.hnefi.core.EngineConfig
import app.hnefi.core.EntryView
import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.FrameListener
import app.hnefi.core.FramePatch
import app.hnefi.core.GameView
import app.hnefi.core.HnefiApp
import app.hnefi.core.Language
import app.hnefi.core.Level
import app.hnefi.core.PageItem
import app.hnefi.core.PageView
import app.hnefi.core.ReviewView
import app.hnefi.core.ScreenKind
import app.hnefi.core.ScreenView
import app.hnefi.core.SettingKind
import app.hnefi.core.Side
import app.hnefi.core.TableView
import app.hnefi.core.ToggleView
import app.hnefi.core.Variant
import app.hnefi.ui.patched
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.fail

/**
 * Fixed work for the engine, so that every machine plays the same moves: node counts and no
 * clock, no pause before the computer thinks, one thread.
 */
val testEngine = EngineConfig(
    thinkMs = null,
    thinkNodes = 2_000uL,
    hintMs = null,
    hintNodes = 4_000uL,
    pauseMs = 0u,
    threads = 1u,
)

fun config(
    database: Path? = null,
    language: Language = Language.ENGLISH,
    dark: Boolean = false,
    saved: String? = null,
    engine: EngineConfig = testEngine,
    utcOffsetMinutes: Int = 0,
): AppConfig = AppConfig(
    databasePath = database?.toString(),
    language = language,
    dark = dark,
    utcOffsetMinutes = utcOffsetMinutes,
    engine = engine,
    savedState = saved,
)

/** How long a test waits for work behind (a search of a few thousand nodes, a store read). */
const val SETTLE_MS = 30_000L

/**
 * Collects the frames the core hands over, from any thread, and checks the contract of the
 * calls themselves as they come: one call at a time, in strictly increasing revisions.
 */
class Frames : FrameListener {
    private val lock = ReentrantLock()
    private val changed = lock.newCondition()
    private val frames = ArrayList<Frame>()
    private val threadNames = ArrayList<String>()
    private val inside = AtomicInteger()

    /** Calls that overlapped another call (the core promises none). */
    val overlapping = AtomicInteger()

    /** Calls whose revision was not above the previous call's (the core promises none). */
    val outOfOrder = AtomicInteger()

    override fun onFrame(frame: Frame) = take { frame }

    /** A patch makes the next frame of the newest one, as the app's view model makes it. */
    override fun onPatch(patch: FramePatch) = take { frames.lastOrNull()?.patched(patch) }

    private fun take(next: () -> Frame?) {
        if (inside.incrementAndGet() > 1) overlapping.incrementAndGet()
        try {
            lock.withLock {
                val frame = next() ?: return
                if (frames.isNotEmpty() && frame.revision <= frames.last().revision) {
                    outOfOrder.incrementAndGet()
                }
                frames += frame
                threadNames += Thread.currentThread().name
                changed.signalAll()
            }
        } finally {
            inside.decrementAndGet()
        }
    }

    val all: List<Frame> get() = lock.withLock { frames.toList() }

    val count: Int get() = lock.withLock { frames.size }

    /** The names of the threads that delivered each frame, in the order of [all]. */
    val threads: List<String> get() = lock.withLock { threadNames.toList() }

    /** The frame with the highest revision (what a shell shows). */
    val newest: Frame get() = lock.withLock { frames.maxByOrNull { it.revision } } ?: fail("no frame yet")

    /** The highest revision delivered so far (0 before the first frame). */
    val highestRevision: ULong get() = lock.withLock { frames.maxOfOrNull { it.revision } ?: 0uL }

    /** Waits until the newest frame satisfies [test]; fails after [timeoutMs]. */
    fun await(what: String, timeoutMs: Long = SETTLE_MS, test: (Frame) -> Boolean): Frame {
        val end = System.currentTimeMillis() + timeoutMs
        lock.withLock {
            while (true) {
                frames.maxByOrNull { it.revision }?.let { if (test(it)) return it }
                val left = end - System.currentTimeMillis()
                if (left <= 0) fail("timed out after $timeoutMs ms waiting for: $what")
                changed.await(left, TimeUnit.MILLISECONDS)
            }
        }
    }

    /** Waits until the newest frame has no work behind it (a step has settled). */
    fun settled(timeoutMs: Long = SETTLE_MS): Frame = await("a frame with busy == false", timeoutMs) { !it.busy }

    /** Frames after the first [n]. */
    fun since(n: Int): List<Frame> = lock.withLock { frames.drop(n) }

    fun assertContractKept() {
        assertEquals(0, overlapping.get(), "listener calls overlapped")
        assertEquals(0, outOfOrder.get(), "listener calls out of revision order")
    }
}

/** How many test apps hold each database file. */
private val appsOnFile = java.util.concurrent.ConcurrentHashMap<String, AtomicInteger>()

/**
 * Fails unless the core has let go of the database at [path]: `HnefiApp.close()` returns only
 * once the app's work has ended and its store has written everything and closed the file, so
 * that nothing may hold it after, not even for a moment.
 *
 * "Let go" is read from the process's open files (`/proc/self/fd`): no descriptor may point at
 * the database or its `-wal` and `-shm` companions. (The `-wal` file vanishing is no sign: when
 * two handles on one file close at the same moment, neither may get the lock SQLite needs to
 * remove it, and it stays behind with nothing holding it.)
 */
fun assertReleased(path: String) {
    heldFile(path)?.let { fail("the core still holds $it after close() returned") }
}

/** The database file at [path] (or its `-wal` or `-shm`) that this process holds open, if any. */
fun heldFile(path: String): Path? {
    val fds = java.io.File("/proc/self/fd")
    check(fds.isDirectory) { "heldFile reads /proc/self/fd, which this system lacks" }
    val files = try {
        val file = Path.of(path).toAbsolutePath()
        // Descriptors name real paths: resolve the folder's links (the file may be gone).
        val folder = file.parent.toRealPath()
        listOf("", "-wal", "-shm").map { folder.resolve(file.fileName.toString() + it) }
    } catch (_: java.nio.file.InvalidPathException) {
        return null
    } catch (_: java.io.IOException) {
        return null // no such folder: nothing in it is open
    }
    return fds.listFiles().orEmpty().firstNotNullOfOrNull { fd ->
        val target = try {
            java.nio.file.Files.readSymbolicLink(fd.toPath())
        } catch (_: java.io.IOException) {
            null // closed while we looked
        }
        target?.takeIf { it in files }
    }
}

/**
 * An app with its listener. [close] closes it and, when no other test app holds its database,
 * checks that the core has closed the file by the time close() returned.
 */
class TestApp(config: AppConfig) : AutoCloseable {
    val frames = Frames()
    private val database = config.databasePath?.also { appsOnFile.computeIfAbsent(it) { AtomicInteger() }.incrementAndGet() }
    val app = HnefiApp(config, frames)

    fun send(vararg events: Event) = events.forEach(app::send)

    val newest: Frame get() = frames.newest

    fun settled(): Frame = frames.settled()

    /** Sends and waits for the work it started. */
    fun sendSettled(vararg events: Event): Frame {
        send(*events)
        return settled()
    }

    /**
     * The app leaves the screen, which writes everything queued for the database; returns once
     * it is written (the flush is work behind, so the frame is busy until then).
     */
    fun flush(): Frame = sendSettled(Event.Background).also { send(Event.Foreground) }

    override fun close() {
        app.close()
        val path = database ?: return
        if (appsOnFile.getValue(path).decrementAndGet() == 0) assertReleased(path)
    }
}

fun startApp(config: AppConfig): TestApp = TestApp(config).also { it.settled() }

// --- reading frames ---

val Frame.page: PageView? get() = (screen as? ScreenView.Page)?.page
val Frame.game: GameView? get() = (screen as? ScreenView.Game)?.game
val Frame.review: ReviewView? get() = (screen as? ScreenView.Review)?.review

fun Frame.requirePage(): PageView = assertNotNull(page, "a page, not $screen")
fun Frame.requireGame(): GameView = assertNotNull(game, "the game screen, not ${screen.javaClass.simpleName}")
fun Frame.requireReview(): ReviewView = assertNotNull(review, "the review screen, not ${screen.javaClass.simpleName}")

/** Every button of a page, top to bottom, with the buttons side by side in order. */
val PageView.buttons: List<ButtonView>
    get() = items.flatMap {
        when (it) {
            is PageItem.Button -> listOf(it.button)
            is PageItem.Buttons -> it.buttons
            else -> emptyList()
        }
    }

fun PageView.button(id: String): ButtonView =
    buttons.firstOrNull { it.id == id } ?: fail("no button '$id' on $kind: ${buttons.map { it.id }}")

val PageView.toggles: List<ToggleView> get() = items.filterIsInstance<PageItem.Toggle>().map { it.toggle }
val PageView.choices: List<ChoiceGroup> get() = items.filterIsInstance<PageItem.Choices>().map { it.group }
val PageView.entries: List<EntryView> get() = items.filterIsInstance<PageItem.Entry>().map { it.entry }
val PageView.errors: List<String> get() = items.filterIsInstance<PageItem.Error>().map { it.text }
val PageView.table: TableView
    get() = items.filterIsInstance<PageItem.Table>().singleOrNull()?.table ?: fail("no single table on $kind")

fun PageView.toggle(setting: SettingKind): ToggleView =
    toggles.firstOrNull { it.setting == setting } ?: fail("no toggle for $setting")

fun GameView.control(id: String): ButtonView =
    controls.firstOrNull { it.id == id } ?: fail("no control '$id': ${controls.map { it.id }}")

val GameView.over: Boolean get() = controls.any { it.id == "playAgain" }
val GameView.plies: Int get() = moves.rows.sumOf { it.cells.size }
val GameView.moveTexts: List<String> get() = moves.rows.flatMap { row -> row.cells.map { it.text } }

/**
 * The records as (wins, losses, draws) by row id ("record-BRANDUBH-EASY-ATTACKERS"), over the
 * page's tables (one per game played against the computer; none before the first).
 */
val PageView.records: Map<String, Triple<Int, Int, Int>>
    get() = items.filterIsInstance<PageItem.Table>().flatMap { it.table.rows }.associate { row ->
        row.id to Triple(row.cells[1].toInt(), row.cells[2].toInt(), row.cells[3].toInt())
    }

// --- squares ---

/** A square by its name: "a1" is file 0, rank 0. */
fun sq(name: String): Coord = Coord(file = (name[0] - 'a').toUByte(), rank = (name.substring(1).toInt() - 1).toUByte())

fun Coord.name(): String = "${'a' + file.toInt()}${rank.toInt() + 1}"

/** A move as a screen reader makes it: the piece's square, then the target's. */
fun move(notation: String): Array<Event> {
    val (from, to) = notation.split('-')
    return arrayOf(Event.ActivateSquare(sq(from)), Event.ActivateSquare(sq(to)))
}

/** The events that start a game from the start screen. */
fun newGameEvents(variant: Variant = Variant.BRANDUBH, vsComputer: Boolean = false): Array<Event> = arrayOf(
    Event.ChooseVariant(variant),
    Event.ChooseOpponent(vsComputer),
    Event.NewGame,
)

/**
 * A two-player Brandubh game the defenders win in six plies: the king runs d4-a4 and escapes
 * to the corner a7 (the parity scenario two-players-king-escapes).
 */
val BRANDUBH_KING_ESCAPE = listOf("b4-b1", "c4-c7", "a4-a3", "d4-a4", "d7-e7", "a4-a7")

// --- JSON, for reading trace lines (a few lines rather than a dependency) ---

/** Parses JSON into maps, lists, strings, doubles, booleans and nulls; throws on bad text. */
fun parseJson(text: String): Any? = JsonReader(text).run {
    val value = value()
    skipSpace()
    require(at == text.length) { "text after the JSON value at $at" }
    value
}

private class JsonReader(val s: String) {
    var at = 0

    fun skipSpace() {
        while (at < s.length && s[at].isWhitespace()) at++
    }

    fun value(): Any? {
        skipSpace()
        require(at < s.length) { "unexpected end of JSON" }
        return when (s[at]) {
            '{' -> obj()
            '[' -> list()
            '"' -> string()
            't' -> word("true", true)
            'f' -> word("false", false)
            'n' -> word("null", null)
            else -> number()
        }
    }

    private fun word(w: String, v: Any?): Any? {
        require(s.startsWith(w, at)) { "bad JSON at $at" }
        at += w.length
        return v
    }

    private fun number(): Double {
        val start = at
        while (at < s.length && (s[at].isDigit() || s[at] in "+-.eE")) at++
        return s.substring(start, at).toDoubleOrNull() ?: throw IllegalArgumentException("bad number at $start")
    }

    private fun string(): String {
        at++
        val out = StringBuilder()
        while (true) {
            require(at < s.length) { "unterminated string" }
            val c = s[at++]
            when (c) {
                '"' -> return out.toString()
                '\\' -> {
                    val e = s[at++]
                    when (e) {
                        'n' -> out.append('\n')
                        't' -> out.append('\t')
                        'r' -> out.append('\r')
                        'b' -> out.append('\b')
                        'f' -> out.append('\u000c')
                        'u' -> { out.append(s.substring(at, at + 4).toInt(16).toChar()); at += 4 }
                        else -> out.append(e)
                    }
                }
                else -> out.append(c)
            }
        }
    }

    private fun list(): List<Any?> {
        at++
        val out = ArrayList<Any?>()
        skipSpace()
        if (s[at] == ']') { at++; return out }
        while (true) {
            out += value()
            skipSpace()
            when (s[at++]) {
                ',' -> continue
                ']' -> return out
                else -> throw IllegalArgumentException("bad list at ${at - 1}")
            }
        }
    }

    private fun obj(): Map<String, Any?> {
        at++
        val out = LinkedHashMap<String, Any?>()
        skipSpace()
        if (s[at] == '}') { at++; return out }
        while (true) {
            skipSpace()
            val key = string()
            skipSpace()
            require(s[at++] == ':') { "bad object at ${at - 1}" }
            out[key] = value()
            skipSpace()
            when (s[at++]) {
                ',' -> continue
                '}' -> return out
                else -> throw IllegalArgumentException("bad object at ${at - 1}")
            }
        }
    }
}

// --- playing against the computer ---

/**
 * The person asks for a hint and plays it (the squares a screen reader calls "hinted move":
 * the one with a piece is where it starts), then waits for the computer's answer.
 */
fun TestApp.playTheHint(): GameView {
    settled() // (a hint is not given while the computer thinks)
    val hinted = sendSettled(Event.Hint).requireGame()
    val marked = hinted.board.squares.filter { "hinted move" in it.label }
    val occupied = hinted.board.plan.pieces.map { it.square }.toSet()
    val from = marked.single { it.square in occupied }.square
    val to = marked.single { it.square !in occupied }.square
    send(Event.ActivateSquare(from), Event.ActivateSquare(to))
    return settled().requireGame()
}

/** Plays hinted moves until the game is over (at most [limit] of them). */
fun TestApp.playToTheEndByHints(limit: Int = 100): GameView {
    var game = settled().requireGame()
    repeat(limit) {
        if (game.over) return game
        game = playTheHint()
    }
    fail("the game did not end in $limit moves: ${game.moveTexts}")
}

/** The events that start a game against the computer. */
fun vsComputerEvents(level: Level, side: Side, variant: Variant = Variant.BRANDUBH): Array<Event> = arrayOf(
    Event.ChooseVariant(variant),
    Event.ChooseOpponent(true),
    Event.ChooseLevel(level),
    Event.ChooseSide(side),
    Event.NewGame,
)

// --- the store's screens ---

/** The records page, read from the store (then back to the start screen). */
fun TestApp.readRecords(): Map<String, Triple<Int, Int, Int>> {
    send(Event.Open(ScreenKind.RECORDS))
    val page = settled().requirePage()
    assertEquals(ScreenKind.RECORDS, page.kind)
    send(Event.Back)
    return page.records
}

/** The history's entries, read from the store (then back to the start screen). */
fun TestApp.readHistory(): List<EntryView> {
    send(Event.Open(ScreenKind.HISTORY))
    val page = settled().requirePage()
    assertEquals(ScreenKind.HISTORY, page.kind)
    send(Event.Back)
    return page.entries
}

/** Whether the start screen offers to resume an unfinished game. */
val Frame.offersResume: Boolean get() = page?.buttons?.any { it.id == "resume" } == true
