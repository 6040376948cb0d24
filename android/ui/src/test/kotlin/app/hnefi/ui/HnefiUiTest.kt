package app.hnefi.ui

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.assert
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.getBoundsInRoot
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.unit.DpRect
import androidx.compose.ui.unit.dp
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test

/** The real screens over the real view model and core, driven by clicks (JUnit 4 rule). */
class HnefiUiTest {
    @get:Rule
    val rule = createComposeRule()

    private fun startTwoPlayerBrandubh(): HnefiViewModel {
        val vm = HnefiViewModel(store = null)
        rule.setContent { HnefiApp(vm, EnglishStrings) }
        rule.onNodeWithTag("variant-BRANDUBH").performClick()
        rule.onNodeWithTag("opponent-two").performClick()
        rule.onNodeWithTag("start").performScrollTo().performClick()
        return vm
    }

    private fun bounds(square: String): DpRect = rule.onNodeWithTag("sq-$square").getBoundsInRoot()

    private fun stateIs(text: String) = SemanticsMatcher.expectValue(SemanticsProperties.StateDescription, text)

    @Test
    fun tapPieceThenTargetUndoAndTheBoardNeverTurns() {
        startTwoPlayerBrandubh()
        rule.onNodeWithTag("turnBar").assertTextEquals("Attackers to move")
        rule.onNodeWithTag("undo").assertIsNotEnabled()
        val a7 = bounds("a7")
        val a1 = bounds("a1")
        val g1 = bounds("g1")
        assertTrue("a7 is above a1", a7.top < a1.top)
        assertTrue("a1 is left of g1", a1.left < g1.left)
        assertTrue("squares are at least 40 dp", a7.right - a7.left >= 40.dp)

        rule.onNodeWithContentDescription("a4, attacker").performClick()
        rule.onNodeWithContentDescription("a4, attacker").assert(stateIs("selected"))
        rule.onNodeWithContentDescription("a3, empty").assert(stateIs("possible move"))
        rule.onNodeWithContentDescription("a3, empty").performClick()
        rule.onNodeWithTag("turnBar").assertTextEquals("Defenders to move")
        rule.onNodeWithContentDescription("a3, attacker").assert(stateIs("last move"))
        rule.onNodeWithContentDescription("a4, empty").assertExists()

        // The second player moves: the board stays the same way up.
        rule.onNodeWithContentDescription("e4, defender").performClick()
        rule.onNodeWithContentDescription("e7, empty").performClick()
        rule.onNodeWithTag("turnBar").assertTextEquals("Attackers to move")
        rule.onNodeWithContentDescription("e7, defender").assertExists()
        assertEquals(a7, bounds("a7"))
        assertEquals(a1, bounds("a1"))
        assertEquals(g1, bounds("g1"))
        assertEquals(bounds("a7").left, bounds("a1").left)

        rule.onNodeWithTag("undo").assertIsEnabled().performClick()
        rule.onNodeWithTag("turnBar").assertTextEquals("Defenders to move")
        rule.onNodeWithContentDescription("e4, defender").assertExists()
        rule.onNodeWithContentDescription("e7, empty").assertExists()
        assertEquals(a7, bounds("a7"))
    }

    @Test
    fun theKingEscapesAndTheEndPanelOffersANewGame() {
        val vm = startTwoPlayerBrandubh()
        for (m in brandubhUpToKingOnEdge + listOf("b5-b6")) {
            val (from, to) = m.split("-")
            rule.onNodeWithTag("sq-$from").performClick()
            rule.onNodeWithTag("sq-$to").performClick()
        }
        rule.onNodeWithTag("openLines").assertTextEquals("The king has an open line to a corner.")
        rule.onNodeWithContentDescription("g1, empty").assert(stateIs("open line for the king"))
        rule.onNodeWithContentDescription("e1, king").performClick()
        rule.onNodeWithContentDescription("g1, empty").performClick()
        rule.onNodeWithTag("turnBar").assertTextEquals("Defenders win: the king escaped")
        rule.onNodeWithTag("endPanel").assertExists()
        rule.onNodeWithTag("playAgain").performClick()
        rule.onNodeWithTag("turnBar").assertTextEquals("Attackers to move")
        assertEquals(0, vm.state.value.game?.plies)
    }

    @Test
    fun recordsAndRulesOpenFromTheStartScreen() {
        val vm = HnefiViewModel(store = null)
        rule.setContent { HnefiApp(vm, FrenchStrings) }
        rule.onNodeWithTag("rules").performScrollTo().performClick()
        rule.onNodeWithTag("rules-TABLUT").performClick()
        rule.onNodeWithText("raichi", substring = true, ignoreCase = true).assertExists()
        rule.onNodeWithTag("back").performClick()
        rule.onNodeWithTag("records").performScrollTo().performClick()
        rule.onNodeWithTag("noRecords").assertTextEquals(FrenchStrings.noRecords)
        rule.onNodeWithTag("back").performClick()
        rule.onNodeWithTag("start").assertExists()
    }
}
