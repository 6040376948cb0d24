package app.hnefi.android

import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import app.hnefi.core.DrawOp
import app.hnefi.core.PageItem
import app.hnefi.core.Piece
import app.hnefi.core.ScreenView
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config

/** Whole games through the real activity, by taps on the board, as a person plays them. */
@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "w360dp-h640dp-xhdpi")
class PlayTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    /** A short Brandubh game that the king wins in a corner (checked by `tafl replay`). */
    private val kingEscapes = listOf("b4-b1", "c4-c7", "a4-a3", "d4-a4", "d7-e7", "a4-a7")

    @Test
    fun twoPlayersPlayBrandubhToTheKingsEscapeAndUndoTheLastMove() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = false)
        for (m in kingEscapes.dropLast(1)) {
            app.move(m)
            assertFalse("the game goes on after $m", app.gameOver())
        }
        app.move(kingEscapes.last())
        app.waitUntil("the end of the game") { app.gameOver() }
        assertEquals(Piece.KING, app.pieces()["a7"])

        // Undo takes the escape back: the game goes on, the king is on a4 again.
        app.tap("undo")
        app.waitUntil("the game to go on") { !app.gameOver() }
        assertEquals(Piece.KING, app.pieces()["a4"])
        app.move("a4-a7")
        app.waitUntil("the end of the game again") { app.gameOver() }
    }

    @Test
    fun aWholeBrandubhGameAgainstTheComputerEndsAndCountsInTheRecords() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = true, level = "EASY", side = "DEFENDERS")
        var moves = 0
        while (!app.gameOver()) {
            app.settle()
            if (app.gameOver()) break
            playSomeLegalMove(app)
            moves++
            assertTrue("a game of Brandubh ends within the move limit ($moves moves)", moves <= 120)
        }
        app.tap("menu")
        app.tap("records")
        app.waitUntil("the records") { recordTotal(app, "record-BRANDUBH-EASY-DEFENDERS") == 1 }
    }

    @Test
    fun resigningAsksFirstThenEndsTheGameAndCountsALoss() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = true, level = "EASY", side = "ATTACKERS")
        app.tap("resign")
        app.waitUntil("the question") { app.exists("resign") && app.game?.question != null }
        app.tap("resignNo")
        app.waitUntil("the question to close") { app.game?.question == null }
        assertFalse(app.gameOver())

        app.tap("resign")
        app.tap("resignYes")
        app.waitUntil("the end of the game") { app.gameOver() }
        app.tap("menu")
        app.tap("records")
        app.waitUntil("one loss as attackers at easy") { recordTotal(app, "record-BRANDUBH-EASY-ATTACKERS") == 1 }
    }

    /** Picks up the person's pieces in turn until one shows where it may go, and goes there. */
    private fun playSomeLegalMove(app: AppRobot) {
        val mine = app.pieces().filterValues { it != Piece.ATTACKER }.keys.sorted()
        for (from in mine) {
            app.tapSquare(from)
            val target = targets(app).firstOrNull() ?: continue
            app.tapSquare(target)
            return
        }
        throw AssertionError("no piece of the defenders could move")
    }

    /** The squares the picked-up piece may go to: the core draws a dot on each (over the pieces). */
    private fun targets(app: AppRobot): List<String> {
        val board = app.game?.board ?: return emptyList()
        val dots = board.plan.over.filterIsInstance<DrawOp.FillCircle>()
        return board.squares.filter { sq -> dots.any { it.centre.x in sq.x..sq.x + 1f && it.centre.y in sq.y..sq.y + 1f } }.map { it.name }
    }

    /** The wins, losses and draws of a records row, added up, as the frame gives them. */
    private fun recordTotal(app: AppRobot, id: String): Int {
        val page = (app.frame.screen as? ScreenView.Page)?.page ?: return -1
        // One table per game played: the row's id names its game.
        val rows = page.items.filterIsInstance<PageItem.Table>().flatMap { it.table.rows }
        val row = rows.firstOrNull { it.id == id } ?: return -1
        return row.cells.drop(1).sumOf { it.toInt() }
    }
}
