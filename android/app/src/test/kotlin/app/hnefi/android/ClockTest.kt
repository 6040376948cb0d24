package app.hnefi.android

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config

/**
 * The clock in the real app: the activity ticks the core from the monotonic clock (Robolectric's,
 * which moves only when the test lets time pass) while a clock runs and the activity is started,
 * not in the background; TalkBack reads each face; the clock comes back after the process died.
 */
@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "w360dp-h640dp-xhdpi")
class ClockTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    /** Each side's seconds left, as the faces show them ("4:55" is 295). */
    private fun AppRobot.seconds(): List<Int> = game!!.clock!!.faces.map { f ->
        val (m, s) = f.time.split(':').map { it.toInt() }
        m * 60 + s
    }

    private fun AppRobot.running(): List<Boolean> = game!!.clock!!.faces.map { it.running }

    private fun AppRobot.startClockedGame() {
        waitUntil("the start screen") { exists("start") }
        settle()
        tap("variant-BRANDUBH")
        tap("opponent-two")
        tap("clock-BLITZ")
        tap("start")
        if (exists("confirm")) tap("confirm")
        waitUntil("the game screen") { exists("gameScreen") }
    }

    /** Within a second of what is expected: the taps themselves may let a tick or two pass. */
    private fun assertAbout(what: String, expected: List<Int>, actual: List<Int>) =
        expected.zip(actual).forEach { (e, a) -> assertTrue("$what: $actual, expected about $expected", a in e - 1..e) }

    @Test
    fun theClockRunsOnScreenStopsInTheBackgroundAndComesBackAfterTheProcessDied() {
        val app = AppRobot(rule)
        app.startClockedGame()
        assertEquals(100u, app.frame.tickMs)
        app.pass(5_000)
        assertAbout("5 s on the attackers' clock", listOf(295, 300), app.seconds())
        assertEquals(listOf(true, false), app.running())
        val label = app.node("clock-attackers").fetchSemanticsNode().config[SemanticsProperties.ContentDescription].single()
        assertTrue(label, label.startsWith("Attackers ") && label.endsWith(", running"))
        app.move("b4-b3")
        assertAbout("3 s added after the move", listOf(298, 300), app.seconds())
        assertEquals(listOf(false, true), app.running())
        val before = app.seconds()
        // Another app in front for a minute: nothing ticks, nothing is charged.
        app.leave()
        app.pass(60_000)
        app.comeBack()
        assertAbout("the minute away not charged", before, app.seconds())
        app.pass(2_000)
        assertAbout("the defenders' clock runs again", listOf(before[0], before[1] - 2), app.seconds())
        // Android ends the process in the background; the clock comes back with the game.
        val kept = app.seconds()
        app.killAndRestore()
        app.waitUntil("the game back") { app.game?.clock != null }
        assertAbout("the clock as it was", kept, app.seconds())
        app.pass(3_000)
        assertAbout("and it goes on", listOf(kept[0], kept[1] - 3), app.seconds())
    }

    /**
     * The person closes the app for good (its task swiped away: no saved state comes back) and
     * starts it again: the game resumes from the database alone with both times as they were
     * when it left the screen, the clock not running on the start page meanwhile.
     */
    @Test
    fun aClockedGameResumedAfterTheAppWasClosedForGoodKeepsItsTimes() {
        val app = AppRobot(rule)
        app.startClockedGame()
        app.pass(4_000)
        app.move("b4-b3")
        app.pass(6_000)
        val kept = app.seconds()
        // About 4 s, then 3 s added, then about 6 s (the taps let a little more pass).
        assertTrue("both clocks ran: $kept", kept[0] in 294..299 && kept[1] in 288..294)
        app.closeForGood()

        val again = AppRobot(rule)
        again.waitUntil("the start screen") { again.exists("start") }
        again.settle()
        assertNull("nothing ticks on the start page", again.frame.tickMs)
        again.pass(30_000)
        again.tap("resume")
        again.waitUntil("the game back") { again.game?.clock != null }
        assertAbout("the same times", kept, again.seconds())
        assertEquals(listOf(false, true), again.running())
        again.pass(2_000)
        assertAbout("and the defenders' clock goes on", listOf(kept[0], kept[1] - 2), again.seconds())
    }

    @Test
    fun withoutAClockNothingTicks() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = false)
        assertNull(app.frame.tickMs)
        assertNull(app.game!!.clock)
        assertTrue("no clock drawn", !app.exists("clock"))
    }
}
