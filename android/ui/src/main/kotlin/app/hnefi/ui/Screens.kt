package app.hnefi.ui

import androidx.compose.foundation.border
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.selection.selectableGroup
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.Variant

// The app's screens. Only APIs that Jetpack Compose on Android and Compose Multiplatform on the
// desktop both provide: the same files build the phone app and the desktop tests.

/** The whole app, bound to its view model. */
@Composable
fun HnefiApp(viewModel: HnefiViewModel, strings: Strings = stringsFor()) {
    val state by viewModel.state.collectAsState()
    HnefiTheme { HnefiScreen(state, strings, viewModel::onEvent) }
}

/** The screen for a state: stateless, so tests and screenshots can draw any state. */
@Composable
fun HnefiScreen(state: UiState, strings: Strings, onEvent: (UiEvent) -> Unit, modifier: Modifier = Modifier) {
    Surface(modifier.fillMaxSize(), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            state.notice?.let { NoticeBanner(it, strings, onEvent) }
            when (state.screen) {
                Screen.Start -> StartScreen(state, strings, onEvent)
                Screen.Game -> state.game?.let { GameScreen(it, strings, onEvent) }
                Screen.Records -> RecordsScreen(state.records, strings, onEvent)
                Screen.Rules -> RulesScreen(state.rulesVariant, strings, onEvent)
            }
        }
    }
}

