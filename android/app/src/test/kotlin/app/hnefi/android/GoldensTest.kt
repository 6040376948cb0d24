package app.hnefi.android

import androidx.compose.ui.graphics.asAndroidBitmap
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.isHeading
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performScrollTo
import app.hnefi.core.Language
import app.hnefi.core.Piece
import app.hnefi.core.ScreenView
import app.hnefi.core.Theme
import app.hnefi.core.look
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.GraphicsMode
import org.robolectric.shadows.ShadowLooper
import java.io.File

/**
 * The real activity's screens as pictures, against the committed references in
 * src/test/golden (see [Goldens] for the tolerance, and HNEFI_UPDATE_GOLDENS=1 to rewrite them).
 *
 * Robolectric's native graphics draw the Compose root with real fonts, in software. The games
 * are for two players, their moves tapped on the board, so every picture is the same each run;
 * the review's chart is the engine's judgement at a fixed node budget, also the same each run.
 */
@RunWith(HnefiTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class GoldensTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    private companion object {
        const val PHONE = "en-rUS-w360dp-h640dp-port-xhdpi"
        const val GERMAN_PHONE = "de-rDE-w360dp-h640dp-port-xhdpi"
    }

    /** Copenhagen: d3 and f3 take e3, the defenders answer, the attackers move again. */
    private val copenhagen = listOf("d1-d3", "e5-e3", "f2-f3", "f4-e4", "h1-h3")

    /** Brandubh: the short game in which the king escapes to a7 (PlayTest's). */
    private val kingEscapes = listOf("b4-b1", "c4-c7", "a4-a3", "d4-a4", "d7-e7", "a4-a7")

    /** The Compose root as it is on screen once the app has settled and its motion has ended. */
    private fun shot(app: AppRobot): Shot {
        app.settle()
        rule.waitForIdle()
        return Shot.of(rule.onRoot().captureToImage().asAndroidBitmap())
    }

    /** Hnefatafl 13x13: f10 and h10 take g10 (checked by `tafl replay --variant hnefatafl-13`). */
    private val thirteen = listOf("f13-f10", "d7-d3", "h13-h10")

    /** Alea Evangelii 19x19: e12 and e10 take e11 (checked by `tafl replay --variant alea-evangelii`). */
    private val nineteen = listOf("e13-e12", "o11-o12", "d10-e10")

    /**
     * A screen to compare with its reference: the reference's name, the device (Robolectric's
     * qualifiers and font scale), and how the app gets there from its start screen.
     */
    private class Case(val golden: String, val device: String, val fontScale: Float = 1f, val reach: GoldensTest.(AppRobot) -> Unit)

    private val cases = listOf(
        Case("phone-start-360x640", PHONE) {},
        Case("start-picker-tablut-360x640", PHONE) { app ->
            app.tap("variant-TABLUT")
            app.node("diagram").performScrollTo()
        },
        Case("lessons-en-360x640", PHONE) { app ->
            openLessons(app)
            // The start page was scrolled down to reach its "lessons" button; the new page
            // opens at its top all the same.
            app.node("lesson-copenhagen-moving").assertIsDisplayed()
        },
        Case("lessons-de-360x640", GERMAN_PHONE) { app -> openLessons(app) },
        Case("lesson-en-360x640", PHONE) { app -> openLesson(app) },
        Case("lesson-de-360x640", GERMAN_PHONE) { app ->
            openLesson(app)
            assertTrue("a step of the lesson is shown", app.game!!.info.isNotEmpty())
        },
        Case("puzzle-refuted-360x640", PHONE) { app ->
            app.tap("variant-BRANDUBH")
            app.tap("puzzles")
            app.waitUntil("the puzzle") { app.game != null }
            // A new player's first Brandubh puzzle (see PuzzleTest): d3-e3 is refuted by f6-b6.
            app.move("d3-e3")
            app.waitUntil("the refusal") { app.game!!.info.any { it.text.contains("After f6-b6") } }
        },
        Case("game-13x13-360x640", PHONE) { app ->
            app.startGame("HNEFATAFL13", vsComputer = false)
            assertEquals("a 13x13 board", 169, app.game!!.board.squares.size)
            assertEquals(Piece.DEFENDER, app.pieces()["g10"])
            app.play(thirteen)
            assertEquals("g10 was taken", null, app.pieces()["g10"])
        },
        Case("game-19x19-360x640", PHONE) { app ->
            app.startGame("ALEAEVANGELII", vsComputer = false)
            assertEquals("a 19x19 board", 361, app.game!!.board.squares.size)
            assertEquals(Piece.DEFENDER, app.pieces()["e11"])
            app.play(nineteen)
            assertEquals("e11 was taken", null, app.pieces()["e11"])
        },
        Case("game-19x19-zoomed-360x640", PHONE) { app -> zoomedNineteen(app) },
        Case("game-clock-low-360x640", PHONE) { app -> clockLow(app) },
        // The same in the dark look, and in landscape (the faces beside the board).
        Case("game-clock-low-dark-360x640", "en-rUS-w360dp-h640dp-port-night-xhdpi") { app -> clockLow(app) },
        Case("game-clock-low-landscape-640x360", "en-rUS-w640dp-h360dp-land-xhdpi") { app -> clockLow(app) },
        Case("game-landscape-640x360", "en-rUS-w640dp-h360dp-land-xhdpi") { app ->
            app.startGame("TABLUT", vsComputer = false)
            app.play(listOf("e2-c2", "e3-e2", "b5-b3"))
        },
        Case("tablet-800x1280", "en-rUS-w800dp-h1280dp-port-mdpi") { app ->
            app.startGame("COPENHAGEN", vsComputer = false)
            app.play(copenhagen)
        },
        Case("game-dark-360x640", "en-rUS-w360dp-h640dp-port-night-xhdpi") { app ->
            app.startGame("BRANDUBH", vsComputer = false)
            app.play(kingEscapes.take(4))
            assertEquals(look(Theme.DARK, false).chrome.background, app.frame.look.chrome.background)
            // The attackers' turn: one of theirs picked up.
            app.tapSquare("d7")
            app.waitUntil("the piece picked up") { app.game!!.board.plan.over.isNotEmpty() }
        },
        Case("game-de-fontscale2-360x640", "de-w360dp-h640dp-port-xhdpi", fontScale = 2.0f) { app ->
            assertEquals(Language.GERMAN, app.frame.language)
            app.startGame("COPENHAGEN", vsComputer = false)
            app.play(copenhagen.take(1))
        },
    )

    /**
     * Every case of the table on a device of its own: the app launched afresh (no data left by
     * the case before), brought to its screen, and compared with its reference. Every case is
     * tried; the failures are reported together.
     */
    @Test
    fun everyScreenOfTheTableMatchesItsReference() {
        val failures = mutableListOf<String>()
        for (case in cases) {
            RuntimeEnvironment.setQualifiers(case.device)
            RuntimeEnvironment.setFontScale(case.fontScale)
            val app = AppRobot(rule)
            try {
                app.waitUntil("the start screen") { app.exists("start") }
                app.settle()
                case.reach(this, app)
                Goldens.check(case.golden, shot(app))
            } catch (e: AssertionError) {
                failures += "${case.golden}: ${e.message}"
            } finally {
                leave(app)
            }
        }
        assertTrue("the screens that differ from their references:\n" + failures.joinToString("\n"), failures.isEmpty())
    }

    /** The app is closed for good and its data removed, for the next case to start afresh. */
    private fun leave(app: AppRobot) {
        val activity = app.activity
        val model = activity.viewModel
        app.controller.pause().stop()
        activity.viewModelStore.clear()
        app.controller.destroy()
        ShadowLooper.idleMainLooper()
        model.closing?.join(60_000)
        for (suffix in listOf("", "-wal", "-shm", "-journal")) File(activity.filesDir, "hnefi.db$suffix").delete()
    }

    /** A clocked Brandubh game, each face with its side's name, the defenders' time low. */
    private fun clockLow(app: AppRobot) {
        app.waitUntil("the start screen") { app.exists("start") }
        app.tap("variant-BRANDUBH")
        app.tap("opponent-two")
        app.tap("clock-BLITZ")
        app.tap("start")
        app.waitUntil("the game screen") { app.exists("gameScreen") }
        app.play(listOf("b4-b3"))
        // The defenders think until they have 8 s left: their face in the error colours.
        app.pass(292_000, step = 1_000)
        app.waitUntil("the defenders' time low") { app.game!!.clock!!.faces[1].low }
    }

    private fun openLessons(app: AppRobot) {
        app.tap("lessons")
        app.waitUntil("the lessons") { app.exists("lesson-copenhagen-moving") }
    }

    private fun openLesson(app: AppRobot) {
        app.tap("lessons")
        app.tap("lesson-copenhagen-capture")
        app.waitUntil("the lesson's board") { app.exists("gameScreen") && app.game != null }
    }

    /**
     * Alea Evangelii zoomed in and played to a capture. The first move is tapped in the zoomed
     * top-left. o11-o12 lies off screen, where a screen reader's double tap still reaches it,
     * and the window follows it there; the capture's squares are then off screen in turn, and
     * the window follows the capture back.
     */
    private fun zoomedNineteen(app: AppRobot) {
        app.startGame("ALEAEVANGELII", vsComputer = false)
        app.pinchBoardOpen()
        app.waitUntil("the zoom") { app.game!!.board.window.side < app.game!!.board.plan.extent }
        for (m in nineteen) {
            val before = app.pieces()
            val (from, to) = m.split('-')
            if (m != nineteen.first()) {
                app.accessibilityClick(from)
                app.accessibilityClick(to)
            } else {
                app.move(m)
            }
            app.waitUntil("the move $m") { app.pieces() != before }
        }
        app.settle()
        assertEquals("e11 was taken", null, app.pieces()["e11"])
        val w = app.game!!.board.window
        val e11 = app.game!!.board.squares.first { it.name == "e11" }
        assertTrue("the window followed the capture back: $w", e11.x >= w.x && e11.x + 1 <= w.x + w.side)
    }

    @Test
    @Config(qualifiers = "en-rUS-w360dp-h568dp-port-xhdpi")
    fun elevenByElevenOnTheSmallestPhone() {
        val app = AppRobot(rule)
        app.startGame("COPENHAGEN", vsComputer = false)
        app.play(copenhagen)
        assertEquals("e3 was taken", null, app.pieces()["e3"])
        // A defender picked up: the squares it may go to are marked.
        app.tapSquare("g5")
        app.waitUntil("the piece picked up") { app.game!!.board.plan.over.isNotEmpty() }
        val shot = shot(app)
        Goldens.check("game-11x11-360x568", shot)

        // The comparison sees one square of another colour: e9's, a little darker.
        val square = app.node("sq-e9").fetchSemanticsNode().boundsInRoot
        val changed = shot.copy()
        for (y in square.top.toInt() until square.bottom.toInt()) {
            for (x in square.left.toInt() until square.right.toInt()) {
                val p = changed[x, y]
                val r = (p shr 16 and 0xFF) * 7 / 8
                val g = (p shr 8 and 0xFF) * 7 / 8
                val b = (p and 0xFF) * 7 / 8
                changed[x, y] = (0xFF shl 24) or (r shl 16) or (g shl 8) or b
            }
        }
        val c = Goldens.compare(shot, changed)
        assertFalse("one square darker by an eighth must fail the comparison: $c", c.passes)
    }

    @Test
    @Config(qualifiers = "en-rUS-w360dp-h640dp-port-xhdpi")
    fun theReviewOfAFinishedGame() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = false)
        app.play(kingEscapes)
        app.waitUntil("the end of the game") { app.gameOver() }
        assertEquals(Piece.KING, app.pieces()["a7"])
        // A move of the finished game's list opens the review at its position.
        val last = app.game!!.moves.rows.last().cells.last { it.event != null }.ply
        app.tap("move-$last")
        app.waitUntil("the review, analysed") {
            val review = (app.frame.screen as? ScreenView.Review)?.review
            review != null && review.analysis.progress == null && !app.frame.busy
        }
        assertTrue(app.exists("reviewScreen"))
        // The four steps share one row, as high as each other, each a finger's size.
        val steps = listOf("first", "previous", "next", "last").map { app.node(it).fetchSemanticsNode() }
        assertEquals("one row", 1, steps.map { it.boundsInRoot.top }.distinct().size)
        assertEquals("one height", 1, steps.map { it.size.height }.distinct().size)
        val density = app.activity.resources.displayMetrics.density
        assertTrue("48 dp", steps.all { it.size.width >= 48 * density && it.size.height >= 48 * density })
        Goldens.check("review-360x640", shot(app))
        // Further down: the engine's chart, the verdicts and the moves.
        app.node("moves").performScrollTo()
        Goldens.check("review-chart-360x640", shot(app))
        // The move list, at the game's last move, begins at a move number: no move in it is
        // cut at its leading edge (the "1" of b4-b1 used to stand there, read as a move).
        val list = app.node("moves").fetchSemanticsNode().boundsInRoot
        val cells = SemanticsMatcher("a move of the list") { n ->
            n.config.getOrNull(SemanticsProperties.TestTag)?.startsWith("move-") == true
        }
        val cut = rule.onAllNodes(cells, useUnmergedTree = true).fetchSemanticsNodes()
            .filter { it.positionInRoot.x < list.left - 0.5f && it.positionInRoot.x + it.size.width > list.left }
            .map { it.config[SemanticsProperties.TestTag] }
        assertEquals("moves cut at the list's leading edge", emptyList<String>(), cut)
        // The headings of the errors and of the moves start at the same edge.
        val review = (app.frame.screen as ScreenView.Review).review
        val headings = listOf(review.errorsTitle, review.moves.title).map { rule.onNode(hasText(it) and isHeading()).fetchSemanticsNode() }
        assertEquals("aligned headings", headings[0].boundsInRoot.left, headings[1].boundsInRoot.left, 0.5f)
        // Each side's verdicts are counted on screen; an error's button opens its position,
        // whose verdict (the better move and why) then stands under the board.
        assertEquals(2, review.summary.size)
        for (line in review.summary) rule.onNode(hasText(line) and hasTestTag("verdictSummary"), useUnmergedTree = true).assertExists()
        val error = review.errors.first { it.id == "error-2" }
        app.tap(error.id)
        app.waitUntil("move 2 under review") { (app.frame.screen as? ScreenView.Review)?.review?.verdict == error.label }
        app.node("verdict").performScrollTo()
        rule.onNode(hasText(error.label) and hasTestTag("verdict"), useUnmergedTree = true).assertExists()
    }

    /** The comparison by itself: noise within the tolerance passes, a small patch over it fails. */
    @Test
    fun theComparisonAbsorbsAntialiasingAndCatchesAPatch() {
        val w = 720
        val h = 1280
        val base = Shot(w, h, IntArray(w * h) { i -> (0xFF shl 24) or ((i % w) * 255 / w shl 16) or ((i / w) * 255 / h shl 8) or 0x80 })
        assertTrue(Goldens.compare(base, base.copy()).passes)
        // Every pixel off by the tolerance in every channel: antialiasing rounded otherwise.
        val noisy = Shot(w, h, IntArray(w * h) { i ->
            val p = base.pixels[i]
            val s = if (i % 2 == 0) Goldens.CHANNEL_TOLERANCE else -Goldens.CHANNEL_TOLERANCE
            fun ch(shift: Int) = ((p shr shift and 0xFF) + s).coerceIn(0, 255) shl shift
            (0xFF shl 24) or ch(16) or ch(8) or ch(0)
        })
        assertTrue(Goldens.compare(base, noisy).toString(), Goldens.compare(base, noisy).passes)
        // A 10x10 patch of another colour: 100 pixels, just over 0.01% of the screen.
        val patch = base.copy()
        for (y in 600 until 610) for (x in 300 until 310) patch[x, y] = 0xFF000000.toInt()
        assertFalse(Goldens.compare(base, patch).passes)
        // A picture of another size never passes.
        assertFalse(Goldens.compare(base, Shot(w, h - 1, IntArray(w * (h - 1)))).passes)
    }
}
