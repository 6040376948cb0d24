package app.hnefi.android

import android.graphics.Rect
import android.view.accessibility.AccessibilityNodeInfo
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.junit4.ComposeTestRule
import org.robolectric.shadows.ShadowLooper

/**
 * The accessibility audit of one screen as TalkBack meets it: a finger on the centre of every
 * node TalkBack stops on, a finger every [GRID_DP] across the whole window, the live regions,
 * and the order of the swipes.
 */
class Explore(private val talkBack: TalkBack, private val rule: ComposeTestRule, private val density: Float) {
    /** What one screen gave: what is wrong, and how many fingers were put down. */
    class Found(val problems: List<String>, val hovers: Int)

    /** A node the app draws for TalkBack to stop on, read from the app's own semantics. */
    private class Target(val id: Int, val words: String, val bounds: Rect)

    /**
     * Every node the top window (a question's dialog when one is open) draws for TalkBack to
     * stop on, read from the app's semantics rather than from what its node provider offers
     * (the provider leaves out nodes that something else covers: TalkBack would never find
     * them), brought on screen first as TalkBack does (ACTION_SHOW_ON_SCREEN). The finger on its
     * centre must land on it (or on a node inside it) and what TalkBack then says must not be
     * empty. A node whose centre is outside the window after that (a square of a zoomed board
     * off screen) is left out: TalkBack reaches it by swiping, and activating it is tested apart.
     */
    fun centres(): Found {
        val problems = ArrayList<String>()
        var hovers = 0
        for (id in targets(talkBack.windows().last()).keys) {
            var window = talkBack.windows().last()
            var target = targets(window)[id] ?: continue
            if (!inside(window, target.bounds)) {
                window.host.accessibilityNodeProvider?.performAction(id, AccessibilityNodeInfo.AccessibilityAction.ACTION_SHOW_ON_SCREEN.id, null)
                settle()
                window = talkBack.windows().last()
                target = targets(window)[id] ?: continue
                if (!inside(window, target.bounds)) continue
            }
            val (x, y) = aim(target, targets(window).values) ?: continue
            hovers++
            val landed = talkBack.hover(window, x, y)
            val words = target.words
            if (landed == null) {
                problems += "a finger on \"$words\" finds nothing"
                continue
            }
            val focus = window.focusFor(landed)
            if (focus != id && id !in window.ancestors(focus)) {
                problems += "a finger on the centre of \"$words\" lands on \"${window.spoken(focus)}\" (${window.nodes[focus]?.info?.className})"
            } else if (window.spoken(focus).isBlank()) {
                problems += "a finger on \"$words\" lands on a node that says nothing"
            }
        }
        return Found(problems, hovers)
    }

    /**
     * What [window] draws for TalkBack, by accessibility id: every node of its merged semantics
     * that can be activated or toggled or says something, not hidden from accessibility, not a
     * live region (which is heard, not touched). Bounds in the window's root, where fingers land.
     */
    private fun targets(window: TalkBack.Window): Map<Int, Target> {
        val owner = (window.host as androidx.compose.ui.platform.ViewRootForTest).semanticsOwner
        val root = owner.rootSemanticsNode
        val out = LinkedHashMap<Int, Target>()
        fun walk(n: SemanticsNode, hidden: Boolean) {
            val c = n.config
            val hide = hidden || c.contains(SemanticsProperties.HideFromAccessibility)
            val words = c.getOrNull(SemanticsProperties.ContentDescription)?.joinToString(" ")
                ?: c.getOrNull(SemanticsProperties.Text)?.joinToString(" ") { it.text }
                ?: ""
            val acts = c.contains(androidx.compose.ui.semantics.SemanticsActions.OnClick) || c.contains(SemanticsProperties.ToggleableState)
            if (!hide && n.id != root.id && c.getOrNull(SemanticsProperties.LiveRegion) == null && (acts || words.isNotBlank())) {
                val b = n.boundsInWindow
                out[n.id] = Target(n.id, words, Rect(b.left.toInt(), b.top.toInt(), b.right.toInt(), b.bottom.toInt()))
            }
            n.children.forEach { walk(it, hide) }
        }
        walk(root, hidden = false)
        return out
    }

