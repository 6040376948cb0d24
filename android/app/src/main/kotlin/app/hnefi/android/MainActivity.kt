package app.hnefi.android

import android.animation.ValueAnimator
import android.content.res.Configuration
import android.graphics.Color
import android.os.Bundle
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
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalConfiguration
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.hnefi.core.AppConfig
import app.hnefi.core.Event
import app.hnefi.core.Language
import app.hnefi.core.Look
import app.hnefi.core.deviceEngine
import app.hnefi.core.languageForLocales
import app.hnefi.ui.HnefiApp
import app.hnefi.ui.HnefiViewModel
import app.hnefi.ui.argb
import app.hnefi.ui.lookFor
import java.io.File
import java.util.TimeZone

/**
 * The one activity: the core's screens edge to edge, the system's language, theme and
 * animation setting passed in, the lifecycle passed on (the core stops its searches and writes
 * the store in the background), and the device's sounds, vibration and share sheet.
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
        services = AndroidDeviceServices(this)
        setContent {
            val dark = isSystemInDarkTheme()
            val frame by viewModel.frame.collectAsStateWithLifecycle()
            val look = frame?.look ?: lookFor(dark, false)
            DisposableEffect(dark, look) {
                showSystemBars(look, dark)
                onDispose {}
            }
            BackHandler(enabled = frame?.handlesBack == true) { viewModel.onEvent(Event.Back) }
            Box(Modifier.fillMaxSize().background(argb(look.chrome.background)).safeDrawingPadding()) {
                HnefiApp(viewModel, deviceLanguage(LocalConfiguration.current), dark, reduceMotion, services)
            }
        }
    }

    override fun onStart() {
        super.onStart()
        viewModel.onEvent(Event.Foreground)
    }

    override fun onResume() {
        super.onResume()
        reduceMotion = !ValueAnimator.areAnimatorsEnabled()
    }

    override fun onSaveInstanceState(outState: Bundle) {
        viewModel.saveState()
        super.onSaveInstanceState(outState)
    }

    override fun onStop() {
        viewModel.saveState()
        viewModel.onEvent(Event.Background)
        super.onStop()
    }

    override fun onDestroy() {
        services.release()
        super.onDestroy()
    }

    /** How the core starts: the database in the app's files, this device's language, theme and cores. */
    private fun config(): AppConfig = AppConfig(
        databasePath = File(filesDir, "hnefi.db").path,
        language = deviceLanguage(resources.configuration),
        dark = resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK == Configuration.UI_MODE_NIGHT_YES,
        utcOffsetMinutes = TimeZone.getDefault().getOffset(System.currentTimeMillis()) / 60_000,
        engine = deviceEngine(Runtime.getRuntime().availableProcessors().toUInt()),
        savedState = null,
    )

    /** Transparent bars with icons that read on the app's background, light or dark. */
    private fun showSystemBars(look: Look, dark: Boolean) {
        val scrim = look.chrome.background.toInt() and 0x00FFFFFF or (0xE6 shl 24)
        enableEdgeToEdge(
            statusBarStyle = SystemBarStyle.auto(Color.TRANSPARENT, Color.TRANSPARENT) { dark },
            navigationBarStyle = SystemBarStyle.auto(scrim, scrim) { dark },
        )
    }
}

/** The first of the device's preferred languages that the app speaks. */
private fun deviceLanguage(configuration: Configuration): Language =
    languageForLocales(configuration.locales.toLanguageTags().split(','))
