package app.hnefi.core.tests

import app.hnefi.core.Coord
import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.FrameListener
import app.hnefi.core.FramePatch
import app.hnefi.core.HnefiApp
import app.hnefi.core.Language
import app.hnefi.core.Level
import app.hnefi.core.Point
import app.hnefi.core.ScreenKind
import app.hnefi.core.SettingKind
import app.hnefi.core.Side
import app.hnefi.core.TouchPhase
import app.hnefi.core.Variant
import java.nio.file.Path
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CyclicBarrier
import kotlin.concurrent.thread
import kotlin.random.Random
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue
import org.junit.jupiter.api.io.TempDir

/**
 * Many threads at one app, and many apps at once: the listener is called one frame at a time,
 * in strictly increasing revisions; every send's frame is out when it returns; nothing throws;
 * and the app is still sound afterwards (and so is its database).
 */
class StressTest {
    /** An event a restless person (or a confused shell) might send anywhere. */
    private fun Random.event(): Event = when (nextInt(30)) {
        0, 1, 2, 3, 4, 5 -> Event.ActivateSquare(Coord(nextInt(7).toUByte(), nextInt(7).toUByte()))
        6, 7, 8 -> Event.Touch(TouchPhase.entries.random(this), Point(nextFloat() * 10f - 1f, nextFloat() * 10f - 1f))
        9 -> Event.NewGame
        10 -> Event.Answer(nextBoolean())
        11 -> Event.Back
        12 -> Event.Resume
        13 -> Event.Undo
        14 -> if (nextInt(4) == 0) Event.Hint else Event.FlashExpired(nextLong(0, 50).toULong())
        15 -> Event.PlayAgain
        16 -> Event.Resign
        17 -> Event.ChooseVariant(if (nextInt(5) == 0) Variant.TABLUT else Variant.BRANDUBH)
        18 -> Event.ChooseOpponent(nextBoolean())
        19 -> Event.ChooseSide(Side.entries.random(this))
        20 -> Event.ChooseLevel(if (nextBoolean()) Level.EASY else Level.NORMAL)
        21 -> Event.Open(ScreenKind.entries.random(this))
        22 -> Event.SetSetting(SettingKind.entries.random(this), nextBoolean())
        23 -> Event.LanguageChanged(Language.entries.random(this))
        24 -> Event.ThemeChanged(nextBoolean())
        25 -> if (nextInt(3) == 0) Event.Background else Event.Foreground
        26 -> Event.ReviewMove(nextInt(1, 10).toUInt())
        27 -> Event.ReviewGoTo(nextInt(0, 12).toUInt())
        28 -> listOf(Event.Share, Event.CancelAnalysis, Event.ChartTouch(nextFloat()), Event.DismissNotice).random(this)
        else -> listOf(Event.ImportText("1. b4-b3 c4-c3"), Event.Import, Event.OpenReview(nextLong(-1, 4))).random(this)
    }

    @Test
    fun manyThreadsSendingToOneApp(@TempDir dir: Path) {
        val db = dir.resolve("hnefi.sqlite")
        val senders = 8
        val eventsEach = 150
        val problems = ConcurrentLinkedQueue<String>()
        startApp(config(db)).use { t ->
            val barrier = CyclicBarrier(senders + 1)
            val threads = (0 until senders).map { i ->
                thread(name = "sender-$i") {
                    val random = Random(1_000 + i)
                    barrier.await()
                    repeat(eventsEach) {
                        val event = random.event()
                        try {
                            val before = t.frames.highestRevision
                            t.app.send(event)
                            val after = t.frames.highestRevision
                            if (after <= before) problems += "send($event) returned before its frame was out ($before, $after)"
                            if (random.nextInt(8) == 0) {
                                if (t.app.frame().revision <= after) problems += "frame() gave an old revision"
                                if (t.app.savedState().isEmpty()) problems += "no saved state"
                            }
                        } catch (e: Throwable) {
                            problems += "send($event) threw $e"
                        }
                    }
                }
            }
            barrier.await()
            threads.forEach { it.join(60_000) }
            assertTrue(threads.none { it.isAlive }, "a sender is stuck")
            assertEquals(emptyList(), problems.toList())
            t.frames.assertContractKept()
            assertTrue(t.frames.count > senders * eventsEach, "one frame per event at least")

            // Still sound: the searches stop on Background, and a known sequence does what it should.
            t.flush()
            t.send(Event.LanguageChanged(Language.ENGLISH))
            repeat(12) {
                val page = t.newest.page
                when {
                    page?.question != null -> t.send(Event.Answer(false))
                    page?.kind == ScreenKind.START -> return@repeat
                    else -> t.send(Event.Back)
                }
            }
            assertEquals(ScreenKind.START, t.settled().requirePage().kind)
            t.send(*newGameEvents())
            t.newest.page?.question?.let { t.send(it.confirm.event) }
            t.send(*move("b4-b3"))
            assertEquals(listOf("b4-b3"), t.newest.requireGame().moveTexts)
            t.flush()
            t.frames.assertContractKept()
        }
        // The database is sound too: no notice, and the last game comes back.
        startApp(config(db)).use { again ->
            assertNull(again.newest.notice)
            again.sendSettled(Event.Resume)
            assertEquals(listOf("b4-b3"), again.newest.requireGame().moveTexts)
        }
    }

