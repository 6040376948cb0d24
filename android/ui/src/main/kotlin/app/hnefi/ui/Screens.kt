package app.hnefi.ui

import androidx.compose.foundation.border
import androidx.compose.foundation.isSystemInDarkTheme
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
import androidx.compose.foundation.selection.toggleable
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Surface
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import app.hnefi.core.Label
import app.hnefi.core.Language
import app.hnefi.core.Level
import app.hnefi.core.RecordRow
import app.hnefi.core.Settings
import app.hnefi.core.Side
import app.hnefi.core.Variant

// The app's screens. Only APIs that Jetpack Compose on Android and Compose Multiplatform on the
// desktop both provide: the same files build the phone app and the desktop tests. Every word
// comes from the state (the core's texts), every colour from the theme (the core's look).

/**
 * The whole app, bound to its view model.
 *
 * @param language the device's language: when it changes, every text is read again.
 * @param dark the system's dark theme.
 * @param reduceMotion the system's reduce-motion setting: nothing animates.
 * @param services sounds, vibration and sharing on this device.
 */
@Composable
fun HnefiApp(
    viewModel: HnefiViewModel,
    language: Language,
    dark: Boolean = isSystemInDarkTheme(),
    reduceMotion: Boolean = false,
    services: DeviceServices = NoDeviceServices,
) {
    val state by viewModel.state.collectAsState()
    LaunchedEffect(viewModel, language) { viewModel.onEvent(UiEvent.LanguageChanged(language)) }
    LaunchedEffect(viewModel, services) { viewModel.effects.collect(services::perform) }
    HnefiTheme(lookFor(dark, state.settings.colourBlindPalette), dark) {
        HnefiScreen(state, reduceMotion, viewModel::onEvent)
    }
}

/** The screen for a state: stateless, so tests and screenshots can draw any state. */
@Composable
fun HnefiScreen(state: UiState, reduceMotion: Boolean, onEvent: (UiEvent) -> Unit, modifier: Modifier = Modifier) {
    val words = state.words
    Surface(modifier.fillMaxSize(), color = MaterialTheme.colorScheme.background) {
        Column(Modifier.fillMaxSize()) {
            state.notice?.let { NoticeBanner(it, words, onEvent) }
            when (state.screen) {
                Screen.Start -> StartScreen(state, onEvent)
                Screen.Game -> state.game?.let { GameScreen(it, words, state.settings, reduceMotion, onEvent) }
                Screen.Records -> RecordsScreen(state.records, words, onEvent)
                Screen.Rules -> RulesScreen(state.rulesVariant, state.rules, words, onEvent)
                Screen.Settings -> SettingsScreen(state.settings, words, onEvent)
                Screen.History -> HistoryScreen(state.history, words, onEvent)
                Screen.Review -> state.review?.let { ReviewScreen(it, words, reduceMotion, onEvent) }
                Screen.Import -> ImportScreen(state.import, words, onEvent)
            }
        }
    }
}

