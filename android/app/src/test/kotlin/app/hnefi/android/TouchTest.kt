package app.hnefi.android

import android.content.Context
import android.view.accessibility.AccessibilityManager
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.click
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.swipe
import app.hnefi.core.Piece
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
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

    /** A point of the board's plan (as seen through a window [side] units wide), in the board node's pixels. */
    private fun AppRobot.pixel(x: Float, y: Float, side: Float = game!!.board.plan.extent): Offset {
        val board = rule.onNodeWithTag("board").fetchSemanticsNode()
        val k = board.size.width / side
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
    fun onANineteenByNineteenBoardAPinchZoomsInTapsLandOnTheirSquaresAndADragOffThePiecesPans() {
        val app = AppRobot(rule)
        app.startGame("ALEAEVANGELII", vsComputer = false)
        val extent = app.game!!.board.plan.extent
        assertEquals("the whole board at first", extent, app.game!!.board.window.side)
        app.pinchBoardOpen()
        app.waitUntil("the zoom") { app.game!!.board.window.side < extent }
        val zoomed = app.game!!.board.window
        assertEquals("as far in as the core allows: seven squares across", 7f, zoomed.side, 0.01f)
        // Taps on the zoomed squares reach the squares they show: e13-e12 is played.
        app.move("e13-e12")
        app.waitUntil("the move") { app.pieces()["e12"] == Piece.ATTACKER }
        assertNull(app.pieces()["e13"])
        assertEquals("a move in view does not move the window", zoomed, app.game!!.board.window)
        // A drag from an empty square, f12, two squares to the left: the board follows the finger.
        val f12 = app.game!!.board.squares.first { it.name == "f12" }
        val from = app.pixel(f12.x + 0.5f - zoomed.x, f12.y + 0.5f - zoomed.y, zoomed.side)
        val to = from - app.pixel(2f, 0f, zoomed.side)
        rule.onNodeWithTag("board").performTouchInput { swipe(from, to, 400) }
        app.waitUntil("the pan") { app.game!!.board.window.x > zoomed.x }
        val panned = app.game!!.board.window
        assertEquals(zoomed.y, panned.y, 0.01f)
        assertTrue("moved about two squares (less the touch slop): ${panned.x - zoomed.x}", panned.x - zoomed.x in 1.5f..2.05f)
        assertEquals("a pan lifts nothing and plays nothing", null, app.game!!.board.plan.lifted)
        assertEquals(Piece.ATTACKER, app.pieces()["e12"])
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
