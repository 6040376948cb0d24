package app.hnefi.ui

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.clipRect
import app.hnefi.core.BoardColours
import app.hnefi.core.BoardMetrics
import app.hnefi.core.Coord
import app.hnefi.core.Look
import app.hnefi.core.Piece
import app.hnefi.core.SquareView
import kotlin.math.atan2
import kotlin.math.cos
import kotlin.math.floor
import kotlin.math.sin

// The board exactly as docs/design.md says, shared with the iOS app: every size is a fraction
// of a square's side `s` from the core's BoardMetrics, every colour a BoardColours token, and
// the marks are drawn square by square in the documented order, the hint arrow last.

/** Where the board's squares lie in its drawing area: a frame around them, then n × n squares. */
class BoardGeometry(val n: Int, side: Float, metrics: BoardMetrics) {
    /** The side of a square: the frame takes `frame_stroke` of a square on each side. */
    val s: Float = side / (n + 2 * metrics.frameStroke)
    val origin: Float = metrics.frameStroke * s

    fun topLeft(c: Coord): Offset =
        Offset(origin + c.file.toInt() * s, origin + (n - 1 - c.rank.toInt()) * s)

    fun centre(c: Coord): Offset = topLeft(c) + Offset(s / 2, s / 2)

    /** The square under a point of the drawing area, or null off the board. */
    fun squareAt(p: Offset): Coord? {
        val col = floor((p.x - origin) / s).toInt()
        val row = floor((p.y - origin) / s).toInt()
        if (col !in 0 until n || row !in 0 until n) return null
        return Coord(col.toUByte(), (n - 1 - row).toUByte())
    }
}

/** What the board draws on top of the snapshot's squares while it moves or is touched. */
class BoardOverlay(
    /** Squares whose piece is drawn elsewhere (sliding, fading, lifted). */
    val hidden: Set<Coord> = emptySet(),
    /** The square under a dragged piece. */
    val dropTarget: Coord? = null,
)

/** Draws the squares of a snapshot or a review frame, in the documented order. */
fun DrawScope.drawBoard(
    geometry: BoardGeometry,
    squares: List<SquareView>,
    look: Look,
    showThreats: Boolean,
    overlay: BoardOverlay = BoardOverlay(),
) {
    val c = look.board
    val m = look.metrics
    val s = geometry.s
    for (sq in squares) {
        val at = geometry.topLeft(sq.coord)
        drawFill(sq, at, s, c)
    }
    drawGrid(geometry, c, m)
    for (sq in squares) {
        val at = geometry.topLeft(sq.coord)
        val centre = at + Offset(s / 2, s / 2)
        if (sq.restricted) drawRestrictedMark(at, s, c, m)
        if (sq.ending) drawCircle(argb(c.ending), m.endingRadius * s, centre)
        if (sq.kingOpenLine) drawOpenLine(at, s, c, m)
        if (sq.lastMoveFrom) drawSquareFrame(at, s, argb(c.lastMove), m.lastMoveFromStroke * s)
        if (sq.lastMoveTo) drawSquareFrame(at, s, argb(c.lastMove), m.lastMoveToStroke * s)
        if (sq.coord == overlay.dropTarget) drawSquareFrame(at, s, argb(c.dropTarget), m.dropTargetStroke * s)
        val piece = sq.piece
        if (piece != null && sq.coord !in overlay.hidden) drawPiece(piece, centre, s, look)
        if (sq.selected) drawCircle(argb(c.selection), 0.46f * s, centre, style = Stroke(m.selectionStroke * s))
        if (showThreats && sq.threatened) drawThreat(at, s, c, m)
        if (showThreats && sq.escapeRoute) drawDiamond(centre, m.escapeRouteRadius * s, argb(c.escapeRoute))
        if (sq.target) drawCircle(argb(c.target), m.targetRadius * s, centre)
        if (sq.captured) drawCross(at, s, m.capturedInset, argb(c.captured), m.capturedStroke * s)
    }
}

/** The hint as an arrow from the centre of one square to the centre of another. */
fun DrawScope.drawHintArrow(geometry: BoardGeometry, squares: List<SquareView>, look: Look) {
    val from = squares.firstOrNull { it.hintFrom }?.coord ?: return
    val to = squares.firstOrNull { it.hintTo }?.coord ?: return
    val colour = argb(look.board.hint)
    val stroke = look.metrics.hintStroke * geometry.s
    val a = geometry.centre(from)
    val b = geometry.centre(to)
    val angle = atan2(b.y - a.y, b.x - a.x)
    val head = stroke * 3f
    // The shaft stops where the head begins, so the head's point lands on the target's centre.
    val base = Offset(b.x - head * cos(angle), b.y - head * sin(angle))
    drawLine(colour, a, base, strokeWidth = stroke, cap = StrokeCap.Round)
    val spread = stroke * 1.5f
    val normal = Offset(-sin(angle), cos(angle))
    val arrow = Path().apply {
        moveTo(b.x, b.y)
        lineTo(base.x + normal.x * spread, base.y + normal.y * spread)
        lineTo(base.x - normal.x * spread, base.y - normal.y * spread)
        close()
    }
    drawPath(arrow, colour)
}

