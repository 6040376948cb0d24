package app.hnefi.ui

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.layout.wrapContentHeight
import androidx.compose.foundation.lazy.LazyListState
import androidx.compose.foundation.lazy.LazyRow
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.lazy.rememberLazyListState
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.MutableIntState
import androidx.compose.runtime.mutableIntStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.snapshotFlow
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.rotate
import androidx.compose.ui.layout.Layout
import androidx.compose.ui.platform.LocalAccessibilityManager
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.isTraversalGroup
import androidx.compose.ui.semantics.traversalIndex
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.Constraints
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.min
import app.hnefi.core.ClockFace
import app.hnefi.core.ClockView
import app.hnefi.core.Event
import app.hnefi.core.FlashView
import app.hnefi.core.GameView
import app.hnefi.core.InfoLine
import app.hnefi.core.MoveListView
import app.hnefi.core.TakenView
import app.hnefi.core.TurnBarView
import app.hnefi.core.infoStyle
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.first
import kotlin.math.roundToInt

/** How long a refusal stays when the accessibility settings ask for nothing longer. */
private const val FLASH_MS = 2500L

/** The narrowest the column beside the board may be when the screen is on its side. */
private val SidePanelMinWidth = 260.dp

/**
 * What the lines and the buttons under the board need at the normal font size: a line, the
 * taken, the moves, and a row of buttons.
 */
private val BelowReserve = 192.dp

/** The board's least share of the width: the lines under it scroll before it gets smaller. */
private const val BOARD_MIN_SHARE = 0.6f

@Composable
fun GameScreen(game: GameView, reduceMotion: Boolean, onEvent: (Event) -> Unit) {
    BoxWithConstraints(Modifier.fillMaxSize().testTag("gameScreen")) {
        // A tablet (600 dp both ways) keeps the lines and the buttons with the board.
        val tablet = min(maxWidth, maxHeight) >= 600.dp
        if (maxWidth > maxHeight) {
            Landscape(game, reduceMotion, onEvent, atLeastZero(min(maxHeight, maxWidth - SidePanelMinWidth)))
        } else {
            Portrait(game, reduceMotion, onEvent, tablet)
        }
        game.question?.let { Question(it, onEvent) }
    }
}

private fun atLeastZero(d: Dp) = if (d < 0.dp) 0.dp else d

/**
 * On its side: the board as high as the screen (less what the side panel needs), and beside it
 * the turn bar, under it the lines and the buttons, which scroll together when the words are
 * large.
 */
@Composable
private fun Landscape(game: GameView, reduceMotion: Boolean, onEvent: (Event) -> Unit, side: Dp) {
    // The turn bar stands right of the board but is read first, as it is upright: TalkBack
    // follows the traversal index within the row before where things stand.
    Row(Modifier.fillMaxSize().semantics { isTraversalGroup = true }, verticalAlignment = Alignment.CenterVertically) {
        BoardArea(game, reduceMotion, onEvent, Modifier.size(side))
        Column(Modifier.weight(1f).fillMaxHeight()) {
            TurnBar(game.turn, Modifier.semantics { isTraversalGroup = true; traversalIndex = -1f })
            game.clock?.let { Clock(it) }
            Below(game, onEvent, Modifier.weight(1f), minHeight = null)
        }
    }
}

/**
 * Upright: the bars on top take what their words need; the board is the largest square that
 * leaves the lines and the buttons under it [BelowReserve] (grown with the font), but never less
 * than [BOARD_MIN_SHARE] of the width; the lines and the buttons scroll together in what is
 * left, the buttons at the bottom when there is room. On a tablet the board, the lines and the
 * buttons stay together, centred in the height.
 */
