package app.hnefi.android

import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.hasText
import androidx.compose.ui.test.isDialog
import androidx.compose.ui.test.isRoot
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import app.hnefi.core.Language
import app.hnefi.core.ScreenView
import app.hnefi.core.Theme
import app.hnefi.core.look
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * Languages, the dark theme, large text and what TalkBack finds, in the real activity. With
 * Robolectric's native graphics, so that text is measured with real fonts.
 */
@RunWith(HnefiTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class LooksTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    private fun startLabel(app: AppRobot): String =
        (app.frame.screen as ScreenView.Page).page.items.filterIsInstance<app.hnefi.core.PageItem.Button>().first { it.button.id == "start" }.button.label

    @Test
    @Config(qualifiers = "de-w360dp-h640dp-xhdpi")
    fun aGermanPhoneGetsTheAppInGerman() {
        val app = AppRobot(rule)
        app.settle()
        assertEquals(Language.GERMAN, app.frame.language)
        assertEquals(startLabel(app), AppRobot.textOf(app.node("start").fetchSemanticsNode().children.first()))
    }

    @Test
    @Config(qualifiers = "fr-w360dp-h640dp-xhdpi")
    fun aFrenchPhoneGetsTheAppInFrench() {
        val app = AppRobot(rule)
        app.settle()
        assertEquals(Language.FRENCH, app.frame.language)
        val french = CoreTexts.of("fr")
        val english = CoreTexts.of("en")
        // The start screen's words on screen, as the French table has them (and not as the
        // English one: a word both languages share would prove nothing).
        for (key in listOf("start.game", "start.opponent", "start.two_players", "start.start")) {
            assertNotEquals(key, english[key], french[key])
            app.waitUntil("\"${french[key]}\" on the start screen") {
                rule.onAllNodes(hasText(french.getValue(key))).fetchSemanticsNodes().isNotEmpty()
            }
        }
        app.startGame("BRANDUBH", vsComputer = false)
        // The turn bar names the side in French.
        val turn = AppRobot.textOf(app.node("turnBar").fetchSemanticsNode())
        assertContains("the turn bar", turn, french.getValue("side.attackers.noun"))
        assertFalse(turn, turn.contains(english.getValue("side.attackers.noun")))
    }

    @Test
    @Config(qualifiers = "w360dp-h640dp-night-xhdpi")
    fun theDarkThemeDrawsTheDarkLook() {
        val app = AppRobot(rule)
        app.settle()
        assertEquals(look(Theme.DARK, false).chrome.background, app.frame.look.chrome.background)
    }

    /**
     * The start screen, then an 11 x 11 game after a move, then its resign question: what the
     * audit finds on each (all of them, not only the first screen's), and the board's side in dp.
     */
    private fun auditStartAndGame(): Pair<Map<String, List<String>>, Float> {
        val app = AppRobot(rule)
        app.settle()
        val density = app.activity.resources.displayMetrics.density
        val found = LinkedHashMap<String, List<String>>()
        found["start screen"] = Audit.problems(rule, density)
        app.startGame("COPENHAGEN", vsComputer = false)
        app.move("d1-d3")
        app.waitUntil("the move") { app.pieces()["d3"] != null }
        app.settle()
        found["game"] = Audit.problems(rule, density)
        val board = Audit.boardDp(rule, density)!!
        app.tap("resign")
        app.waitUntil("the question") { app.game?.question != null }
        found["question"] = Audit.problems(rule, density)
        return found.filterValues { it.isNotEmpty() } to board
    }

    @Test
    @Config(qualifiers = "de-w360dp-h640dp-xhdpi", fontScale = 2.0f)
    fun atTwiceTheFontSizeNothingIsCutOffOrBrokenInsideAWord() {
        val (problems, board) = auditStartAndGame()
        assertEquals(emptyMap<String, List<String>>(), problems)
        // Before the bands around it gave way, the board had 103 dp: 9 dp a square.
        assertTrue("the 11 x 11 board stays playable: $board dp", board >= 216f)
    }

    @Test
    @Config(qualifiers = "en-rUS-w360dp-h640dp-xhdpi")
    fun atTheNormalFontSizeNothingIsCutOffOrBrokenInsideAWord() {
        val (problems, board) = auditStartAndGame()
        assertEquals(emptyMap<String, List<String>>(), problems)
        assertEquals("the board takes the width", 360f, board, 1f)
    }

    @Test
    @Config(qualifiers = "w360dp-h640dp-xhdpi")
    fun talkBackFindsEverySquareAndTheQuestionIsModal() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = false)
        val labels = app.squareLabels()
        assertEquals(49, labels.size)
        assertTrue("every square says its name", labels.all { (name, label) -> label.startsWith(name) })
        // A double tap with TalkBack picks up and plays, as a finger does.
        app.accessibilityClick("b4")
        app.accessibilityClick("b3")
        app.waitUntil("the move") { app.pieces()["b3"] != null }
        // The resign question is a dialog window of its own: TalkBack stays in it.
        app.tap("resign")
        app.waitUntil("the question") { rule.onAllNodes(isDialog()).fetchSemanticsNodes().isNotEmpty() }
        val roots = rule.onAllNodes(isRoot()).fetchSemanticsNodes()
        assertTrue("the question has its own window", roots.size >= 2)
    }

    /**
     * Decorations are not read: where the screens show a chosen chip (the start page) and a
     * back button (the rules, the lessons), no label carries a tick or an arrow of its own.
     */
    @Test
    @Config(qualifiers = "w360dp-h640dp-xhdpi")
    fun chosenChipsAndBackButtonsSayNoTickOrArrow() {
        val app = AppRobot(rule)
        app.settle()
        fun said(): List<String> = rule.onAllNodes(isRoot()).fetchSemanticsNodes().flatMap { root ->
            generateSequence(listOf(root)) { level -> level.flatMap { it.children }.ifEmpty { null } }.flatten()
                .flatMap { n ->
                    n.config.getOrNull(SemanticsProperties.Text).orEmpty().map { it.text } +
                        n.config.getOrNull(SemanticsProperties.ContentDescription).orEmpty()
                }
        }
        val decorations = listOf('✓', '✔', '‹', '›', '←', '→', '<', '>')
        fun check(screen: String) {
            val words = said()
            assertTrue("$screen says something", words.isNotEmpty())
            assertTrue("$screen: ${words.filter { w -> decorations.any { it in w } }}", words.none { w -> decorations.any { it in w } })
        }
        // The start page: the chosen game, opponent and level are chips marked as selected.
        val start = (app.frame.screen as ScreenView.Page).page
        assertTrue("the start page has chosen chips", start.items.filterIsInstance<app.hnefi.core.PageItem.Choices>().any { g -> g.group.choices.any { it.selected } })
        assertTrue("TalkBack hears them as selected", rule.onAllNodes(androidx.compose.ui.test.isSelected()).fetchSemanticsNodes().isNotEmpty())
        check("the start page")
        for (menu in listOf("rules", "lessons")) {
            app.tap(menu)
            app.waitUntil("the $menu page with its back button") { (app.frame.screen as? ScreenView.Page)?.page?.back != null }
            app.node(app.frame.let { (it.screen as ScreenView.Page).page.back!!.id })
            check("the $menu page")
            app.back()
            app.waitUntil("the start page") { app.exists("start") }
        }
    }

    @Test
    @Config(qualifiers = "w360dp-h640dp-xhdpi")
    fun backupsGoThroughTheAgentWithTheirRules() {
        val manifest = mergedManifest()
        assertTrue("the application names its data extraction rules", manifest.contains("android:dataExtractionRules=\"@xml/data_extraction_rules\""))
        assertTrue("and its backup rules for older Android", manifest.contains("android:fullBackupContent=\"@xml/backup_rules\""))
        assertTrue("its backup agent writes the copy the rules name", Regex("android:backupAgent=\"(app\\.hnefi\\.android)?\\.HnefiBackupAgent\"").containsMatchIn(manifest))
        assertTrue("a full backup (Auto Backup), not key-value", manifest.contains("android:fullBackupOnly=\"true\""))
        // What the rules carry: BackupTest.
    }

    @Test
    @Config(qualifiers = "w360dp-h640dp-xhdpi")
    fun theSystemBackGestureAsksTheAppFirst() {
        // Android 13's predictive back goes through OnBackInvokedCallback only when the
        // application asks for it; Compose's BackHandler then closes questions and screens.
        assertTrue(
            "the application enables the back callback",
            mergedManifest().contains("android:enableOnBackInvokedCallback=\"true\""),
        )
    }

    /** The merged manifest the build gave this test (com/android/tools/test_config.properties). */
    private fun mergedManifest(): String {
        val config = java.util.Properties().apply {
            ClassLoader.getSystemResourceAsStream("com/android/tools/test_config.properties")!!.use { load(it) }
        }
        return java.io.File(config.getProperty("android_merged_manifest")).readText()
    }
}
