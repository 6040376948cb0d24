package app.hnefi.android

import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import androidx.compose.ui.test.performTextInput
import app.hnefi.core.InfoKind
import app.hnefi.core.Piece
import app.hnefi.core.ScreenKind
import app.hnefi.core.ScreenView
import org.junit.Assert.assertEquals
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * Every screen of the app, with content in it, through both audits of [ScreensAudit]: the
 * accessibility audit as TalkBack meets the screen, and the layout audit in three languages,
 * three font scales and five sizes. The screens are reached as a person reaches them, by taps
 * on the real app. Each test prints one "audit" line with what it covered.
 */
@RunWith(HnefiTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
@Config(qualifiers = "en-rUS-w360dp-h640dp-port-notnight-xhdpi")
class ScreensAuditTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    private fun pageKind(app: AppRobot) = (app.frame.screen as? ScreenView.Page)?.page?.kind

    private fun audit(name: String, visit: ScreensAudit.(AppRobot) -> Unit) {
        val app = AppRobot(rule)
        app.waitUntil("the start screen") { app.exists("start") }
        app.settle()
        val audit = ScreensAudit(app)
        audit.visit(app)
        println(audit.report(name))
        assertEquals("what the audits found", "", audit.problems.joinToString("\n"))
    }

    private fun open(app: AppRobot, tag: String, kind: ScreenKind) {
        app.tap(tag)
        app.waitUntil("the $kind page") { pageKind(app) == kind }
        app.settle()
    }

    private fun backToStart(app: AppRobot) {
        app.back()
        app.waitUntil("the start page") { pageKind(app) == ScreenKind.START }
    }

    @Test
    fun theStartPageAndTheMenusPages() = audit("start and menu pages") { app ->
        screen("start")
        for ((tag, kind) in listOf("rules" to ScreenKind.RULES, "settings" to ScreenKind.SETTINGS, "lessons" to ScreenKind.LESSONS)) {
            open(app, tag, kind)
            screen(tag)
            backToStart(app)
        }
        open(app, "import", ScreenKind.IMPORT)
        app.node("importText").performTextInput("b4-b1 zz-c7")
        app.tap("importButton")
        app.waitUntil("the import's error") { app.exists("error") }
        app.settle()
        screen("import with an error")
    }

    @Test
    fun gamesOnEveryBoardAndTheResignQuestion() = audit("games") { app ->
        app.startGame("BRANDUBH", vsComputer = false)
        app.play(listOf("b4-b3"))
        screen("game 7x7")
        app.tap("resign")
        app.waitUntil("the resign question") { app.game?.question != null }
        screen("the resign question")
        app.back()
        app.waitUntil("the question closed") { app.game?.question == null }
        for ((variant, moves) in listOf(
            "COPENHAGEN" to COPENHAGEN,
            "HNEFATAFL13" to listOf("f13-f10", "d7-d3", "h13-h10"),
            "ALEAEVANGELII" to listOf("e13-e12", "o11-o12", "d10-e10"),
        )) {
            val size = mapOf("COPENHAGEN" to 11, "HNEFATAFL13" to 13, "ALEAEVANGELII" to 19).getValue(variant)
            app.back()
            app.waitUntil("the start page") { pageKind(app) == ScreenKind.START }
            app.startGame(variant, vsComputer = false)
            app.play(moves)
            screen("game ${size}x$size")
        }
        app.pinchBoardOpen()
        app.waitUntil("the zoom") { app.game!!.board.window.side < app.game!!.board.plan.extent }
        screen("game 19x19 zoomed")
        app.back()
        app.waitUntil("the start page") { pageKind(app) == ScreenKind.START }
        // An unfinished game makes Start ask first.
        app.tap("start")
        app.waitUntil("the new game question") { app.exists("confirmNewGame") }
        screen("the new game question")
    }

    @Test
    fun aGameOnAClockRunningAndLow() = audit("clock") { app ->
        app.tap("variant-BRANDUBH")
        app.tap("opponent-two")
        app.tap("clock-BLITZ")
        screen("start with the clock's choices")
        app.tap("start")
        app.waitUntil("the game screen") { app.exists("gameScreen") }
        app.play(listOf("b4-b3"))
        screen("game on a clock")
        // The defenders think until they have 8 s left: their face in the error colours.
        app.pass(292_000, step = 1_000)
        app.waitUntil("the defenders' time low") { app.game!!.clock!!.faces[1].low }
        screen("a clock low")
    }

    @Test
    fun aLessonAndPuzzlesSolvedAndRefuted() = audit("lesson and puzzles") { app ->
        open(app, "lessons", ScreenKind.LESSONS)
        app.tap("lesson-copenhagen-capture")
        app.waitUntil("the lesson's board") { app.game != null }
        app.settle()
        screen("lesson")
        app.back()
        app.waitUntil("the lessons") { pageKind(app) == ScreenKind.LESSONS }
        backToStart(app)
        app.tap("variant-BRANDUBH")
        app.tap("puzzles")
        app.waitUntil("the puzzle") { app.game?.info?.any { it.kind == InfoKind.PROMPT } == true }
        // A new player's first Brandubh puzzle (PuzzleTest): d3-e3 is refuted, c4-c7 then c7-a7 solve it.
        app.move("d3-e3")
        app.waitUntil("the refutation") { app.game!!.info.any { it.kind == InfoKind.WRONG } }
        app.settle()
        screen("puzzle refuted")
        app.move("c4-c7")
        app.waitUntil("the defence") { app.pieces()["b1"] == Piece.ATTACKER }
        app.move("c7-a7")
        app.waitUntil("the solved puzzle") { app.game?.controls?.any { it.id == "nextPuzzle" } == true }
        app.settle()
        screen("puzzle solved")
    }

    @Test
    fun aPuzzleStreakAndAPuzzleStorm() = audit("puzzle streak and storm") { app ->
        app.tap("variant-BRANDUBH")
        app.tap("puzzleStreak")
        app.waitUntil("the streak") { app.game?.info?.any { it.kind == InfoKind.RUN } == true }
        app.settle()
        screen("puzzle streak")
        app.tap("skipPuzzle")
        app.waitUntil("the skip") { app.game?.controls?.none { it.id == "skipPuzzle" } == true }
        app.settle()
        screen("puzzle streak, skip used")
        app.back()
        app.waitUntil("the start page") { pageKind(app) == ScreenKind.START }
        app.tap("puzzleStorm")
        app.waitUntil("the storm") { app.frame.tickMs != null && app.game != null }
        app.settle()
        screen("puzzle storm")
        // Its three minutes run out on the phone's clock: the ended run, its score, its best
        // and the way to play again.
        app.pass(185_000, step = 1_000)
        app.waitUntil("the storm's end") { app.game?.controls?.any { it.id == "runAgain" } == true }
        app.settle()
        screen("puzzle storm over")
    }

    @Test
    fun aReviewWithItsChart() = audit("review") { app ->
        app.startGame("BRANDUBH", vsComputer = false)
        app.play(KING_ESCAPES)
        app.waitUntil("the end of the game") { app.gameOver() }
        screen("game over 7x7")
        val last = app.game!!.moves.rows.last().cells.last { it.event != null }.ply
        app.tap("move-$last")
        app.waitUntil("the review, analysed") {
            val review = (app.frame.screen as? ScreenView.Review)?.review
            review != null && review.analysis.progress == null && !app.frame.busy
        }
        screen("review with chart")
    }

    @Test
    fun recordsAndALongHistory() = audit("records and history") { app ->
        // Games against the computer, each resigned at once (the person plays first as the
        // attackers): a row of the records each, and a long history.
        for (level in listOf("EASY", "NORMAL", "HARD", "EASY", "NORMAL", "HARD", "EASY", "NORMAL")) {
            app.startGame("COPENHAGEN", vsComputer = true, level = level, side = "ATTACKERS")
            app.resign()
            backToStart(app)
        }
        app.startGame("BRANDUBH", vsComputer = true, level = "EASY", side = "ATTACKERS")
        app.resign()
        backToStart(app)
        open(app, "records", ScreenKind.RECORDS)
        screen("records")
        backToStart(app)
        open(app, "history", ScreenKind.HISTORY)
        screen("history")
    }

    companion object {
        val COPENHAGEN = listOf("d1-d3", "e5-e3", "f2-f3", "f4-e4", "h1-h3")
        val KING_ESCAPES = listOf("b4-b1", "c4-c7", "a4-a3", "d4-a4", "d7-e7", "a4-a7")
    }
}
