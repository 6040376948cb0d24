package app.hnefi.core.tests

import app.hnefi.core.Coord
import app.hnefi.core.Effect
import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.FrameListener
import app.hnefi.core.FramePatch
import app.hnefi.core.HnefiApp
import app.hnefi.core.Language
import app.hnefi.core.Level
import app.hnefi.core.PageItem
import app.hnefi.core.Point
import app.hnefi.core.ScreenKind
import app.hnefi.core.Side
import app.hnefi.core.TouchPhase
import app.hnefi.core.Variant
import app.hnefi.core.deviceEngine
import app.hnefi.core.languageForLocales
import app.hnefi.core.scenarioEvents
import app.hnefi.core.scenarioSetup
import app.hnefi.core.traceStep
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import org.junit.jupiter.api.io.TempDir

/**
 * Hostile input never throws across the FFI and never breaks the app: non-finite and far
 * touches, huge and malformed text, unknown ids, odd configurations and saved states.
 */
class ErrorsTest {
    private val weirdFloats = listOf(
        Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MAX_VALUE, -Float.MAX_VALUE,
        Float.MIN_VALUE, -0f, 1e30f, -1e-30f,
    )

    /** Every line of a trace is still JSON, whatever the frame holds. */
    private fun assertTraceable(frame: Frame, event: Event? = null) {
        val line = traceStep(event, frame, frame.effects)
        assertFalse('\n' in line)
        assertIs<Map<*, *>>(parseJson(line))
    }

    @Test
    fun nonFiniteAndFarTouchesMoveNothing(): Unit = startApp(config()).use { t ->
        for (variant in Variant.entries) {
            t.send(Event.ChooseVariant(variant), Event.ChooseOpponent(false), Event.NewGame)
            t.newest.page?.question?.let { t.send(it.confirm.event) }
            val start = t.newest.requireGame().board.plan.pieces
            // Each odd value with a sound one (on either axis), and with another odd one.
            val points = weirdFloats.flatMap { listOf(Point(it, 3.5f), Point(3.5f, it)) } +
                weirdFloats.zip(weirdFloats.reversed()) { x, y -> Point(x, y) }
            for (point in points) {
                for (phase in TouchPhase.entries) t.send(Event.Touch(phase, point))
                assertTraceable(t.newest, Event.Touch(TouchPhase.DRAG_MOVE, point))
            }
            // A drag that went astray, then ended nowhere: the piece goes back.
            val node = t.newest.requireGame().board.squares.first { it.square == sq("a4") }
            t.send(Event.Touch(TouchPhase.DRAG_START, Point(node.x + 0.5f, node.y + 0.5f)))
            t.send(Event.Touch(TouchPhase.DRAG_MOVE, Point(Float.NaN, Float.NEGATIVE_INFINITY)))
            assertTraceable(t.newest)
            t.send(Event.Touch(TouchPhase.DRAG_END, Point(Float.NaN, Float.NaN)))
            val game = t.newest.requireGame()
            assertNull(game.board.plan.lifted)
            assertEquals(start, game.board.plan.pieces, "$variant: nothing moved")
            for (f in weirdFloats) t.send(Event.ChartTouch(f))
            t.send(Event.Back)
        }
        t.frames.assertContractKept()
    }

