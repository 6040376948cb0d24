package app.hnefi.ui

import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toPixelMap
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.assert
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.getBoundsInRoot
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.swipeLeft
import androidx.compose.ui.test.swipeRight
import androidx.compose.ui.unit.DpRect
import app.hnefi.core.GameSnapshot
import app.hnefi.core.Level
import app.hnefi.core.Piece
import app.hnefi.core.Side
import app.hnefi.core.Theme
import app.hnefi.core.Variant
import app.hnefi.core.look
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test

/**
 * The real screens over the real view model and core, driven by clicks and drags, with the test
 * clock driving the animations (JUnit 4 rule). Events go to the view model on the harness's main
 * thread, as on a phone.
 */
class HnefiUiTest {
    @get:Rule
    val rule = createComposeRule()

    private var harness: Harness? = null
    private val board = look(Theme.LIGHT, false).board

    @After
    fun close() {
        harness?.close()
    }

    private fun show(h: Harness, reduceMotion: Boolean = false) {
        harness = h
        rule.setContent {
            val state by h.vm.state.collectAsState()
            HnefiTheme(lookFor(dark = false, colourBlind = false), dark = false) {
                HnefiScreen(state, reduceMotion, onEvent = { h.send(it) })
            }
        }
    }

    private fun twoPlayerBrandubh(reduceMotion: Boolean = false): Harness {
        val h = Harness()
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        show(h, reduceMotion)
        rule.waitForIdle()
        return h
    }

    private fun bounds(tag: String): DpRect = rule.onNodeWithTag(tag).getBoundsInRoot()

    /** The centre of a square in the board node's own pixels. */
    private fun centre(square: String): Offset {
        val b = bounds("board")
        val s = bounds("sq-$square")
        val d = rule.density.density
        return Offset(((s.left + s.right) / 2 - b.left).value * d, ((s.top + s.bottom) / 2 - b.top).value * d)
    }

    private fun squareSidePx(): Float = (bounds("sq-a1").right - bounds("sq-a1").left).value * rule.density.density

    /** The colour of the board a little off a square's centre: inside a piece, clear of the king's cross. */
    private fun pieceColour(square: String): Color {
        val pixels = rule.onNodeWithTag("board").captureToImage().toPixelMap()
        val c = centre(square)
        val s = squareSidePx()
        return pixels[(c.x + 0.27f * s).toInt(), (c.y + 0.12f * s).toInt()]
    }

    private fun colour(argb: UInt) = argb(argb)

    private fun pieceOf(c: Color): Piece? = when (c) {
        colour(board.attacker) -> Piece.ATTACKER
        colour(board.defender) -> Piece.DEFENDER
        colour(board.king) -> Piece.KING
        else -> null
    }

    /** At rest, the board shows exactly the pieces of the snapshot. */
    private fun assertBoardShows(snapshot: GameSnapshot) {
        for (square in snapshot.squares) {
            assertEquals("piece on ${square.name}", square.piece, pieceOf(pieceColour(square.name)))
        }
    }

    @Test
    fun tapTapSlidesThePieceAndComesToRestOnTheSnapshot() {
        val h = twoPlayerBrandubh()
        rule.mainClock.autoAdvance = false
        rule.onNodeWithTag("sq-a4").performClick()
        rule.mainClock.advanceTimeByFrame()
        rule.onNodeWithTag("sq-a2").performClick()
        // The move is played at once; the board shows its way there.
        assertEquals(1, h.game.plies)
        rule.mainClock.advanceTimeByFrame()
        rule.mainClock.advanceTimeByFrame()
        assertEquals("the piece has not arrived yet", null, pieceOf(pieceColour("a2")))
        rule.mainClock.advanceTimeBy(1_000)
        assertEquals(Piece.ATTACKER, pieceOf(pieceColour("a2")))
        assertEquals(null, pieceOf(pieceColour("a4")))
        assertBoardShows(h.game.snapshot)
        // Undo plays it backwards, and ends on the snapshot too.
        rule.onNodeWithTag("undo").performClick()
        rule.mainClock.advanceTimeByFrame()
        rule.mainClock.advanceTimeByFrame()
        assertEquals("on its way back", null, pieceOf(pieceColour("a4")))
        rule.mainClock.advanceTimeBy(1_000)
        assertEquals(0, h.game.plies)
        assertBoardShows(h.game.snapshot)
    }

