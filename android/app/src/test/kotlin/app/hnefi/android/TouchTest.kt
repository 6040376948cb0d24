package app.hnefi.android

import android.content.Context
import android.view.accessibility.AccessibilityManager
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.click
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performTouchInput
import app.hnefi.core.Piece
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Shadows.shadowOf
import org.robolectric.annotation.Config

/** Touches on a small board, and how long a refusal stays. */
@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "w360dp-h568dp-xhdpi")
class TouchTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    /** A point of the board's plan, in the board node's pixels. */
    private fun AppRobot.pixel(x: Float, y: Float): Offset {
        val board = rule.onNodeWithTag("board").fetchSemanticsNode()
        val k = board.size.width / game!!.board.plan.extent
        return Offset(x * k, y * k)
    }

    @Test
    fun onASmallElevenByElevenBoardATapBesideATargetIsAimedAtIt() {
        val app = AppRobot(rule)
        app.startGame("COPENHAGEN", vsComputer = false)
        app.tapSquare("d1")
        // A tap on e2, which does nothing, right beside d2, where d1 may go: it plays d1-d2.
        val d2 = app.game!!.board.squares.first { it.name == "d2" }
        val beside = app.pixel(d2.x + 1.25f, d2.y + 0.5f)
        rule.onNodeWithTag("board").performTouchInput { click(beside) }
        app.waitUntil("the move") { app.pieces()["d2"] == Piece.ATTACKER }
        assertNull(app.pieces()["d1"])
    }

    @Test
    fun aRefusalStaysAsLongAsTheAccessibilitySettingsAsk() {
        val app = AppRobot(rule)
        val a11y = app.activity.getSystemService(Context.ACCESSIBILITY_SERVICE) as AccessibilityManager
        shadowOf(a11y).setNonInteractiveUiTimeout(10_000)
        app.startGame("BRANDUBH", vsComputer = false)
        rule.mainClock.autoAdvance = false
        app.tapSquare("c3")
        rule.mainClock.advanceTimeBy(500)
        assertNotNull("the refusal shows", app.game!!.flash)
        rule.mainClock.advanceTimeBy(4_000)
        assertNotNull("still there after 4.5 s: the person asked for 10 s", app.game!!.flash)
        rule.mainClock.advanceTimeBy(6_000)
        app.waitUntil("the refusal gone") { app.game!!.flash == null }
        assertEquals(null, app.game!!.flash)
    }
}
