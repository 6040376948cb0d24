package app.hnefi.ui

import androidx.compose.foundation.border
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.IntrinsicSize
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.ScrollState
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.selection.selectableGroup
import androidx.compose.foundation.selection.toggleable
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.LocalTextStyle
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Surface
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.remember
import androidx.compose.ui.layout.Layout
import androidx.compose.ui.unit.Constraints
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.hideFromAccessibility
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import app.hnefi.core.ButtonView
import app.hnefi.core.ChoiceGroup
import app.hnefi.core.Event
import app.hnefi.core.PageItem
import app.hnefi.core.PageView
import app.hnefi.core.TableView
import app.hnefi.core.ToggleView

// The simple screens, drawn item by item as the core lists them. Touch targets are at least
// 48 dp, and rows of buttons stack when their words would not fit side by side.

@Composable
fun PageScreen(page: PageView, onEvent: (Event) -> Unit) {
    Column(Modifier.fillMaxSize().testTag("page-${page.kind.name.lowercase()}")) {
        TitleRow(page.title, page.back, onEvent)
        // Keyed by the page: each page opens at its top (the list of lessons is not scrolled as
        // far as the start page was), and keeps its place through a rotation or process death.
        val scroll = rememberSaveable(page.kind, saver = ScrollState.Saver) { ScrollState(0) }
        Column(
            Modifier.fillMaxSize().verticalScroll(scroll).padding(horizontal = 20.dp, vertical = 8.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            for (item in page.items) Item(item, onEvent)
        }
    }
    page.question?.let { Question(it, onEvent) }
}

/**
 * Back (when there is somewhere to go back to), the screen's title and its [actions] in one
 * row; when the title's longest word would not fit between the buttons (large text, a long
 * German word), the buttons keep their row and the title takes the whole width under them.
 */
@Composable
fun TitleRow(title: String, back: ButtonView?, onEvent: (Event) -> Unit, actions: @Composable () -> Unit = {}) {
    val style = MaterialTheme.typography.titleLarge.copy(fontWeight = FontWeight.Bold)
    val measurer = rememberTextMeasurer()
    val longest = remember(title, style, measurer) {
        title.split(' ').maxOfOrNull { measurer.measure(it, style).size.width } ?: 0
    }
    Layout(
        contents = listOf(
            { back?.let { ActionButton(it, onEvent, text = true) } },
            { Text(title, style = style, modifier = Modifier.padding(horizontal = 8.dp).semantics { heading() }) },
            { Row(verticalAlignment = Alignment.CenterVertically) { actions() } },
        ),
        modifier = Modifier.fillMaxWidth().padding(8.dp),
    ) { (backSlot, titleSlot, actionSlot), c ->
        val w = c.maxWidth
        val loose = Constraints(maxWidth = w)
        val b = backSlot.map { it.measure(loose) }
        val a = actionSlot.map { it.measure(loose) }
        val bw = b.sumOf { it.width }
        val aw = a.sumOf { it.width }
        val beside = (w - bw - aw).coerceAtLeast(0)
        val oneRow = longest + 16.dp.roundToPx() <= beside
        val t = titleSlot.map { it.measure(if (oneRow) Constraints(minWidth = beside, maxWidth = beside) else Constraints(minWidth = w, maxWidth = w)) }
        val buttonsHeight = (b + a).maxOfOrNull { it.height } ?: 0
        val titleHeight = t.maxOfOrNull { it.height } ?: 0
        val height = if (oneRow) maxOf(buttonsHeight, titleHeight) else buttonsHeight + titleHeight
        layout(w, height) {
            val rowHeight = if (oneRow) height else buttonsHeight
            b.forEach { it.place(0, (rowHeight - it.height) / 2) }
            a.forEach { it.place(w - aw, (rowHeight - it.height) / 2) }
            if (oneRow) t.forEach { it.place(bw, (height - it.height) / 2) } else t.forEach { it.place(0, buttonsHeight) }
        }
    }
}

@Composable
private fun Item(item: PageItem, onEvent: (Event) -> Unit) {
    when (item) {
        is PageItem.Heading ->
            Text(item.text, style = MaterialTheme.typography.titleMedium, modifier = Modifier.semantics { heading() })
        is PageItem.Paragraph -> Text(item.text, style = MaterialTheme.typography.bodyLarge)
        is PageItem.Caption ->
            Text(item.text, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
        is PageItem.Choices -> Choices(item.group, onEvent)
        is PageItem.Toggle -> Toggle(item.toggle, onEvent)
        is PageItem.Button -> ActionButton(item.button, onEvent, Modifier.fillMaxWidth())
        is PageItem.Buttons -> ButtonRow(item.buttons, onEvent)
        is PageItem.Table -> Table(item.table)
        // A board to look at: three quarters of the width, centred, never larger than a phone's.
        is PageItem.Board -> Box(Modifier.fillMaxWidth(), contentAlignment = Alignment.Center) {
            // A thumbnail in the game picker, a phone's board on the rules page.
            val width = if (item.small) Modifier.fillMaxWidth(0.45f).widthIn(max = 200.dp) else Modifier.fillMaxWidth(0.75f).widthIn(max = 360.dp)
            Board(item.board, reduceMotion = true, onEvent, width.aspectRatio(1f).testTag("diagram"), squareNodes = false)
        }
        is PageItem.Entry -> Column(
            Modifier
                .fillMaxWidth()
                .heightIn(min = 48.dp)
                .testTag(item.entry.id)
                .clickable { onEvent(item.entry.event) }
                // One node for TalkBack, read by the core's label; the words shown stay in the
                // semantics (hidden from accessibility) so that their layout can be checked.
                .semantics { contentDescription = item.entry.label; role = Role.Button }
                .padding(vertical = 6.dp),
        ) {
            Text(item.entry.title, style = MaterialTheme.typography.bodyLarge, modifier = SeenNotRead)
            Text(item.entry.detail, style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.onSurfaceVariant, modifier = SeenNotRead)
        }
        is PageItem.TextField -> OutlinedTextField(
            value = item.field.text,
            onValueChange = { onEvent(Event.ImportText(wellFormed(it))) },
            label = { Text(item.field.label) },
            minLines = 4,
            modifier = Modifier.fillMaxWidth().testTag(item.field.id),
        )
        // No live region: the core announces the error itself (an Announce effect), and a
        // second live region with the same words would have TalkBack say it twice.
        is PageItem.Error -> Text(item.text, color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("error"))
    }
}

/**
 * A group of which one is chosen: radio chips, each at least 48 dp high, that wrap to the next
 * line as a whole; a chip wider than the line takes the line and wraps at its spaces.
 */
@Composable
private fun Choices(group: ChoiceGroup, onEvent: (Event) -> Unit) {
    val colours = MaterialTheme.colorScheme
    Text(group.title, style = MaterialTheme.typography.labelLarge)
    FlowRow(
        Modifier.fillMaxWidth().selectableGroup(),
        horizontalArrangement = Arrangement.spacedBy(8.dp),
        verticalArrangement = Arrangement.spacedBy(8.dp),
    ) {
        for (c in group.choices) {
            Surface(
                shape = RoundedCornerShape(10.dp),
                color = if (c.selected) colours.primary else colours.surface,
                contentColor = if (c.selected) colours.onPrimary else colours.onSurface,
                modifier = Modifier
                    .heightIn(min = 48.dp)
                    .border(if (c.selected) 3.dp else 1.dp, colours.primary, RoundedCornerShape(10.dp))
                    .selectable(selected = c.selected, role = Role.RadioButton) { onEvent(c.event) }
                    .testTag(c.id),
            ) {
                Box(Modifier.padding(horizontal = 14.dp, vertical = 8.dp), contentAlignment = Alignment.Center) {
                    Text(c.label, textAlign = TextAlign.Center, fontWeight = if (c.selected) FontWeight.Bold else FontWeight.Normal)
                }
            }
        }
    }
}

@Composable
private fun Toggle(t: ToggleView, onEvent: (Event) -> Unit) {
    Row(
        Modifier
            .fillMaxWidth()
            .heightIn(min = 56.dp)
            .toggleable(value = t.on, role = Role.Switch) { onEvent(Event.SetSetting(t.setting, it)) }
            .testTag(t.id),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Column(Modifier.weight(1f).padding(end = 12.dp)) {
            Text(t.title, style = MaterialTheme.typography.bodyLarge)
            t.detail?.let { Text(it, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant) }
        }
        Switch(checked = t.on, onCheckedChange = null)
    }
}

/**
 * A table: the first column takes what the others leave, each other column is as wide as its
 * widest word or number (a heading is never broken); when that leaves the first column less
 * than its longest word, each row is shown as its first cell over "heading value" pairs.
 * TalkBack reads a row as the core's one sentence ([TableRow.label]).
 */
@Composable
private fun Table(table: TableView) {
    val measurer = rememberTextMeasurer()
    val body = LocalTextStyle.current
    val bold = body.copy(fontWeight = FontWeight.Bold)
    val gap = 12.dp
    BoxWithConstraints(Modifier.fillMaxWidth()) {
        val density = LocalDensity.current
        fun width(text: String, style: TextStyle) = with(density) { measurer.measure(text, style, softWrap = false).size.width.toDp() }
        val columns = (1 until table.header.size).map { i ->
            maxOf(width(table.header[i], bold), table.rows.maxOfOrNull { r -> r.cells.getOrNull(i)?.let { width(it, body) } ?: 0.dp } ?: 0.dp)
        }
        val firstWords = (listOf(table.header.firstOrNull().orEmpty() to bold) + table.rows.map { it.cells.firstOrNull().orEmpty() to body })
            .flatMap { (text, style) -> text.split(' ').map { width(it, style) } }
        val first = firstWords.maxOrNull() ?: 0.dp
        val grid = first + columns.fold(0.dp) { a, c -> a + c + gap } <= maxWidth
        Column(verticalArrangement = Arrangement.spacedBy(6.dp)) {
            if (grid) {
                Row(Modifier.fillMaxWidth()) {
                    table.header.forEachIndexed { i, h ->
                        val m = if (i == 0) Modifier.weight(1f) else Modifier.padding(start = gap).width(columns[i - 1])
                        Text(h, m.then(SeenNotRead), fontWeight = FontWeight.Bold, textAlign = if (i == 0) TextAlign.Start else TextAlign.End)
                    }
                }
            }
            for (row in table.rows) {
                Box(Modifier.fillMaxWidth().testTag(row.id).semantics(mergeDescendants = true) { contentDescription = row.label }) {
                    if (grid) {
                        Row(Modifier.fillMaxWidth()) {
                            row.cells.forEachIndexed { i, c ->
                                val m = if (i == 0) Modifier.weight(1f) else Modifier.padding(start = gap).width(columns[i - 1])
                                Text(c, m.then(SeenNotRead), textAlign = if (i == 0) TextAlign.Start else TextAlign.End)
                            }
                        }
                    } else {
                        Column {
                            Text(row.cells.firstOrNull().orEmpty(), SeenNotRead)
                            FlowRow(horizontalArrangement = Arrangement.spacedBy(gap)) {
                                for (i in 1 until row.cells.size) {
                                    // Each heading with its value, kept together on a line.
                                    Row(horizontalArrangement = Arrangement.spacedBy(4.dp)) {
                                        Text(table.header.getOrNull(i).orEmpty(), SeenNotRead, fontWeight = FontWeight.Bold)
                                        Text(row.cells[i], SeenNotRead)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/**
 * Words drawn inside a node that TalkBack reads by a label of its own: hidden from
 * accessibility, but kept in the semantics, where the layout checks read their lines.
 */
private val SeenNotRead = Modifier.semantics { hideFromAccessibility() }

/** A button of the frame: filled when it is its screen's main action, outlined otherwise. */
@Composable
fun ActionButton(b: ButtonView, onEvent: (Event) -> Unit, modifier: Modifier = Modifier, text: Boolean = false) {
    val m = modifier.heightIn(min = 48.dp).testTag(b.id)
    val label: @Composable () -> Unit = { Text(b.label, textAlign = TextAlign.Center) }
    val padding = PaddingValues(horizontal = 12.dp, vertical = 6.dp)
    when {
        text -> TextButton(onClick = { onEvent(b.event) }, enabled = b.enabled, modifier = m) { label() }
        b.primary -> Button(onClick = { onEvent(b.event) }, enabled = b.enabled, modifier = m, contentPadding = padding) { label() }
        else -> OutlinedButton(onClick = { onEvent(b.event) }, enabled = b.enabled, modifier = m, contentPadding = padding) { label() }
    }
}

/** Buttons sharing a row, or stacked when a word would not fit in its share of the width. */
@Composable
fun ButtonRow(buttons: List<ButtonView>, onEvent: (Event) -> Unit, modifier: Modifier = Modifier) {
    Column(modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(8.dp)) {
        Stack(buttons.map { it.label }, chrome = 24.dp) { rows ->
            for (row in rows) {
                // The buttons of a row as high as the highest, when one's words take two lines.
                Row(Modifier.fillMaxWidth().height(IntrinsicSize.Min), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    for (i in row) ActionButton(buttons[i], onEvent, Modifier.weight(1f).fillMaxHeight())
                }
            }
        }
    }
}

/**
 * Splits [labels] into rows: all in one row when each label's longest word fits in its share of
 * the width (less [chrome] for padding), else as few rows as fit, as even as they can be (four
 * as two and two, not three and one), else one per row. No word is ever broken inside.
 */
@Composable
private fun Stack(labels: List<String>, chrome: Dp, content: @Composable (List<List<Int>>) -> Unit) {
    val measurer = rememberTextMeasurer()
    val style = MaterialTheme.typography.labelLarge
    BoxWithConstraints(Modifier.fillMaxWidth()) {
        val gap = with(LocalDensity.current) { 8.dp.toPx() }
        val extra = with(LocalDensity.current) { chrome.toPx() }
        val width = constraints.maxWidth.toFloat()
        val widest = labels.maxOfOrNull { label ->
            label.split(' ').maxOf { word -> measurer.measure(word, style).size.width.toFloat() }
        } ?: 0f
        var perRow = labels.size.coerceAtLeast(1)
        while (perRow > 1 && (width - gap * (perRow - 1)) / perRow < widest + extra) perRow--
        val rows = ((labels.size + perRow - 1) / perRow).coerceAtLeast(1)
        Column(verticalArrangement = Arrangement.spacedBy(8.dp)) {
            content(labels.indices.chunked(((labels.size + rows - 1) / rows).coerceAtLeast(1)))
        }
    }
}

/**
 * [text] without half surrogate pairs (a pasted emoji cut in two): the core's strings are
 * UTF-8, and the bindings refuse such a string with an exception on the UI thread.
 */
fun wellFormed(text: String): String = buildString(text.length) {
    var i = 0
    while (i < text.length) {
        val c = text[i]
        when {
            c.isHighSurrogate() && i + 1 < text.length && text[i + 1].isLowSurrogate() -> {
                append(c).append(text[i + 1])
                i++
            }
            !c.isSurrogate() -> append(c)
        }
        i++
    }
}
