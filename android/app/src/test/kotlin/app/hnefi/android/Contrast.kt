package app.hnefi.android

import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.text.TextLayoutResult
import androidx.compose.ui.text.font.FontWeight
import app.hnefi.core.Look
import kotlin.math.abs
import kotlin.math.pow

/**
 * The contrast of what is on screen, computed from the core's look.
 *
 * Each text is found in a picture of its window: the colour under most of its box is its
 * background, the colour of its glyphs the one farthest from it. Both must be colours of the
 * look (a text drawn in a colour the look does not have is a defect of its own); the contrast
 * of those two colours must be 4.5:1, or 3:1 for large text (24 dp, or 18.67 dp bold). The
 * pieces are checked against every kind of square they can stand on, from the look alone.
 */
object Contrast {
    /** A text and its two colours, as the look names them. */
    data class ColourPair(val fg: String, val bg: String, val ratio: Double, val large: Boolean)

    class Found(val problems: List<String>, val pairs: Set<ColourPair>)

    fun texts(look: Look, density: Float): Found {
        val tokens = tokens(look)
        val problems = ArrayList<String>()
        val pairs = LinkedHashSet<ColourPair>()
        // Each window drawn by itself (the app, then a question's dialog): a text's bounds are
        // in its own window, and a picture of another window would put the wrong pixels there.
        for (window in TalkBack.windowRoots().filter { it.isShown && it.width > 0 && it.height > 0 }) {
            val host = TalkBack.composeHost(window) ?: continue
            val bitmap = android.graphics.Bitmap.createBitmap(window.width, window.height, android.graphics.Bitmap.Config.ARGB_8888)
            window.draw(android.graphics.Canvas(bitmap))
            val shot = Shot.of(bitmap)
            val root = (host as androidx.compose.ui.platform.ViewRootForTest).semanticsOwner.unmergedRootSemanticsNode
            for (n in all(root)) {
                val text = n.config.getOrNull(SemanticsProperties.Text)?.joinToString("") { it.text } ?: continue
                if (text.isBlank() || disabled(n)) continue
                val b = n.boundsInWindow
                val left = b.left.toInt().coerceAtLeast(0)
                val top = b.top.toInt().coerceAtLeast(0)
                val right = b.right.toInt().coerceAtMost(shot.width)
                val bottom = b.bottom.toInt().coerceAtMost(shot.height)
                if (right - left < 2 || bottom - top < 2) continue
                val counts = HashMap<Int, Int>()
                for (y in top until bottom) for (x in left until right) counts.merge(shot[x, y] or (0xFF shl 24), 1, Int::plus)
                val bg = counts.maxBy { it.value }.key
                // The glyphs' colour: of the colours that cover a few pixels, the farthest from the
                // background (antialiased edges lie between the two).
                val fg = counts.filter { it.value >= 3 }.keys.maxByOrNull { ratio(it, bg) } ?: continue
                if (ratio(fg, bg) < 1.05) continue // nothing drawn in this box yet (a blank line)
                val fgName = nearest(tokens, fg)
                val bgName = nearest(tokens, bg)
                if (fgName == null || bgName == null) {
                    problems += "\"$text\": ${hex(fg)} on ${hex(bg)} is not a pair of the look's colours"
                    continue
                }
                val large = large(n, density)
                val r = ratio(tokens.getValue(fgName), tokens.getValue(bgName))
                pairs += ColourPair(fgName, bgName, r, large)
                val least = if (large) 3.0 else 4.5
                if (r < least) problems += "\"$text\": $fgName on $bgName is %.2f:1, less than %.1f:1".format(java.util.Locale.ROOT, r, least)
            }
        }
        return Found(problems, pairs)
    }

    /** Each piece's fill or edge against each kind of square a piece stands on: 3:1. */
    fun pieces(look: Look): Found {
        val b = look.board
        val pieces = listOf("attacker" to (b.attacker to b.attackerEdge), "defender" to (b.defender to b.defenderEdge), "king" to (b.king to b.kingEdge))
        val squares = listOf("square" to b.square, "restricted" to b.restricted, "escapeEdge" to b.escapeEdge, "dropTarget" to b.dropTarget)
        val problems = ArrayList<String>()
        val pairs = LinkedHashSet<ColourPair>()
        for ((piece, colours) in pieces) for ((square, colour) in squares) {
            val r = maxOf(ratio(colours.first.toInt(), colour.toInt()), ratio(colours.second.toInt(), colour.toInt()))
            pairs += ColourPair(piece, square, r, large = true)
            if (r < 3.0) problems += "$piece on $square: %.2f:1".format(java.util.Locale.ROOT, r)
        }
        return Found(problems, pairs)
    }

    /** Every colour of the look by its name. */
    private fun tokens(look: Look): Map<String, Int> {
        fun named(record: Any, prefix: String): List<Pair<String, Int>> = record.javaClass.declaredFields
            .filter { it.type == Int::class.javaPrimitiveType && !java.lang.reflect.Modifier.isStatic(it.modifiers) }
            .map { f -> f.isAccessible = true; "$prefix.${f.name}" to (f.getInt(record) or (0xFF shl 24)) }
        return (named(look.chrome, "chrome") + named(look.board, "board")).toMap()
    }

    /** The look's colour nearest to [c], if one is near (a few steps of antialiasing). */
    private fun nearest(tokens: Map<String, Int>, c: Int): String? =
        tokens.minByOrNull { distance(it.value, c) }?.takeIf { distance(it.value, c) <= 24 }?.key

    private fun distance(a: Int, b: Int) = (0..2).sumOf { abs((a shr (it * 8) and 0xFF) - (b shr (it * 8) and 0xFF)) }

    private fun large(n: SemanticsNode, density: Float): Boolean {
        val layouts = ArrayList<TextLayoutResult>()
        n.config.getOrNull(SemanticsActions.GetTextLayoutResult)?.action?.invoke(layouts)
        val style = layouts.firstOrNull()?.layoutInput ?: return false
        val px = with(style.density) { style.style.fontSize.toPx() }
        val dp = px / density
        val bold = (style.style.fontWeight ?: FontWeight.Normal) >= FontWeight.Bold
        return dp >= 24f || (bold && dp >= 18.66f)
    }

    private fun disabled(n: SemanticsNode): Boolean =
        generateSequence(n) { it.parent }.any { it.config.getOrNull(SemanticsProperties.Disabled) != null }

    private fun all(n: SemanticsNode): List<SemanticsNode> = listOf(n) + n.children.flatMap { all(it) }

    /** WCAG's contrast of two opaque colours. */
    fun ratio(a: Int, b: Int): Double {
        fun lum(c: Int): Double {
            fun ch(shift: Int): Double {
                val v = (c shr shift and 0xFF) / 255.0
                return if (v <= 0.03928) v / 12.92 else ((v + 0.055) / 1.055).pow(2.4)
            }
            return 0.2126 * ch(16) + 0.7152 * ch(8) + 0.0722 * ch(0)
        }
        val (x, y) = lum(a) to lum(b)
        return (maxOf(x, y) + 0.05) / (minOf(x, y) + 0.05)
    }

    private fun hex(c: Int) = "#%06X".format(c and 0xFFFFFF)
}
