package app.hnefi.core.tests

import app.hnefi.core.Coord
import app.hnefi.core.Effect
import app.hnefi.core.Event
import app.hnefi.core.Feedback
import app.hnefi.core.HnefiApp
import app.hnefi.core.Language
import app.hnefi.core.PageItem
import app.hnefi.core.Point
import app.hnefi.core.ScreenKind
import app.hnefi.core.SettingKind
import app.hnefi.core.Side
import app.hnefi.core.Theme
import app.hnefi.core.TouchPhase
import app.hnefi.core.Variant
import app.hnefi.core.coreVersion
import app.hnefi.core.deviceEngine
import app.hnefi.core.languageForLocales
import app.hnefi.core.look
import app.hnefi.core.scenarioEvents
import app.hnefi.core.scenarioSetup
import app.hnefi.core.traceStep
import java.nio.file.Path
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import org.junit.jupiter.api.io.TempDir

/**
 * The exported API against the real core: one app object, events in, frames out (the cases of
 * the Swift suite's AppAPITests, and a few more the contract in docs/shells.md states).
 */
class AppApiTest {
    @Test
    fun theFirstFrameArrivesBeforeTheConstructorReturns() {
        val frames = Frames()
        HnefiApp(config(), frames).use { app ->
            // (The settings, read behind, may already have sent a second frame.)
            val first = frames.all.first()
            assertEquals(Thread.currentThread().name, frames.threads.first(), "delivered on the constructing thread")
            assertEquals(ScreenKind.START, first.requirePage().kind)
            assertTrue(first.busy, "the settings are still being read")
            assertFalse(first.handlesBack, "Back on the start screen is the system's")
            assertFalse(first.requirePage().button("start").enabled, "Start waits for the settings")
            assertTrue(app.frame().revision > first.revision, "every frame has a new revision")
            assertTrue(app.frame().effects.isEmpty())
            val settled = frames.settled()
            assertTrue(settled.requirePage().button("start").enabled)
            frames.assertContractKept()
        }
    }

    @Test
    fun eventsMakeFramesBeforeSendReturnsAndButtonsCarryTheirEvents(): Unit = startApp(config()).use { t ->
        val settled = t.frames.count
        t.send(Event.ChooseVariant(Variant.BRANDUBH), Event.ChooseOpponent(false))
        // (Not necessarily on this thread: a core thread that holds the delivery turn may hand
        // them out; send still waits until they are out.)
        assertEquals(settled + 2, t.frames.count, "one frame for each event, before send returned")

        val start = t.newest.requirePage()
        val brandubh = start.choices.flatMap { it.choices }.single { it.id == "variant-BRANDUBH" }
        assertTrue(brandubh.selected)
        assertEquals(Event.ChooseVariant(Variant.BRANDUBH), brandubh.event)
        val newGame = start.buttons.single { it.event == Event.NewGame }
        assertTrue(newGame.enabled && newGame.primary)

        t.send(newGame.event)
        val game = t.newest.requireGame()
        assertEquals(7.toUByte(), game.board.plan.size)
        assertEquals(49, game.board.squares.size)
        assertEquals(13, game.board.plan.pieces.size)
        assertTrue(t.newest.handlesBack)
        assertEquals(Event.Back, game.control("menu").event)
        assertFalse(game.control("undo").enabled, "nothing to undo yet")

        // A move by the squares, as TalkBack activates them: its effects come once, with it.
        t.send(Event.ActivateSquare(Coord(1u, 3u)), Event.ActivateSquare(Coord(1u, 2u)))
        val moved = t.newest
        assertEquals(Effect.Sound(Feedback.MOVE), moved.effects.first())
        assertTrue(moved.effects.any { it is Effect.Announce && !it.assertive }, "the move is announced, queued")
        assertEquals(Coord(1u, 2u), moved.requireGame().board.motion?.steps?.first()?.toSquare)
        assertTrue(moved.requireGame().control("undo").enabled)
        assertTrue(t.app.frame().effects.isEmpty(), "effects go with the frame that made them")
        t.send(Event.FlashExpired(0u))
        assertTrue(t.newest.effects.isEmpty(), "and only with it")
        t.frames.assertContractKept()
    }

