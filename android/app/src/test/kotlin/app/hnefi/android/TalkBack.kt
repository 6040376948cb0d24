package app.hnefi.android

import android.accessibilityservice.AccessibilityServiceInfo
import android.content.Context
import android.os.SystemClock
import android.view.InputDevice
import android.view.MotionEvent
import android.view.View
import android.view.ViewGroup
import android.view.accessibility.AccessibilityEvent
import android.view.accessibility.AccessibilityManager
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityNodeProvider
import androidx.compose.ui.platform.ViewRootForTest
import org.robolectric.shadow.api.Shadow
import org.robolectric.shadows.ShadowAccessibilityManager
import org.robolectric.shadows.ShadowAccessibilityRecord
import org.robolectric.shadows.ShadowLooper

/**
 * What TalkBack does, played against the real windows of the app.
 *
 * With touch exploration on, the system does not pass a finger's touches to the app: it sends
 * hover events (ACTION_HOVER_ENTER, then ACTION_HOVER_MOVE, from the touch screen, a finger as
 * the tool) to the window under the finger, through its view root. The app's views answer with
 * a TYPE_VIEW_HOVER_ENTER accessibility event naming the node under the finger (Compose's
 * AndroidComposeView hit-tests its semantics for it); TalkBack focuses that node, or the
 * nearest of its ancestors it stops on, and reads it. [hover] does the same; [nodes] reads a
 * window's nodes from the app's own AccessibilityNodeProvider, as TalkBack reads them, and
 * [order] gives the order in which swiping visits them.
 */
class TalkBack(context: Context) {
    init {
        // The framework's own node infos rather than Robolectric's stand-ins, which drop the
        // node a traversal link names (Compose orders the swipes by those links). Only these
        // tests read node infos; the property is read at each call.
        System.setProperty("robolectric.useRealAni", "true")
    }

    private val shadow: ShadowAccessibilityManager = Shadow.extract(context.getSystemService(AccessibilityManager::class.java))

    /** A node as TalkBack reads it: its id in its window, what it says, what it is. */
    class Node(val id: Int, val info: AccessibilityNodeInfo, val parent: Int?, val children: List<Int>) {
        val clickable: Boolean get() = info.isEnabled && info.actionList.contains(AccessibilityNodeInfo.AccessibilityAction.ACTION_CLICK)
        val heading: Boolean get() = info.isHeading
        val liveRegion: Int get() = info.liveRegion

        /** The node that comes after this one when swiping (Compose links them all), if set. */
        val before: Int? get() = link("mTraversalBefore")

        private fun link(field: String): Int? {
            val f = AccessibilityNodeInfo::class.java.getDeclaredField(field).apply { isAccessible = true }
            val id = f.getLong(info)
            return if (id == UNDEFINED_NODE_ID) null else (id shr 32).toInt()
        }
    }

    /** One window's nodes, by id, as its view's provider gives them. */
    class Window(val root: View, val host: View, val nodes: Map<Int, Node>) {
        /**
         * TalkBack's words for a node: its description, else its text and the words of the
         * children it does not stop on by themselves (Compose gives a button's words as a child
         * of the button's node).
         */
        fun spoken(id: Int): String {
            val n = nodes[id] ?: return ""
            n.info.contentDescription?.let { return it.toString() }
            val parts = listOfNotNull(n.info.text?.toString()?.takeIf { it.isNotEmpty() }) +
                n.children.mapNotNull { c -> nodes[c]?.takeUnless { focusable(it) }?.let { spoken(c) } }.filter { it.isNotEmpty() }
            return parts.joinToString(" ")
        }

        /**
         * Whether TalkBack stops on a node by itself: it can be activated (or scrolled to a
         * choice, a switch), or it says something and no ancestor that TalkBack stops on says
         * it for it.
         */
        fun focusable(n: Node): Boolean {
            if (!n.info.isVisibleToUser) return false
            if (n.clickable || n.info.isCheckable || n.info.isFocusable || n.info.isScreenReaderFocusable) return true
            val says = !n.info.contentDescription.isNullOrEmpty() || !n.info.text.isNullOrEmpty()
            return says && ancestors(n.id).none { a -> nodes[a]?.let { it.clickable || it.info.isScreenReaderFocusable } == true }
        }

        /** The node TalkBack focuses when the app names [id] under the finger. */
        fun focusFor(id: Int): Int = (listOf(id) + ancestors(id)).firstOrNull { a -> nodes[a]?.let { focusable(it) } == true } ?: id

        fun ancestors(id: Int): List<Int> = generateSequence(nodes[id]?.parent) { nodes[it]?.parent }.toList()

