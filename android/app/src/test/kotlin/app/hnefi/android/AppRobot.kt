package app.hnefi.android

import android.os.Looper
import org.robolectric.Shadows.shadowOf
import java.time.Duration
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.junit4.ComposeTestRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.pinch
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performSemanticsAction
import app.hnefi.core.Frame
import app.hnefi.core.GameView
import app.hnefi.core.Piece
import app.hnefi.core.ScreenView
import org.junit.Assert.assertTrue
import org.robolectric.Robolectric
import org.robolectric.RuntimeEnvironment
import org.robolectric.android.controller.ActivityController
import org.robolectric.shadows.ShadowLooper
import java.util.concurrent.TimeUnit

/**
 * Drives the real app as a person would: it starts [MainActivity] through Robolectric (so that
 * a test can turn it, stop it, or kill it and bring it back from its saved state), taps what
 * carries a test tag or a screen reader's label, and reads what the screen shows from the
 * frame the activity's view model holds.
 *
 * Every wait is on a condition of the screen, with a generous ceiling for a loaded machine.
 */
class AppRobot(val rule: ComposeTestRule, private val intent: Intent? = null) {
    var controller: ActivityController<MainActivity> = launch(null)
        private set

    val activity: MainActivity get() = controller.get()

    /**
     * The activity, started by [intent] when there is one (a share, an "open with"): first with
     * no saved state, as Android starts it; after a kill, with the saved state and the same
     * intent, as Android starts it again.
     */
    private fun launch(saved: Bundle?): ActivityController<MainActivity> {
        val built = Robolectric.buildActivity(MainActivity::class.java, intent)
        return if (saved == null && intent != null) built.setup() else built.setup(saved ?: Bundle())
    }

    /** The frame on screen now. */
    val frame: Frame get() = activity.viewModel.frame.value ?: error("no frame yet")

    val game: GameView? get() = (frame.screen as? ScreenView.Game)?.game

