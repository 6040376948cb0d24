package app.hnefi.ui

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.StrokeJoin
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.text.TextMeasurer
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.sp
import app.hnefi.core.Cap
import app.hnefi.core.DrawOp
import app.hnefi.core.Point

/**
 * Where a plan's units land in pixels: a point (x, y) of the plan is drawn at
 * origin + (x * sx, y * sy), and a stroke of width w is w * stroke pixels wide.
 */
class PlanScale(val sx: Float, val sy: Float, val stroke: Float, val origin: Offset = Offset.Zero) {
    fun at(p: Point) = Offset(origin.x + p.x * sx, origin.y + p.y * sy)

    /** The same scale around another origin, [factor] times larger (a piece's glyph). */
    fun around(origin: Offset, factor: Float = 1f) = PlanScale(sx * factor, sy * factor, stroke * factor, origin)
}

/** Draws the core's drawing operations in their order; [alpha] fades all of them. */
fun DrawScope.drawOps(ops: List<DrawOp>, scale: PlanScale, text: TextMeasurer, alpha: Float = 1f) {
    for (op in ops) {
        when (op) {
            is DrawOp.FillRect ->
                drawRect(argb(op.colour), scale.at(Point(op.x, op.y)), Size(op.w * scale.sx, op.h * scale.sy), alpha)
            is DrawOp.StrokeRect ->
                drawRect(argb(op.colour), scale.at(Point(op.x, op.y)), Size(op.w * scale.sx, op.h * scale.sy), alpha, Stroke(op.width * scale.stroke))
            is DrawOp.FillCircle -> drawCircle(argb(op.colour), op.radius * scale.sx, scale.at(op.centre), alpha)
            is DrawOp.StrokeCircle ->
                drawCircle(argb(op.colour), op.radius * scale.sx, scale.at(op.centre), alpha, Stroke(op.width * scale.stroke))
            is DrawOp.Line -> drawLine(
                argb(op.colour), scale.at(op.from), scale.at(op.to), op.width * scale.stroke, op.cap.compose(),
                op.dash?.let { d -> PathEffect.dashPathEffect(d.map { it * scale.stroke }.toFloatArray()) }, alpha,
            )
            is DrawOp.Polyline -> drawPath(
                path(op.points, scale, close = false), argb(op.colour), alpha,
                Stroke(op.width * scale.stroke, cap = op.cap.compose(), join = StrokeJoin.Round),
            )
            is DrawOp.FillPolygon -> drawPath(path(op.points, scale, close = true), argb(op.colour), alpha)
            is DrawOp.Text -> {
                val px = op.size * scale.sy
                val style = TextStyle(
                    color = argb(op.colour),
                    // The plan gives the size in its units: the font scale is the plan's, not the system's.
                    fontSize = (px / (density * fontScale)).sp,
                    fontWeight = if (op.bold) FontWeight.Bold else FontWeight.Normal,
                )
                val laid = text.measure(op.text, style)
                val centre = scale.at(op.at)
                drawText(laid, topLeft = Offset(centre.x - laid.size.width / 2f, centre.y - laid.size.height / 2f), alpha = alpha)
            }
        }
    }
}

private fun path(points: List<Point>, scale: PlanScale, close: Boolean) = Path().apply {
    points.forEachIndexed { i, p ->
        val o = scale.at(p)
        if (i == 0) moveTo(o.x, o.y) else lineTo(o.x, o.y)
    }
    if (close) close()
}

private fun Cap.compose() = when (this) {
    Cap.BUTT -> StrokeCap.Butt
    Cap.ROUND -> StrokeCap.Round
    Cap.SQUARE -> StrokeCap.Square
}
