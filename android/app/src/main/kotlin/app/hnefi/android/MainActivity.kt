package app.hnefi.android

import android.animation.ValueAnimator
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import android.os.SystemClock
import android.view.WindowManager
import androidx.activity.ComponentActivity
import androidx.activity.SystemBarStyle
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import androidx.compose.foundation.background
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalConfiguration
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import androidx.lifecycle.lifecycleScope
import androidx.lifecycle.repeatOnLifecycle
import app.hnefi.core.AppConfig
import app.hnefi.core.Event
import app.hnefi.core.Language
import app.hnefi.core.deviceEngine
import app.hnefi.core.importLimitBytes
import app.hnefi.core.languageForLocales
import app.hnefi.ui.HnefiApp
import app.hnefi.ui.HnefiViewModel
import app.hnefi.ui.argb
import app.hnefi.ui.lookFor
import java.util.TimeZone
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/**
 * The one activity: the core's screens edge to edge, the system's language, theme and
 * animation setting passed in, the lifecycle passed on (the core stops its searches and writes
 * the store in the background), the device's sounds, vibration and share sheet, and the games
 * that other apps share to it or open with it (single task: one activity, one core, one
 * database, whichever app the share comes from).
 */
class MainActivity : ComponentActivity() {
    // From the activity's ViewModelStore: a configuration change that recreates the activity
    // hands the same view model, game and search to the new one.
    internal val viewModel: HnefiViewModel by viewModels { HnefiViewModel.factory(::config) }
    internal lateinit var services: AndroidDeviceServices

    /** "Remove animations" (the animator duration scale at 0) turns the board's motion off. */
    private var reduceMotion by mutableStateOf(false)

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        // Edge to edge before the first frame is laid out (from the composition it would come
        // after it, and the screen would jump), with the theme's background from the resources
        // (the core's library may still be loading); the frame's look refines the bars below.
        showSystemBars(getColor(R.color.hnefi_background), isNight(resources.configuration))
        services = AndroidDeviceServices(this)
        setContent {
            // Nothing of the core is touched before its library has loaded (in the background).
            when (core.state.collectAsStateWithLifecycle().value) {
                CoreState.Loading -> Box(Modifier.fillMaxSize().background(Color(getColor(R.color.hnefi_background))))
                is CoreState.Failed -> CannotStart()
                CoreState.Ready -> Screens()
            }
        }
        // A share or an "open with" that started the app. An activity made anew (turned with
        // "don't keep activities", or after the process was killed) gets the same intent again:
        // it was taken the first time, and the import it opened comes back with the screens.
        val fromHistory = intent.flags and Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY != 0
        if (savedInstanceState == null && !fromHistory) receive(intent)
    }

    /** A share or an "open with" while the app is running (the activity is single task). */
    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        setIntent(intent)
        receive(intent)
    }

    /**
     * Hands what [intent] brings to the core, once the core has loaded: a file is read off the
     * main thread (at most the import's limit and one byte), then sent as it came; the core
     * opens the import and reads it.
     */
    private fun receive(intent: Intent?) {
        val arrival = Arrival.of(intent) ?: return
        lifecycleScope.launch {
            if (core.state.first { it != CoreState.Loading } != CoreState.Ready) return@launch
            val limit = importLimitBytes().toInt()
            val bytes = withContext(Dispatchers.IO) { arrival.bytes(contentResolver, limit) }
            viewModel.onEvent(Event.Received(bytes))
        }
    }

    /** The app's screens, once the core is there. */
    @Composable
    private fun Screens() {
        val dark = isSystemInDarkTheme()
        val frame by viewModel.frame.collectAsStateWithLifecycle()
        val look = frame?.look ?: lookFor(dark, false)
        DisposableEffect(dark, look) {
            showSystemBars(look.chrome.background.toInt(), dark)
            onDispose {}
        }
        // The phone does not sleep while a game is in play (the computer may be thinking);
        // the core says when (keepAwake), the window's flag does it.
        val awake = frame?.keepAwake == true
        DisposableEffect(awake) {
            if (awake) window.addFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON) else window.clearFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
            onDispose {}
        }
        // The core's ticks, while the frame asks for them (a clock runs), from the monotonic
        // clock, only while the activity is started: none in the background.
        LaunchedEffect(Unit) {
            lifecycle.repeatOnLifecycle(Lifecycle.State.STARTED) { viewModel.tick(SystemClock::elapsedRealtime) }
        }
        BackHandler(enabled = frame?.handlesBack == true) { viewModel.onEvent(Event.Back) }
        Box(Modifier.fillMaxSize().background(argb(look.chrome.background)).safeDrawingPadding()) {
            HnefiApp(viewModel, deviceLanguage(LocalConfiguration.current), dark, reduceMotion, services)
        }
    }

    /**
     * The core could not load: a plain screen that says so, in the phone's language, from the
     * app's own resources (no word of the core can be had).
     */
    @Composable
    private fun CannotStart() {
        Box(
            Modifier.fillMaxSize().background(Color(getColor(R.color.hnefi_background))).safeDrawingPadding().padding(24.dp),
            contentAlignment = Alignment.Center,
        ) {
            Text(
                stringResource(R.string.cannot_start),
                color = Color(getColor(R.color.hnefi_on_background)),
                style = MaterialTheme.typography.bodyLarge,
                modifier = Modifier.testTag("cannotStart"),
            )
        }
    }

    private val core: CoreLoading get() = (application as HnefiApplication).core

    /** Whether the core has loaded (the lifecycle's calls into it wait for that). */
    private val ready: Boolean get() = core.state.value == CoreState.Ready

    override fun onStart() {
        super.onStart()
        if (ready) viewModel.onEvent(Event.Foreground)
    }

    override fun onResume() {
        super.onResume()
        reduceMotion = !ValueAnimator.areAnimatorsEnabled()
    }

    override fun onSaveInstanceState(outState: Bundle) {
        if (ready) viewModel.saveState()
        super.onSaveInstanceState(outState)
    }

    override fun onStop() {
        if (ready) {
            viewModel.saveState()
            viewModel.onEvent(Event.Background)
        }
        super.onStop()
    }

    override fun onDestroy() {
        services.release()
        super.onDestroy()
    }

    /** How the core starts: the database in the app's files, this device's language, theme and cores. */
    private fun config(): AppConfig = AppConfig(
        databasePath = DataFiles.database(this).path,
        language = deviceLanguage(resources.configuration),
        dark = isNight(resources.configuration),
        utcOffsetMinutes = TimeZone.getDefault().getOffset(System.currentTimeMillis()) / 60_000,
        engine = deviceEngine(Runtime.getRuntime().availableProcessors().toUInt()),
        savedState = null,
    )

    /** Transparent bars with icons that read on the app's [background], light or dark. */
    private fun showSystemBars(background: Int, dark: Boolean) {
        val scrim = background and 0x00FFFFFF or (0xE6 shl 24)
        enableEdgeToEdge(
            statusBarStyle = SystemBarStyle.auto(android.graphics.Color.TRANSPARENT, android.graphics.Color.TRANSPARENT) { dark },
            navigationBarStyle = SystemBarStyle.auto(scrim, scrim) { dark },
        )
    }
}

/** The first of the device's preferred languages that the app speaks. */
private fun deviceLanguage(configuration: Configuration): Language =
    languageForLocales(configuration.locales.toLanguageTags().split(','))

/** Whether the system is in its dark theme. */
private fun isNight(configuration: Configuration): Boolean =
    configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK == Configuration.UI_MODE_NIGHT_YES