@Composable
private fun NoticeBanner(notice: Notice, words: Words, onEvent: (UiEvent) -> Unit) {
    Surface(color = MaterialTheme.colorScheme.primaryContainer, modifier = Modifier.fillMaxWidth().testTag("notice")) {
        Row(Modifier.padding(horizontal = 16.dp, vertical = 8.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(
                words[if (notice == Notice.DataReset) Label.NOTICE_DATA_RESET else Label.NOTICE_STORAGE_FAILED],
                Modifier.weight(1f),
                style = MaterialTheme.typography.bodyMedium,
            )
            TextButton(onClick = { onEvent(UiEvent.DismissNotice) }) { Text(words[Label.ACTION_OK]) }
        }
    }
}

// --- start ---

@Composable
fun StartScreen(state: UiState, onEvent: (UiEvent) -> Unit) {
    val setup = state.setup
    val words = state.words
    Column(
        Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(20.dp),
        verticalArrangement = Arrangement.spacedBy(12.dp),
    ) {
        Text(
            words[Label.APP_NAME],
            style = MaterialTheme.typography.displaySmall,
            fontWeight = FontWeight.Bold,
            modifier = Modifier.semantics { heading() },
        )
        if (state.canResume) {
            Button(onClick = { onEvent(UiEvent.Resume) }, modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("resume")) {
                Text(words[Label.START_RESUME])
            }
        }
        SectionTitle(words[Label.START_NEW_GAME])
        Text(words[Label.START_GAME], style = MaterialTheme.typography.labelLarge)
        Column(Modifier.fillMaxWidth().selectableGroup(), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            for (v in Variant.entries) {
                Row {
                    Choice("${words.variant(v)} · ${words.boardSize(v)}", setup.variant == v, "variant-$v") {
                        onEvent(UiEvent.ChooseVariant(v))
                    }
                }
            }
        }
        Text(words[Label.START_OPPONENT], style = MaterialTheme.typography.labelLarge)
        Choices {
            Choice(words[Label.START_VS_COMPUTER], setup.vsComputer, "opponent-computer") { onEvent(UiEvent.ChooseOpponent(true)) }
            Choice(words[Label.START_TWO_PLAYERS], !setup.vsComputer, "opponent-two") { onEvent(UiEvent.ChooseOpponent(false)) }
        }
        if (setup.vsComputer) {
            Text(words[Label.START_LEVEL], style = MaterialTheme.typography.labelLarge)
            Choices {
                for (l in Level.entries) {
                    Choice(words.level(l), setup.level == l, "level-$l") { onEvent(UiEvent.ChooseLevel(l)) }
                }
            }
            Text(words[Label.START_YOUR_SIDE], style = MaterialTheme.typography.labelLarge)
            Choices {
                for (s in Side.entries) {
                    Choice(words.playSide(s), setup.side == s, "side-$s") { onEvent(UiEvent.ChooseSide(s)) }
                }
            }
        }
        if (state.confirmNewGame) {
            Card(Modifier.fillMaxWidth().testTag("confirmNewGame")) {
                Column(Modifier.padding(16.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                    Text(words[Label.START_CONFIRM_NEW_GAME])
                    Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                        Button(onClick = { onEvent(UiEvent.ConfirmNewGame) }, Modifier.heightIn(min = 48.dp).testTag("confirm")) {
                            Text(words[Label.START_CONFIRM])
                        }
                        OutlinedButton(onClick = { onEvent(UiEvent.CancelNewGame) }, Modifier.heightIn(min = 48.dp)) {
                            Text(words[Label.ACTION_CANCEL])
                        }
                    }
                }
            }
        } else {
            Button(
                onClick = { onEvent(UiEvent.NewGame) },
                enabled = !state.loading,
                modifier = Modifier.fillMaxWidth().heightIn(min = 48.dp).testTag("start"),
            ) { Text(words[Label.START_START]) }
        }
        Row(horizontalArrangement = Arrangement.spacedBy(12.dp), modifier = Modifier.fillMaxWidth()) {
            MenuButton(words[Label.START_HISTORY], "history") { onEvent(UiEvent.ShowHistory) }
            MenuButton(words[Label.START_IMPORT], "import") { onEvent(UiEvent.ShowImport) }
        }
        Row(horizontalArrangement = Arrangement.spacedBy(12.dp), modifier = Modifier.fillMaxWidth()) {
            MenuButton(words[Label.START_RECORDS], "records") { onEvent(UiEvent.ShowRecords) }
            MenuButton(words[Label.START_RULES], "rules") { onEvent(UiEvent.ShowRules()) }
            MenuButton(words[Label.START_SETTINGS], "settings") { onEvent(UiEvent.ShowSettings) }
        }
    }
}

@Composable
private fun RowScope.MenuButton(text: String, tag: String, onClick: () -> Unit) {
    OutlinedButton(onClick = onClick, modifier = Modifier.weight(1f).heightIn(min = 48.dp).testTag(tag)) {
        Text(text, textAlign = TextAlign.Center)
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

// --- records, rules and settings ---

/** A screen below the start screen: Back, a title, then its content, scrolling. */
@Composable
fun SubScreen(
    title: String,
    words: Words,
    onEvent: (UiEvent) -> Unit,
    actions: @Composable RowScope.() -> Unit = {},
    content: @Composable ColumnScope.() -> Unit,
) {
    Column(Modifier.fillMaxSize()) {
        TitleRow(title, words, onEvent, actions)
        Column(
            Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(horizontal = 20.dp, vertical = 8.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
            content = content,
        )
    }
}

@Composable
fun TitleRow(title: String, words: Words, onEvent: (UiEvent) -> Unit, actions: @Composable RowScope.() -> Unit = {}) {
    Row(Modifier.fillMaxWidth().padding(8.dp), verticalAlignment = Alignment.CenterVertically) {
        TextButton(onClick = { onEvent(UiEvent.Back) }, Modifier.heightIn(min = 48.dp).testTag("back")) {
            Text("‹ " + words[Label.ACTION_BACK])
        }
        Text(title, style = MaterialTheme.typography.titleLarge, modifier = Modifier.weight(1f).semantics { heading() })
        actions()
    }
}

@Composable
fun RecordsScreen(records: List<RecordRow>, words: Words, onEvent: (UiEvent) -> Unit) {
    SubScreen(words[Label.RECORDS_TITLE], words, onEvent) {
        if (records.none { it.wins + it.losses + it.draws > 0u }) {
            Text(words[Label.RECORDS_NONE], modifier = Modifier.testTag("noRecords"))
        }
        Row(Modifier.fillMaxWidth()) {
            Text("", Modifier.weight(2f))
            for (h in listOf(Label.RECORDS_WINS, Label.RECORDS_LOSSES, Label.RECORDS_DRAWS)) {
                Text(words[h], Modifier.weight(1f), fontWeight = FontWeight.Bold, textAlign = TextAlign.End)
            }
        }
        for (r in records) {
            Row(Modifier.fillMaxWidth().testTag("record-${r.level}-${r.side}")) {
                Text(words.recordRow(r.level, r.side), Modifier.weight(2f))
                for (n in listOf(r.wins, r.losses, r.draws)) {
                    Text("$n", Modifier.weight(1f), textAlign = TextAlign.End)
                }
            }
        }
    }
}

@Composable
fun RulesScreen(variant: Variant, paragraphs: List<String>, words: Words, onEvent: (UiEvent) -> Unit) {
    SubScreen(words[Label.RULES_TITLE], words, onEvent) {
        Choices {
            for (v in Variant.entries) {
                Choice(words.variant(v), v == variant, "rules-$v") { onEvent(UiEvent.ShowRules(v)) }
            }
        }
        for (p in paragraphs) {
            Text(p, style = MaterialTheme.typography.bodyLarge)
        }
    }
}

@Composable
fun SettingsScreen(settings: Settings, words: Words, onEvent: (UiEvent) -> Unit) {
    SubScreen(words[Label.START_SETTINGS], words, onEvent) {
        SettingSwitch(words[Label.SETTINGS_SOUND], null, settings.sound, "setting-sound") { onEvent(UiEvent.SetSound(it)) }
        SettingSwitch(words[Label.SETTINGS_HAPTICS], null, settings.haptics, "setting-haptics") { onEvent(UiEvent.SetHaptics(it)) }
        SettingSwitch(words[Label.SETTINGS_COLOUR_BLIND], null, settings.colourBlindPalette, "setting-colourBlind") {
            onEvent(UiEvent.SetColourBlind(it))
        }
        SettingSwitch(words[Label.SETTINGS_THREATS], words[Label.SETTINGS_THREATS_HINT], settings.showThreats, "setting-threats") {
            onEvent(UiEvent.SetThreats(it))
        }
        Text(words.engineVersion, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
    }
}

/** A setting that is on or off: the whole row toggles it, as one switch for screen readers. */
@Composable
private fun SettingSwitch(title: String, detail: String?, on: Boolean, tag: String, onChange: (Boolean) -> Unit) {
    Row(
        Modifier
            .fillMaxWidth()
            .heightIn(min = 56.dp)
            .toggleable(value = on, role = Role.Switch, onValueChange = onChange)
            .testTag(tag),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        Column(Modifier.weight(1f).padding(end = 12.dp)) {
            Text(title, style = MaterialTheme.typography.bodyLarge)
            if (detail != null) {
                Text(detail, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
            }
        }
        Switch(checked = on, onCheckedChange = null)
    }
}