@Composable
private fun Portrait(game: GameView, reduceMotion: Boolean, onEvent: (Event) -> Unit, tablet: Boolean) {
    Layout(
        contents = listOf(
            { game.turn.topText?.let { TopBar(it) }; TurnBar(game.turn); game.clock?.let { Clock(it) } },
            { BoardArea(game, reduceMotion, onEvent, Modifier.fillMaxSize()) },
            { Below(game, onEvent, Modifier, minHeight = if (tablet) 0.dp else null) },
        ),
    ) { (bars, board, below), c ->
        val w = c.maxWidth
        val top = bars.map { it.measure(Constraints(maxWidth = w, maxHeight = c.maxHeight)) }
        val rest = (c.maxHeight - top.sumOf { it.height }).coerceAtLeast(0)
        val least = minOf((w * BOARD_MIN_SHARE).roundToInt(), rest)
        val side = (rest - (BelowReserve * fontScale).roundToPx()).coerceIn(least, minOf(w, rest))
        val square = board.map { it.measure(Constraints.fixed(side, side)) }
        val lines = below.map { it.measure(Constraints(minWidth = w, maxWidth = w, maxHeight = rest - side)) }
        layout(w, c.maxHeight) {
            var y = 0
            for (p in top) { p.place(0, y); y += p.height }
            if (tablet) y += (rest - side - lines.sumOf { it.height }) / 2
            for (p in square) { p.place((w - side) / 2, y); y += side }
            for (p in lines) { p.place(0, y); y += p.height }
        }
    }
}

/**
 * What goes with the board: the lines, the taken pieces and the moves, then the buttons, in one column that scrolls when it is longer than its room. With
 * [minHeight] null it fills its room, the buttons at the bottom; with a height, it is
 * at least that high.
 */
@Composable
private fun Below(game: GameView, onEvent: (Event) -> Unit, modifier: Modifier, minHeight: Dp?) {
    BoxWithConstraints(modifier) {
        val least = if (minHeight == null) maxHeight else min(minHeight, maxHeight)
        Column(
            Modifier.fillMaxWidth().verticalScroll(rememberScrollState()).heightIn(min = least).testTag("below"),
            verticalArrangement = Arrangement.SpaceBetween,
        ) {
            Details(game.info, game.taken, game.moves, onEvent)
            ButtonRow(game.controls, onEvent, Modifier.padding(8.dp))
        }
    }
}

/** The board, with the moment's refusal over its lower edge. */
@Composable
private fun BoardArea(game: GameView, reduceMotion: Boolean, onEvent: (Event) -> Unit, modifier: Modifier) {
    Box(modifier) {
        Board(game.board, reduceMotion, onEvent, Modifier.fillMaxSize())
        game.flash?.let { Flash(it, onEvent, Modifier.align(Alignment.BottomCenter)) }
    }
}

/** A refusal, shown as long as the accessibility settings ask (the core announces it). */
@Composable
private fun Flash(flash: FlashView, onEvent: (Event) -> Unit, modifier: Modifier) {
    val a11y = LocalAccessibilityManager.current
    LaunchedEffect(flash.id) {
        delay(a11y?.calculateRecommendedTimeoutMillis(FLASH_MS, containsIcons = false, containsText = true) ?: FLASH_MS)
        onEvent(Event.FlashExpired(flash.id))
    }
    Surface(
        color = MaterialTheme.colorScheme.inverseSurface,
        contentColor = MaterialTheme.colorScheme.inverseOnSurface,
        shape = MaterialTheme.shapes.small,
        shadowElevation = 4.dp,
        modifier = modifier.padding(12.dp).testTag("flash"),
    ) {
        Text(flash.text, Modifier.padding(horizontal = 16.dp, vertical = 12.dp), style = MaterialTheme.typography.bodyMedium)
    }
}

/** Whose turn; the core announces changes, so this is no live region (no double speech). */
@Composable
private fun TurnBar(turn: TurnBarView, modifier: Modifier = Modifier) {
    val look = LocalLook.current
    Surface(color = argb(look.chrome.turnBar), contentColor = argb(look.chrome.onTurnBar), modifier = modifier.fillMaxWidth()) {
        Box(Modifier.heightIn(min = 56.dp), contentAlignment = Alignment.CenterStart) {
            Text(
                turn.text,
                style = MaterialTheme.typography.titleMedium,
                fontWeight = FontWeight.Bold,
                modifier = Modifier.padding(horizontal = 16.dp, vertical = 8.dp).testTag("turnBar").semantics { heading() },
            )
            if (turn.busy) LinearProgressIndicator(Modifier.fillMaxWidth().align(Alignment.BottomCenter).testTag("thinking"))
        }
    }
}