/** A piece centred on [centre], for a square of side [s]; [alpha] fades it, [scale] lifts it. */
fun DrawScope.drawPiece(piece: Piece, centre: Offset, s: Float, look: Look, alpha: Float = 1f, scale: Float = 1f) {
    val c = look.board
    val m = look.metrics
    val k = s * scale
    when (piece) {
        Piece.ATTACKER -> {
            drawCircle(argb(c.attacker), m.attackerRadius * k, centre, alpha)
            drawCircle(argb(c.attackerEdge), m.attackerRadius * k, centre, alpha, Stroke(m.pieceEdgeStroke * 0.6f * k))
        }
        Piece.DEFENDER -> {
            drawCircle(argb(c.defender), m.defenderRadius * k, centre, alpha)
            drawCircle(argb(c.defenderEdge), m.defenderRadius * k, centre, alpha, Stroke(m.pieceEdgeStroke * k))
        }
        Piece.KING -> {
            drawCircle(argb(c.king), m.kingRadius * k, centre, alpha)
            drawCircle(argb(c.kingEdge), m.kingRadius * k, centre, alpha, Stroke(m.pieceEdgeStroke * 1.4f * k))
            val arm = m.kingMarkArm * k
            val mark = argb(c.kingMark)
            val w = m.kingMarkStroke * k
            drawLine(mark, centre - Offset(arm, 0f), centre + Offset(arm, 0f), w, alpha = alpha)
            drawLine(mark, centre - Offset(0f, arm), centre + Offset(0f, arm), w, alpha = alpha)
        }
    }
}

private fun DrawScope.drawFill(sq: SquareView, at: Offset, s: Float, c: BoardColours) {
    val fill = when {
        sq.restricted -> c.restricted
        sq.escape -> c.escapeEdge
        else -> c.square
    }
    drawRect(argb(fill), at, Size(s, s))
}

private fun DrawScope.drawGrid(g: BoardGeometry, c: BoardColours, m: BoardMetrics) {
    val line = argb(c.line)
    val w = m.gridStroke * g.s
    val start = g.origin
    val end = g.origin + g.n * g.s
    for (i in 0..g.n) {
        val p = g.origin + i * g.s
        drawLine(line, Offset(p, start), Offset(p, end), w)
        drawLine(line, Offset(start, p), Offset(end, p), w)
    }
    val frame = m.frameStroke * g.s
    // The frame fills the margin around the squares: its stroke is centred half a frame in.
    drawRect(argb(c.frame), Offset(frame / 2, frame / 2), Size(end, end), style = Stroke(frame))
}

private fun DrawScope.drawRestrictedMark(at: Offset, s: Float, c: BoardColours, m: BoardMetrics) =
    drawCross(at, s, m.restrictedMarkInset, argb(c.line), m.gridStroke * 1.5f * s)

private fun DrawScope.drawCross(at: Offset, s: Float, inset: Float, colour: Color, width: Float) {
    val a = inset * s
    val b = (1 - inset) * s
    drawLine(colour, at + Offset(a, a), at + Offset(b, b), width)
    drawLine(colour, at + Offset(b, a), at + Offset(a, b), width)
}

/** Diagonal stripes rising to the right, clipped to the square. */
private fun DrawScope.drawOpenLine(at: Offset, s: Float, c: BoardColours, m: BoardMetrics) {
    val colour = argb(c.openLine)
    val step = m.openLineSpacing * s
    clipRect(at.x, at.y, at.x + s, at.y + s) {
        var x = -s
        while (x < s) {
            drawLine(colour, at + Offset(x, s), at + Offset(x + s, 0f), m.openLineStroke * s)
            x += step
        }
    }
}

/** A square frame inset by half its stroke. */
private fun DrawScope.drawSquareFrame(at: Offset, s: Float, colour: Color, stroke: Float) =
    drawRect(colour, at + Offset(stroke / 2, stroke / 2), Size(s - stroke, s - stroke), style = Stroke(stroke))

/** Four L-shaped brackets at the square's corners. */
private fun DrawScope.drawThreat(at: Offset, s: Float, c: BoardColours, m: BoardMetrics) {
    val colour = argb(c.threat)
    val w = m.threatStroke * s
    val arm = m.threatArm * s
    val lo = w / 2
    val hi = s - w / 2
    for ((x, dx) in listOf(lo to 1f, hi to -1f)) {
        for ((y, dy) in listOf(lo to 1f, hi to -1f)) {
            val corner = at + Offset(x, y)
            drawLine(colour, corner, corner + Offset(dx * arm, 0f), w, StrokeCap.Square)
            drawLine(colour, corner, corner + Offset(0f, dy * arm), w, StrokeCap.Square)
        }
    }
}

private fun DrawScope.drawDiamond(centre: Offset, half: Float, colour: Color) {
    val path = Path().apply {
        moveTo(centre.x, centre.y - half)
        lineTo(centre.x + half, centre.y)
        lineTo(centre.x, centre.y + half)
        lineTo(centre.x - half, centre.y)
        close()
    }
    drawPath(path, colour)
}
