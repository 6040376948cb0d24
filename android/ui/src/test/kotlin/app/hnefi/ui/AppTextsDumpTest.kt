package app.hnefi.ui

import app.hnefi.core.Label
import app.hnefi.core.Language
import app.hnefi.core.Variant
import java.io.File
import kotlin.test.Test
import kotlin.test.assertTrue

/**
 * What the Android app shows, in every language, for every label and for one fixed scene of a
 * game (a Brandubh game between two players that ends on a capture): written to a JSON file
 * that tests/run.sh compares with the same dump from the iOS model, so the two apps are checked
 * to say the same thing in the same situation.
 */
class AppTextsDumpTest {
    @Test
    fun `dump what the app shows for the cross-app comparison`() {
        val out = File(System.getProperty("hnefi.appTexts") ?: "target/app-texts-android.json")
        val languages = Language.entries.associateWith { language -> shown(language) }
        val json = languages.entries.joinToString(",\n", "{\n", "\n}\n") { (language, texts) ->
            val body = texts.toSortedMap().entries.joinToString(",\n") { (k, v) -> "    ${quote(k)}: ${quote(v)}" }
            "  ${quote(code(language))}: {\n$body\n  }"
        }
        out.parentFile?.mkdirs()
        out.writeText(json)
        assertTrue(languages.values.all { it.size > 100 && it.values.none(String::isEmpty) })
    }

    private fun shown(language: Language): Map<String, String> = Harness(language = language).use { h ->
        val texts = mutableMapOf<String, String>()
        val words = h.state.words
        for (label in Label.entries) texts["label.${label.name.lowercase()}"] = words[label]
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        for (m in SCENE) h.move(m)
        val game = h.game
        texts["scene.turn_bar"] = game.turnBar
        game.snapshot.texts.lastMove?.let { texts["scene.last_move"] = it }
        game.snapshot.texts.announcement?.let { texts["scene.announcement"] = it }
        game.snapshot.texts.captures.forEachIndexed { i, c -> texts["scene.capture.$i"] = c }
        texts["scene.board"] = game.snapshot.texts.board
        texts["scene.resign_question"] = game.snapshot.texts.resignQuestion
        for (square in game.squares) texts["scene.square.${square.name}"] = square.label
        for (variant in Variant.entries) {
            h.send(UiEvent.Back, UiEvent.ShowRules(variant))
            h.state.rules.forEachIndexed { i, p -> texts["rules.${variant.name.lowercase()}.$i"] = p }
        }
        texts
    }

    private fun code(l: Language) = when (l) {
        Language.ENGLISH -> "en"
        Language.FRENCH -> "fr"
        Language.GERMAN -> "de"
    }

    private fun quote(s: String): String =
        "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\""

    companion object {
        /** Ends with f5-e5, which takes the defender on d5 between two attackers. */
        val SCENE = listOf("b4-b5", "e4-e3", "b5-c5", "c4-b4", "f4-f5", "b4-b3", "f5-e5")
    }
}