    /** Lets the main looper and Compose run until [done] holds. */
    fun waitUntil(what: String, timeoutMs: Long = 90_000, done: () -> Boolean) {
        val end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs)
        while (true) {
            ShadowLooper.idleMainLooper()
            rule.waitForIdle()
            if (done()) return
            if (System.nanoTime() > end) throw AssertionError("timed out waiting for $what")
            Thread.sleep(10)
        }
    }

    /**
     * [ms] of the phone's time pass with the app as it is, in steps of [step] ms: the looper's
     * clock (what SystemClock reads, so the ticks' times) and Compose's clock (what the tick
     * loop's delays wait on) both move on, and the ticks that fall due are sent.
     */
    fun pass(ms: Long, step: Long = 100) {
        var left = ms
        while (left > 0) {
            val now = minOf(step, left)
            shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(now))
            rule.mainClock.advanceTimeBy(now)
            left -= now
        }
        rule.waitForIdle()
    }

    /** Waits until the core has no work running behind (a search, the store). */
    fun settle() = waitUntil("the app to settle") { !frame.busy }

    fun exists(tag: String): Boolean = rule.onAllNodes(hasTestTag(tag), useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()

    fun node(tag: String): SemanticsNodeInteraction {
        waitUntil("the node '$tag'") { exists(tag) }
        return rule.onNodeWithTag(tag, useUnmergedTree = true)
    }

    /** A tap on what carries [tag], scrolled into view first when it sits in a scrolling column. */
    fun tap(tag: String) {
        val n = node(tag)
        try {
            n.performScrollTo()
        } catch (_: AssertionError) {
            // Not inside a scrolling container: it is on screen as it is.
        }
        n.performClick()
        rule.waitForIdle()
    }

    // --- the start screen ---

    /** Starts a game of [variant] ("BRANDUBH"...) for two players or against the computer. */
    fun startGame(variant: String, vsComputer: Boolean, level: String = "EASY", side: String = "DEFENDERS") {
        waitUntil("the start screen") { exists("start") }
        settle()
        tap("variant-$variant")
        tap(if (vsComputer) "opponent-computer" else "opponent-two")
        if (vsComputer) {
            tap("level-$level")
            tap("side-$side")
        }
        tap("start")
        if (exists("confirm")) tap("confirm")
        waitUntil("the game screen") { exists("gameScreen") }
    }

    // --- the board ---

    /** The pieces on the board, by square name ("d4" to KING). */
    fun pieces(): Map<String, Piece> =
        game?.board?.plan?.pieces.orEmpty().associate { "${'a' + it.square.file.toInt()}${it.square.rank.toInt() + 1}" to it.piece }

    /** A tap on a square, as a finger gives it. */
    fun tapSquare(square: String) {
        node("sq-$square").performClick()
        rule.waitForIdle()
    }

    /**
     * Two fingers spread apart across the board's top-left quarter: a pinch that zooms in
     * around it (four times, more than the core allows).
     */
    fun pinchBoardOpen() {
        rule.onNodeWithTag("board").performTouchInput {
            val c = Offset(width * 0.25f, height * 0.25f)
            val near = Offset(width * 0.05f, height * 0.05f)
            val far = Offset(width * 0.2f, height * 0.2f)
            pinch(c - near, c - far, c + near, c + far, 400)
        }
        rule.waitForIdle()
    }

    /** A move by two taps, like "b4-b1". */
    fun move(notation: String) {
        val (from, to) = notation.split('-')
        tapSquare(from)
        tapSquare(to)
    }

    /** The squares of the board a screen reader finds, each with its label. */
    fun squareLabels(): Map<String, String> =
        rule.onAllNodes(SquareMatcher, useUnmergedTree = true).fetchSemanticsNodes()
            .associate { it.config[SemanticsProperties.TestTag].removePrefix("sq-") to textOf(it) }

    /** Double-tap of a square with TalkBack on: its accessibility action, not a touch. */
    fun accessibilityClick(square: String) {
        node("sq-$square").performSemanticsAction(SemanticsActions.OnClick)
        rule.waitForIdle()
    }

    fun gameOver(): Boolean = game?.controls?.any { it.id == "playAgain" } == true

    /** Moves by two taps each ("b4-b1"), each waited for on the board; then the app settles. */
    fun play(moves: List<String>) {
        for (m in moves) {
            val before = pieces()
            move(m)
            waitUntil("the move $m") { pieces() != before }
        }
        settle()
    }

    /** Resigns the game on screen: the question asked and answered yes, the game over, settled. */
    fun resign() {
        tap("resign")
        waitUntil("the resign question") { game?.question != null }
        tap("resignYes")
        waitUntil("the game over") { gameOver() }
        settle()
    }

    // --- the activity's life ---

    /** Another app comes in front: the activity stops and stays stopped. */
    fun leave() {
        controller.pause().stop()
        ShadowLooper.idleMainLooper()
    }

    fun comeBack() {
        controller.restart().resume()
        ShadowLooper.idleMainLooper()
    }

    /** The phone is turned: a configuration change the activity handles itself (no new activity). */
    fun turn(qualifiers: String) {
        RuntimeEnvironment.setQualifiers(qualifiers)
        controller.configurationChange(Configuration(RuntimeEnvironment.getApplication().resources.configuration))
        ShadowLooper.idleMainLooper()
    }

    /**
     * The activity is made anew, as Android does for a configuration change it does not hand to
     * the activity (or a rotation with "don't keep activities"): the old one saves its state and
     * is destroyed, a new one is created with that state, and the view model carries over.
     */
    fun recreate() {
        controller.recreate()
        ShadowLooper.idleMainLooper()
    }

    /**
     * Android kills the process in the background and the person comes back: the saved state
     * survives, the view models do not (a new activity with a new ViewModelStore).
     */
    fun killAndRestore() {
        val saved = Bundle()
        controller.pause().stop().saveInstanceState(saved)
        activity.viewModelStore.clear()
        controller.destroy()
        controller = launch(saved)
        ShadowLooper.idleMainLooper()
    }

    /**
     * The app is closed for good (its task removed): the activity finishes, the view model is
     * cleared and the core closed, the database released; returns once it is.
     */
    fun closeForGood() {
        val model = activity.viewModel
        controller.pause().stop()
        activity.viewModelStore.clear()
        controller.destroy()
        ShadowLooper.idleMainLooper()
        model.closing?.join(60_000)
    }

    fun back() {
        activity.onBackPressedDispatcher.onBackPressed()
        ShadowLooper.idleMainLooper()
        rule.waitForIdle()
    }

    companion object {
        val SquareMatcher = androidx.compose.ui.test.SemanticsMatcher("a board square") { n ->
            n.config.getOrNull(SemanticsProperties.TestTag)?.startsWith("sq-") == true
        }

        fun textOf(n: SemanticsNode): String =
            n.config.getOrNull(SemanticsProperties.Text)?.joinToString("") { it.text }
                ?: n.config.getOrNull(SemanticsProperties.ContentDescription)?.joinToString(" ")
                ?: ""
    }
}

fun assertContains(what: String, text: String, part: String) =
    assertTrue("$what: \"$part\" not in \"$text\"", text.contains(part))
