package app.hnefi.ui

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
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
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.rotate
import androidx.compose.ui.platform.LocalAccessibilityManager
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.min
import app.hnefi.core.Event
import app.hnefi.core.FlashView
import app.hnefi.core.GameView
import app.hnefi.core.InfoKind
import app.hnefi.core.MoveListView
import app.hnefi.core.TurnBarView
import kotlinx.coroutines.delay

/** How long a refusal stays when the accessibility settings ask for nothing longer. */
private const val FLASH_MS = 2500L

/** The narrowest the column beside the board may be when the screen is on its side. */
private val SidePanelMinWidth = 260.dp

@Composable
fun GameScreen(game: GameView, reduceMotion: Boolean, onEvent: (Event) -> Unit) {
    BoxWithConstraints(Modifier.fillMaxSize().testTag("gameScreen")) {
        // The rest of the screen keeps what its words need at the system's font size: the board
        // is the largest square left (the controls and the turn bar grow with the font).
        val scale = LocalDensity.current.fontScale
        if (maxWidth > maxHeight) {
            val side = atLeastZero(min(maxHeight, maxWidth - SidePanelMinWidth))
            Row(Modifier.fillMaxSize()) {
                BoardArea(game, reduceMotion, onEvent, Modifier.size(side))
                Column(Modifier.fillMaxHeight().weight(1f)) {
                    TurnBar(game.turn)
                    Details(game, onEvent, Modifier.weight(1f))
                    ButtonRow(game.controls, onEvent, Modifier.padding(8.dp))
                }
            }
        } else {
            val reserved = (64.dp + 128.dp + 72.dp) * scale
            val side = atLeastZero(min(maxWidth, maxHeight - reserved))
            Column(Modifier.fillMaxSize(), horizontalAlignment = Alignment.CenterHorizontally) {
                game.turn.topText?.let { TopBar(it) }
                TurnBar(game.turn)
                BoardArea(game, reduceMotion, onEvent, Modifier.size(side))
                Details(game, onEvent, Modifier.weight(1f))
                ButtonRow(game.controls, onEvent, Modifier.padding(8.dp))
            }
        }
        game.question?.let { Question(it, onEvent) }
    }
}

private fun atLeastZero(d: Dp) = if (d < 0.dp) 0.dp else d

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
private fun TurnBar(turn: TurnBarView) {
    val look = LocalLook.current
    Surface(color = argb(look.chrome.turnBar), contentColor = argb(look.chrome.onTurnBar), modifier = Modifier.fillMaxWidth()) {
        Column(Modifier.heightIn(min = 56.dp).padding(top = 8.dp)) {
            Text(
                turn.text,
                style = MaterialTheme.typography.titleMedium,
                fontWeight = FontWeight.Bold,
                modifier = Modifier.padding(horizontal = 16.dp).weight(1f, fill = false).testTag("turnBar").semantics { heading() },
            )
            Box(Modifier.fillMaxWidth().padding(top = 6.dp).heightIn(min = 4.dp)) {
                if (turn.busy) LinearProgressIndicator(Modifier.fillMaxWidth().testTag("thinking"))
            }
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

/** The lines under the board, the taken pieces and the move list, scrolling when long. */
@Composable
private fun Details(game: GameView, onEvent: (Event) -> Unit, modifier: Modifier) {
    Column(
        modifier.fillMaxWidth().verticalScroll(rememberScrollState()).padding(horizontal = 16.dp, vertical = 6.dp),
        verticalArrangement = Arrangement.spacedBy(4.dp),
    ) {
        for (line in game.info) {
            val hint = line.kind == InfoKind.HINT
            Text(
                line.text,
                style = MaterialTheme.typography.bodyMedium,
                fontWeight = if (hint || line.kind == InfoKind.LAST_MOVE) FontWeight.Bold else FontWeight.Normal,
                color = if (hint) argb(LocalLook.current.board.hint) else MaterialTheme.colorScheme.onBackground,
                modifier = Modifier.testTag("info-${line.kind.name.lowercase()}"),
            )
        }
        Row(horizontalArrangement = Arrangement.spacedBy(16.dp)) {
            Text(game.taken.attackersText, style = MaterialTheme.typography.bodySmall, modifier = Modifier.testTag("takenAttackers"))
            Text(game.taken.defendersText, style = MaterialTheme.typography.bodySmall, modifier = Modifier.testTag("takenDefenders"))
        }
        MoveList(game.moves, onEvent)
    }
}

/** The numbered moves, scrolled to the latest; a move opens its position when it can. */
@Composable
fun MoveList(moves: MoveListView, onEvent: (Event) -> Unit) {
    if (moves.rows.isEmpty()) return
    val state = rememberLazyListState()
    LaunchedEffect(moves.rows.size) { state.scrollToItem(moves.rows.size - 1) }
    Text(moves.title, style = MaterialTheme.typography.labelLarge, modifier = Modifier.semantics { heading() })
    LazyRow(state = state, horizontalArrangement = Arrangement.spacedBy(12.dp), modifier = Modifier.fillMaxWidth().testTag("moves")) {
        items(moves.rows, key = { it.number.toInt() }) { row ->
            Row(horizontalArrangement = Arrangement.spacedBy(6.dp), verticalAlignment = Alignment.CenterVertically) {
                Text("${row.number}.", style = MaterialTheme.typography.bodySmall)
                for (cell in row.cells) {
                    val open = cell.event
                    val m = if (open == null) Modifier else Modifier.clickable(role = Role.Button) { onEvent(open) }
                    Text(
                        cell.text,
                        style = MaterialTheme.typography.bodyMedium,
                        fontWeight = if (cell.current) FontWeight.Bold else FontWeight.Normal,
                        modifier = m.heightIn(min = 48.dp).padding(vertical = 12.dp, horizontal = 4.dp).testTag("move-${cell.ply}"),
                    )
                }
            }
        }
    }
}