    @Test
    fun aCaptureFadesAndTheBoardEndsOnTheSnapshot() {
        val h = twoPlayerBrandubh()
        for (m in listOf("a4-a3", "c4-c2", "a3-b3", "e4-e5")) h.move(m)
        rule.waitForIdle()
        rule.mainClock.autoAdvance = false
        rule.onNodeWithTag("sq-b3").performClick()
        rule.mainClock.advanceTimeByFrame()
        rule.onNodeWithTag("sq-b2").performClick() // takes c2
        rule.mainClock.advanceTimeByFrame()
        rule.mainClock.advanceTimeByFrame()
        assertEquals("the taken defender is still seen", Piece.DEFENDER, pieceOf(pieceColour("c2")))
        rule.mainClock.advanceTimeBy(1_000)
        assertEquals(null, pieceOf(pieceColour("c2")))
        assertBoardShows(h.game.snapshot)
    }

    @Test
    fun withReduceMotionNothingAnimates() {
        val h = twoPlayerBrandubh(reduceMotion = true)
        rule.mainClock.autoAdvance = false
        rule.onNodeWithTag("sq-a4").performClick()
        rule.mainClock.advanceTimeByFrame()
        rule.onNodeWithTag("sq-a2").performClick()
        rule.mainClock.advanceTimeByFrame()
        assertEquals(Piece.ATTACKER, pieceOf(pieceColour("a2")))
        assertBoardShows(h.game.snapshot)
    }

    @Test
    fun dragAndDropPlaysALegalMoveAndReturnsFromAnIllegalSquare() {
        val h = twoPlayerBrandubh()
        val lift = look(Theme.LIGHT, false).motion.dragLiftDp.toFloat() * rule.density.density
        val a4 = centre("a4")
        // Dropped on b3 (not in line): the piece goes back, still picked up.
        rule.onNodeWithTag("board").performTouchInput {
            down(a4)
            moveTo(centre("b3") + Offset(0f, lift))
            up()
        }
        rule.waitForIdle()
        assertEquals(0, h.game.plies)
        assertEquals(sq("a4"), h.game.selected)
        assertBoardShows(h.game.snapshot)
        // Dragged over a2: the lifted piece is drawn above the finger, the square under it framed.
        rule.onNodeWithTag("board").performTouchInput {
            down(a4)
            moveTo(centre("a2") + Offset(0f, lift))
        }
        rule.waitForIdle()
        val pixels = rule.onNodeWithTag("board").captureToImage().toPixelMap()
        val s = squareSidePx()
        val a2 = centre("a2")
        val frame = pixels[(a2.x - s / 2 + 0.04f * s).toInt(), (a2.y - 0.45f * s).toInt()]
        assertEquals("the drop target is framed", colour(board.dropTarget), frame)
        assertEquals("the piece is lifted over a2", Piece.ATTACKER, pieceOf(pixels[(a2.x + 0.2f * s).toInt(), a2.y.toInt()]))
        rule.onNodeWithTag("board").performTouchInput { up() }
        rule.waitForIdle()
        assertEquals(1, h.game.plies)
        assertEquals(Piece.ATTACKER, h.game.square(sq("a2")).piece)
        rule.mainClock.advanceTimeBy(1_000)
        assertBoardShows(h.game.snapshot)
    }

    @Test
    fun resignAsksFirst() {
        val h = twoPlayerBrandubh()
        rule.onNodeWithTag("resign").performClick()
        rule.onNodeWithTag("confirmResign").assertExists()
        rule.onNodeWithTag("resignNo").performClick()
        rule.onNodeWithTag("confirmResign").assertDoesNotExist()
        assertFalse(h.game.over)
        rule.onNodeWithTag("resign").performClick()
        rule.onNodeWithTag("resignYes").performClick()
        rule.onNodeWithTag("turnBar").assertTextEquals("The defenders win: the attackers resigned")
        assertTrue(h.game.over)
    }

    @Test
    fun undoIsEnabledOnlyWhenThereIsSomethingToTakeBack() {
        twoPlayerBrandubh()
        rule.onNodeWithTag("undo").assertIsNotEnabled()
        rule.onNodeWithTag("sq-a4").performClick()
        rule.onNodeWithTag("sq-a3").performClick()
        rule.onNodeWithTag("undo").assertIsEnabled().performClick()
        rule.onNodeWithTag("undo").assertIsNotEnabled()
    }

