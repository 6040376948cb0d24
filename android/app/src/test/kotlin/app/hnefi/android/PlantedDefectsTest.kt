package app.hnefi.android

import androidx.activity.compose.setContent
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import app.hnefi.core.Frame
import app.hnefi.core.PageItem
import app.hnefi.core.ScreenKind
import app.hnefi.core.ScreenView
import app.hnefi.ui.HnefiScreen
import app.hnefi.ui.HnefiTheme
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * The audits catch what they are for: a defect planted in a screen of the real app fails them,
 * and the same screen without it passes. The screen is the core's frame drawn by the app's own
 * [HnefiScreen], in the activity's window.
 */
@RunWith(HnefiTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class PlantedDefectsTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    /** Draws [frame] in the activity, with [over] on top of it. */
    private fun draw(app: AppRobot, frame: Frame, over: @androidx.compose.runtime.Composable () -> Unit = {}) {
        app.activity.setContent {
            Box(Modifier.fillMaxSize()) {
                HnefiTheme(frame.look, dark = false) { HnefiScreen(frame, reduceMotion = true, announcement = null) { app.activity.viewModel.onEvent(it) } }
                over()
            }
        }
        rule.waitForIdle()
    }

    @Test
    @Config(qualifiers = "en-rUS-w360dp-h640dp-port-xhdpi")
    fun aLayerThatCoversTheScreenAndSaysSomethingFailsTheAccessibilityAudit() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = false)
        app.move("b4-b3")
        app.waitUntil("the move") { app.pieces()["b3"] != null }
        app.settle()
        val frame = app.frame
        val talkBack = TalkBack(app.activity).also { it.start() }
        val density = app.activity.resources.displayMetrics.density

        draw(app, frame)
        val clean = Explore(talkBack, rule, density).centres()
        assertEquals("the game as it is", emptyList<String>(), clean.problems)
        assertTrue("every square and control was hovered: ${clean.hovers}", clean.hovers >= 49 + frame.screen.let { (it as ScreenView.Game).game.controls.size })

        // A full-window node with a description and no touch handling, over the app's content.
        draw(app, frame) { Box(Modifier.fillMaxSize().semantics { contentDescription = "A planted layer" }) }
        val planted = Explore(talkBack, rule, density).centres()
        assertTrue("the planted layer is found under the finger (${planted.hovers} hovers): ${planted.problems}", planted.problems.any { "A planted layer" in it })
        assertTrue("on every square and control", planted.problems.size >= clean.hovers)
    }

    @Test
    @Config(qualifiers = "de-rDE-w360dp-h640dp-port-xhdpi")
    fun aSixtyFourLetterGermanHeadingInTheRecordsFailsTheLayoutAudit() {
        val app = AppRobot(rule)
        app.startGame("COPENHAGEN", vsComputer = true, level = "EASY", side = "ATTACKERS")
        app.resign()
        app.back()
        app.waitUntil("the start page") { app.exists("start") }
        app.tap("records")
        app.waitUntil("the records with a row") {
            (app.frame.screen as? ScreenView.Page)?.page?.let { p -> p.kind == ScreenKind.RECORDS && p.items.any { it is PageItem.Table } } == true
        }
        app.settle()
        val frame = app.frame
        val density = app.activity.resources.displayMetrics.density

        draw(app, frame)
        assertEquals("the records as they are", emptyList<String>(), Audit.problems(rule, density))

        // "Niederlagen" ("losses") as one word of 64 letters.
        val word = "Niederlagen".repeat(6).take(64)
        assertEquals(64, word.length)
        val page = (frame.screen as ScreenView.Page).page
        val planted = page.copy(items = page.items.map { item ->
            if (item is PageItem.Table) PageItem.Table(item.table.copy(header = item.table.header.mapIndexed { i, h -> if (i == 2) word else h })) else item
        })
        draw(app, frame.copy(screen = ScreenView.Page(planted)))
        val problems = Audit.problems(rule, density)
        assertTrue("the 64-letter heading is caught: $problems", problems.any { word in it })
    }
}
