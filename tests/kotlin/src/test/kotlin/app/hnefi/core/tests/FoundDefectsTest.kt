package app.hnefi.core.tests

import app.hnefi.core.Effect
import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.FrameListener
import app.hnefi.core.FramePatch
import app.hnefi.core.HnefiApp
import app.hnefi.core.Level
import app.hnefi.core.ScreenKind
import app.hnefi.core.Side
import app.hnefi.core.Variant
import java.nio.file.Path
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue
import org.junit.jupiter.api.io.TempDir

/**
 * Defects this suite found in the core, each kept as the test that failed before the fix (the
 * same behaviours are pinned on the Rust API by core/tests/app_hostile.rs and store.rs).
 */
class FoundDefectsTest {
    /**
     * Two apps on one database file (two activities, an app and a widget; docs/store.md allows
     * two handles). "Only the newest game saves" is kept per store handle (Store::owner, in
     * memory), not in the file: once B has begun a newer game, A's next move still passes A's
     * own check, and save_current writes A's game over B's. A third app resumes A's game.
     */
    @Test
    fun anOlderAppNeverSavesOverANewerGame(@TempDir dir: Path) {
        val db = dir.resolve("hnefi.sqlite")
        startApp(config(db)).use { a ->
            a.send(*newGameEvents(), *move("b4-b3"))
            a.flush()
            startApp(config(db)).use { b ->
                b.send(*newGameEvents(), Event.Answer(true), *move("d6-e6"))
                assertEquals(listOf("d6-e6"), b.newest.requireGame().moveTexts)
                b.flush()
                // A still shows its older game; its next move must not replace B's newer one.
                a.send(*move("c4-c7"))
                a.flush()
            }
        }
        startApp(config(db)).use { c ->
            c.sendSettled(Event.Resume)
            assertEquals(listOf("d6-e6"), c.newest.requireGame().moveTexts, "the newest game, B's")
        }
    }

    /**
     * The same root cause, counted: A resigns (its finished game is persisted as the unfinished
     * slot, to be recorded when A leaves it); B, open on the same file, starts a game, and its
     * Store::begin records the finished game it finds there (abandon_current); then A leaves
     * its game and Store::conclude records it again. One game, two losses, two history entries.
     * (With the writes racing rather than in this order, it happens or not by timing.)
     */
    @Test
    fun aFinishedGameIsCountedOnceWhenTwoAppsShareTheFile(@TempDir dir: Path) {
        val db = dir.resolve("hnefi.sqlite")
        startApp(config(db)).use { a ->
            startApp(config(db)).use { b ->
                a.send(*vsComputerEvents(Level.HARD, Side.ATTACKERS), Event.Resign, Event.Answer(true))
                a.flush()
                b.send(*newGameEvents())
                b.flush()
                a.send(Event.Back)
                a.flush()
            }
        }
        startApp(config(db)).use { c ->
            assertEquals(Triple(0, 1, 0), c.readRecords()["record-BRANDUBH-HARD-ATTACKERS"], "one resignation")
            assertEquals(1, c.readHistory().size)
        }
    }

    /**
     * A listener that throws (a shell's bug) unwinds through Runtime::publish between queuing
     * the frame and spawning the work its event asked for: the work never starts but stays
     * counted in `in_flight`, so `busy` is true for ever, and the computer does not move until
     * Background and Foreground start its search again (and `busy` still stays true).
     */
    @Test
    fun aListenerThatThrowsDoesNotLoseTheWorkItsEventStarted() {
        val frames = Frames()
        var throwOn = 0uL
        val listener = object : FrameListener {
            override fun onFrame(frame: Frame) {
                frames.onFrame(frame)
                if (frame.revision == throwOn) throw IllegalStateException("the shell's own bug")
            }

            override fun onPatch(patch: FramePatch) = frames.onPatch(patch)
        }
        HnefiApp(config(), listener).use { app ->
            frames.settled()
            app.send(Event.ChooseVariant(Variant.BRANDUBH))
            app.send(Event.ChooseOpponent(true))
            app.send(Event.ChooseSide(Side.DEFENDERS))
            throwOn = frames.highestRevision + 1uL
            // The frame is lost to the listener that threw, not the app: send returns, and the
            // work the event started still runs.
            app.send(Event.NewGame)
            val settled = frames.settled(timeoutMs = 5_000)
            assertEquals(1, settled.requireGame().plies, "the computer moved")
        }
    }

    /**
     * A text that fails to import is quoted whole in the error line and in the assertive
     * announcement (import.bad_move's {move}): a pasted megabyte comes back as a megabyte for
     * the screen reader to read out.
     */
    @Test
    fun anImportErrorQuotesTheTextWithinReason(): Unit = startApp(config()).use { t ->
        t.send(Event.Open(ScreenKind.IMPORT), Event.ImportText("1. " + "é".repeat(100_000)), Event.Import)
        t.settled()
        val error = t.newest.requirePage().errors.single()
        assertTrue(error.length < 500, "an error of ${error.length} characters")
        val said = t.frames.all.flatMap { it.effects }.filterIsInstance<Effect.Announce>().single()
        assertTrue(said.text.length < 500, "an announcement of ${said.text.length} characters")
    }

    /**
     * A review id the store does not know (a stale history entry, a confused shell) ends in
     * Controller::read_done's `Err(_) => Notice::StorageFailed`: the banner says the game could
     * not be saved, though nothing failed to save.
     */
    @Test
    fun anUnknownReviewIdIsNoSaveFailure(@TempDir dir: Path): Unit = startApp(config(dir.resolve("hnefi.sqlite"))).use { t ->
        t.sendSettled(Event.OpenReview(424242))
        assertEquals(ScreenKind.START, t.newest.requirePage().kind)
        assertNull(t.newest.notice, "notice: ${t.newest.notice?.text}")
        assertFalse(t.newest.busy)
    }
}