    @Test
    fun hugeAndStrangeTextIsTakenAndRefusedCalmly() {
        val strange = listOf(
            "é".repeat(200_000),
            "\u0000".repeat(10_000) + "1. b4-b3",
            "🜲🜲 ".repeat(20_000),
            "1. " + "b4-b3 b3-b4 ".repeat(10_000),
            "[Variant \"" + "x".repeat(50_000) + "\"]",
            "",
        )
        startApp(config()).use { t ->
            t.send(Event.Open(ScreenKind.IMPORT))
            for (text in strange) {
                t.send(Event.ImportText(text))
                val field = t.newest.requirePage().items.filterIsInstance<PageItem.TextField>().single().field
                assertEquals(text, field.text, "the text comes back as it was")
                t.sendSettled(Event.Import)
                t.newest.review?.let { review ->
                    // Control characters around a real move: read as that move, or refused.
                    assertTrue(text.startsWith("\u0000"), "only the text with a real move opens")
                    assertEquals("b4-b3", review.moves.rows.single().cells.single().text)
                    t.send(Event.Back)
                    continue
                }
                val page = t.newest.requirePage()
                assertEquals(ScreenKind.IMPORT, page.kind, "refused: stays on the import screen")
                assertTrue(page.errors.isNotEmpty(), "says why")
                assertTrue(t.frames.all.last { it.effects.isNotEmpty() }.effects.any { it is Effect.Announce && it.assertive })
            }
            // Text that is no UTF-16 (a lone surrogate, as a cut emoji leaves) is refused by the
            // generated bindings before it reaches the core (UniFFI's FfiConverterString reports
            // malformed input): the sender sees the exception, the app sees nothing.
            val before = t.frames.count
            assertFailsWith<java.nio.charset.CharacterCodingException> {
                t.app.send(Event.ImportText("cut \uD83C emoji"))
            }
            assertEquals(before, t.frames.count)
            // A game's text survives the saved state; a huge one is not kept (Android carries the
            // saved state through a binder transaction of about 1 MB: TransactionTooLarge), and
            // the saved state stays small. The import button still works after it all.
            val game = "1. " + "b4-b3 b3-b4 ".repeat(200)
            for ((text, kept) in listOf(game to true, strange[0] to false)) {
                t.send(Event.ImportText(text))
                val saved = t.app.savedState()
                assertTrue(saved.length < 64 * 1024, "${saved.length} characters saved")
                startApp(config(saved = saved)).use { again ->
                    val field = again.newest.requirePage().items.filterIsInstance<PageItem.TextField>().single().field
                    assertEquals(if (kept) text else "", field.text)
                }
            }
            t.send(Event.ImportText("1. b4-b3 c4-c3"), Event.Import)
            t.settled()
            assertEquals(2, t.newest.requireReview().moves.rows.single().cells.size)
        }
        // The free functions take it too.
        assertEquals(emptyList(), scenarioEvents(strange[0]))
        assertNull(scenarioSetup("[".repeat(100_000)), "deep nesting is refused, not a stack overflow")
        assertNull(scenarioSetup("{\"setup\":" + "{\"a\":".repeat(50_000)))
        startApp(config()).use { t ->
            val line = traceStep(Event.ImportText(strange[2]), t.newest, listOf(Effect.Announce(strange[0], false)))
            assertIs<Map<*, *>>(parseJson(line))
        }
    }

    @Test
    fun unknownIdsAndOutOfRangeNumbersAreIgnored(@TempDir dir: Path) {
        startApp(config(dir.resolve("hnefi.sqlite"))).use { t ->
            for (id in listOf(-1L, 0L, 1L, 999_999L, Long.MAX_VALUE, Long.MIN_VALUE)) {
                t.sendSettled(Event.OpenReview(id))
                assertEquals(ScreenKind.START, t.newest.requirePage().kind, "no review $id to open")
            }
            t.send(*newGameEvents(Variant.COPENHAGEN))
            for (c in listOf(Coord(255u, 255u), Coord(11u, 0u), Coord(0u, 11u), Coord(200u, 3u))) {
                t.send(Event.ActivateSquare(c))
                assertNull(t.newest.requireGame().flash, "no square $c: nothing to say")
            }
            for (id in listOf(ULong.MAX_VALUE, 0uL)) t.send(Event.FlashExpired(id))
            for (ply in listOf(0u, UInt.MAX_VALUE)) t.send(Event.ReviewMove(ply), Event.ReviewGoTo(ply))
            assertEquals(0, t.newest.requireGame().plies, "a game going on opens no review")
            t.send(*move("a4-a3"), Event.Resign, Event.Answer(true), Event.ReviewMove(UInt.MAX_VALUE))
            t.settled()
            // first, previous, next, last
            assertEquals(listOf(true, true, false, false), t.newest.requireReview().steps.map { it.enabled }, "at the end")
            t.send(Event.ReviewGoTo(UInt.MAX_VALUE))
            assertEquals(listOf(true, true, false, false), t.newest.requireReview().steps.map { it.enabled })
            t.send(Event.ChartTouch(Float.NaN))
            assertEquals(listOf(false, false, true, true), t.newest.requireReview().steps.map { it.enabled }, "at the start")
            t.send(Event.ChartTouch(Float.POSITIVE_INFINITY))
            assertEquals(listOf(true, true, false, false), t.newest.requireReview().steps.map { it.enabled })
        }
    }

    @Test
    fun oddSavedStatesStartTheAppSomewhereSound(@TempDir dir: Path) {
        val db = dir.resolve("hnefi.sqlite")
        startApp(config(db)).use { t ->
            t.send(*newGameEvents(), *move("b4-b3"))
            t.flush()
        }
        val states = listOf(
            "", "null", "[]", "42", "\"game\"", "{}", "{".repeat(10_000), "[".repeat(200_000),
            """{"screen": "no-such-screen"}""",
            """{"screen": 7, "setup": "x"}""",
            """{"screen": "review"}""",
            """{"screen": "review", "review_game": 9223372036854775807, "review_ply": 4294967295}""",
            """{"screen": "game", "selected": {"file": 255, "rank": 255}}""",
            """{"screen": "game", "selected": {"file": -1, "rank": 1e99}}""",
            """{"screen": "import", "import_text": "${"x".repeat(100_000)}"}""",
            """{"setup": {"variant": "brandubh", "vs_computer": true, "level": "hard", "side": "attackers"}, "rules": "tablut"}""",
        )
        for (saved in states) {
            startApp(config(db, saved = saved)).use { t ->
                val frame = t.newest
                assertTrue(frame.page != null || frame.game != null, "${saved.take(60)}: ${frame.screen}")
                t.send(Event.Back, Event.Back, Event.Back)
                assertEquals(ScreenKind.START, t.settled().requirePage().kind)
                assertTrue(t.newest.offersResume, "${saved.take(60)}: the game is still there")
            }
        }
    }

