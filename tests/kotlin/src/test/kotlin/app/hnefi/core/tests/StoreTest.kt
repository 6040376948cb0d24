package app.hnefi.core.tests

import app.hnefi.core.Effect
import app.hnefi.core.Event
import app.hnefi.core.Feedback
import app.hnefi.core.InfoKind
import app.hnefi.core.Level
import app.hnefi.core.ScreenKind
import app.hnefi.core.SettingKind
import app.hnefi.core.Side
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.listDirectoryEntries
import kotlin.io.path.name
import kotlin.io.path.readBytes
import kotlin.io.path.writeBytes
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import org.junit.jupiter.api.io.TempDir

/**
 * The database across app instances, with a real SQLite file in a temporary folder: what one
 * app writes, the next one reads. Each app is flushed (Background, which waits for the store's
 * queue) before the next opens the file.
 */
class StoreTest {
    @TempDir
    lateinit var dir: Path

    private val db: Path get() = dir.resolve("hnefi.sqlite")

    private fun open(saved: String? = null): TestApp = startApp(config(db, saved = saved))

    private val noRecords = Triple(0, 0, 0)

    @Test
    fun anUnfinishedGameComesBack() {
        open().use { a ->
            a.send(*newGameEvents(), *move("b4-b3"), *move("c4-c3"), *move("a4-a2"))
            a.flush()
        }
        val saved = open().use { b ->
            val start = b.newest.requirePage()
            val resume = start.buttons.first()
            assertEquals("resume", resume.id, "Resume comes first")
            assertTrue(resume.primary)
            b.send(resume.event)
            val game = b.settled().requireGame()
            assertEquals(listOf("b4-b3", "c4-c3", "a4-a2"), game.moveTexts)
            // It plays on, and what it plays is saved too.
            b.send(*move("d5-f5"), Event.ActivateSquare(sq("b3")))
            assertEquals(4, b.newest.requireGame().plies)
            b.flush()
            b.app.savedState()
        }
        // Killed in the background on the game screen: the saved state brings the game back at
        // once, with the piece that was picked up.
        open(saved).use { c ->
            val game = c.newest.requireGame()
            assertEquals(listOf("b4-b3", "c4-c3", "a4-a2", "d5-f5"), game.moveTexts)
            val selected = game.board.squares.filter { "selected" in it.label }.map { it.square.name() }
            assertEquals(listOf("b3"), selected)
        }
    }

    @Test
    fun aSavedStateNeverBringsBackAnOlderGame() {
        val older = open().use { a ->
            a.send(*newGameEvents(), *move("b4-b3"))
            a.flush()
            a.app.savedState()
        }
        open().use { b ->
            b.send(*newGameEvents())
            val question = assertNotNull(b.newest.requirePage().question, "Start asks before ending the unfinished game")
            b.send(question.confirm.event, *move("a4-a3"))
            b.flush()
        }
        open(older).use { c ->
            assertEquals(listOf("a4-a3"), c.newest.requireGame().moveTexts, "the newest game, not the saved state's")
        }
    }

    @Test
    fun aResignationCountsAgainstTheLevelAndSide() {
        open().use { a ->
            a.send(*vsComputerEvents(Level.EASY, Side.ATTACKERS), Event.Resign)
            val before = a.frames.count
            a.send(Event.Answer(true))
            // The answer's own frame carries the sound. (With a database, the save's flush
            // behind it makes a later frame without effects, which may already be the newest.)
            assertEquals(Effect.Sound(Feedback.LOSS), a.frames.since(before).flatMap { it.effects }.first())
            a.send(Event.Back)
            assertFalse(a.settled().offersResume, "a finished game is not resumed")
            val records = a.readRecords()
            assertEquals(Triple(0, 1, 0), records["record-BRANDUBH-EASY-ATTACKERS"])
            assertEquals(6, records.size)
            a.flush()
        }
        open().use { b ->
            val records = b.readRecords()
            assertEquals(Triple(0, 1, 0), records["record-BRANDUBH-EASY-ATTACKERS"])
            assertTrue(records.filterKeys { it != "record-BRANDUBH-EASY-ATTACKERS" }.values.all { it == noRecords })
            val history = b.readHistory().single()
            b.send(history.event)
            val review = b.settled().requireReview()
            assertNotNull(review.result)
            assertEquals(0, review.moves.rows.size, "resigned before any move")
            b.send(Event.Back)
            assertEquals(ScreenKind.HISTORY, b.settled().requirePage().kind, "Back goes to the history")
        }
    }

