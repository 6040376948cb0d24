package app.hnefi.android

import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.isRoot
import androidx.compose.ui.test.junit4.ComposeTestRule
import androidx.compose.ui.text.TextLayoutResult

/**
 * What must hold on every screen at every size, read from the measured layout (the texts'
 * layout results and the nodes' bounds): no text cut off or overflowing, no line broken inside a
 * word or beside a sign that binds two numbers ("11 ×" and "11" on two lines), no text hidden in
 * part by what is around it (except at the edge of a container that scrolls), the board at
 * least [BOARD_MIN_SHARE] of the screen's shorter side, a tablet's board centred upright and
 * its words beside the board on its side, and every control on screen or in a container that
 * scrolls to it, and at least 48 dp in both directions, except the board's squares, where the
 * core aims a touch at the nearest square that takes it.
 */
object Audit {
    const val BOARD_MIN_SHARE = 0.6f

    fun problems(rule: ComposeTestRule, density: Float): List<String> {
        val out = ArrayList<String>()
        for (root in rule.onAllNodes(isRoot(), useUnmergedTree = true).fetchSemanticsNodes()) {
            visit(root, density, root, scrolling = false, out)
            room(root, density, out)
        }
        return out
    }

    /** The side of the board on screen, in dp, or null when there is none. */
    fun boardDp(rule: ComposeTestRule, density: Float): Float? =
        rule.onAllNodes(androidx.compose.ui.test.hasTestTag("board"), useUnmergedTree = true)
            .fetchSemanticsNodes().firstOrNull()?.let { minOf(it.size.width, it.size.height) / density }

    private fun visit(n: SemanticsNode, density: Float, root: SemanticsNode, scrolling: Boolean, out: MutableList<String>) {
        val tag = n.config.getOrNull(SemanticsProperties.TestTag) ?: ""
        // What a scrolling container's edge cuts is scrolled to (the pages, the review, the
        // lines under the board).
        val scrolls = scrolling || n.config.getOrNull(SemanticsProperties.VerticalScrollAxisRange) != null
        val text = n.config.getOrNull(SemanticsProperties.Text)?.joinToString("") { it.text }
        if (text != null) {
            val layouts = ArrayList<TextLayoutResult>()
            n.config.getOrNull(SemanticsActions.GetTextLayoutResult)?.action?.invoke(layouts)
            layouts.firstOrNull()?.let { text(it, text, out) }
            // Partly hidden up or down by a container that does not scroll.
            val shown = n.boundsInRoot.height
            if (!scrolls && shown > 0.5f && shown < n.size.height - 1) {
                out += "text hidden in part (${(shown / density).toInt()} of ${(n.size.height / density).toInt()} dp high): \"$text\""
            }
        }
        val screen = minOf(root.size.width, root.size.height)
        if (tag == "board") {
            val side = minOf(n.size.width, n.size.height)
            if (side < screen * BOARD_MIN_SHARE - 1) {
                out += "board ${(side / density).toInt()} dp, less than ${(BOARD_MIN_SHARE * 100).toInt()}% of the screen's ${(screen / density).toInt()} dp"
            }
        }
        val clickable = n.config.getOrNull(SemanticsActions.OnClick) != null
        if (clickable && !tag.startsWith("sq-")) {
            // The control's own size, not what a scrolling parent shows of it.
            val w = n.layoutInfo.width / density
            val h = n.layoutInfo.height / density
            // A little under 48 for rounding of dp to pixels.
            if (w < 47.5f || h < 47.5f) out += "touch target ${w.toInt()}x${h.toInt()} dp: ${tag.ifEmpty { text ?: "?" }}"
            // On screen, or in a container that scrolls it there.
            val b = n.boundsInRoot
            val onScreen = b.width > 0.5f && b.height > 0.5f
            val inScroll = scrolls || generateSequence(n.parent) { it.parent }.any { it.config.getOrNull(SemanticsProperties.HorizontalScrollAxisRange) != null }
            if (!onScreen && !inScroll) out += "control out of reach: ${tag.ifEmpty { text ?: "?" }}"
        }
        for (c in n.children) visit(c, density, root, scrolls, out)
    }

    /**
     * A tablet uses its room: upright, the board is centred across the width; on its side, the
     * turn bar stands beside the board, not under it.
     */
    private fun room(root: SemanticsNode, density: Float, out: MutableList<String>) {
        val board = find(root, "board") ?: return
        if (find(root, "gameScreen") == null) return
        val (w, h) = root.size.width / density to root.size.height / density
        if (minOf(w, h) < 600) return
        val b = board.boundsInRoot
        if (h >= w) {
            val left = b.left / density
            val right = w - b.right / density
            if (kotlin.math.abs(left - right) > 2) out += "the tablet's board is not centred (${left.toInt()} dp left, ${right.toInt()} dp right)"
        } else {
            val turn = find(root, "turnBar")?.boundsInRoot ?: return
            if (turn.left < b.right - 1) out += "on a tablet on its side the turn bar is not beside the board"
        }
    }

    private fun find(n: SemanticsNode, tag: String): SemanticsNode? =
        if (n.config.getOrNull(SemanticsProperties.TestTag) == tag) n else n.children.firstNotNullOfOrNull { find(it, tag) }

    private fun text(layout: TextLayoutResult, text: String, out: MutableList<String>) {
        // The semantics' layout is laid out again at the widest the text was allowed: its lines
        // are the text's own; the node's size is layout.size.
        val widest = (0 until layout.lineCount).maxOfOrNull { layout.getLineRight(it) - layout.getLineLeft(it) } ?: 0f
        val mp = layout.multiParagraph
        when {
            widest > layout.size.width + 1 -> out += "text cut off (a line ${widest.toInt()} px wide in ${layout.size.width}): \"$text\""
            mp.didExceedMaxLines || mp.height > layout.size.height + 1 ->
                out += "text cut off (${mp.height.toInt()} px high in ${layout.size.height}): \"$text\""
        }
        for (line in 0 until layout.lineCount - 1) {
            val end = layout.getLineEnd(line, visibleEnd = false)
            if (end !in 1 until text.length) continue
            if (text[end - 1].isLetterOrDigit() && text[end].isLetterOrDigit()) out += "word broken at line ${line + 1}: \"$text\""
            // "9 ×" at the end of a line and "9" on the next: the sign belongs with both numbers.
            val last = text.substring(0, end).trimEnd().lastOrNull()
            val next = text.substring(end).trimStart().firstOrNull()
            if (listOf(last, next).any { it != null && Character.getType(it) == Character.MATH_SYMBOL.toInt() }) {
                out += "line broken beside a sign at line ${line + 1}: \"$text\""
            }
        }
    }
}