/**
 * The game's clock: both sides' faces side by side, each with its side's name above its time,
 * in the core's colours (the running one stands out, a low one in the error colours), face to
 * face the top player's turned towards them. TalkBack reads each face's label (its side, its time, whether it runs); the core announces low
 * time once, so the faces are no live region (no speech every second).
 */
@Composable
private fun Clock(clock: ClockView) {
    val measurer = rememberTextMeasurer()
    val label = MaterialTheme.typography.labelMedium
    val density = LocalDensity.current
    BoxWithConstraints(Modifier.fillMaxWidth().padding(horizontal = 8.dp, vertical = 4.dp).testTag("clock")) {
        // The names on one line in half the width (the gap and the faces' padding taken off):
        // a large font in a narrow column writes them smaller rather than break a name inside
        // its word or make the faces taller.
        val widest = clock.faces.maxOf { measurer.measure(it.name, label).size.width }
        val room = with(density) { ((maxWidth - 8.dp) / 2 - 16.dp).toPx() }
        val name = if (widest <= room) label else label.copy(fontSize = label.fontSize * (room / widest))
        Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            for (face in clock.faces) ClockFace(face, name, Modifier.weight(1f))
        }
    }
}

@Composable
private fun ClockFace(face: ClockFace, nameStyle: TextStyle, modifier: Modifier) {
    Surface(
        color = argb(face.fill),
        contentColor = argb(face.ink),
        shape = MaterialTheme.shapes.small,
        modifier = modifier.heightIn(min = 48.dp).testTag("clock-${face.side.name.lowercase()}")
            .clearAndSetSemantics { contentDescription = face.label },
    ) {
        Column(
            horizontalAlignment = Alignment.CenterHorizontally,
            modifier = Modifier.padding(horizontal = 8.dp, vertical = 4.dp).rotate(if (face.turned) 180f else 0f),
        ) {
            // Whose face it is, above its time: the faces differ by more than place and colour.
            Text(face.name, style = nameStyle, maxLines = 1, softWrap = false)
            Text(
                face.time,
                style = MaterialTheme.typography.titleLarge,
                fontWeight = if (face.running) FontWeight.Bold else FontWeight.Normal,
            )
        }
    }
}

/** Face to face: the turn bar again, turned towards the player across the table. */
@Composable
private fun TopBar(text: String) {
    val look = LocalLook.current
    Text(
        text,
        style = MaterialTheme.typography.titleMedium,
        color = argb(look.chrome.onTurnBar),
        modifier = Modifier.fillMaxWidth().background(argb(look.chrome.turnBar)).padding(12.dp).rotate(180f).testTag("topBar"),
    )
}

/**
 * The lines under the board, the taken pieces and the move list (they scroll with the buttons).
 * Each is given its own part of the frame, so that a patch of the board (a drag or pinch step)
 * leaves them as they were and Compose skips them.
 */
@Composable
private fun Details(info: List<InfoLine>, taken: TakenView, moves: MoveListView, onEvent: (Event) -> Unit) {
    Column(
        Modifier.fillMaxWidth().padding(horizontal = 16.dp, vertical = 6.dp),
        verticalArrangement = Arrangement.spacedBy(4.dp),
    ) {
        InfoLines(info)
        // Side by side when both fit, else one under the other, each wrapping at its spaces.
        FlowRow(horizontalArrangement = Arrangement.spacedBy(16.dp)) {
            Text(taken.attackersText, style = MaterialTheme.typography.bodySmall, modifier = Modifier.testTag("takenAttackers"))
            Text(taken.defendersText, style = MaterialTheme.typography.bodySmall, modifier = Modifier.testTag("takenDefenders"))
        }
        MoveList(moves, onEvent)
    }
}