        /**
         * The order in which swiping right visits the nodes TalkBack stops on: Compose links every
         * node to the one after it (traversal "before"); without links, the tree's order.
         */
        fun order(): List<Int> {
            val linked = nodes.values.filter { it.before != null }
            val sequence = if (linked.isNotEmpty()) {
                val targets = linked.mapNotNull { it.before }.toSet()
                val first = linked.firstOrNull { it.id !in targets }?.id
                generateSequence(first) { nodes[it]?.before }.take(nodes.size).toList() +
                    nodes.keys.filter { k -> linked.none { it.id == k } && k !in targets }
            } else {
                fun walk(id: Int): List<Int> = listOf(id) + (nodes[id]?.children.orEmpty()).flatMap { walk(it) }
                walk(AccessibilityNodeProvider.HOST_VIEW_ID)
            }
            return sequence.filter { id -> nodes[id]?.let { focusable(it) } == true }
        }
    }

    /** Turns TalkBack on: an enabled service that explores by touch. */
    fun start() {
        // A spoken-feedback service that asks for touch exploration, as TalkBack is: Compose
        // orders the nodes for swiping (traversal links) only when such a service is on.
        val service = AccessibilityServiceInfo().apply {
            feedbackType = AccessibilityServiceInfo.FEEDBACK_SPOKEN
            flags = AccessibilityServiceInfo.FLAG_REQUEST_TOUCH_EXPLORATION_MODE
        }
        shadow.setEnabledAccessibilityServiceList(listOf(service))
        shadow.setEnabled(true)
        shadow.setTouchExplorationEnabled(true)
        ShadowLooper.idleMainLooper()
    }

    /** The windows on screen, the top one last (the app, then a dialog). */
    fun windows(): List<Window> = windowRoots().filter { it.isShown }.mapNotNull { root ->
        val host = composeHost(root) ?: return@mapNotNull null
        Window(root, host, read(host))
    }

    /**
     * A finger on ([x], [y]) in the coordinates of [window]'s root: the node the app names
     * under it, or null when it names none.
     */
    fun hover(window: Window, x: Float, y: Float): Int? {
        val before = shadow.sentAccessibilityEvents.size
        val now = SystemClock.uptimeMillis()
        for (action in listOf(MotionEvent.ACTION_HOVER_ENTER, MotionEvent.ACTION_HOVER_MOVE, MotionEvent.ACTION_HOVER_EXIT)) {
            val props = arrayOf(MotionEvent.PointerProperties().apply { id = 0; toolType = MotionEvent.TOOL_TYPE_FINGER })
            val coords = arrayOf(MotionEvent.PointerCoords().apply { this.x = x; this.y = y })
            val event = MotionEvent.obtain(now, now, action, 1, props, coords, 0, 0, 1f, 1f, 0, 0, InputDevice.SOURCE_TOUCHSCREEN, 0)
            window.root.dispatchGenericMotionEvent(event)
            event.recycle()
        }
        val entered = shadow.sentAccessibilityEvents.drop(before).lastOrNull { it.eventType == AccessibilityEvent.TYPE_VIEW_HOVER_ENTER }
            ?: return null
        val record: ShadowAccessibilityRecord = Shadow.extract(entered)
        return record.virtualDescendantId.takeIf { record.sourceRoot === window.host }
    }

    /** The accessibility events the app has sent since the test began. */
    val events: List<AccessibilityEvent> get() = shadow.sentAccessibilityEvents

    companion object {
        // The framework's own, hidden from apps (reflection: Gradle compiles against the SDK's
        // public stubs).
        private val UNDEFINED_NODE_ID: Long =
            AccessibilityNodeInfo::class.java.getDeclaredField("UNDEFINED_NODE_ID").apply { isAccessible = true }.getLong(null)
        private val getChildId = AccessibilityNodeInfo::class.java.getMethod("getChildId", Int::class.javaPrimitiveType)

        /** The root views of the windows the window manager holds, bottom first. */
        @Suppress("UNCHECKED_CAST")
        fun windowRoots(): List<View> {
            val global = Class.forName("android.view.WindowManagerGlobal")
            val instance = global.getMethod("getInstance").invoke(null)
            return global.getMethod("getWindowViews").invoke(instance) as List<View>
        }

        /** The view with Compose's node provider under a window's root. */
        fun composeHost(view: View): View? {
            if (view is ViewRootForTest) return view.view
            if (view is ViewGroup) {
                for (i in 0 until view.childCount) composeHost(view.getChildAt(i))?.let { return it }
            }
            return null
        }

        /** Every node of the provider, from the root down (children by the framework's ids). */
        fun read(host: View): Map<Int, Node> {
            val provider = host.accessibilityNodeProvider ?: return emptyMap()
            val out = LinkedHashMap<Int, Node>()
            val queue = ArrayDeque<Pair<Int, Int?>>()
            queue += AccessibilityNodeProvider.HOST_VIEW_ID to null
            while (queue.isNotEmpty()) {
                val (id, parent) = queue.removeFirst()
                val info = provider.createAccessibilityNodeInfo(id) ?: continue
                val children = (0 until info.childCount).map { ((getChildId.invoke(info, it) as Long) shr 32).toInt() }
                out[id] = Node(id, info, parent, children)
                children.forEach { queue += it to id }
            }
            return out
        }
    }
}
