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
import app.hnefi.core.Language
import app.hnefi.core.Look
import app.hnefi.core.languageForLocales
import app.hnefi.ui.HnefiApp
import app.hnefi.ui.HnefiViewModel
import app.hnefi.ui.Screen
import app.hnefi.ui.UiEvent
import app.hnefi.ui.argb
import app.hnefi.ui.hnefiViewModelFactory
import app.hnefi.ui.lookFor

/**
 * The one activity: the shared screens edge to edge, with the system's language, dark theme and
 * animation setting passed in, and the device's sounds, vibration and share sheet.
 */
class MainActivity : ComponentActivity() {
    // From the activity's ViewModelStore: a configuration change that recreates the activity
    // hands the same view model, game and search to the new one.
    private val viewModel: HnefiViewModel by viewModels {
        hnefiViewModelFactory(
            store = { (application as HnefiApplication).store },
            language = deviceLanguage(resources.configuration),
        )
    }
    private lateinit var services: AndroidDeviceServices

    /** "Remove animations" (the animator duration scale at 0) turns the board's motion off. */
    private var reduceMotion by mutableStateOf(false)

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        services = AndroidDeviceServices(this)
        setContent {
            val dark = isSystemInDarkTheme()
            val state by viewModel.state.collectAsStateWithLifecycle()
            val look = lookFor(dark, state.settings.colourBlindPalette)
            DisposableEffect(dark, look) {
                showSystemBars(look, dark)
                onDispose {}
            }
            BackHandler(enabled = state.screen != Screen.Start) { viewModel.onEvent(UiEvent.Back) }
            Box(Modifier.fillMaxSize().background(argb(look.chrome.background)).safeDrawingPadding()) {
                HnefiApp(viewModel, deviceLanguage(LocalConfiguration.current), dark, reduceMotion, services)
            }
        }
    }

    override fun onResume() {
        super.onResume()
        reduceMotion = !ValueAnimator.areAnimatorsEnabled()
    }

    override fun onStop() {
        super.onStop()
        viewModel.onEvent(UiEvent.WentToBackground)
    }

    override fun onDestroy() {
        services.release()
        super.onDestroy()
    }

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