    @Test
    fun aGamePlayedToTheEndCountsAndIsKept() {
        val moves = open().use { a ->
            a.send(*vsComputerEvents(Level.EASY, Side.DEFENDERS))
            val end = a.playToTheEndByHints()
            a.send(Event.Back)
            a.settled()
            a.flush()
            end.moveTexts
        }
        open().use { b ->
            val records = b.readRecords()
            val row = assertNotNull(records["record-BRANDUBH-EASY-DEFENDERS"])
            assertEquals(1, row.first + row.second + row.third, "one game counted: $row")
            val entry = b.readHistory().single()
            b.send(entry.event)
            val review = b.settled().requireReview()
            assertEquals(moves, review.moves.rows.flatMap { r -> r.cells.map { it.text } })
            // The analysis that ran on opening is kept with the game: the next review has it
            // at once, without work behind.
            b.send(Event.Back)
            b.flush()
        }
        open().use { c ->
            c.send(Event.Open(ScreenKind.HISTORY))
            c.settled()
            c.send(c.newest.requirePage().entries.single().event)
            val frame = c.settled()
            val analysed = c.frames.all.filter { it.review != null }
            assertTrue(analysed.none { it.busy }, "the stored analysis needs no work")
            assertNotNull(frame.requireReview().chart.value)
        }
    }

    @Test
    fun givingUpAGameAgainstTheComputerCountsAsALoss() {
        open().use { a ->
            a.send(*vsComputerEvents(Level.NORMAL, Side.ATTACKERS), *move("b4-b3"))
            assertEquals(2, a.settled().requireGame().plies)
            a.flush()
        }
        open().use { b ->
            assertTrue(b.newest.offersResume)
            b.send(Event.NewGame)
            val question = assertNotNull(b.newest.requirePage().question)
            assertContains(question.text, "loss")
            b.send(Event.Answer(false))
            assertNull(b.newest.requirePage().question)
            assertTrue(b.newest.offersResume, "No keeps it")
            // The setup came back with the settings: the same level and side.
            b.send(Event.NewGame, Event.Answer(true))
            assertEquals(0, b.settled().requireGame().plies)
            b.send(Event.Back)
            b.settled()
            assertEquals(Triple(0, 1, 0), b.readRecords()["record-BRANDUBH-NORMAL-ATTACKERS"])
            assertEquals(1, b.readHistory().size)
            b.flush()
        }
        // A game in which the person has not moved is dropped without a trace.
        open().use { c ->
            c.send(*newGameEvents(), Event.Answer(true))
            c.send(Event.Back)
            c.settled()
            assertEquals(Triple(0, 1, 0), c.readRecords()["record-BRANDUBH-NORMAL-ATTACKERS"])
            assertEquals(1, c.readHistory().size)
        }
    }

    @Test
    fun aFinishedGameLeftOnItsLastScreenIsRecordedByTheNextApp() {
        open().use { a ->
            a.send(*newGameEvents())
            for (m in BRANDUBH_KING_ESCAPE) a.send(*move(m))
            assertTrue(a.newest.requireGame().over)
            a.flush()
        }
        open().use { b ->
            assertFalse(b.newest.offersResume, "an ended game is never offered")
            val entry = b.readHistory().single()
            assertContains(entry.detail + entry.title + entry.label, "6")
            assertTrue(b.readRecords().isEmpty(), "two players: no record, so no table")
        }
    }

