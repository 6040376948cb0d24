package app.hnefi.android

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.safeDrawingPadding
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.hnefi.ui.HnefiScreen
import app.hnefi.ui.HnefiTheme
import app.hnefi.ui.HnefiViewModel
import app.hnefi.ui.Screen
import app.hnefi.ui.UiEvent
import app.hnefi.ui.hnefiViewModelFactory
import app.hnefi.ui.stringsFor

/** The one activity: the shared screens, with the system back button going back to the start. */
class MainActivity : ComponentActivity() {
    // From the activity's ViewModelStore: a configuration change that recreates the activity
    // (language, font size...) hands the same view model, game and search to the new one.
    private val viewModel: HnefiViewModel by viewModels {
        hnefiViewModelFactory(store = { (application as HnefiApplication).store })
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        val strings = stringsFor()
        setContent {
            val state by viewModel.state.collectAsStateWithLifecycle()
            BackHandler(enabled = state.screen != Screen.Start) { viewModel.onEvent(UiEvent.Back) }
            HnefiTheme {
                Box(Modifier.fillMaxSize().safeDrawingPadding()) {
                    HnefiScreen(state, strings, viewModel::onEvent)
                }
            }
        }
    }
}
