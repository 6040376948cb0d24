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
 * A puzzle played through the real activity: refused once, then solved; the puzzle rating
 * moves once; the puzzle in progress comes back as it was when the activity is made anew and
 * when the process is killed (a new core on the same database, from the saved state), and the
 * rating survives it.
 *
 * A new player's first Brandubh puzzle is the shipped file's
 * `brandubh:/3t3/5t1/1T5/t1K3t/3T3/1t1t1t1/2t4/:defenders` (rated 1370): the king wins by
 * c4-c7, c1-b1, c7-a7, and d3-e3 is refuted by f6-b6, the longest defence (the core's
 * `app_puzzles` tests and the parity scenario `puzzle-wrong-then-solved` check the same).
 */
@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "en-rUS-w360dp-h640dp-port-xhdpi")
class PuzzleTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    private fun info(app: AppRobot, kind: InfoKind): List<String> =
        app.game?.info.orEmpty().filter { it.kind == kind }.map { it.text }

    /** What the puzzle's screen shows: its title, its lines, its buttons and its pieces. */
    private fun shown(app: AppRobot): List<Any> {
        val game = app.game ?: error("no board on screen")
        return listOf(game.turn.text, game.info.map { "${it.kind}: ${it.text}" }, game.controls.map { it.id }, app.pieces())
    }

    private fun waitForPuzzle(app: AppRobot) {
        app.waitUntil("the puzzle") { app.exists("gameScreen") && app.game?.turn?.text?.startsWith("Puzzle") == true }
        app.settle()
    }

    private fun openPuzzle(app: AppRobot) {
        app.waitUntil("the start screen") { app.exists("start") }
        app.settle()
        app.tap("variant-BRANDUBH")
        app.tap("puzzles")
        app.waitUntil("the puzzle") { app.game != null && info(app, InfoKind.PROMPT).isNotEmpty() }
    }

    @Test
    fun aPuzzleMissedThenSolvedMovesTheRatingOnceAndAKilledAppKeepsIt() {
        val app = AppRobot(rule)
        openPuzzle(app)
        assertEquals("Puzzle · Brandubh", app.game!!.turn.text)
        assertEquals(listOf("Puzzle rated 1370 · your rating 1500\u00A0±\u00A0350"), info(app, InfoKind.RATING))

        val before = app.pieces()
        app.move("d3-e3")
        app.waitUntil("the refusal") { info(app, InfoKind.WRONG).isNotEmpty() }
        assertEquals(listOf("d3-e3 does not force the win in time. After f6-b6 the win can no longer be forced in 2 moves."), info(app, InfoKind.WRONG))
        assertEquals("a refused move is not played", before, app.pieces())
        val missed = info(app, InfoKind.RATING).last()
        assertContains("the rating's change", missed, "Missed at the first try: your rating goes from 1500 to ")
        val after = missed.substringAfter(" to ").trimEnd('.').toInt()
        assertTrue("a miss lowers the rating: $after", after < 1500)
        app.settle()

        // Killed with the refusal on screen: the puzzle comes back as it was, the refutation,
        // the grade and the rating's change with it (the miss counted once, in the store).
        val refused = shown(app)
        app.killAndRestore()
        waitForPuzzle(app)
        assertEquals("the process killed in the background", refused, shown(app))

        app.move("c4-c7")
        app.waitUntil("the defence") { app.pieces()["b1"] == Piece.ATTACKER }
        assertEquals(listOf("Your opponent answers c1-b1, the longest defence."), info(app, InfoKind.LAST_MOVE))
        app.settle()
        val answered = shown(app)
        app.recreate()
        waitForPuzzle(app)
        assertEquals("the activity made anew", answered, shown(app))
        app.killAndRestore()
        waitForPuzzle(app)
        assertEquals("the process killed again", answered, shown(app))

        app.move("c7-a7")
        app.waitUntil("the solved puzzle") { app.game?.controls?.any { it.id == "nextPuzzle" } == true }
        assertEquals(listOf("Solved. The whole line: c4-c7 c1-b1 c7-a7"), info(app, InfoKind.ENDING))
        assertEquals(Piece.KING, app.pieces()["a7"])
        assertEquals("the rating moved once only", missed, info(app, InfoKind.RATING).last())
        app.settle()

        // Killed on the solved puzzle, the app comes back to it; the next one opened from the
        // start screen has the rating the store kept.
        val solved = shown(app)
        app.killAndRestore()
        waitForPuzzle(app)
        assertEquals(solved, shown(app))
        app.back()
        openPuzzle(app)
        val rating = info(app, InfoKind.RATING).single()
        assertContains("the kept rating", rating, "· your rating $after\u00A0±\u00A0")
    }
}
