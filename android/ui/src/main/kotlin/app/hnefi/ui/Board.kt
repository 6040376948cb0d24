package app.hnefi.ui

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.LinearEasing
import androidx.compose.animation.core.LinearOutSlowInEasing
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.foundation.gestures.awaitTouchSlopOrCancellation
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
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.hnefi.core.Coord
import app.hnefi.core.Look
import app.hnefi.core.MoveView
import app.hnefi.core.Piece
import app.hnefi.core.Side
import app.hnefi.core.SquareView

/**
 * The board of a game: the snapshot's squares drawn as docs/design.md says, with the moves
 * animated, tap-tap and drag and drop, and a button for each square for screen readers.
 *
 * At rest it draws the snapshot exactly. A new [motion] draws the way from the previous
 * position to this one (a slide, captured pieces fading); with [reduceMotion] nothing animates.
 * Input is never blocked: a tap or a drag during an animation goes straight to the view model.
 *
 * @param onEvent null for a board that only shows (the review's).
 */
@Composable
fun Board(
    squares: List<SquareView>,
    size: Int,
    label: String,
    motion: BoardMotion?,
    reduceMotion: Boolean,
    showThreats: Boolean,
    onEvent: ((UiEvent) -> Unit)?,
    modifier: Modifier = Modifier,
) {
    val look = LocalLook.current
    val animation = rememberBoardAnimation(motion, reduceMotion, look)
    var drag by remember { mutableStateOf<Dragged?>(null) }
    val liftPx = with(LocalDensity.current) { look.motion.dragLiftDp.toInt().dp.toPx() }
    val current by rememberUpdatedState(squares)
    BoxWithConstraints(modifier.semantics { contentDescription = label }.testTag("board")) {
        val sidePx = with(LocalDensity.current) { minOf(maxWidth, maxHeight).toPx() }
        val geometry = remember(size, sidePx, look.metrics) { BoardGeometry(size, sidePx, look.metrics) }
        // The input sits on a box around the drawing and the squares' buttons, so that it gets
        // every touch whatever the buttons above the drawing do.
        val input = if (onEvent == null) Modifier else Modifier.boardInput(geometry, liftPx, { current }, onEvent) { drag = it }
        Box(Modifier.fillMaxSize().then(input)) {
            BoardCanvas(geometry, squares, look, showThreats, animation, { drag }, liftPx)
            SquareButtons(squares, geometry, onEvent)
        }
    }
}

/** The drawing: the snapshot, then what moves over it (sliding, fading, lifted), the hint on top. */
@Composable
private fun BoardCanvas(
    geometry: BoardGeometry,
    squares: List<SquareView>,
    look: Look,
    showThreats: Boolean,
    animation: BoardAnimation,
    drag: () -> Dragged?,
    liftPx: Float,
) {
    Canvas(Modifier.fillMaxSize()) {
        val moving = animation.frame()
        val lifted = drag()
        val dropTarget = lifted?.let { geometry.squareAt(it.lifted(liftPx)) }
        val hidden = moving.hidden + listOfNotNull(lifted?.from)
        drawBoard(geometry, squares, look, showThreats, BoardOverlay(hidden, dropTarget))
        drawMoving(geometry, moving, look)
        drawHintArrow(geometry, squares, look)
        if (lifted != null) {
            drawPiece(lifted.piece, lifted.lifted(liftPx), geometry.s, look, scale = look.motion.dragScalePercent.toFloat() / 100f)
        }
    }
}

/** A piece being dragged: where it came from and where the finger is. */
private data class Dragged(val from: Coord, val piece: Piece, val pointer: Offset) {
    /** The piece is drawn above the finger, so the finger doesn't hide it. */
    fun lifted(liftPx: Float) = pointer - Offset(0f, liftPx)
}

/** Taps go to the view model as they are; a drag picks up the piece and drops it. */
private fun Modifier.boardInput(
    geometry: BoardGeometry,
    liftPx: Float,
    squares: () -> List<SquareView>,
    onEvent: (UiEvent) -> Unit,
    onDrag: (Dragged?) -> Unit,
): Modifier = this
    .pointerInput(geometry) {
        detectTapGestures { p -> geometry.squareAt(p)?.let { onEvent(UiEvent.SquareTapped(it)) } }
    }
    .pointerInput(geometry, liftPx) {
        awaitEachGesture {
            val down = awaitFirstDown()
            val from = geometry.squareAt(down.position) ?: return@awaitEachGesture
            val start = awaitTouchSlopOrCancellation(down.id) { change, _ -> change.consume() } ?: return@awaitEachGesture
            onEvent(UiEvent.DragStarted(from))
            val square = squares().firstOrNull { it.coord == from }
            val piece = square?.piece
            if (square == null || piece == null || !square.movable) return@awaitEachGesture
            var dragged = Dragged(from, piece, start.position)
            onDrag(dragged)
            val released = drag(start.id) { change ->
                dragged = dragged.copy(pointer = change.position)
                onDrag(dragged)
                change.consume()
            }
            onDrag(null)
            val to = geometry.squareAt(dragged.lifted(liftPx))
            if (released && to != null) onEvent(UiEvent.Dropped(from, to))
        }
    }