    @Test
    fun theComputerAnswersOnTheCoresThreads(): Unit = startApp(config()).use { t ->
        t.send(
            Event.ChooseVariant(Variant.BRANDUBH),
            Event.ChooseOpponent(true),
            Event.ChooseSide(Side.DEFENDERS),
        )
        val before = t.frames.count
        t.send(Event.NewGame)
        // The computer plays the attackers and moves first: busy until its move arrives.
        val asked = t.frames.since(before).first()
        assertTrue(asked.busy && asked.requireGame().turn.busy, "the computer is thinking")
        assertTrue(asked.requireGame().board.squares.none { it.actionable }, "nothing to touch meanwhile")
        val settled = t.settled()
        assertEquals(1, settled.requireGame().moves.rows.first().cells.size)
        assertTrue(settled.requireGame().board.squares.all { it.actionable }, "the person's turn")
        assertFalse(t.app.frame().busy)
        // The frame with the computer's move came from a thread of the core's (JNA attaches it
        // under a name of its own), with its effects.
        val index = t.frames.all.indexOfFirst { it.game?.plies == 1 }
        assertNotEquals(Thread.currentThread().name, t.frames.threads[index], "not the caller's thread")
        assertTrue(t.frames.all[index].effects.any { it is Effect.Sound })
        t.frames.assertContractKept()
    }

    @Test
    fun savedStateBringsTheScreenBack() {
        val saved = startApp(config()).use { t ->
            t.send(Event.Open(ScreenKind.RULES), Event.ShowRules(Variant.TABLUT))
            assertEquals(ScreenKind.RULES, t.newest.requirePage().kind)
            t.app.savedState()
        }
        assertTrue(saved.isNotEmpty())
        startApp(config(saved = saved)).use { again ->
            val rules = again.newest.requirePage()
            assertEquals(ScreenKind.RULES, rules.kind)
            val tablut = rules.choices.single().choices.single { it.id == "rules-TABLUT" }
            assertTrue(tablut.selected, "the variant whose rules were open")
        }
        // Text that is no saved state starts on the start screen.
        startApp(config(saved = "{not json")).use { fresh ->
            assertEquals(ScreenKind.START, fresh.newest.requirePage().kind)
        }
    }

    @Test
    fun aDatabaseOpensBehindAndKeepsTheSettings(@TempDir dir: Path) {
        val db = dir.resolve("hnefi.sqlite")
        TestApp(config(db)).use { t ->
            // Changed at once, very likely before the database is open: the change wins over
            // what the database holds, and is saved.
            t.send(Event.SetSetting(SettingKind.SOUND, false))
            t.settled()
            t.send(Event.SetSetting(SettingKind.COORDINATES, false))
            t.flush()
        }
        startApp(config(db)).use { again ->
            again.send(Event.Open(ScreenKind.SETTINGS))
            val settings = again.newest.requirePage()
            assertFalse(settings.toggle(SettingKind.SOUND).on)
            assertFalse(settings.toggle(SettingKind.COORDINATES).on)
            assertTrue(settings.toggle(SettingKind.HAPTICS).on, "the others keep their defaults")
            // And they act: no sound with a move, only the haptic.
            // (Read from every frame since: the save behind the move makes a frame of its own,
            // without effects, which may already be the newest.)
            val from = again.frames.count
            again.send(Event.Back, *newGameEvents(), *move("b4-b3"))
            val effects = again.frames.since(from).flatMap { it.effects }
            assertTrue(effects.none { it is Effect.Sound }, "no sound: $effects")
            assertContains(effects, Effect.Haptic(Feedback.MOVE))
        }
    }

    @Test
    fun scenarioTextIsReadOrRefused() {
        val json = """{"setup": {"language": "german", "dark": true}, "events": [{"event": "new-game"},
            {"event": "touch", "phase": "tap", "at": {"x": 1.5, "y": 2.5}}, {"event": "activate-square", "square": "b4"}]}"""
        val setup = assertNotNull(scenarioSetup(json))
        assertEquals(Language.GERMAN, setup.language)
        assertTrue(setup.dark)
        assertFalse(setup.database)
        assertEquals(
            listOf(Event.NewGame, Event.Touch(TouchPhase.TAP, Point(1.5f, 2.5f)), Event.ActivateSquare(sq("b4"))),
            scenarioEvents(json),
        )
        for (bad in listOf("", "{", "[]", """{"events": [{"event": "no-such-event"}]}""", """{"setup": 3, "events": []}""")) {
            assertNull(scenarioSetup(bad), bad)
            assertEquals(emptyList(), scenarioEvents(bad), bad)
        }
    }

