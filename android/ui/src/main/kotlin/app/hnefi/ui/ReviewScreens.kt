package app.hnefi.ui

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.gestures.detectHorizontalDragGestures
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.lazy.LazyRow
import androidx.compose.foundation.lazy.itemsIndexed
import androidx.compose.foundation.lazy.rememberLazyListState
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableFloatStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.min
import app.hnefi.core.Label

// Finished games, the review of one of them (or of a pasted game) with the engine's chart,
// and the import of a pasted game.

@Composable
fun HistoryScreen(rows: List<HistoryRow>, words: Words, onEvent: (UiEvent) -> Unit) {
    SubScreen(words[Label.HISTORY_TITLE], words, onEvent) {
        if (rows.isEmpty()) Text(words[Label.HISTORY_NONE], modifier = Modifier.testTag("noHistory"))
        for (row in rows) {
            val t = row.texts
            Card(
                Modifier
                    .fillMaxWidth()
                    .heightIn(min = 48.dp)
                    .testTag("history-${row.id}")
                    .clickable { onEvent(UiEvent.OpenReview(row.id)) }
                    // One sentence for screen readers: the core's label of the whole row.
                    .clearAndSetSemantics { contentDescription = t.label },
            ) {
                Column(Modifier.padding(12.dp), verticalArrangement = Arrangement.spacedBy(2.dp)) {
                    Row(verticalAlignment = Alignment.CenterVertically) {
                        Text("${t.game} · ${t.opponent}", Modifier.weight(1f), style = MaterialTheme.typography.titleSmall)
                        t.hints?.let { HintMark(it) }
                    }
                    Text(
                        listOfNotNull(t.result, t.side, t.length, t.date).joinToString(" · "),
                        style = MaterialTheme.typography.bodyMedium,
                        color = MaterialTheme.colorScheme.onSurfaceVariant,
                    )
                }
            }
        }
    }
}

/** The mark of a game in which hints were used. */
@Composable
private fun HintMark(text: String) {
    Text(
        text,
        style = MaterialTheme.typography.labelMedium,
        color = MaterialTheme.colorScheme.onPrimaryContainer,
        modifier = Modifier
            .background(MaterialTheme.colorScheme.primaryContainer, RoundedCornerShape(6.dp))
            .padding(horizontal = 6.dp, vertical = 2.dp)
            .testTag("hintMark"),
    )
}

@Composable
fun ReviewScreen(review: ReviewUi, words: Words, reduceMotion: Boolean, onEvent: (UiEvent) -> Unit) {
    Column(Modifier.fillMaxSize().testTag("reviewScreen")) {
        TitleRow(words[Label.REVIEW_TITLE], words, onEvent) {
            TextButton(onClick = { onEvent(UiEvent.Share) }, Modifier.heightIn(min = 48.dp).testTag("share")) {
                Text(words[Label.ACTION_SHARE])
            }
        }
        BoxWithConstraints(Modifier.fillMaxWidth().weight(1f)) {
            if (maxWidth > maxHeight) {
                val side = squareSide(min(maxHeight, maxWidth * 0.6f))
                Row(Modifier.fillMaxSize()) {
                    ReviewBoard(review, reduceMotion, onEvent, Modifier.size(side))
                    Column(Modifier.fillMaxHeight().weight(1f).verticalScroll(rememberScrollState()).padding(horizontal = 12.dp)) {
                        ReviewDetails(review, words, onEvent)
                    }
                }
            } else {
                val side = squareSide(min(maxWidth, maxHeight * 0.62f))
                Column(Modifier.fillMaxSize().verticalScroll(rememberScrollState())) {
                    Box(Modifier.fillMaxWidth(), contentAlignment = Alignment.Center) {
                        ReviewBoard(review, reduceMotion, onEvent, Modifier.size(side))
                    }
                    Column(Modifier.padding(horizontal = 12.dp)) { ReviewDetails(review, words, onEvent) }
                }
            }
        }
    }
}

