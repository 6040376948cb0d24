package app.hnefi.ui

import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.requiredSize
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.compose.LocalLifecycleOwner
import androidx.lifecycle.repeatOnLifecycle
import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.Language
import app.hnefi.core.NoticeView
import app.hnefi.core.QuestionView
import app.hnefi.core.ScreenView

// The app's root: the core's frame drawn, its effects played while the app is on screen, and
// the device's language and theme passed back. Every word and every decision is the frame's.

/**
 * The whole app, bound to its view model.
 *
 * @param language the device's language; @param dark the system's dark theme;
 * @param reduceMotion the system's reduce-motion setting; @param services the device's sound,
 * vibration and share sheet.
 */
@Composable
fun HnefiApp(viewModel: HnefiViewModel, language: Language, dark: Boolean, reduceMotion: Boolean, services: DeviceServices) {
    val frame by viewModel.frame.collectAsState()
    var announcement by remember { mutableStateOf<Announcement?>(null) }
    val lifecycle = LocalLifecycleOwner.current.lifecycle
    LaunchedEffect(viewModel, services) {
        // Only on screen: what arrives in the background is not played later.
        lifecycle.repeatOnLifecycle(Lifecycle.State.STARTED) {
            for (effect in viewModel.effects) {
                services.perform(effect) { text, assertive -> announcement = Announcement((announcement?.id ?: 0) + 1, text, assertive) }
            }
        }
    }
    LaunchedEffect(viewModel, language) { viewModel.onEvent(Event.LanguageChanged(language)) }
    LaunchedEffect(viewModel, dark) { viewModel.onEvent(Event.ThemeChanged(dark)) }
    // While the core starts (the store opening, the screen the person left read back) nothing
    // is drawn: the window's background, the look's (colors.xml), stays, rather than a start
    // page with default settings that the saved ones replace a moment later.
    val f = frame?.takeUnless { it.starting } ?: return
    HnefiTheme(f.look, dark) {
        HnefiScreen(f, reduceMotion, announcement, viewModel::onEvent)
    }
}

/** A sentence for screen readers, given to a live region; a new [id] says it again. */
data class Announcement(val id: Int, val text: String, val assertive: Boolean)

/** The screen of a frame: stateless, so that tests and screenshots can draw any frame. */
@Composable
fun HnefiScreen(frame: Frame, reduceMotion: Boolean, announcement: Announcement?, onEvent: (Event) -> Unit) {
    // A plain Box, not the Surface: a Surface makes its children at least its own size, and
    // the announcer would cover the screen (TalkBack's finger would find it everywhere).
    Box(Modifier.fillMaxSize()) {
        // Beneath the screens, so that whatever is drawn over its corner is what a finger finds.
        announcement?.let { Announcer(it) }
        Surface(Modifier.fillMaxSize(), color = MaterialTheme.colorScheme.background) {
            Column(Modifier.fillMaxSize()) {
                frame.notice?.let { NoticeBanner(it, onEvent) }
                Box(Modifier.weight(1f)) {
                    when (val s = frame.screen) {
                        is ScreenView.Page -> PageScreen(s.page, onEvent)
                        is ScreenView.Game -> GameScreen(s.game, reduceMotion, onEvent)
                        is ScreenView.Review -> ReviewScreen(s.review, reduceMotion, onEvent)
                    }
                }
            }
        }
    }
}

/** An invisible live region, one dp, that says each announcement once. */
@Composable
private fun Announcer(a: Announcement) {
    Box(
        Modifier.requiredSize(1.dp).semantics {
            contentDescription = a.text
            liveRegion = if (a.assertive) LiveRegionMode.Assertive else LiveRegionMode.Polite
        }.testTag("announcement-${a.id}"),
    )
}

@Composable
private fun NoticeBanner(notice: NoticeView, onEvent: (Event) -> Unit) {
    Surface(color = MaterialTheme.colorScheme.primaryContainer, modifier = Modifier.fillMaxWidth().testTag("notice")) {
        Row(Modifier.padding(horizontal = 16.dp, vertical = 8.dp), verticalAlignment = Alignment.CenterVertically) {
            Text(notice.text, Modifier.weight(1f), style = MaterialTheme.typography.bodyMedium)
            ActionButton(notice.dismiss, onEvent, text = true)
        }
    }
}

/** A question as a modal dialog: the screen behind waits, for TalkBack too. */
@Composable
fun Question(q: QuestionView, onEvent: (Event) -> Unit) {
    AlertDialog(
        onDismissRequest = { onEvent(q.cancel.event) },
        title = { Text(q.title) },
        text = { Text(q.text) },
        confirmButton = { ActionButton(q.confirm, onEvent, text = true) },
        dismissButton = { ActionButton(q.cancel, onEvent, text = true) },
        modifier = Modifier.testTag(q.id),
    )
}