    @Test
    fun aDamagedFileGivesANoticeAndIsKeptAside() {
        val garbage = ByteArray(4096) { (it * 7 + 3).toByte() }
        db.writeBytes(garbage)
        open().use { a ->
            val notice = assertNotNull(a.newest.notice, "the notice says the data was reset")
            assertTrue(notice.text.isNotBlank())
            assertEquals(Event.DismissNotice, notice.dismiss.event)
            val aside = dir.listDirectoryEntries().single { it.name.startsWith("hnefi.sqlite.corrupt-") }
            assertContentEquals(garbage, aside.readBytes(), "the damaged file is kept as it was")
            // The fresh file works: settings and games are kept from now on.
            a.send(Event.SetSetting(SettingKind.THREATS, true), *newGameEvents(), *move("b4-b3"))
            assertNotNull(a.newest.notice, "it stays over every screen")
            a.send(notice.dismiss.event)
            assertNull(a.newest.notice)
            a.flush()
        }
        open().use { b ->
            assertNull(b.newest.notice, "said once")
            assertTrue(b.newest.offersResume)
            b.send(Event.Open(ScreenKind.SETTINGS))
            assertTrue(b.newest.requirePage().toggle(SettingKind.THREATS).on)
        }
        assertEquals(1, dir.listDirectoryEntries().count { it.name.contains("corrupt") })
    }

    @Test
    fun aFileFromANewerAppIsLeftUntouched() {
        // An SQLite header (100 bytes) whose user_version (bytes 60..63) is above this build's.
        val header = ByteArray(100).also { h ->
            "SQLite format 3\u0000".toByteArray().copyInto(h)
            h[63] = 99
        }
        val newer = header + ByteArray(3996) { 1 }
        db.writeBytes(newer)
        val notice = open().use { a ->
            val notice = assertNotNull(a.newest.notice).text
            // The app plays in memory; nothing reaches the file.
            a.send(Event.SetSetting(SettingKind.SOUND, false), *newGameEvents(), *move("b4-b3"))
            a.flush()
            notice
        }
        assertContentEquals(newer, db.readBytes())
        assertEquals(listOf("hnefi.sqlite"), dir.listDirectoryEntries().map { it.name }, "nothing moved aside")
        open().use { b ->
            assertEquals(notice, b.newest.notice?.text, "refused again")
            assertFalse(b.newest.offersResume)
        }
        // Not the damaged-file notice: the data was not reset.
        db.writeBytes(ByteArray(200) { 42 })
        open().use { assertNotEquals(notice, it.newest.notice?.text) }
    }

    @Test
    fun aFolderWhereTheFileShouldBeLeavesTheAppPlayingInMemory() {
        Files.createDirectories(db)
        open().use { a ->
            assertNotNull(a.newest.notice)
            a.send(*newGameEvents(), *move("b4-b3"))
            assertEquals(1, a.newest.requireGame().plies)
            a.send(Event.Back)
            assertEquals(emptyList(), a.readHistory())
        }
    }

    /**
     * Two apps open on one file at once (WAL: readers never wait for the writer): the second
     * reads what the first has written, without a lock error or a notice. (That neither saves
     * over the other's newer game is in FoundDefectsTest.)
     */
    @Test
    fun aSecondAppOnTheSameFileReadsWhatTheFirstWrote() {
        open().use { a ->
            a.send(*newGameEvents(), *move("b4-b3"), Event.SetSetting(SettingKind.COORDINATES, false))
            a.flush()
            // (What lets the tests wait for a closed app's file is seen to work.)
            assertNotNull(heldFile(db.toString()))
            open().use { b ->
                assertNull(b.newest.notice)
                assertTrue(b.newest.offersResume)
                b.sendSettled(Event.Resume)
                assertEquals(listOf("b4-b3"), b.newest.requireGame().moveTexts)
                b.send(Event.Back, Event.Open(ScreenKind.SETTINGS))
                assertFalse(b.newest.requirePage().toggle(SettingKind.COORDINATES).on)
            }
            // The first plays on in memory, but the game is the second's now (it resumed it
            // last): the first's move is not saved over it, and its screen says so.
            a.send(*move("c4-c3"))
            assertEquals(listOf("b4-b3", "c4-c3"), a.newest.requireGame().moveTexts)
            // (The store answers behind: the save error comes with a later frame.)
            a.frames.await("the save error") { f -> f.game?.info?.any { it.kind == InfoKind.SAVE_ERROR } == true }
        }
    }
}