    @Test
    fun oddConfigurationsStillGiveAWorkingApp(@TempDir dir: Path) {
        val engines = listOf(
            testEngine.copy(thinkNodes = 0uL, hintNodes = 0uL),
            // (Node counts make a search use one thread: these search on the clock.)
            testEngine.copy(thinkNodes = null, thinkMs = 20u, hintNodes = null, hintMs = 20u, threads = 0u),
            testEngine.copy(thinkNodes = null, thinkMs = 20u, hintNodes = null, hintMs = 20u, threads = UInt.MAX_VALUE),
            testEngine.copy(thinkNodes = null, thinkMs = 0u, hintNodes = null, hintMs = 0u),
            deviceEngine(0u).copy(pauseMs = 0u, thinkMs = 1u, hintMs = 1u),
        )
        for (engine in engines) {
            startApp(config(engine = engine)).use { t ->
                t.send(*vsComputerEvents(Level.HARD, Side.DEFENDERS))
                assertEquals(1, t.settled().requireGame().plies, "$engine: the computer moved")
                t.sendSettled(Event.Hint)
                assertTrue(t.newest.requireGame().board.squares.any { "hinted move" in it.label }, "$engine: a hint")
            }
        }
        val paths = listOf(
            "", "\u0000", dir.toString(), "$dir/a\u0000b", "/proc/no/such/place.sqlite",
            dir.resolve("x".repeat(5_000)).toString(), dir.resolve("deep/er/still/hnefi.sqlite").toString(),
        )
        for (path in paths) {
            TestApp(config(engine = testEngine).copy(databasePath = path)).use { t ->
                t.settled()
                t.send(*newGameEvents(), *move("b4-b3"))
                assertEquals(1, t.newest.requireGame().plies, "${path.take(40)}: playable")
                t.flush()
            }
        }
        assertTrue(Files.exists(dir.resolve("deep/er/still/hnefi.sqlite")), "missing folders are made")
        // Time zones at the ends of the range still give a history line.
        val db = dir.resolve("zones.sqlite")
        startApp(config(db)).use { t ->
            t.send(*vsComputerEvents(Level.EASY, Side.ATTACKERS), Event.Resign, Event.Answer(true), Event.Back)
            t.flush()
        }
        for (offset in listOf(Int.MIN_VALUE, Int.MAX_VALUE, 0)) {
            startApp(config(db, utcOffsetMinutes = offset)).use { t ->
                assertTrue(t.readHistory().single().detail.isNotBlank(), "offset $offset")
            }
        }
    }

    @Test
    fun strangeLocalesFallBackToEnglish() {
        assertEquals(Language.ENGLISH, languageForLocales(emptyList()))
        assertEquals(Language.ENGLISH, languageForLocales(listOf("", "-", "_", "x".repeat(100_000), "\u0000", "🜲")))
        assertEquals(Language.GERMAN, languageForLocales(listOf("", "DE")))
        assertEquals(Language.FRENCH, languageForLocales(listOf("fr_FR")))
        assertEquals(Language.FRENCH, languageForLocales(List(10_000) { "zz-$it" } + "fr"))
    }

    @Test
    fun aListenerThatThrowsDoesNotStopTheApp() {
        val frames = Frames()
        var throwOn: ULong = 0uL
        val listener = object : FrameListener {
            override fun onFrame(frame: Frame) {
                frames.onFrame(frame)
                if (frame.revision == throwOn) throw IllegalStateException("the shell's own bug")
            }

            override fun onPatch(patch: FramePatch) = frames.onPatch(patch)
        }
        HnefiApp(config(), listener).use { app ->
            frames.settled()
            throwOn = frames.highestRevision + 2uL
            val outcomes = listOf(Variant.TABLUT, Variant.BRANDUBH, Variant.COPENHAGEN).map { v ->
                runCatching { app.send(Event.ChooseVariant(v)) }.exceptionOrNull()
            }
            // The listener's exception costs it that frame and reaches no sender: the core
            // catches the callback's failure where it hands frames out.
            assertEquals(listOf<Throwable?>(null, null, null), outcomes)
            // The app goes on: frames still come, in order, and events still act.
            app.send(Event.ChooseOpponent(false))
            app.send(Event.NewGame)
            app.send(Event.ActivateSquare(sq("a4")))
            app.send(Event.ActivateSquare(sq("a3")))
            assertEquals(listOf("a4-a3"), frames.newest.requireGame().moveTexts)
            frames.assertContractKept()
        }
    }
}