/** One invisible button per square, for screen readers and tests: its label is the core's. */
@Composable
private fun SquareButtons(squares: List<SquareView>, geometry: BoardGeometry, onEvent: ((UiEvent) -> Unit)?) {
    val density = LocalDensity.current
    val side = with(density) { geometry.s.toDp() }
    for (sq in squares) {
        val at = geometry.topLeft(sq.coord)
        val x = with(density) { at.x.toDp() }
        val y = with(density) { at.y.toDp() }
        Box(
            Modifier
                .offset(x, y)
                .size(side)
                .testTag("sq-${sq.name}")
                .semantics {
                    contentDescription = sq.label
                    if (onEvent != null) {
                        role = Role.Button
                        onClick { onEvent(UiEvent.SquareTapped(sq.coord)); true }
                    }
                },
        )
    }
}

// --- motion ---

/** The pieces in motion at one frame. */
private class MovingFrame(
    val hidden: Set<Coord>,
    /** Pieces sliding: what, from where to where, how far along (0 to 1, eased). */
    val slides: List<Triple<Piece, Pair<Coord, Coord>, Float>>,
    /** Pieces fading: what, where, and how opaque. */
    val fades: List<Triple<Piece, Coord, Float>>,
) {
    companion object {
        val REST = MovingFrame(emptySet(), emptyList(), emptyList())
    }
}

/** The animation of the latest [BoardMotion], read at draw time so that frames only redraw. */
private class BoardAnimation(
    private val motion: BoardMotion?,
    private val elapsed: Animatable<Float, *>,
    private val runningFor: () -> Long?,
    private val slideMs: Float,
    private val fadeMs: Float,
) {
    fun frame(): MovingFrame {
        val m = motion ?: return MovingFrame.REST
        // Before its first frame has run, a new motion is at its start, not at rest.
        val t = if (runningFor() == m.id) elapsed.value else 0f
        if (t >= totalMs(m, slideMs, fadeMs)) return MovingFrame.REST
        val hidden = HashSet<Coord>()
        val slides = ArrayList<Triple<Piece, Pair<Coord, Coord>, Float>>()
        val fades = ArrayList<Triple<Piece, Coord, Float>>()
        for (mv in m.moves) {
            val slide = if (m.slide) LinearOutSlowInEasing.transform((t / slideMs).coerceIn(0f, 1f)) else 1f
            // Forward, the taken pieces fade out once the mover has arrived; backward, they fade
            // back in while it slides back.
            val fade = if (m.backwards) (t / fadeMs).coerceIn(0f, 1f) else 1f - ((t - slideTime(m, slideMs)) / fadeMs).coerceIn(0f, 1f)
            val (start, end) = if (m.backwards) mv.to to mv.from else mv.from to mv.to
            hidden += end
            slides += Triple(mv.piece, start to end, slide)
            val taken = takenPiece(mv)
            for (c in mv.captured) {
                hidden += c
                fades += Triple(taken, c, fade)
            }
        }
        return MovingFrame(hidden, slides, fades)
    }
}

private fun slideTime(m: BoardMotion, slideMs: Float) = if (m.slide) slideMs else 0f

private fun totalMs(m: BoardMotion, slideMs: Float, fadeMs: Float): Float =
    if (m.backwards) maxOf(slideMs, fadeMs) else slideTime(m, slideMs) + if (m.moves.any { it.captured.isNotEmpty() }) fadeMs else 0f

/** The pieces a move takes off the board are the other side's men (the king is never removed). */
private fun takenPiece(mv: MoveView): Piece = if (mv.side == Side.ATTACKERS) Piece.DEFENDER else Piece.ATTACKER

@Composable
private fun rememberBoardAnimation(motion: BoardMotion?, reduceMotion: Boolean, look: Look): BoardAnimation {
    val elapsed = remember { Animatable(0f) }
    var runningFor by remember { mutableStateOf<Long?>(null) }
    // The motion on screen when the board appeared (back to the game, a rotation) has been seen.
    val seen = remember { motion?.id }
    val slideMs = look.motion.slideMs.toFloat()
    val fadeMs = look.motion.fadeMs.toFloat()
    val active = motion?.takeIf { !reduceMotion && it.id != seen }
    LaunchedEffect(active?.id) {
        if (active == null) return@LaunchedEffect
        val total = totalMs(active, slideMs, fadeMs)
        elapsed.snapTo(0f)
        runningFor = active.id
        elapsed.animateTo(total, tween(total.toInt(), easing = LinearEasing))
    }
    return BoardAnimation(active, elapsed, { runningFor }, slideMs, fadeMs)
}

private fun DrawScope.drawMoving(geometry: BoardGeometry, frame: MovingFrame, look: Look) {
    for ((piece, at, alpha) in frame.fades) drawPiece(piece, geometry.centre(at), geometry.s, look, alpha = alpha)
    for ((piece, way, t) in frame.slides) {
        val a = geometry.centre(way.first)
        val b = geometry.centre(way.second)
        drawPiece(piece, a + (b - a) * t, geometry.s, look)
    }
}