@Composable
private fun NoticeBanner(notice: Notice, strings: Strings, onEvent: (UiEvent) -> Unit) {
    Surface(color = MaterialTheme.colorScheme.primaryContainer, modifier = Modifier.fillMaxWidth().testTag("notice")) {
        Row(Modifier.padding(horizontal = 16.dp, vertical = 8.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(
                if (notice == Notice.DataReset) strings.dataReset else strings.storageFailed,
                Modifier.weight(1f),
                style = MaterialTheme.typography.bodyMedium,
            )
            TextButton(onClick = { onEvent(UiEvent.DismissNotice) }) { Text(strings.ok) }
        }
    }
}

// --- start ---

@Composable
fun StartScreen(state: UiState, strings: Strings, onEvent: (UiEvent) -> Unit) {
    val setup = state.setup
    Column(
        Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(20.dp),
        verticalArrangement = Arrangement.spacedBy(12.dp),
    ) {
        Text(
            strings.appName,
            style = MaterialTheme.typography.displaySmall,
            fontWeight = FontWeight.Bold,
            modifier = Modifier.semantics { heading() },
        )
        if (state.canResume) {
            Button(onClick = { onEvent(UiEvent.Resume) }, modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("resume")) {
                Text(strings.resume)
            }
        }
        SectionTitle(strings.newGame)
        Column(Modifier.fillMaxWidth().selectableGroup(), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            for (v in Variant.entries) {
                Row {
                    Choice("${strings.variant(v)} · ${strings.variantSize(v)}", setup.variant == v, "variant-$v") {
                        onEvent(UiEvent.ChooseVariant(v))
                    }
                }
            }
        }
        SectionTitle(strings.opponent)
        Choices {
            Choice(strings.vsComputer, setup.vsComputer, "opponent-computer") { onEvent(UiEvent.ChooseOpponent(true)) }
            Choice(strings.twoPlayers, !setup.vsComputer, "opponent-two") { onEvent(UiEvent.ChooseOpponent(false)) }
        }
        if (setup.vsComputer) {
            SectionTitle(strings.level)
            Choices {
                for (l in Level.entries) {
                    Choice(strings.level(l), setup.level == l, "level-$l") { onEvent(UiEvent.ChooseLevel(l)) }
                }
            }
            SectionTitle(strings.yourSide)
            Choices {
                for (s in Side.entries) {
                    Choice(strings.playSide(s), setup.side == s, "side-$s") { onEvent(UiEvent.ChooseSide(s)) }
                }
            }
        }
        if (state.confirmNewGame) {
            Card(Modifier.fillMaxWidth().testTag("confirmNewGame")) {
                Column(Modifier.padding(16.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                    Text(strings.confirmNewGame)
                    Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                        Button(onClick = { onEvent(UiEvent.ConfirmNewGame) }, Modifier.heightIn(min = 48.dp).testTag("confirm")) {
                            Text(strings.confirm)
                        }
                        OutlinedButton(onClick = { onEvent(UiEvent.CancelNewGame) }, Modifier.heightIn(min = 48.dp)) {
                            Text(strings.cancel)
                        }
                    }
                }
            }
        } else {
            Button(onClick = { onEvent(UiEvent.NewGame) }, modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("start")) {
                Text(strings.start)
            }
        }
        Row(horizontalArrangement = Arrangement.spacedBy(12.dp), modifier = Modifier.fillMaxWidth()) {
            OutlinedButton(onClick = { onEvent(UiEvent.ShowRecords) }, Modifier.weight(1f).heightIn(min = 48.dp).testTag("records")) {
                Text(strings.records)
            }
            OutlinedButton(onClick = { onEvent(UiEvent.ShowRules()) }, Modifier.weight(1f).heightIn(min = 48.dp).testTag("rules")) {
                Text(strings.rules)
            }
        }
    }
}

@Composable
private fun SectionTitle(text: String) {
    Text(text, style = MaterialTheme.typography.titleMedium, modifier = Modifier.semantics { heading() })
}

@Composable
private fun Choices(content: @Composable RowScope.() -> Unit) {
    Row(Modifier.fillMaxWidth().selectableGroup(), horizontalArrangement = Arrangement.spacedBy(8.dp), content = content)
}

/** One option of a group, as a radio button that is easy to hit (at least 48 dp high). */
@Composable
private fun RowScope.Choice(label: String, selected: Boolean, tag: String, onClick: () -> Unit) {
    val colours = MaterialTheme.colorScheme
    Surface(
        shape = RoundedCornerShape(10.dp),
        color = if (selected) colours.primary else colours.surface,
        contentColor = if (selected) colours.onPrimary else colours.onSurface,
        modifier = Modifier
            .weight(1f)
            .heightIn(min = 48.dp)
            .border(if (selected) 3.dp else 1.dp, colours.primary, RoundedCornerShape(10.dp))
            .selectable(selected = selected, role = Role.RadioButton, onClick = onClick)
            .testTag(tag),
    ) {
        Box(Modifier.padding(8.dp), contentAlignment = Alignment.Center) {
            Text(
                (if (selected) "✓ " else "") + label,
                textAlign = TextAlign.Center,
                style = MaterialTheme.typography.bodyMedium,
                fontWeight = if (selected) FontWeight.Bold else FontWeight.Normal,
            )
        }
    }
}

// --- game ---

@Composable
fun GameScreen(game: GameUi, strings: Strings, onEvent: (UiEvent) -> Unit) {
    Column(Modifier.fillMaxSize()) {
        TurnBar(game, strings)
        if (game.thinking) {
            LinearProgressIndicator(Modifier.fillMaxWidth().testTag("thinking"))
        }
        if (game.kingOpenLines > 0) {
            Text(
                strings.openLines(game.variant, game.kingOpenLines),
                color = MaterialTheme.colorScheme.onSurface,
                style = MaterialTheme.typography.bodyLarge,
                fontWeight = FontWeight.Bold,
                modifier = Modifier.fillMaxWidth().padding(horizontal = 12.dp, vertical = 4.dp).testTag("openLines"),
            )
        }
        Board(game, strings, onTap = { onEvent(UiEvent.SquareTapped(it)) }, modifier = Modifier.fillMaxWidth().weight(1f).padding(4.dp))
        if (game.over) {
            EndPanel(game, strings, onEvent)
        } else {
            Row(
                Modifier.fillMaxWidth().padding(12.dp),
                horizontalArrangement = Arrangement.spacedBy(12.dp),
            ) {
                OutlinedButton(
                    onClick = { onEvent(UiEvent.Undo) },
                    enabled = game.canUndo || game.thinking,
                    modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("undo"),
                ) { Text(strings.undo) }
                OutlinedButton(
                    onClick = { onEvent(UiEvent.Resign) },
                    modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("resign"),
                ) { Text(strings.resign) }
                OutlinedButton(
                    onClick = { onEvent(UiEvent.Back) },
                    modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag("menu"),
                ) { Text(strings.menu) }
            }
        }
    }
}

@Composable
fun TurnBar(game: GameUi, strings: Strings) {
    Surface(color = Palette.turnBar, contentColor = Palette.onTurnBar, modifier = Modifier.fillMaxWidth()) {
        Text(
            turnBarText(strings, game),
            style = MaterialTheme.typography.titleLarge,
            modifier = Modifier
                .padding(horizontal = 16.dp, vertical = 14.dp)
                .semantics { liveRegion = LiveRegionMode.Polite }
                .testTag("turnBar"),
        )
    }
}

@Composable
private fun EndPanel(game: GameUi, strings: Strings, onEvent: (UiEvent) -> Unit) {
    Card(Modifier.fillMaxWidth().padding(12.dp).testTag("endPanel")) {
        Column(Modifier.padding(16.dp), verticalArrangement = Arrangement.spacedBy(12.dp)) {
            Text(resultText(strings, game.status, game.mode, game.drawLimit), style = MaterialTheme.typography.titleMedium)
            Row(horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                Button(onClick = { onEvent(UiEvent.PlayAgain) }, Modifier.weight(1f).heightIn(min = 48.dp).testTag("playAgain")) {
                    Text(strings.playAgain)
                }
                OutlinedButton(onClick = { onEvent(UiEvent.Back) }, Modifier.weight(1f).heightIn(min = 48.dp).testTag("menu")) {
                    Text(strings.menu)
                }
            }
        }
    }
}

// --- records and rules ---

@Composable
private fun SubScreen(title: String, strings: Strings, onEvent: (UiEvent) -> Unit, content: @Composable ColumnScope.() -> Unit) {
    Column(Modifier.fillMaxSize()) {
        Row(Modifier.fillMaxWidth().padding(8.dp), verticalAlignment = Alignment.CenterVertically) {
            TextButton(onClick = { onEvent(UiEvent.Back) }, Modifier.heightIn(min = 48.dp).testTag("back")) {
                Text("‹ " + strings.back)
            }
            Text(title, style = MaterialTheme.typography.titleLarge, modifier = Modifier.semantics { heading() })
        }
        Column(
            Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(horizontal = 20.dp, vertical = 8.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
            content = content,
        )
    }
}

@Composable
fun RecordsScreen(records: List<RecordUi>, strings: Strings, onEvent: (UiEvent) -> Unit) {
    SubScreen(strings.records, strings, onEvent) {
        if (records.none { it.wins + it.losses + it.draws > 0 }) {
            Text(strings.noRecords, modifier = Modifier.testTag("noRecords"))
        }
        Row(Modifier.fillMaxWidth()) {
            Text("", Modifier.weight(2f))
            for (h in listOf(strings.wins, strings.losses, strings.draws)) {
                Text(h, Modifier.weight(1f), fontWeight = FontWeight.Bold, textAlign = TextAlign.End)
            }
        }
        for (r in records) {
            Row(Modifier.fillMaxWidth().testTag("record-${r.level}-${r.side}")) {
                Text("${strings.level(r.level)} · ${strings.side(r.side)}", Modifier.weight(2f))
                for (n in listOf(r.wins, r.losses, r.draws)) {
                    Text("$n", Modifier.weight(1f), textAlign = TextAlign.End)
                }
            }
        }
    }
}

@Composable
fun RulesScreen(variant: Variant, strings: Strings, onEvent: (UiEvent) -> Unit) {
    SubScreen(strings.rules, strings, onEvent) {
        Choices {
            for (v in Variant.entries) {
                Choice(strings.variant(v), v == variant, "rules-$v") { onEvent(UiEvent.ShowRules(v)) }
            }
        }
        for (p in strings.rulesText(variant)) {
            Text(p, style = MaterialTheme.typography.bodyLarge)
        }
    }
}
