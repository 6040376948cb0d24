package app.hnefi.android

import android.os.Bundle
import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.junit4.ComposeTestRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performSemanticsAction
import app.hnefi.core.Label
import app.hnefi.core.Language
import app.hnefi.core.Texts
import org.junit.Assert.assertTrue
import org.robolectric.Robolectric
import org.robolectric.android.controller.ActivityController
import org.robolectric.shadows.ShadowLooper
import java.util.concurrent.TimeUnit

/**
 * Drives the real app as a person would: it starts [MainActivity] through Robolectric (so that
 * a test can rotate it, stop it, or kill it and start it again from its saved state), and
 * finds what to tap by the test tags and the screen readers' labels of the screens.
 *
 * Every wait is on a condition of the screen, with a generous ceiling for a loaded machine.
 */
class AppRobot(val rule: ComposeTestRule) {
    var controller: ActivityController<MainActivity> = launch(null)
        private set

    val activity: MainActivity get() = controller.get()

    private fun launch(saved: Bundle?): ActivityController<MainActivity> =
        Robolectric.buildActivity(MainActivity::class.java).setup(saved ?: Bundle())

    /** Lets the main looper and Compose run until [done] holds. */
    fun waitUntil(what: String, timeoutMs: Long = 60_000, done: () -> Boolean) {
        val end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs)
        while (true) {
            ShadowLooper.idleMainLooper()
            rule.waitForIdle()
            if (done()) return
            if (System.nanoTime() > end) throw AssertionError("timed out waiting for $what")
            Thread.sleep(20)
        }
    }

    fun exists(tag: String): Boolean = rule.onAllNodes(hasTestTag(tag)).fetchSemanticsNodes().isNotEmpty()

    fun node(tag: String): SemanticsNodeInteraction {
        waitUntil("the node '$tag'") { exists(tag) }
        return rule.onNodeWithTag(tag, useUnmergedTree = true)
    }

    /** A tap on what carries [tag], scrolled into view first when it sits in a scrolling list. */
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

    /** What a text node shows, or "" when it is not on screen. */
    fun text(tag: String): String {
        val nodes = rule.onAllNodes(hasTestTag(tag), useUnmergedTree = true).fetchSemanticsNodes()
        return nodes.firstOrNull()?.let(::textOf) ?: ""
    }

    // --- the start screen ---

    /** Starts a game of [variant] ("BRANDUBH"...) for two players or against the computer. */
    fun startGame(variant: String, vsComputer: Boolean, level: String = "EASY", side: String = "DEFENDERS") {
        waitUntil("the start screen") { exists("start") || exists("confirmNewGame") }
        tap("variant-$variant")
        tap(if (vsComputer) "opponent-computer" else "opponent-two")
        if (vsComputer) {
            tap("level-$level")
            tap("side-$side")
        }
        tap("start")
        if (exists("confirmNewGame")) tap("confirm")
        waitUntil("the game screen") { exists("gameScreen") }
    }

    // --- the board ---

    /** The screen reader's label of a square ("d4, king, selected"). */
    fun label(square: String): String = textOf(node("sq-$square").fetchSemanticsNode())

    /** A tap on a square, as a finger gives it. */
    fun tapSquare(square: String) {
        node("sq-$square").performClick()
        rule.waitForIdle()
    }

    /** A move by two taps, like "b4-b1". */
    fun move(notation: String) {
        val (from, to) = notation.split('-').map { it.take(if (it.length > 2 && it[2].isDigit()) 3 else 2) }
        tapSquare(from)
        tapSquare(to)
    }

    /** The squares of the board, each with its label. */
    fun squares(): Map<String, String> =
        rule.onAllNodes(SquareMatcher, useUnmergedTree = true).fetchSemanticsNodes()
            .associate { (it.config[SemanticsProperties.TestTag].removePrefix("sq-")) to textOf(it) }

    /** Double-tap of a square with TalkBack on: its semantic click, not a touch. */
    fun accessibilityClick(square: String) {
        node("sq-$square").performSemanticsAction(SemanticsActions.OnClick)
        rule.waitForIdle()
    }

    fun gameOver(): Boolean = exists("playAgain")

    // --- the activity's life ---

    /** The activity goes to the background (another app comes in front) and stays there. */
    fun leave() {
        controller.pause().stop()
        ShadowLooper.idleMainLooper()
    }

    fun comeBack() {
        controller.restart().start().resume()
        ShadowLooper.idleMainLooper()
    }

    /**
     * The system kills the process in the background and the person comes back: the activity's
     * saved state survives, the view models do not (a new activity with a new ViewModelStore).
     */
    fun killAndRestore() {
        val saved = Bundle()
        controller.pause().stop().saveInstanceState(saved)
        controller.destroy()
        controller = launch(saved)
        ShadowLooper.idleMainLooper()
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

        /** A word of the app in a language, as the core serves it. */
        fun word(language: Language, label: Label): String = Texts(language).use { it.label(label) }
    }
}

fun assertContains(what: String, text: String, part: String) =
    assertTrue("$what: \"$part\" not in \"$text\"", text.contains(part))
