package app.hnefi.ui

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onRoot
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import app.hnefi.core.Language
import app.hnefi.core.Texts
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import java.util.Locale

/**
 * Changing the device's language changes every text of the app. The desktop stand-in for the
 * system setting: the JVM's default locale is switched and the app is told, as Android tells an
 * activity of a configuration change; the screens are then compared with the core's tables.
 */
class LanguageSwitchUiTest {
    @get:Rule
    val rule = createComposeRule()

    private val saved: Locale = Locale.getDefault()
    private var harness: Harness? = null

    @After
    fun restore() {
        Locale.setDefault(saved)
        harness?.close()
    }

    private fun table(language: Language): Map<String, String> =
        Texts(language).use { t -> t.table().associate { it.key to it.text } }

    /** Every text on screen, shown or said (text, content and state descriptions). */
    private fun texts(): Set<String> {
        val out = mutableSetOf<String>()
        fun visit(n: SemanticsNode) {
            n.config.getOrNull(SemanticsProperties.Text)?.forEach { out += it.text }
            n.config.getOrNull(SemanticsProperties.ContentDescription)?.forEach { out += it }
            n.config.getOrNull(SemanticsProperties.StateDescription)?.let { out += it }
            n.children.forEach(::visit)
        }
        visit(rule.onRoot(useUnmergedTree = true).fetchSemanticsNode())
        return out.filter { s -> s.any(Char::isLetter) }.toSet()
    }

    private fun click(tag: String) {
        val node = rule.onNodeWithTag(tag)
        runCatching { node.performScrollTo() } // only the start screen scrolls
        node.performClick()
        rule.waitForIdle()
    }

    /** Visits the screens (a game in progress among them) and reads each one's texts. */
    private fun tour(): Map<String, Set<String>> = buildMap {
        put("start", texts())
        click("settings")
        put("settings", texts())
        click("back")
        click("rules")
        put("rules", texts())
        click("back")
        click("records")
        put("records", texts())
        click("back")
        click("history")
        put("history", texts())
        click("back")
        click("import")
        put("import", texts())
        click("back")
        click("resume")
        put("game", texts())
        click("resign")
        put("resign", texts())
        click("resignNo")
        click("menu")
    }

    @Test
    fun everyTextFollowsTheDeviceLanguage() {
        Locale.setDefault(Locale.UK)
        val h = Harness(language = defaultLocaleLanguage())
        harness = h
        h.newGame(app.hnefi.core.Variant.BRANDUBH, vsComputer = false)
        h.move("a4-a3")
        h.send(UiEvent.Back)
        var language by mutableStateOf(defaultLocaleLanguage())
        rule.setContent { HnefiApp(h.vm, language, dark = false) }
        rule.waitForIdle()
        assertEquals(Language.ENGLISH, language)
        val english = tour()

        // The system's language changes: Android reports a new configuration, the app asks again.
        Locale.setDefault(Locale.GERMANY)
        language = defaultLocaleLanguage()
        rule.waitForIdle()
        assertEquals(Language.GERMAN, h.state.language)
        val german = tour()

        val en = table(Language.ENGLISH)
        val de = table(Language.GERMAN)
        val englishOnly = en.values.filter { '{' !in it }.toSet() - de.values.toSet()
        // Words the German table uses too (names such as Brandubh), which may stay.
        val germanWords = de.values.flatMap { words(it) }.toSet()
        for ((screen, shown) in english) {
            val after = german.getValue(screen)
            assertTrue("$screen showed English labels to start with", shown.any { it in englishOnly })
            assertEquals("$screen: English labels left", emptySet<String>(), after.filter { it in englishOnly }.toSet())
            val unchanged = (shown intersect after).filterNot { s -> words(s).all { it in germanWords } }
            assertEquals("$screen: texts that did not change", emptyList<String>(), unchanged)
            assertTrue("$screen shows German labels", after.any { it in de.values })
        }
        assertNotEquals(english.getValue("game").first { it.startsWith("a3") }, german.getValue("game").first { it.startsWith("a3") })
    }

    /** The words of a text (runs of three letters or more: notation like "a4-a3" has none). */
    private fun words(s: String): List<String> = Regex("\\p{L}{3,}").findAll(s).map { it.value }.toList()
}
