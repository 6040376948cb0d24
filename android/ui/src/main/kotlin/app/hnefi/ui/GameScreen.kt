package app.hnefi.ui

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.widthIn
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.paneTitle
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.min
import app.hnefi.core.Label
import app.hnefi.core.Settings
import kotlinx.coroutines.delay

// The game: the turn bar, the board, a row of messages and the controls. Every part has a fixed
// place, so nothing moves the board during a game (the thinking indicator has its own slot).

/** Heights of the parts around the board in the upright layout. */
private val TurnBarHeight = 96.dp
private val MessagesHeight = 92.dp

/** A row of buttons: 48 dp and the space between rows. */
private val ControlRowHeight = 56.dp

/** From this width the four buttons fit in one row. */
private val WideControls = 480.dp

/** The narrowest the column beside the board may be in the sideways layout. */
private val SidePanelMinWidth = 260.dp

/** How long a refusal or an error stays on screen. */
private const val FlashMs = 2500L

@Composable
fun GameScreen(game: GameUi, words: Words, settings: Settings, reduceMotion: Boolean, onEvent: (UiEvent) -> Unit) {
    BoxWithConstraints(Modifier.fillMaxSize().testTag("gameScreen")) {
        if (maxWidth > maxHeight) {
            // Sideways: the board takes the full height, everything else sits beside it.
            val side = squareSide(min(maxHeight, maxWidth - SidePanelMinWidth))
            Row(Modifier.fillMaxSize()) {
                BoardArea(game, settings, reduceMotion, onEvent, Modifier.size(side))
                Column(Modifier.fillMaxHeight().weight(1f)) {
                    TurnBar(game, Modifier.fillMaxWidth().height(TurnBarHeight))
                    Messages(game, words, Modifier.fillMaxWidth().weight(1f))
                    Controls(game, words, onEvent, columns = 2)
                }
            }
        } else {
            // Upright: the board right under the turn bar, the messages in the room left below.
            // A phone's width takes the buttons two by two, so that no word is broken.
            val columns = if (maxWidth >= WideControls) 4 else 2
            val controls = ControlRowHeight * (4 / columns) + 8.dp
            val side = squareSide(min(maxWidth, maxHeight - TurnBarHeight - MessagesHeight - controls))
            Column(Modifier.fillMaxSize(), horizontalAlignment = Alignment.CenterHorizontally) {
                TurnBar(game, Modifier.fillMaxWidth().height(TurnBarHeight))
                BoardArea(game, settings, reduceMotion, onEvent, Modifier.size(side))
                Messages(game, words, Modifier.fillMaxWidth().weight(1f))
                Controls(game, words, onEvent, columns, Modifier.height(controls))
            }
        }
        if (game.confirmResign) ResignQuestion(game, words, onEvent)
    }
}

/** The board, with the moment's refusal over its lower edge. */
@Composable
private fun BoardArea(game: GameUi, settings: Settings, reduceMotion: Boolean, onEvent: (UiEvent) -> Unit, modifier: Modifier) {
    Box(modifier) {
        Board(
            squares = game.squares,
            size = game.size,
            label = game.snapshot.texts.board,
            motion = game.motion,
            reduceMotion = reduceMotion,
            showThreats = settings.showThreats,
            onEvent = onEvent,
            modifier = Modifier.fillMaxSize(),
        )
        game.flash?.let { flash ->
            LaunchedEffect(flash.id) {
                delay(FlashMs)
                onEvent(UiEvent.DismissFlash(flash.id))
            }
            Surface(
                color = MaterialTheme.colorScheme.inverseSurface,
                contentColor = MaterialTheme.colorScheme.inverseOnSurface,
                shape = MaterialTheme.shapes.small,
                shadowElevation = 4.dp,
                modifier = Modifier.align(Alignment.BottomCenter).padding(12.dp).testTag("flash"),
            ) {
                Text(
                    flash.text,
                    Modifier.padding(horizontal = 16.dp, vertical = 12.dp).semantics { liveRegion = LiveRegionMode.Assertive },
                    style = MaterialTheme.typography.bodyMedium,
                )
            }
        }
    }
}

/** Whose turn, and the last move in words; a slot below for the thinking indicator. */
@Composable
fun TurnBar(game: GameUi, modifier: Modifier = Modifier) {
    val look = LocalLook.current
    Surface(color = argb(look.chrome.turnBar), contentColor = argb(look.chrome.onTurnBar), modifier = modifier) {
        Column(Modifier.fillMaxSize().padding(top = 8.dp)) {
            Text(
                game.turnBar,
                style = MaterialTheme.typography.titleMedium,
                fontWeight = FontWeight.Bold,
                maxLines = 2,
                overflow = TextOverflow.Ellipsis,
                modifier = Modifier
                    .padding(horizontal = 16.dp)
                    .semantics { liveRegion = LiveRegionMode.Polite }
                    .testTag("turnBar"),
            )
            // The last move, by either side: shown in notation, announced in words.
            val texts = game.snapshot.texts
            Text(
                texts.lastMove ?: "",
                style = MaterialTheme.typography.bodyMedium,
                maxLines = 1,
                overflow = TextOverflow.Ellipsis,
                modifier = Modifier
                    .padding(horizontal = 16.dp, vertical = 2.dp)
                    .semantics {
                        texts.announcement?.let { contentDescription = it }
                        liveRegion = LiveRegionMode.Polite
                    }
                    .testTag("lastMove"),
            )
            Spacer(Modifier.weight(1f, fill = true))
            Box(Modifier.fillMaxWidth().height(4.dp)) {
                if (game.thinking || game.hintPending) LinearProgressIndicator(Modifier.fillMaxWidth().testTag("thinking"))
            }
        }
    }
}

