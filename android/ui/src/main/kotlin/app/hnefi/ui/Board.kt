package app.hnefi.ui

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.LinearEasing
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.foundation.gestures.awaitTouchSlopOrCancellation
import androidx.compose.foundation.gestures.calculateCentroid
import androidx.compose.foundation.gestures.calculatePan
import androidx.compose.foundation.gestures.calculateZoom
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.gestures.drag
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.offset
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clipToBounds
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.input.pointer.PointerEventPass
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.layout.layout
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.isTraversalGroup
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.Constraints
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.dp
import kotlin.math.roundToInt
import app.hnefi.core.BoardView
import app.hnefi.core.Event
import app.hnefi.core.Point
import app.hnefi.core.TouchPhase
import app.hnefi.core.Window

/**
 * The board: the core's plan drawn at the largest size that fits, its motion animated, touches
 * sent in the plan's units, and one node per square for screen readers (none with
 * [squareNodes] false: a diagram is read as its one sentence). Nothing is decided here; with
 * [reduceMotion] nothing animates, and input is never blocked by an animation.
 */
@Composable
fun Board(board: BoardView, reduceMotion: Boolean, onEvent: (Event) -> Unit, modifier: Modifier = Modifier, squareNodes: Boolean = true) {
    val look = LocalLook.current
    val text = rememberTextMeasurer()
    val plan = board.plan
    val motion = board.motion
    // The motion on screen when the board appeared (back to the game, a rotation) was seen.
    val seen = remember { motion?.id }
    val elapsed = remember { Animatable(Float.MAX_VALUE) }
    LaunchedEffect(motion?.id) {
        if (motion == null || reduceMotion || motion.id == seen) {
            elapsed.snapTo(Float.MAX_VALUE)
            return@LaunchedEffect
        }
        val total = totalMs(motion)
        elapsed.snapTo(0f)
        elapsed.animateTo(total, tween(total.toInt(), easing = LinearEasing))
    }
    val send by rememberUpdatedState(onEvent)
    // A traversal group: TalkBack reads the board's squares together, row by row, wherever
    // the board stands among the other things on screen.
    BoxWithConstraints(modifier.semantics { isTraversalGroup = true }.testTag("board")) {
        val density = LocalDensity.current
        val sidePx = with(density) { minOf(maxWidth, maxHeight).toPx() }
        val view = BoardWindow(board.window, sidePx)
        val k = view.k
        val liftUnits = with(density) { look.motion.dragLiftDp.toInt().dp.toPx() } / k
        // The gesture detectors outlive the frames of a pinch; they read the window through this.
        val current = rememberUpdatedState(view)
        val input = if (!board.interactive) Modifier else Modifier.boardInput({ current.value }, liftUnits) { send(it) }
        Box(Modifier.fillMaxSize().clipToBounds().then(input)) {
            Canvas(Modifier.fillMaxSize()) {
                val scale = PlanScale(k, k, k, view.origin)
                val moving = motion?.let { movingPieces(it, elapsed.value) } ?: MovingPieces.REST
                drawBoard(boardLayers(plan, scale, moving), text)
            }
            // A board in play or in review has a node per square for TalkBack; a diagram (the
            // start page's, the rules') is read as its one sentence.
            if (squareNodes) {
                // The first square of each row on screen is a heading: TalkBack's heading
                // navigation jumps row by row, so that any square of a 19 x 19 board is a few
                // gestures away rather than up to 361 swipes (on a zoomed board, the first the
                // window shows).
                val w = board.window
                val shown = board.squares.filter { it.x + 0.5f in w.x..(w.x + w.side) && it.y + 0.5f in w.y..(w.y + w.side) }
                val rowStarts = shown.groupBy { it.y }.values.map { row -> row.minBy { it.x }.name }.toSet()
                for (sq in board.squares) {
                    // Whole pixels, each square ending where the next begins: squares that
                    // overlapped by a pixel would put two rows in one for TalkBack's order.
                    val left = (view.origin.x + sq.x * k).roundToInt()
                    val top = (view.origin.y + sq.y * k).roundToInt()
                    val right = (view.origin.x + (sq.x + 1) * k).roundToInt()
                    val bottom = (view.origin.y + (sq.y + 1) * k).roundToInt()
                    Box(
                        Modifier
                            .offset { IntOffset(left, top) }
                            .layout { m, _ ->
                                val p = m.measure(Constraints.fixed(right - left, bottom - top))
                                layout(p.width, p.height) { p.place(0, 0) }
                            }
                            .testTag("sq-${sq.name}")
                            .semantics {
                                contentDescription = sq.label
                                if (sq.name in rowStarts) heading()
                                if (sq.actionable) {
                                    role = Role.Button
                                    onClick { send(Event.ActivateSquare(sq.square)); true }
                                }
                            },
                    )
                }
            }
        }
        // The board's sentence on a node of its own, over the board's top left corner, where
        // no square is: read first (it starts above the squares), and drawn last so that no
        // square's touch area covers it (a covered node is left out of TalkBack's tree). A
        // diagram has no squares: its sentence covers it all.
        val corner = if (!squareNodes) maxOf(maxWidth, maxHeight) else with(density) {
            val margin = board.squares.minOfOrNull { minOf(view.origin.x + it.x * k, view.origin.y + it.y * k) } ?: 0f
            maxOf(1f, margin).toDp()
        }
        Box(Modifier.size(corner).semantics { contentDescription = board.label })
    }
}