/** The lines under the board, in the core's order, each in the core's style for its kind. */
@Composable
fun InfoLines(info: List<InfoLine>) {
    val look = LocalLook.current
    for (line in info) {
        // The core's style for the line (its colour, bold or not), as on iOS.
        val style = infoStyle(look, line.kind)
        Text(
            line.text,
            style = MaterialTheme.typography.bodyMedium,
            fontWeight = if (style.bold) FontWeight.Bold else FontWeight.Normal,
            color = argb(style.colour),
            modifier = Modifier.testTag("info-${line.kind.name.lowercase()}"),
        )
    }
}

/**
 * The numbered moves, scrolled to the row the core reveals (the latest move in a game, the
 * position's move in a review); a move opens its position when it can.
 */
@Composable
fun MoveList(moves: MoveListView, onEvent: (Event) -> Unit) {
    if (moves.rows.isEmpty()) return
    val state = rememberLazyListState()
    val density = LocalDensity.current
    val spacing = 12.dp
    // Room after the last row, so that the list can begin at a move number at its end.
    val room = remember { mutableIntStateOf(0) }
    LaunchedEffect(moves.reveal) {
        val row = moves.rows.indexOfFirst { it.number == moves.reveal }
        if (row >= 0) state.revealRow(row, with(density) { spacing.roundToPx() }, room)
    }
    Text(moves.title, style = MaterialTheme.typography.labelLarge, modifier = Modifier.fillMaxWidth().semantics { heading() })
    LazyRow(
        state = state,
        contentPadding = PaddingValues(end = with(density) { room.intValue.toDp() }),
        horizontalArrangement = Arrangement.spacedBy(spacing),
        modifier = Modifier.fillMaxWidth().testTag("moves"),
    ) {
        items(moves.rows, key = { it.number.toInt() }) { row ->
            Row(horizontalArrangement = Arrangement.spacedBy(6.dp)) {
                Text("${row.number}.", style = MaterialTheme.typography.bodySmall, modifier = Modifier.alignByBaseline())
                for (cell in row.cells) {
                    val open = cell.event
                    // A move that opens its position is a finger's width at least.
                    val m = if (open == null) Modifier else Modifier.widthIn(min = 48.dp).clickable(role = Role.Button) { onEvent(open) }
                    Text(
                        cell.text,
                        style = MaterialTheme.typography.bodyMedium,
                        fontWeight = if (cell.current) FontWeight.Bold else FontWeight.Normal,
                        modifier = m.heightIn(min = 48.dp).wrapContentHeight().padding(horizontal = 4.dp).alignByBaseline().testTag("move-${cell.ply}"),
                    )
                }
            }
        }
    }
}

/**
 * Brings move row [row] into view at the list's leading edge (docs/shells.md, "What scrolls into
 * view"). Near the end the list stops short of that, and the row then first in view would show
 * only the tail of its last move (the "1" of b4-b1, read as a move of its own): the list then
 * begins at the next row, whole and numbered, [room] after the last row taking up what it lacks.
 * [spacing] is the gap between rows, in pixels.
 */
internal suspend fun LazyListState.revealRow(row: Int, spacing: Int, room: MutableIntState) {
    room.intValue = 0
    snapshotFlow { layoutInfo.afterContentPadding }.first { it == 0 }
    scrollToItem(row)
    val info = layoutInfo
    val first = info.visibleItemsInfo.firstOrNull() ?: return
    val cut = info.viewportStartOffset - first.offset
    if (cut <= 0 || first.index >= row) return
    val needed = first.size + spacing - cut
    room.intValue = needed
    // The padding is composed before the list may scroll into it (a pixel of rounding aside).
    snapshotFlow { layoutInfo.afterContentPadding }.first { it >= needed - 1 }
    scrollToItem(first.index + 1)
}