    /**
     * Where a finger finds [target]: its centre, unless another node is drawn inside it there
     * (the board's sentence lies under its squares), then the first of a few points just inside
     * its corners that no other node comes near; null when other nodes cover it all (a zoomed
     * board's sentence: TalkBack reaches it by swiping, as the first node of the board).
     */
    private fun aim(target: Target, all: Collection<Target>): Pair<Float, Float>? {
        val r = target.bounds
        val inset = 4f
        val points = listOf(
            r.exactCenterX() to r.exactCenterY(),
            r.left + inset to r.top + inset,
            r.right - inset to r.top + inset,
            r.left + inset to r.bottom - inset,
            r.right - inset to r.bottom - inset,
        )
        val inside = all.filter { it.id != target.id && r.contains(it.bounds) }
        fun near(b: Rect, x: Float, y: Float) = x > b.left - inset && x < b.right + inset && y > b.top - inset && y < b.bottom + inset
        return points.firstOrNull { (x, y) -> inside.none { near(it.bounds, x, y) } }
    }

    /** Whether the centre of [r] is inside [window]. */
    private fun inside(window: TalkBack.Window, r: Rect): Boolean =
        r.width() > 0 && r.height() > 0 && r.exactCenterX() in 0f..window.root.width.toFloat() && r.exactCenterY() in 0f..window.root.height.toFloat()

    /**
     * A finger every [GRID_DP] dp across the top window: wherever it lands on a node, TalkBack
     * has something to say there (no node without a purpose, none over the others).
     */
    fun grid(): Found {
        val problems = LinkedHashSet<String>()
        val window = talkBack.windows().last()
        val step = GRID_DP * density
        var hovers = 0
        var y = step / 2
        while (y < window.root.height) {
            var x = step / 2
            while (x < window.root.width) {
                hovers++
                val landed = talkBack.hover(window, x, y)
                if (landed != null && landed != android.view.accessibility.AccessibilityNodeProvider.HOST_VIEW_ID) {
                    val focus = window.focusFor(landed)
                    val n = window.nodes[focus]
                    val purposeful = n != null && (window.focusable(n) || n.info.actionList.any { it.id == AccessibilityNodeInfo.ACTION_SCROLL_FORWARD || it.id == AccessibilityNodeInfo.ACTION_SCROLL_BACKWARD })
                    if (n != null && !purposeful && (n.info.contentDescription != null || n.info.text != null)) {
                        problems += "a node over the screen says \"${window.spoken(focus)}\" but TalkBack cannot stop on it"
                    }
                    if (n != null && window.focusable(n) && window.spoken(focus).isBlank()) problems += "a node that says nothing (${n.info.className})"
                }
                x += step
            }
            y += step
        }
        return Found(problems.toList(), hovers)
    }

    /** Live regions that say the same words: TalkBack would say them twice. */
    fun liveRegions(): List<String> {
        val said = talkBack.windows().flatMap { w -> w.nodes.values.filter { it.liveRegion != 0 }.map { w.spoken(it.id) } }
        return said.groupingBy { it }.eachCount().filter { it.value > 1 }.map { (words, n) -> "$n live regions say \"$words\"" }
    }

    /** The words TalkBack says, in the order swiping right visits them, in the top window. */
    fun swipes(): List<Pair<String, Boolean>> {
        val w = talkBack.windows().last()
        return w.order().map { w.spoken(it) to (w.nodes[it]?.heading == true) }
    }

    private fun settle() {
        ShadowLooper.idleMainLooper()
        rule.waitForIdle()
    }

    companion object {
        const val GRID_DP = 40f

        /** The node of [tag] in the unmerged tree of any root. */
        fun tagged(rule: ComposeTestRule, tag: String): SemanticsNode? =
            rule.onAllNodes(androidx.compose.ui.test.hasTestTag(tag), useUnmergedTree = true).fetchSemanticsNodes().firstOrNull()

        fun tagOf(n: SemanticsNode): String = n.config.getOrNull(SemanticsProperties.TestTag) ?: ""
    }
}
