package app.hnefi.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.max
import androidx.compose.ui.unit.min
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.heightIn
import androidx.compose.material3.LocalContentColor
import androidx.compose.material3.OutlinedButton
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.scale
import app.hnefi.core.ButtonView
import app.hnefi.core.ChartView
import app.hnefi.core.Event
import app.hnefi.core.ReviewView

/** A finished or pasted game, stepped through, with the engine's judgement as a chart. */
@Composable
fun ReviewScreen(review: ReviewView, reduceMotion: Boolean, onEvent: (Event) -> Unit) {
    Column(Modifier.fillMaxSize().testTag("reviewScreen")) {
        TitleRow(review.title, review.back, onEvent) { ActionButton(review.share, onEvent, text = true) }
        BoxWithConstraints(Modifier.fillMaxSize()) {
            if (maxWidth > maxHeight) {
                // On its side: the board as high as the room, the rest scrolling beside it.
                val side = min(maxHeight, maxWidth - ReviewPanelMinWidth)
                Row(Modifier.fillMaxSize()) {
                    Board(review.board, reduceMotion, onEvent, Modifier.size(side))
                    Column(
                        Modifier.weight(1f).fillMaxHeight().verticalScroll(rememberScrollState()).padding(horizontal = 16.dp),
                        verticalArrangement = Arrangement.spacedBy(8.dp),
                    ) { Details(review, onEvent) }
                }
            } else {
                // Upright: the board over most of the width, a little more than half the height
                // at most, never under 60% of the width; all of it scrolls.
                val side = max(min(maxWidth, maxHeight * 0.55f), maxWidth * 0.6f)
                Column(
                    Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(horizontal = 16.dp),
                    horizontalAlignment = Alignment.CenterHorizontally,
                    verticalArrangement = Arrangement.spacedBy(8.dp),
                ) {
                    Board(review.board, reduceMotion, onEvent, Modifier.size(side))
                    Details(review, onEvent)
                }
            }
        }
    }
}

/** The narrowest the column beside the board may be when the screen is on its side. */
private val ReviewPanelMinWidth = 260.dp

/**
 * Everything but the board: the position in words and its move's verdict, the steps, the chart,
 * the verdicts counted, the errors (each opens its position), the moves.
 */
@Composable
private fun Details(review: ReviewView, onEvent: (Event) -> Unit) {
    Column(Modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        Text(review.position, style = MaterialTheme.typography.titleMedium, modifier = Modifier.testTag("position"))
        review.lastMove?.let { Text(it, modifier = Modifier.testTag("reviewLastMove")) }
        for (c in review.captures) Text(c, style = MaterialTheme.typography.bodyMedium)
        review.result?.let { Text(it, fontWeight = FontWeight.Bold, modifier = Modifier.testTag("result")) }
        review.verdict?.let { Text(it, fontWeight = FontWeight.Medium, modifier = Modifier.testTag("verdict")) }
    }
    Steps(review.steps, onEvent)
    Chart(review.chart, onEvent)
    review.analysis.text?.let { Text(it, modifier = Modifier.fillMaxWidth().testTag("analysing")) }
    review.analysis.progress?.let { LinearProgressIndicator(progress = { it }, modifier = Modifier.fillMaxWidth()) }
    ActionButton(review.analysis.button, onEvent, Modifier.fillMaxWidth())
    for (line in review.summary) Text(line, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.fillMaxWidth().testTag("verdictSummary"))
    Text(review.errorsTitle, style = MaterialTheme.typography.titleSmall, modifier = Modifier.fillMaxWidth().semantics { heading() })
    for (e in review.errors) ActionButton(e, onEvent, Modifier.fillMaxWidth(), text = true)
    MoveList(review.moves, onEvent)
}

/**
 * The steps (first, previous, next, last, in the core's order) side by side as arrows, each
 * named by its label for screen readers: four words would not share a phone's row.
 */
@Composable
private fun Steps(steps: List<ButtonView>, onEvent: (Event) -> Unit) {
    Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        steps.forEachIndexed { i, b ->
            OutlinedButton(
                onClick = { onEvent(b.event) },
                enabled = b.enabled,
                modifier = Modifier.weight(1f).heightIn(min = 48.dp).semantics { contentDescription = b.label }.testTag(b.id),
            ) {
                val colour = LocalContentColor.current
                // The first half points back; the outer ones stop at a bar.
                val back = i < steps.size / 2
                val bar = i == 0 || i == steps.size - 1
                Canvas(Modifier.size(20.dp)) {
                    // Drawn pointing back, mirrored for the forward ones.
                    scale(if (back) 1f else -1f, 1f) {
                        val (w, h) = size.width to size.height
                        val tip = if (bar) 0.3f * w else 0.15f * w
                        if (bar) drawRect(colour, Offset(0.1f * w, 0.15f * h), Size(0.15f * w, 0.7f * h))
                        drawPath(Path().apply { moveTo(tip, h / 2); lineTo(0.9f * w, 0.15f * h); lineTo(0.9f * w, 0.85f * h); close() }, colour)
                    }
                }
            }
        }
    }
}

/** The chart's plan over the width; a tap (not a drag, which scrolls) goes to a position. */
@Composable
private fun Chart(chart: ChartView, onEvent: (Event) -> Unit) {
    val text = rememberTextMeasurer()
    Canvas(
        Modifier
            .fillMaxWidth()
            .height(140.dp)
            .semantics {
                contentDescription = chart.title
                chart.value?.let { stateDescription = it }
            }
            .pointerInput(Unit) { detectTapGestures { p -> onEvent(Event.ChartTouch(p.x / size.width)) } }
            .testTag("chart"),
    ) {
        drawOps(chart.plan.ops, PlanScale(size.width / chart.plan.width, size.height / chart.plan.height, density), text)
    }
}
