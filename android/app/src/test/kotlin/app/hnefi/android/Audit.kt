package app.hnefi.android

import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.isRoot
import androidx.compose.ui.test.junit4.ComposeTestRule
import androidx.compose.ui.text.TextLayoutResult

/**
 * What must hold on every screen at every size: no text cut off or overflowing, no line broken
 * inside a word, and every control at least 48 dp in both directions, except the board's
 * squares, where the core aims a touch at the nearest square that takes it.
 */
object Audit {
    fun problems(rule: ComposeTestRule, density: Float): List<String> {
        val out = ArrayList<String>()
        for (root in rule.onAllNodes(isRoot(), useUnmergedTree = true).fetchSemanticsNodes()) visit(root, density, out)
        return out
    }

    private fun visit(n: SemanticsNode, density: Float, out: MutableList<String>) {
        val tag = n.config.getOrNull(SemanticsProperties.TestTag) ?: ""
        val text = n.config.getOrNull(SemanticsProperties.Text)?.joinToString("") { it.text }
        if (text != null) {
            val layouts = ArrayList<TextLayoutResult>()
            n.config.getOrNull(SemanticsActions.GetTextLayoutResult)?.action?.invoke(layouts)
            layouts.firstOrNull()?.let { layout ->
                if (layout.hasVisualOverflow) {
                    out += "text cut off (${if (layout.didOverflowWidth) "width" else "height"} ${layout.size} of ${layout.multiParagraph.width}x${layout.multiParagraph.height}): \"$text\""
                }
                for (line in 0 until layout.lineCount - 1) {
                    val end = layout.getLineEnd(line, visibleEnd = false)
                    if (end in 1 until text.length && text[end - 1].isLetterOrDigit() && text[end].isLetterOrDigit()) {
                        out += "word broken at line ${line + 1}: \"$text\""
                    }
                }
            }
        }
        val clickable = n.config.getOrNull(SemanticsActions.OnClick) != null
        if (clickable && !tag.startsWith("sq-")) {
            // The control's own size, not what a scrolling parent shows of it.
            val w = n.layoutInfo.width / density
            val h = n.layoutInfo.height / density
            // A little under 48 for rounding of dp to pixels.
            if (w < 47.5f || h < 47.5f) out += "touch target ${w.toInt()}x${h.toInt()} dp: ${tag.ifEmpty { text ?: "?" }}"
        }
        for (c in n.children) visit(c, density, out)
    }
}