/** The board at the reviewed position; a swipe steps a move forward or back. */
@Composable
private fun ReviewBoard(review: ReviewUi, reduceMotion: Boolean, onEvent: (UiEvent) -> Unit, modifier: Modifier) {
    val send by rememberUpdatedState(onEvent)
    var swept by remember { mutableFloatStateOf(0f) }
    val frame = review.frame
    Board(
        squares = frame.squares,
        size = frame.size.toInt(),
        label = frame.positionText,
        motion = null,
        reduceMotion = reduceMotion,
        showThreats = false,
        onEvent = null,
        modifier = modifier.pointerInput(Unit) {
            detectHorizontalDragGestures(
                onDragStart = { swept = 0f },
                onDragEnd = {
                    val threshold = size.width / 8f
                    if (swept < -threshold) send(UiEvent.ReviewNext) else if (swept > threshold) send(UiEvent.ReviewPrevious)
                },
            ) { change, amount ->
                swept += amount
                change.consume()
            }
        },
    )
}

@Composable
private fun ColumnScope.ReviewDetails(review: ReviewUi, words: Words, onEvent: (UiEvent) -> Unit) {
    val frame = review.frame
    StepButtons(review, words, onEvent)
    Text(
        frame.positionText,
        style = MaterialTheme.typography.titleSmall,
        modifier = Modifier.semantics { liveRegion = LiveRegionMode.Polite }.testTag("position"),
    )
    Text(frame.lastMoveText ?: "", style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("reviewLastMove"))
    for (line in frame.captures) Text(line, style = MaterialTheme.typography.bodyMedium)
    frame.resultText?.let { Text(it, style = MaterialTheme.typography.bodyMedium, fontWeight = FontWeight.Bold, modifier = Modifier.testTag("result")) }
    AnalysisBar(review, words, onEvent)
    EvaluationChart(
        chances = review.chances,
        swings = review.swings.map { it.ply },
        ply = review.ply,
        title = words[Label.REVIEW_CHART],
        value = review.chartValue,
        onGoTo = { onEvent(UiEvent.ReviewGoTo(it)) },
        modifier = Modifier.fillMaxWidth().height(140.dp).padding(vertical = 8.dp),
    )
    if (review.analysis == AnalysisState.Complete) {
        Text(words[Label.REVIEW_MISTAKES], style = MaterialTheme.typography.titleSmall, modifier = Modifier.semantics { heading() })
        if (review.swings.isEmpty()) Text(words[Label.REVIEW_NO_MISTAKES], style = MaterialTheme.typography.bodyMedium)
        for (s in review.swings) {
            Text(
                s.text,
                style = MaterialTheme.typography.bodyMedium,
                color = argb(LocalLook.current.chrome.chartMistake),
                modifier = Modifier
                    .fillMaxWidth()
                    .heightIn(min = 48.dp)
                    .clickable { onEvent(UiEvent.ReviewGoTo(s.ply)) }
                    .padding(vertical = 6.dp)
                    .testTag("swing-${s.ply}"),
            )
        }
    }
    MoveList(review, onEvent)
}