/**
 * The core's window on the plan drawn over [sidePx]: [k] pixels a unit, the plan's origin at
 * [origin], and a pixel of the board turned back into the plan's units.
 */
private class BoardWindow(val window: Window, sidePx: Float) {
    val k = if (window.side > 0f) sidePx / window.side else 0f
    val origin = Offset(-window.x * k, -window.y * k)

    fun unit(p: Offset) = Point(window.x + p.x / k, window.y + p.y / k)
}

/**
 * Taps as they are; a drag past the touch slop lifts the piece above the finger; two fingers
 * pinch, sending their steps for the core to zoom by (they are seen before the other
 * detectors, which then let the touch go).
 */
private fun Modifier.boardInput(view: () -> BoardWindow, lift: Float, send: (Event) -> Unit): Modifier = this
    .pointerInput(Unit) {
        awaitEachGesture {
            awaitFirstDown(requireUnconsumed = false, pass = PointerEventPass.Initial)
            do {
                val event = awaitPointerEvent(PointerEventPass.Initial)
                if (event.changes.count { it.pressed } >= 2) {
                    val zoom = event.calculateZoom()
                    val pan = event.calculatePan()
                    if (zoom != 1f || pan != Offset.Zero) {
                        val v = view()
                        send(Event.Zoom(v.unit(event.calculateCentroid()), zoom, Point(pan.x / v.k, pan.y / v.k)))
                    }
                    event.changes.forEach { it.consume() }
                }
            } while (event.changes.any { it.pressed })
        }
    }
    .pointerInput(Unit) {
        detectTapGestures { p -> send(Event.Touch(TouchPhase.TAP, view().unit(p))) }
    }
    .pointerInput(lift) {
        awaitEachGesture {
            val down = awaitFirstDown()
            val start = awaitTouchSlopOrCancellation(down.id) { change, _ -> change.consume() } ?: return@awaitEachGesture
            fun at(p: Offset) = view().unit(p).let { Point(it.x, it.y - lift) }
            // The piece picked up is the one the finger came down on; from then on the point is
            // where the lifted piece is drawn.
            send(Event.Touch(TouchPhase.DRAG_START, view().unit(down.position)))
            send(Event.Touch(TouchPhase.DRAG_MOVE, at(start.position)))
            var last = start.position
            val released = drag(start.id) { change ->
                last = change.position
                send(Event.Touch(TouchPhase.DRAG_MOVE, at(last)))
                change.consume()
            }
            send(Event.Touch(if (released) TouchPhase.DRAG_END else TouchPhase.DRAG_CANCEL, at(last)))
        }
    }
