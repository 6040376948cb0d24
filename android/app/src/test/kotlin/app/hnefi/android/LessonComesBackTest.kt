package app.hnefi.android

import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import app.hnefi.core.InfoKind
import app.hnefi.core.Piece
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config

/**
 * A lesson in progress through the activity made anew and through the process killed in the
 * background (a new view model and a new core on the same database, started from the saved
 * state): it comes back on its step, solved or not, and goes on from there.
 *
 * Copenhagen's first lesson, "How the pieces move": step 1 is solved by d1-d5, step 2 by
 * d1-d3 (the core's lesson data; `core/tests/app_restore.rs` checks the same in the core).
 */
@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "en-rUS-w360dp-h640dp-port-xhdpi")
class LessonComesBackTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    /** What the lesson's screen shows: its title, its lines, its buttons and its pieces. */
    private fun shown(app: AppRobot): List<Any> {
        val game = app.game ?: error("no board on screen")
        return listOf(game.turn.text, game.info.map { "${it.kind}: ${it.text}" }, game.controls.map { it.id }, app.pieces())
    }

    private fun waitForLesson(app: AppRobot, step: String) =
        app.waitUntil("the lesson on $step") { app.exists("gameScreen") && app.game?.turn?.text?.contains(step) == true }

    @Test
    fun aLessonComesBackOnItsStepSolvedOrNotWhenRecreatedAndWhenTheProcessDies() {
        val app = AppRobot(rule)
        app.waitUntil("the start screen") { app.exists("start") }
        app.settle()
        app.tap("variant-COPENHAGEN")
        app.tap("lessons")
        app.tap("lesson-copenhagen-moving")
        waitForLesson(app, "Step 1 of 4")
        app.move("d1-d5")
        app.waitUntil("step 1 solved") { app.game?.controls?.any { it.id == "nextStep" } == true }
        app.tap("nextStep")
        waitForLesson(app, "Step 2 of 4")
        app.settle()
        val onStepTwo = shown(app)
        assertEquals(Piece.ATTACKER, app.pieces()["d1"])

        app.recreate()
        waitForLesson(app, "Step 2 of 4")
        assertEquals("the activity made anew", onStepTwo, shown(app))

        app.killAndRestore()
        waitForLesson(app, "Step 2 of 4")
        app.settle()
        assertEquals("the process killed in the background", onStepTwo, shown(app))

        // Solved, and killed before "Next step": it comes back solved, the way on offered.
        app.move("d1-d3")
        app.waitUntil("step 2 solved") { app.game?.controls?.any { it.id == "nextStep" } == true }
        app.settle()
        val solved = shown(app)
        assertEquals(listOf("Well done."), app.game!!.info.filter { it.kind == InfoKind.ENDING }.map { it.text })
        app.killAndRestore()
        waitForLesson(app, "Step 2 of 4")
        app.settle()
        assertEquals(solved, shown(app))
        assertEquals(Piece.ATTACKER, app.pieces()["d3"])

        // And it goes on.
        app.tap("nextStep")
        waitForLesson(app, "Step 3 of 4")
        assertTrue(app.game!!.info.any { it.kind == InfoKind.PROMPT })
        app.back()
        app.waitUntil("the lessons' list") { app.exists("lesson-copenhagen-moving") }
    }
}
