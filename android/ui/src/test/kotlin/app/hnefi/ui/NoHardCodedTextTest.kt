package app.hnefi.ui

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Every word on screen comes from the core: no string literal with a letter in it may be shown
 * by the shared UI or the Android app (Text, content and state descriptions, labels, titles,
 * the share sheet's title, announcements).
 */
class NoHardCodedTextTest {
    private val repo = File(System.getProperty("hnefi.repo") ?: "../..")

    /**
     * Where text reaches the player: a call or a named argument, then a string literal (first,
     * after other arguments, or in a `{ Text(...) }` slot).
     */
    private val sink = Regex(
        """\b(Text|contentDescription|stateDescription|paneTitle|text|label|title|placeholder|createChooser|makeText|announceForAccessibility|setTitle|setContentTitle)\s*[(=:]\s*(\{\s*Text\s*\(\s*|[^()"]*?,\s*)?"((?:[^"\\]|\\.)*)"""",
    )

    /** Interpolations name data, not words: "$n. ${m.notation}" shows no text of its own. */
    private val interpolation = Regex("""\$\{[^}]*}|\$[A-Za-z_][A-Za-z0-9_]*""")

    /** Places where a literal is shown and that is fine, with the reason. Keep it tiny. */
    private val allowed = emptySet<String>()

    fun wordsShownIn(source: String): List<String> = sink.findAll(source)
        .map { it.groupValues[3] }
        .filter { literal -> interpolation.replace(literal, "").any(Char::isLetter) }
        .filterNot { it in allowed }
        .toList()

    @Test
    fun `the scanner finds words shown on screen`() {
        assertEquals(listOf("Undo"), wordsShownIn("""Text("Undo", Modifier)"""))
        assertEquals(listOf("Board"), wordsShownIn("""semantics { contentDescription = "Board" }"""))
        assertEquals(listOf("Paste"), wordsShownIn("""label = { Text("Paste") }"""))
        assertEquals(listOf("Share"), wordsShownIn("""Intent.createChooser(send, "Share")"""))
        assertEquals(emptyList(), wordsShownIn("""Text("${'$'}ply. ${'$'}{m.notation}")"""))
        assertEquals(emptyList(), wordsShownIn("""Text(words[Label.ACTION_UNDO]) ; Modifier.testTag("undo")"""))
        assertEquals(emptyList(), wordsShownIn("""Text("‹ " + words[Label.ACTION_BACK])"""))
    }

    @Test
    fun `no source of the app shows a word of its own`() {
        val roots = listOf("android/ui/src/main/kotlin", "android/app/src/main")
        val files = roots.flatMap { root ->
            File(repo, root).walkTopDown().filter { it.isFile && it.extension == "kt" }.toList()
        }
        assertTrue(files.size >= 10, "found the sources: ${files.size} files under $roots in ${repo.absolutePath}")
        val found = files.flatMap { f -> wordsShownIn(f.readText()).map { "${f.relativeTo(repo)}: \"$it\"" } }
        assertEquals(emptyList(), found, "texts must come from the core's frames")
    }
}
