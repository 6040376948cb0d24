package app.hnefi.core.tests

import app.hnefi.core.Language
import app.hnefi.core.Texts
import app.hnefi.core.Theme
import app.hnefi.core.languageForLocales
import app.hnefi.core.look
import java.io.File
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotEquals
import kotlin.test.assertTrue

/**
 * The texts as the Kotlin build reads them. The dump is compared with the Swift build's (which
 * reads the same table through its own bindings): the two apps must show the same words.
 */
class TextsTest {
    private fun table(language: Language): Map<String, String> =
        Texts(language).use { t -> t.table().associate { it.key to it.text } }

    @Test
    fun everyLanguageHasTheSameKeysAndNoEmptyText() {
        val english = table(Language.ENGLISH)
        assertTrue(english.size > 100, "the table has ${english.size} entries")
        for (language in Language.entries) {
            val t = table(language)
            assertEquals(english.keys, t.keys, "$language has the English keys")
            assertTrue(t.values.none { it.isBlank() }, "$language has no empty text")
        }
        // Translated, not copied: most French and German texts differ from the English.
        for (language in listOf(Language.FRENCH, Language.GERMAN)) {
            val same = table(language).count { (k, v) -> english[k] == v }
            assertTrue(same < english.size / 10, "$language: $same texts equal to the English")
        }
    }

    @Test
    fun theDeviceLanguagePicksTheTable() {
        assertEquals(Language.GERMAN, languageForLocales(listOf("de-CH", "en-GB")))
        assertEquals(Language.FRENCH, languageForLocales(listOf("es-ES", "fr-CA")))
        assertEquals(Language.ENGLISH, languageForLocales(listOf("es-ES")))
        Texts.forLocales(listOf("fr-FR")).use { assertEquals(Language.FRENCH, it.language()) }
    }

    @Test
    fun theLookHasFourPalettes() {
        val palettes = Theme.entries.flatMap { theme -> listOf(false, true).map { look(theme, it) } }
        assertEquals(4, palettes.map { it.board }.toSet().size)
        assertNotEquals(look(Theme.LIGHT, false).metrics, look(Theme.LIGHT, true).metrics, "bolder strokes")
        assertTrue(palettes.all { it.motion.slideMs in 150u..250u })
    }

    /** Writes every language's table to one JSON file (sorted keys) for the cross-app check. */
    @Test
    fun dumpTheTablesForTheCrossAppComparison() {
        val out = File(System.getProperty("tafl.texts.dump") ?: "target/texts-kotlin.json")
        val json = Language.entries.joinToString(",\n", "{\n", "\n}\n") { language ->
            val entries = table(language).toSortedMap().entries.joinToString(",\n") { (k, v) ->
                "    ${quote(k)}: ${quote(v)}"
            }
            "  ${quote(code(language))}: {\n$entries\n  }"
        }
        out.parentFile.mkdirs()
        out.writeText(json)
        val written = out.readText()
        assertEquals(json, written)
        // Every entry of every language is in the file, with its text escaped as JSON.
        for (language in Language.entries) {
            for ((k, v) in table(language)) assertTrue("${quote(k)}: ${quote(v)}" in written, "$language $k")
        }
        println("texts dumped to ${out.absolutePath}")
    }

    private fun code(language: Language): String = when (language) {
        Language.ENGLISH -> "en"
        Language.FRENCH -> "fr"
        Language.GERMAN -> "de"
    }

    private fun quote(s: String): String = buildString {
        append('"')
        for (c in s) {
            when {
                c == '"' -> append("\\\"")
                c == '\\' -> append("\\\\")
                c == '\n' -> append("\\n")
                c < ' ' -> append("\\u%04x".format(c.code))
                else -> append(c)
            }
        }
        append('"')
    }
}
