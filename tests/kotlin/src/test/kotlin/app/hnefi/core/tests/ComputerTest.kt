package app.hnefi.core.tests

import app.hnefi.core.Effect
import app.hnefi.core.Event
import app.hnefi.core.Feedback
import app.hnefi.core.InfoKind
import app.hnefi.core.Level
import app.hnefi.core.ScreenKind
import app.hnefi.core.Side
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * The computer and the hint, which search on the core's threads: their moves, their
 * determinism with fixed node counts, and how leaving, the background and undo stop them.
 */
class ComputerTest {
    @Test
    fun theSameSettingsPlayTheSameMovesOnAnyRun() {
        fun play(): List<String> = startApp(config()).use { t ->
            t.send(*vsComputerEvents(Level.NORMAL, Side.DEFENDERS))
            repeat(2) { t.playTheHint() }
            t.newest.requireGame().moveTexts
        }
        val first = play()
        assertEquals(5, first.size, "the computer's first move and two of each")
        assertEquals(first, play())
    }

    @Test
    fun aWholeGameAgainstTheComputerEnds(): Unit = startApp(config()).use { t ->
        t.send(*vsComputerEvents(Level.EASY, Side.DEFENDERS))
        val end = t.playToTheEndByHints()
        assertTrue(end.over)
        val ending = t.frames.all.last { it.effects.any { e -> e is Effect.Sound } }
        val sound = ending.effects.filterIsInstance<Effect.Sound>().single()
        assertTrue(sound.feedback in setOf(Feedback.WIN, Feedback.LOSS, Feedback.DRAW), "an ending sounds so: $sound")
        assertTrue(end.info.any { it.kind == InfoKind.HINTS_USED }, "the hints are counted")
        // Play again: the same setup, so the computer opens again.
        t.send(end.control("playAgain").event)
        val again = t.settled().requireGame()
        assertEquals(1, again.plies)
        assertFalse(again.over)
    }

    @Test
    fun undoAgainstTheComputerTakesBackItsMoveAndYours(): Unit = startApp(config()).use { t ->
        t.send(*vsComputerEvents(Level.EASY, Side.ATTACKERS), *move("b4-b3"))
        assertEquals(2, t.settled().requireGame().plies)
        t.send(Event.Undo)
        val undone = t.newest
        assertEquals(0, undone.requireGame().plies)
        assertFalse(undone.busy, "the person's turn: the computer does not start again")
        val motion = assertNotNull(undone.requireGame().board.motion)
        assertTrue(motion.backwards)
        assertEquals(2, motion.steps.size)
        assertEquals(sq("b3"), motion.steps.last().toSquare, "the latest move first, the person's last")
    }

    /** A pause before thinking that no test outlasts: only a cancel ends it. */
    private val endlessPause = testEngine.copy(pauseMs = 600_000u)

    @Test
    fun theBackgroundStopsTheComputerAndTheForegroundResumesIt(): Unit = startApp(config(engine = endlessPause)).use { t ->
        t.send(*vsComputerEvents(Level.EASY, Side.DEFENDERS))
        assertTrue(t.newest.busy)
        val before = t.frames.count
        t.send(Event.Background)
        val stopped = t.settled()
        assertEquals(0, stopped.requireGame().plies, "no move while away")
        assertFalse(stopped.requireGame().turn.busy)
        assertTrue(t.frames.since(before).all { it.effects.isEmpty() }, "nothing plays while away")
        t.send(Event.Foreground)
        val resumed = t.newest
        assertTrue(resumed.busy && resumed.requireGame().turn.busy, "thinking again")
        assertEquals("The computer is thinking…", resumed.requireGame().turn.text)
        t.send(Event.Background)
        assertEquals(0, t.settled().requireGame().plies)
    }

    @Test
    fun leavingTheGameStopsTheComputer(): Unit = startApp(config(engine = endlessPause)).use { t ->
        t.send(*vsComputerEvents(Level.EASY, Side.DEFENDERS), Event.Back)
        val start = t.settled()
        assertEquals(ScreenKind.START, start.requirePage().kind, "its search stopped: nothing behind")
        assertTrue(start.offersResume)
        t.send(Event.Resume)
        assertEquals(0, t.newest.requireGame().plies)
        assertTrue(t.newest.busy, "its turn goes on where it was left")
        t.send(Event.Back)
        t.settled()
    }

    @Test
    fun aHintMarksAMoveWhichAMovePlayed(): Unit = startApp(config()).use { t ->
        t.send(*vsComputerEvents(Level.EASY, Side.ATTACKERS), Event.Hint)
        val looking = t.newest.requireGame()
        assertTrue(looking.turn.busy)
        assertTrue(looking.info.any { it.kind == InfoKind.HINT }, "looking for one: ${looking.info}")
        val hinted = t.settled().requireGame()
        val line = hinted.info.single { it.kind == InfoKind.HINT }.text
        val marked = hinted.board.squares.filter { "hinted move" in it.label }.map { it.square.name() }
        assertEquals(2, marked.size)
        marked.forEach { assertContains(line, it) }
        assertContains(hinted.info.single { it.kind == InfoKind.HINTS_USED }.text, "1")
        // Asked again, the same position gives the same hint (counted again); played, and
        // answered, it is gone.
        val answered = t.playTheHint()
        assertEquals(line.substringAfter(": "), answered.moveTexts.first())
        assertTrue(answered.board.squares.none { "hinted move" in it.label }, "a move clears the hint")
        assertEquals(2, answered.plies)
        assertContains(answered.info.single { it.kind == InfoKind.HINTS_USED }.text, "2")
    }

    @Test
    fun aSecondPressCancelsTheHint() {
        // So many nodes that the first search is surely still running at the second press.
        startApp(config(engine = testEngine.copy(hintNodes = 2_000_000_000uL))).use { t ->
            t.send(*newGameEvents(), Event.Hint)
            assertTrue(t.newest.busy)
            t.send(Event.Hint)
            val cancelled = t.settled().requireGame()
            assertTrue(cancelled.info.none { it.kind == InfoKind.HINT || it.kind == InfoKind.HINTS_USED }, "${cancelled.info}")
            assertFalse(cancelled.turn.busy)
        }
    }
}
