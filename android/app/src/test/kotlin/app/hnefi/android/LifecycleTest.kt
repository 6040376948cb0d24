package app.hnefi.android

import android.view.WindowManager
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import app.hnefi.core.Piece
import app.hnefi.core.ScreenKind
import app.hnefi.core.ScreenView
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Shadows.shadowOf
import org.robolectric.annotation.Config
import org.robolectric.shadows.ShadowSoundPool

/** The activity's life: turning, leaving and coming back, being killed, and Back everywhere. */
@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "w360dp-h640dp-xhdpi")
class LifecycleTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    private fun pageKind(app: AppRobot) = (app.frame.screen as? ScreenView.Page)?.page?.kind

    @Test
    fun turningThePhoneMidGameKeepsTheGameAndTheSelection() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = false)
        app.move("b4-b3")
        app.tapSquare("d5")
        val before = app.pieces()
        val activity = app.activity
        app.turn("w640dp-h360dp-land-xhdpi")
        assertTrue("the same activity (it handles the turn itself)", activity === app.activity)
        app.waitUntil("the game screen") { app.exists("gameScreen") }
        assertEquals(before, app.pieces())
        assertContains("the picked-up piece stays", app.squareLabels().getValue("d5"), ",")
        assertTrue("d5 is still picked up", app.game!!.board.plan.over.isNotEmpty())
    }

    @Test
    fun turningThePhoneWhileTheComputerThinksLetsItFinish() {
        val app = AppRobot(rule)
        // Hard, as the defenders: the computer (the attackers) thinks at once, for a while.
        app.startGame("COPENHAGEN", vsComputer = true, level = "HARD", side = "DEFENDERS")
        app.waitUntil("the computer thinking") { app.game?.turn?.busy == true || app.game?.info?.isNotEmpty() == true }
        app.turn("w640dp-h360dp-land-xhdpi")
        app.waitUntil("the computer's move") { app.game?.info?.isNotEmpty() == true }
        assertFalse(app.game!!.turn.busy)
    }

    @Test
    fun theActivityMadeAnewWhileTheComputerThinksKeepsTheGameAndTheComputerFinishes() {
        val app = AppRobot(rule)
        app.startGame("COPENHAGEN", vsComputer = true, level = "HARD", side = "DEFENDERS")
        app.waitUntil("the computer thinking") { app.game?.turn?.busy == true }
        val before = app.activity
        val model = before.viewModel
        app.recreate()
        assertTrue("a new activity", before !== app.activity)
        assertTrue("the old one is gone", before.isDestroyed)
        assertTrue("the same view model, with its game and search", model === app.activity.viewModel)
        app.waitUntil("the game screen in the new activity") { app.exists("gameScreen") }
        app.waitUntil("the computer's move") { app.game?.info?.isNotEmpty() == true && app.game?.turn?.busy == false }
        assertEquals("the computer moved once", 1, app.game!!.moves.rows.sumOf { r -> r.cells.count { it.text.isNotEmpty() } })
        // The new activity draws the board and takes taps: a tap on one of the person's pieces
        // picks it up (or says why it cannot move).
        app.tapSquare("f8")
        app.waitUntil("an answer to the tap on f8") { app.game!!.board.plan.over.isNotEmpty() || app.game!!.flash != null }
    }

    @Test
    fun leavingStopsTheComputerAndItsSoundsAndComingBackResumesThem() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = true, level = "HARD", side = "DEFENDERS")
        app.leave()
        // In the background the search is stopped: no move comes, nothing plays.
        app.waitUntil("the search to stop") { !app.frame.busy }
        Thread.sleep(1500)
        app.waitUntil("a quiet moment") { !app.frame.busy }
        assertTrue("no move was played in the background", app.game!!.info.isEmpty())
        assertTrue("no sound was played in the background", played(app) == 0)
        app.comeBack()
        app.waitUntil("the computer's move after coming back") { app.game?.info?.isNotEmpty() == true }
        app.waitUntil("its sound") { played(app) > 0 }
    }

    @Test
    fun killedInTheBackgroundTheAppComesBackToTheGameAndTheSelection() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = false)
        app.move("b4-b3")
        app.tapSquare("d5")
        app.settle()
        app.killAndRestore()
        app.waitUntil("the game again") { app.game != null }
        assertEquals(Piece.ATTACKER, app.pieces()["b3"])
        app.waitUntil("the selection again") { app.game!!.board.plan.over.isNotEmpty() }
    }

    @Test
    fun backClosesQuestionsAndScreensAndLeavesOnlyFromTheStartScreen() {
        val app = AppRobot(rule)
        app.settle()
        for (menu in listOf("records", "rules", "settings", "history", "import")) {
            app.tap(menu)
            app.waitUntil("the $menu screen") { pageKind(app) != ScreenKind.START }
            app.back()
            app.waitUntil("the start screen after $menu") { pageKind(app) == ScreenKind.START }
        }
        app.startGame("BRANDUBH", vsComputer = false)
        app.move("b4-b3")
        app.tap("resign")
        app.waitUntil("the resign question") { app.game?.question != null }
        app.back()
        app.waitUntil("the question closed") { app.game?.question == null }
        assertNotNull("still in the game", app.game)
        app.back()
        app.waitUntil("the start screen") { pageKind(app) == ScreenKind.START }
        // The unfinished game makes "Start" ask first; Back closes the question, not the app.
        app.tap("start")
        app.waitUntil("the new game question") { app.exists("confirmNewGame") }
        app.back()
        app.waitUntil("the question closed") { !app.exists("confirmNewGame") }
        assertFalse("the app is still there", app.activity.isFinishing)
        app.back()
        assertTrue("Back on the start screen leaves the app", app.activity.isFinishing)
    }

    /**
     * The phone does not sleep while a game is in play, and still not when it turns with the
     * computer thinking; once the game is over, and on the pages, it may.
     */
    @Test
    fun theScreenStaysOnWhileAGameIsInPlayAndOnlyThen() {
        val app = AppRobot(rule)
        app.settle()
        fun awake() = app.activity.window.attributes.flags and WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON != 0
        assertFalse("the start page lets the phone sleep", awake())
        app.startGame("COPENHAGEN", vsComputer = true, level = "HARD", side = "DEFENDERS")
        app.waitUntil("the computer thinking") { app.game?.turn?.busy == true }
        assertTrue("on while the computer thinks", awake())
        app.turn("w640dp-h360dp-land-xhdpi")
        app.waitUntil("the computer's move") { app.game?.info?.isNotEmpty() == true && app.game?.turn?.busy == false }
        assertTrue("on after the turn, the game in play", awake())
        app.tap("resign")
        app.waitUntil("the resign question") { app.game?.question != null }
        app.tap("resignYes")
        app.waitUntil("the game over") { app.gameOver() }
        assertFalse("off once the game is over", awake())
        app.back()
        app.waitUntil("the start page") { pageKind(app) == ScreenKind.START }
        assertFalse(awake())
    }

    /** Sounds SoundPool played, any of the five. */
    private fun played(app: AppRobot): Int {
        val shadow: ShadowSoundPool = shadowOf(app.activity.services.pool)
        return listOf(R.raw.move, R.raw.capture, R.raw.win, R.raw.loss, R.raw.draw).sumOf { shadow.getResourcePlaybacks(it).size }
    }
}