    @Test
    fun everyMoveIsAnnouncedInWords() {
        val h = twoPlayerBrandubh()
        rule.onNodeWithTag("sq-a4").performClick()
        rule.onNodeWithTag("sq-a3").performClick()
        rule.onNodeWithTag("lastMove")
            .assertTextEquals("Attackers: a4-a3")
            .assert(SemanticsMatcher.expectValue(SemanticsProperties.LiveRegion, LiveRegionMode.Polite))
            .assert(SemanticsMatcher.expectValue(SemanticsProperties.ContentDescription, listOf(h.game.snapshot.texts.announcement!!)))
        rule.onNodeWithTag("sq-a3").assert(SemanticsMatcher.expectValue(SemanticsProperties.ContentDescription, listOf("a3, attacker, last move")))
    }

    @Test
    fun aRefusedPieceSaysWhy() {
        twoPlayerBrandubh()
        rule.onNodeWithTag("sq-d5").performClick()
        rule.onNodeWithTag("flash").assertExists()
        rule.onNodeWithTag("flash").assert(
            SemanticsMatcher("says whose piece it is") { node ->
                node.children.any { it.config.getOrNull(SemanticsProperties.Text)?.joinToString() == "That piece belongs to the defenders." }
            },
        )
    }

    @Test
    fun theBoardStaysPutWhileTheComputerThinks() {
        val h = Harness(thinkMs = 1_500u)
        h.newGame(Variant.BRANDUBH, vsComputer = true, level = Level.HARD, side = Side.ATTACKERS)
        show(h)
        rule.waitForIdle()
        val before = bounds("board")
        val a1 = bounds("sq-a1")
        rule.onNodeWithTag("sq-a4").performClick()
        rule.onNodeWithTag("sq-a3").performClick()
        rule.waitUntil(2_000) { h.game.thinking }
        rule.onNodeWithTag("thinking").assertExists()
        rule.onNodeWithTag("undo").assertIsEnabled()
        assertEquals(before, bounds("board"))
        assertEquals(a1, bounds("sq-a1"))
        rule.waitUntil(20_000) { !h.game.thinking && h.game.plies == 2 }
        rule.waitForIdle()
        assertEquals(before, bounds("board"))
        rule.onNodeWithTag("turnBar").assertTextEquals("Your move (attackers)")
        assertTrue(h.game.snapshot.texts.lastMove!!.startsWith("Computer: "))
        rule.onNodeWithTag("lastMove").assertTextEquals(h.game.snapshot.texts.lastMove!!)
    }

    @Test
    fun aFinishedGameOpensFromTheHistoryAndStepsByButtonsAndSwipes() {
        val store = app.hnefi.core.TaflStore.open(tempDb().path)
        val h = Harness(store)
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        for (m in brandubhUpToKingOnEdge + listOf("b5-b6", "e1-g1")) h.move(m)
        h.send(UiEvent.Back)
        show(h)
        rule.onNodeWithTag("history").performClick()
        rule.waitUntil(5_000) { h.state.history.isNotEmpty() }
        rule.waitForIdle()
        val id = h.state.history.single().id
        rule.onNodeWithTag("history-$id").performClick()
        rule.waitUntil(5_000) { h.state.review != null }
        rule.waitForIdle()
        rule.onNodeWithTag("position").assertTextEquals("Move 8 of 8")
        rule.onNodeWithTag("reviewNext").assertIsNotEnabled()
        rule.onNodeWithTag("reviewFirst").performClick()
        rule.onNodeWithTag("position").assertTextEquals("Starting position")
        rule.onNodeWithTag("reviewPrevious").assertIsNotEnabled()
        rule.onNodeWithTag("reviewNext").performClick()
        rule.onNodeWithTag("position").assertTextEquals("Move 1 of 8")
        // A swipe to the left shows the next move, to the right the previous one.
        rule.onNodeWithTag("board").performTouchInput { swipeLeft() }
        rule.onNodeWithTag("position").assertTextEquals("Move 2 of 8")
        rule.onNodeWithTag("board").performTouchInput { swipeRight() }
        rule.onNodeWithTag("position").assertTextEquals("Move 1 of 8")
        rule.onNodeWithTag("reviewLast").performClick()
        rule.onNodeWithTag("position").assertTextEquals("Move 8 of 8")
        // The chart fills in as the analysis runs, then says the chance at this position.
        rule.waitUntil(20_000) { h.state.review?.analysis == AnalysisState.Complete }
        rule.waitForIdle()
        rule.onNodeWithTag("chart").assert(
            SemanticsMatcher.expectValue(SemanticsProperties.StateDescription, h.state.review!!.chartValue!!),
        )
        rule.onNodeWithTag("back").performClick()
        rule.onNodeWithTag("history-$id").assertExists()
        harness = null
        h.close()
        store.close()
    }
}