/** First, previous, next and last, as large buttons with their names for screen readers. */
@Composable
private fun StepButtons(review: ReviewUi, words: Words, onEvent: (UiEvent) -> Unit) {
    val steps = listOf(
        Step("«", words[Label.REVIEW_FIRST], "reviewFirst", review.ply > 0, UiEvent.ReviewFirst),
        Step("‹", words[Label.REVIEW_PREVIOUS], "reviewPrevious", review.ply > 0, UiEvent.ReviewPrevious),
        Step("›", words[Label.REVIEW_NEXT], "reviewNext", review.ply < review.plies, UiEvent.ReviewNext),
        Step("»", words[Label.REVIEW_LAST], "reviewLast", review.ply < review.plies, UiEvent.ReviewLast),
    )
    Row(Modifier.fillMaxWidth().padding(vertical = 8.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        for (s in steps) {
            OutlinedButton(
                onClick = { onEvent(s.event) },
                enabled = s.enabled,
                modifier = Modifier.weight(1f).heightIn(min = 48.dp).semantics { contentDescription = s.name }.testTag(s.tag),
            ) {
                Text(s.symbol, style = MaterialTheme.typography.titleLarge, modifier = Modifier.clearAndSetSemantics {})
            }
        }
    }
}

private class Step(val symbol: String, val name: String, val tag: String, val enabled: Boolean, val event: UiEvent)

/** The analysis: its progress with Stop while it runs, or Analyse when it is not complete. */
@Composable
private fun AnalysisBar(review: ReviewUi, words: Words, onEvent: (UiEvent) -> Unit) {
    when (val a = review.analysis) {
        is AnalysisState.Running -> Column(Modifier.fillMaxWidth().padding(top = 8.dp)) {
            Row(verticalAlignment = Alignment.CenterVertically) {
                Text(a.text, Modifier.weight(1f).testTag("analysing"), style = MaterialTheme.typography.bodyMedium)
                TextButton(onClick = { onEvent(UiEvent.CancelAnalysis) }, Modifier.heightIn(min = 48.dp).testTag("cancelAnalysis")) {
                    Text(words[Label.REVIEW_CANCEL_ANALYSIS])
                }
            }
            LinearProgressIndicator(progress = { a.fraction.toFloat() }, modifier = Modifier.fillMaxWidth())
        }
        AnalysisState.NotStarted, AnalysisState.Stopped ->
            OutlinedButton(onClick = { onEvent(UiEvent.Analyse) }, Modifier.padding(top = 8.dp).heightIn(min = 48.dp).testTag("analyse")) {
                Text(words[Label.REVIEW_ANALYSE])
            }
        AnalysisState.Complete -> Unit
    }
}

/** The moves in notation, the current one highlighted, the biggest swings marked. */
@Composable
private fun MoveList(review: ReviewUi, onEvent: (UiEvent) -> Unit) {
    val list = rememberLazyListState()
    val swings = review.swings.map { it.ply }.toSet()
    LaunchedEffect(review.ply) { if (review.ply > 0) list.animateScrollToItem((review.ply - 1).coerceAtLeast(0)) }
    val colours = MaterialTheme.colorScheme
    val mistake = argb(LocalLook.current.chrome.chartMistake)
    LazyRow(state = list, horizontalArrangement = Arrangement.spacedBy(4.dp), modifier = Modifier.fillMaxWidth().padding(vertical = 8.dp).testTag("moves")) {
        itemsIndexed(review.moves) { i, notation ->
            val ply = i + 1
            val current = ply == review.ply
            Text(
                "$ply. $notation",
                style = MaterialTheme.typography.bodyMedium,
                fontWeight = if (current) FontWeight.Bold else FontWeight.Normal,
                color = if (ply in swings) mistake else colours.onSurface,
                modifier = Modifier
                    .background(if (current) colours.primaryContainer else colours.surfaceVariant, RoundedCornerShape(6.dp))
                    .clickable { onEvent(UiEvent.ReviewGoTo(ply)) }
                    .heightIn(min = 48.dp)
                    .padding(horizontal = 10.dp, vertical = 12.dp)
                    .testTag("move-$ply"),
            )
        }
    }
}

@Composable
fun ImportScreen(import: ImportUi, words: Words, onEvent: (UiEvent) -> Unit) {
    SubScreen(words[Label.IMPORT_TITLE], words, onEvent) {
        OutlinedTextField(
            value = import.text,
            onValueChange = { onEvent(UiEvent.ImportTextChanged(it)) },
            label = { Text(words[Label.IMPORT_PASTE]) },
            minLines = 6,
            modifier = Modifier.fillMaxWidth().testTag("importText"),
        )
        import.error?.let {
            Text(
                it,
                color = MaterialTheme.colorScheme.error,
                modifier = Modifier.semantics { liveRegion = LiveRegionMode.Assertive }.testTag("importError"),
            )
        }
        Button(
            onClick = { onEvent(UiEvent.Import) },
            enabled = !import.working,
            modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("importButton"),
        ) { Text(words[Label.IMPORT_BUTTON]) }
    }
}