/** The hint, how pieces were taken, how the game ended, and the warnings that matter now. */
@Composable
private fun Messages(game: GameUi, words: Words, modifier: Modifier) {
    val texts = game.snapshot.texts
    Column(modifier.padding(horizontal = 16.dp, vertical = 6.dp), verticalArrangement = Arrangement.spacedBy(2.dp)) {
        val hint = if (game.hintPending) words[Label.TURN_HINT_THINKING] else texts.hint
        if (hint != null) {
            Text(
                hint,
                style = MaterialTheme.typography.bodyMedium,
                fontWeight = FontWeight.Bold,
                color = argb(LocalLook.current.board.hint),
                modifier = Modifier
                    .semantics {
                        texts.hintAnnouncement?.let { contentDescription = it }
                        liveRegion = LiveRegionMode.Polite
                    }
                    .testTag("hint"),
            )
        }
        for (line in texts.captures) Message(line, "capture")
        texts.ending?.let { Message(it, "ending") }
        texts.openLines?.let { Message(it, "openLines") }
        texts.drawCountdown?.let { Message(it, "drawCountdown") }
        texts.repetitionWarning?.let { Message(it, "repetition") }
        texts.hintsUsed?.let {
            Text(it, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant, modifier = Modifier.testTag("hintsUsed"))
        }
    }
}

@Composable
private fun Message(text: String, tag: String) {
    Text(text, style = MaterialTheme.typography.bodyMedium, maxLines = 2, overflow = TextOverflow.Ellipsis, modifier = Modifier.testTag(tag))
}

/** Undo, Hint, Resign and Menu while playing; Undo, New game and Menu once it is over. */
@Composable
private fun Controls(game: GameUi, words: Words, onEvent: (UiEvent) -> Unit, columns: Int, modifier: Modifier = Modifier) {
    val buttons = buildList {
        add(ControlButton(words[Label.ACTION_UNDO], "undo", game.canUndo, UiEvent.Undo))
        if (game.over) {
            add(ControlButton(words[Label.ACTION_PLAY_AGAIN], "playAgain", true, UiEvent.PlayAgain, primary = true))
        } else {
            add(ControlButton(words[Label.ACTION_HINT], "hint-button", game.canHint || game.hintPending, UiEvent.Hint))
            add(ControlButton(words[Label.ACTION_RESIGN], "resign", true, UiEvent.Resign))
        }
        add(ControlButton(words[Label.ACTION_MENU], "menu", true, UiEvent.Back))
    }
    Column(modifier.fillMaxWidth().padding(horizontal = 8.dp, vertical = 8.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
        for (row in buttons.chunked(columns)) {
            Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                for (b in row) {
                    val m = Modifier.weight(1f).heightIn(min = 48.dp).testTag(b.tag)
                    val label: @Composable () -> Unit = {
                        Text(b.text, textAlign = TextAlign.Center, maxLines = 2, style = MaterialTheme.typography.labelLarge)
                    }
                    if (b.primary) {
                        Button(onClick = { onEvent(b.event) }, enabled = b.enabled, modifier = m, contentPadding = ButtonPadding) { label() }
                    } else {
                        OutlinedButton(onClick = { onEvent(b.event) }, enabled = b.enabled, modifier = m, contentPadding = ButtonPadding) { label() }
                    }
                }
            }
        }
    }
}

private val ButtonPadding = androidx.compose.foundation.layout.PaddingValues(horizontal = 6.dp, vertical = 4.dp)

private class ControlButton(val text: String, val tag: String, val enabled: Boolean, val event: UiEvent, val primary: Boolean = false)

/** "Resign this game?" over a scrim that blocks the board; Back or a tap outside cancels. */
@Composable
private fun ResignQuestion(game: GameUi, words: Words, onEvent: (UiEvent) -> Unit) {
    Box(
        Modifier
            .fillMaxSize()
            .background(MaterialTheme.colorScheme.scrim.copy(alpha = 0.5f))
            .clickable(interactionSource = null, indication = null) { onEvent(UiEvent.CancelResign) },
        contentAlignment = Alignment.Center,
    ) {
        Card(
            Modifier
                .padding(24.dp)
                .widthIn(max = 420.dp)
                .clickable(interactionSource = null, indication = null) {}
                .semantics { paneTitle = words[Label.RESIGN_TITLE] }
                .testTag("confirmResign"),
        ) {
            Column(Modifier.padding(20.dp), verticalArrangement = Arrangement.spacedBy(12.dp)) {
                Text(words[Label.RESIGN_TITLE], style = MaterialTheme.typography.titleLarge, modifier = Modifier.semantics { heading() })
                Text(game.snapshot.texts.resignQuestion, style = MaterialTheme.typography.bodyMedium)
                DialogButtons(
                    cancel = words[Label.ACTION_CANCEL] to { onEvent(UiEvent.CancelResign) },
                    confirm = words[Label.RESIGN_CONFIRM] to { onEvent(UiEvent.ConfirmResign) },
                )
            }
        }
    }
}

@Composable
private fun ColumnScope.DialogButtons(cancel: Pair<String, () -> Unit>, confirm: Pair<String, () -> Unit>) {
    Row(Modifier.align(Alignment.End), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        OutlinedButton(onClick = cancel.second, modifier = Modifier.heightIn(min = 48.dp).testTag("resignNo")) { Text(cancel.first) }
        Button(onClick = confirm.second, modifier = Modifier.heightIn(min = 48.dp).testTag("resignYes")) { Text(confirm.first) }
    }
}

/** The side of the largest square that fits in [limit] (never negative, in a tiny window). */
internal fun squareSide(limit: Dp): Dp = if (limit < 0.dp) 0.dp else limit
