package app.hnefi.android

import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import androidx.test.ext.junit.runners.AndroidJUnit4
import app.hnefi.core.Label
import app.hnefi.core.Language
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config

/** Whole games through the real activity, by taps, as a person plays them. */
@RunWith(AndroidJUnit4::class)
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
        assertContains("the king stands in the corner", app.label("a7"), AppRobot.word(Language.ENGLISH, Label.PIECE_KING))
        val turnBar = app.text("turnBar")
        assertTrue("the turn bar says who won: $turnBar", turnBar.isNotBlank())

        // Undo takes the escape back: the game goes on, the king is on a4 again.
        app.tap("undo")
        app.waitUntil("the game to go on") { !app.gameOver() }
        assertContains("the king is back", app.label("a4"), AppRobot.word(Language.ENGLISH, Label.PIECE_KING))
        app.move("a4-a7")
        app.waitUntil("the end of the game again") { app.gameOver() }
    }

    @Test
    fun aWholeBrandubhGameAgainstTheComputerEndsAndCountsInTheRecords() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = true, level = "EASY", side = "DEFENDERS")
        var moves = 0
        while (!app.gameOver()) {
            app.waitUntil("the person's turn or the end") { app.gameOver() || personMayMove(app) }
            if (app.gameOver()) break
            playSomeLegalMove(app)
            moves++
            assertTrue("a game of Brandubh ends within the move limit ($moves moves)", moves <= 100)
        }
        app.tap("menu")
        app.tap("records")
        app.waitUntil("the records row") { app.exists("record-EASY-DEFENDERS") }
        assertEquals("the game counts once, won, lost or drawn", 1, recordTotal(app, "EASY-DEFENDERS"))
    }

    @Test
    fun resigningAsksFirstThenEndsTheGameAndCountsALoss() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = true, level = "EASY", side = "ATTACKERS")
        app.tap("resign")
        app.waitUntil("the question") { app.exists("confirmResign") }
        app.tap("resignNo")
        app.waitUntil("the question to close") { !app.exists("confirmResign") }
        assertFalse(app.gameOver())

        app.tap("resign")
        app.tap("resignYes")
        app.waitUntil("the end of the game") { app.gameOver() }
        app.tap("menu")
        app.tap("records")
        app.waitUntil("the records") { app.exists("record-EASY-ATTACKERS") }
        assertEquals("one loss as attackers at easy", 1, recordTotal(app, "EASY-ATTACKERS"))
    }

    private fun personMayMove(app: AppRobot): Boolean =
        app.squares().values.any { it.contains(AppRobot.word(Language.ENGLISH, Label.PIECE_DEFENDER)) } &&
            !app.text("turnBar").contains(AppRobot.word(Language.ENGLISH, Label.TURN_THINKING))

    /** Picks up the defenders' pieces in turn until one shows where it may go, and goes there. */
    private fun playSomeLegalMove(app: AppRobot) {
        val target = AppRobot.word(Language.ENGLISH, Label.STATE_TARGET)
        val mine = app.squares().filter { (_, label) ->
            label.contains(AppRobot.word(Language.ENGLISH, Label.PIECE_DEFENDER)) || label.contains(AppRobot.word(Language.ENGLISH, Label.PIECE_KING))
        }.keys
        for (from in mine.sorted()) {
            app.tapSquare(from)
            val to = app.squares().entries.firstOrNull { it.value.contains(target) }?.key ?: continue
            app.tapSquare(to)
            return
        }
        throw AssertionError("no piece of the defenders could move")
    }

    /** The wins, losses and draws of a records row, added up. */
    private fun recordTotal(app: AppRobot, key: String): Int {
        val node = rule.onNode(androidx.compose.ui.test.hasTestTag("record-$key"), useUnmergedTree = false).fetchSemanticsNode()
        val texts = node.children.flatMap { c -> listOf(AppRobot.textOf(c)) } + AppRobot.textOf(node)
        return texts.flatMap { t -> Regex("\\d+").findAll(t).map { it.value.toInt() }.toList() }.sum()
    }
}
