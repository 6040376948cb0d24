package app.hnefi.ui

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.getBoundsInRoot
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import androidx.compose.ui.unit.DpRect
import androidx.compose.ui.unit.dp
import app.hnefi.core.Variant
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The game's layouts (phone upright and sideways, a 800 × 1280 dp tablet both ways): the board is
 * always the largest square that fits, and on a tablet the 11 × 11 squares are at least 56 dp.
 */
@OptIn(ExperimentalTestApi::class)
class LayoutTest {
    private val copenhagen: UiState by lazy {
        Harness().use { h ->
            h.newGame(Variant.COPENHAGEN, vsComputer = false)
            copenhagenMidGame.forEach(h::move)
            h.state
        }
    }

    /** The board's and a1's bounds on a window of [width] × [height] dp. */
    private fun layout(width: Int, height: Int): Pair<DpRect, DpRect> {
        var result: Pair<DpRect, DpRect>? = null
        runDesktopComposeUiTest(width, height) {
            setContent {
                HnefiTheme(lookFor(dark = false, colourBlind = false), dark = false) {
                    HnefiScreen(copenhagen, reduceMotion = true, onEvent = {})
                }
            }
            result = onNodeWithTag("board").getBoundsInRoot() to onNodeWithTag("sq-a1").getBoundsInRoot()
        }
        return result!!
    }

    private fun DpRect.w() = right - left
    private fun DpRect.h() = bottom - top

    @Test
    fun `upright, the board spans the phone's width`() {
        val (board, a1) = layout(360, 760)
        assertEquals(board.w(), board.h(), "square")
        assertEquals(360.dp, board.w())
        assertEquals(0.dp, board.left)
        assertTrue(a1.w() >= 31.dp, "11 × 11 squares on a phone: ${a1.w()}")
    }

    @Test
    fun `sideways, the board takes the phone's full height`() {
        val (board, _) = layout(760, 360)
        assertEquals(board.w(), board.h(), "square")
        assertEquals(360.dp, board.h())
        assertEquals(0.dp, board.top)
    }

    @Test
    fun `on a tablet the squares are at least 56 dp both ways`() {
        for ((w, h) in listOf(800 to 1280, 1280 to 800)) {
            val (board, a1) = layout(w, h)
            assertEquals(board.w(), board.h(), "square on $w × $h")
            assertEquals(800.dp, board.w(), "the largest square that fits on $w × $h")
            assertTrue(a1.w() >= 56.dp, "squares of ${a1.w()} on $w × $h")
        }
    }
}
