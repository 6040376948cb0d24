package app.hnefi.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.unit.dp
import kotlin.math.roundToInt

/**
 * The defenders' chance along the game, from the start (left) to the last move (right), 0 at
 * the bottom and 1 at the top: the area under the line filled, the biggest swings marked, the
 * current position as a dashed line. Points not yet judged leave a gap, so the chart fills in
 * as the analysis runs. A tap goes to the position under it.
 */
@Composable
fun EvaluationChart(
    chances: List<Double?>,
    swings: List<Int>,
    ply: Int,
    title: String,
    value: String?,
    onGoTo: (Int) -> Unit,
    modifier: Modifier = Modifier,
) {
    val look = LocalLook.current
    val c = look.chrome
    val last = (chances.size - 1).coerceAtLeast(1)
    Canvas(
        modifier
            .semantics {
                contentDescription = title
                value?.let { stateDescription = it }
            }
            .pointerInput(last) {
                detectTapGestures { p -> onGoTo((p.x / size.width * last).roundToInt().coerceIn(0, last)) }
            }
            .testTag("chart"),
    ) {
        val w = size.width
        val h = size.height
        fun x(i: Int) = i.toFloat() / last * w
        fun y(v: Double) = ((1 - v) * h).toFloat()
        val grid = argb(c.chartGrid)
        val thin = 1.dp.toPx()
        for (q in listOf(0.0, 0.25, 0.5, 0.75, 1.0)) {
            drawLine(grid, Offset(0f, y(q)), Offset(w, y(q)), if (q == 0.5) thin * 2 else thin)
        }
        // Each run of known points becomes one filled area and one line.
        val line = argb(c.chartLine)
        val area = argb(c.chartArea)
        var i = 0
        while (i < chances.size) {
            if (chances[i] == null) {
                i++
                continue
            }
            val start = i
            while (i < chances.size && chances[i] != null) i++
            val run = (start until i)
            val top = Path().apply {
                run.forEachIndexed { k, j -> if (k == 0) moveTo(x(j), y(chances[j]!!)) else lineTo(x(j), y(chances[j]!!)) }
            }
            val fill = Path().apply {
                addPath(top)
                lineTo(x(run.last), h)
                lineTo(x(run.first), h)
                close()
            }
            drawPath(fill, area)
            if (run.first == run.last) {
                drawCircle(line, 2.dp.toPx(), Offset(x(run.first), y(chances[run.first]!!)))
            } else {
                drawPath(top, line, style = Stroke(2.dp.toPx(), cap = StrokeCap.Round))
            }
        }
        val mistake = argb(c.chartMistake)
        for (s in swings) {
            drawLine(mistake, Offset(x(s), 0f), Offset(x(s), h), 2.dp.toPx())
            chances.getOrNull(s)?.let { drawCircle(mistake, 5.dp.toPx(), Offset(x(s), y(it))) }
        }
        drawLine(
            argb(c.outline),
            Offset(x(ply), 0f),
            Offset(x(ply), h),
            1.5.dp.toPx(),
            pathEffect = PathEffect.dashPathEffect(floatArrayOf(4.dp.toPx(), 3.dp.toPx())),
        )
    }
}