    @Test
    fun manyAppsAtOnceEachWithItsOwnFrames(@TempDir dir: Path) {
        val apps = 12
        val problems = ConcurrentLinkedQueue<String>()
        val barrier = CyclicBarrier(apps)
        val threads = (0 until apps).map { i ->
            thread(name = "app-$i") {
                try {
                    barrier.await()
                    val language = Language.entries[i % Language.entries.size]
                    val database = if (i % 2 == 0) dir.resolve("app-$i.sqlite") else null
                    TestApp(config(database, language = language)).use { t ->
                        t.settled()
                        if (i % 3 == 0) {
                            t.send(*vsComputerEvents(Level.EASY, Side.DEFENDERS))
                            repeat(2) { t.playTheHint() }
                            if (t.newest.requireGame().plies != 5) problems += "app $i: ${t.newest.requireGame().moveTexts}"
                        } else {
                            t.send(*newGameEvents())
                            for (m in BRANDUBH_KING_ESCAPE) t.send(*move(m))
                            if (!t.newest.requireGame().over) problems += "app $i: the game goes on"
                        }
                        val revisions = t.frames.all.map { it.revision }
                        if (revisions.first() != 1uL) problems += "app $i starts at revision ${revisions.first()}"
                        if (revisions.zipWithNext().any { (a, b) -> b <= a }) problems += "app $i: revisions out of order"
                        if (t.frames.all.any { it.language != language }) problems += "app $i got another app's frame"
                        if (t.frames.overlapping.get() != 0) problems += "app $i: overlapping calls"
                    }
                } catch (e: Throwable) {
                    problems += "app $i threw $e"
                }
            }
        }
        threads.forEach { it.join(120_000) }
        assertFalse(threads.any { it.isAlive }, "an app is stuck")
        assertEquals(emptyList(), problems.toList())
    }

    @Test
    fun aSlowListenerStillGetsEveryFrameOnceAndInOrder() {
        // A listener that takes its time (as a shell's might, hopping threads): frames from the
        // core's threads and from senders queue up, and still arrive one at a time, in order.
        val frames = Frames()
        val slow = object : FrameListener {
            override fun onFrame(frame: Frame) {
                Thread.sleep(1)
                frames.onFrame(frame)
            }

            override fun onPatch(patch: FramePatch) {
                Thread.sleep(1)
                frames.onPatch(patch)
            }
        }
        HnefiApp(config(), slow).use { app ->
            frames.settled()
            val base = frames.count
            app.send(Event.ChooseVariant(Variant.BRANDUBH))
            app.send(Event.ChooseOpponent(true))
            app.send(Event.ChooseSide(Side.DEFENDERS))
            app.send(Event.NewGame)
            val senders = (0 until 4).map { i ->
                thread {
                    val random = Random(i)
                    repeat(40) { app.send(Event.FlashExpired(random.nextLong(0, 9).toULong())) }
                }
            }
            senders.forEach { it.join() }
            val settled = frames.settled()
            assertEquals(1, settled.requireGame().plies, "the computer's move arrived among them")
            assertEquals(base + 4 + 160 + 1, frames.count, "one frame per event and one for the computer's move")
            frames.assertContractKept()
        }
    }
}