    @Test
    fun aTraceStepIsOneLineOfJson(): Unit = startApp(config()).use { t ->
        val line = traceStep(null, t.app.frame(), listOf(Effect.Announce("x", true)))
        assertFalse(line.contains('\n'))
        val step = assertIs<Map<*, *>>(parseJson(line))
        assertEquals(listOf("say now: x"), step["effects"])
        assertTrue(step.containsKey("event") && step["event"] == null)
        assertEquals(false, step["back"])

        t.send(*newGameEvents())
        val played = traceStep(Event.NewGame, t.newest, t.newest.effects)
        val game = assertIs<Map<*, *>>(parseJson(played))
        assertEquals(mapOf("event" to "new-game"), game["event"])
        assertEquals(true, game["back"])
        val board = ((game["screen"] as Map<*, *>)["game"] as Map<*, *>)["board"] as Map<*, *>
        assertEquals("...a.../...a.../...d.../aadKdaa/...d.../...a.../...a...", board["pieces"])
    }

    /** Events that make no sense where they arrive change nothing and crash nothing. */
    @Test
    fun oddEventsAreHarmless(): Unit = startApp(config()).use { t ->
        val odd = listOf(
            Event.Answer(true), Event.Undo, Event.Resign, Event.Hint, Event.PlayAgain, Event.FlashExpired(99u),
            Event.ReviewMove(500u), Event.Touch(TouchPhase.DRAG_END, Point(-5f, 1e9f)),
            Event.Touch(TouchPhase.TAP, Point(Float.NaN, Float.POSITIVE_INFINITY)),
            Event.ActivateSquare(Coord(200u, 200u)), Event.ReviewGoTo(9999u), Event.ChartTouch(-3f),
            Event.Analyse, Event.CancelAnalysis, Event.Share, Event.ImportText("é".repeat(10_000)), Event.Import,
            Event.OpenReview(-1), Event.DismissNotice, Event.Foreground, Event.Foreground, Event.Background,
            Event.Background, Event.LanguageChanged(Language.FRENCH), Event.ThemeChanged(true), Event.Back, Event.Back,
            Event.Resume,
        )
        // Two players: the default setup is against the computer, whose first move (of the game
        // PlayAgain starts) would land or not depending on when Background stops it.
        t.send(Event.ChooseVariant(Variant.BRANDUBH), Event.ChooseOpponent(false))
        odd.forEach(t.app::send)
        assertEquals(Language.FRENCH, t.settled().language)
        assertEquals(look(Theme.DARK, false), t.newest.look)
        // (PlayAgain started a game, Back left it, Resume took it up.) The board takes them too.
        t.send(Event.Open(ScreenKind.GAME))
        val game = t.newest.requireGame()
        odd.forEach(t.app::send)
        t.settled()
        t.send(Event.Open(ScreenKind.GAME))
        assertEquals(game.board.plan.pieces, t.newest.requireGame().board.plan.pieces, "no move was made")
        val revisions = t.frames.all.map { it.revision }
        assertEquals(revisions.sorted().distinct(), revisions, "each frame has its own, higher revision")
        t.frames.assertContractKept()
    }

    @Test
    fun theLookAndTheVersion() {
        assertTrue(Regex("""\d+\.\d+\.\d+.*""").matches(coreVersion()), coreVersion())
        assertEquals(Language.GERMAN, languageForLocales(listOf("de-AT", "en")))
        assertEquals(Language.FRENCH, languageForLocales(listOf("xx", "fr-CA")))
        assertEquals(Language.ENGLISH, languageForLocales(listOf("xx")))
        assertNotEquals(look(Theme.LIGHT, false).chrome.background, look(Theme.DARK, false).chrome.background)
        assertNotEquals(look(Theme.LIGHT, false).board, look(Theme.LIGHT, true).board, "the colour-blind palette")
        for (cores in listOf(0u, 1u, 2u, 6u, 64u)) {
            assertTrue(deviceEngine(cores).threads in 1u..4u, "$cores cores")
        }
        assertEquals(look(Theme.LIGHT, false).motion.slideMs, deviceEngine(4u).pauseMs, "the move slides first")

        startApp(config(dark = true)).use { t ->
            assertEquals(look(Theme.DARK, false), t.newest.look, "the frame's look is the free function's")
            t.send(Event.SetSetting(SettingKind.COLOUR_BLIND, true))
            assertEquals(look(Theme.DARK, true), t.newest.look)
            t.send(Event.ThemeChanged(false))
            assertEquals(look(Theme.LIGHT, true), t.newest.look)
            t.send(Event.Open(ScreenKind.SETTINGS))
            val captions = t.newest.requirePage().items.filterIsInstance<PageItem.Caption>()
            assertTrue(captions.any { coreVersion() in it.text }, "the settings name the engine's version: $captions")
        }
    }
}
