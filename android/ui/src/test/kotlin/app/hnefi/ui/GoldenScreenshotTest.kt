package app.hnefi.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Surface
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import app.hnefi.core.Language
import app.hnefi.core.TaflStore
import app.hnefi.core.Variant
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The screens as players see them, compared with committed reference PNGs (see [Goldens]):
 * Copenhagen mid-game, Brandubh finished, Tablut with two open lines, light and dark, upright
 * and sideways, phone and tablet, English and German, the three palettes, and the review.
 */
class GoldenScreenshotTest {

    /** A two-player game after [moves], in [language], as the real view model shows it. */
    private fun game(variant: Variant, moves: List<String>, language: Language = Language.ENGLISH, then: (Harness) -> Unit = {}): UiState =
        Harness(language = language).use { h ->
            h.newGame(variant, vsComputer = false)
            moves.forEach(h::move)
            then(h)
            h.state
        }

    private fun screen(state: UiState, dark: Boolean, colourBlind: Boolean = false): @Composable () -> Unit = {
        HnefiTheme(lookFor(dark, colourBlind), dark) { HnefiScreen(state, reduceMotion = true, onEvent = {}) }
    }

    private fun phone(name: String, state: UiState, dark: Boolean = false) =
        Goldens.check(name, Goldens.render(360, 760, 2f, screen(state, dark)))

    private fun phoneSideways(name: String, state: UiState, dark: Boolean = false) =
        Goldens.check(name, Goldens.render(760, 360, 2f, screen(state, dark)))

    @Test
    fun copenhagenMidGame() {
        val en = game(Variant.COPENHAGEN, copenhagenMidGame)
        val game = en.game!!
        assertEquals(5, game.plies)
        assertTrue(game.square(sq("h3")).captured)
        phone("copenhagen-portrait-light-en", en)
        phone("copenhagen-portrait-dark-en", en, dark = true)
        phoneSideways("copenhagen-landscape-light-en", en)
        phoneSideways("copenhagen-landscape-dark-en", en, dark = true)
        phone("copenhagen-portrait-light-de", game(Variant.COPENHAGEN, copenhagenMidGame, Language.GERMAN))
    }

    @Test
    fun copenhagenOnATablet() {
        val state = game(Variant.COPENHAGEN, copenhagenMidGame)
        Goldens.check("copenhagen-tablet-portrait-light-en", Goldens.render(800, 1280, 1f, screen(state, dark = false)))
        Goldens.check("copenhagen-tablet-landscape-dark-en", Goldens.render(1280, 800, 1f, screen(state, dark = true)))
    }

    @Test
    fun brandubhFinished() {
        val en = game(Variant.BRANDUBH, brandubhUpToKingOnEdge + "f4-f1")
        assertTrue(en.game!!.over)
        phone("brandubh-finished-light-en", en)
        phone("brandubh-finished-dark-de", game(Variant.BRANDUBH, brandubhUpToKingOnEdge + "f4-f1", Language.GERMAN), dark = true)
    }

    @Test
    fun tablutWithTwoOpenLines() {
        val en = game(Variant.TABLUT, tablutTuichi)
        assertEquals(2, en.game!!.squares.count { it.kingOpenLine })
        phone("tablut-tuichi-light-en", en)
        phoneSideways("tablut-tuichi-landscape-dark-de", game(Variant.TABLUT, tablutTuichi, Language.GERMAN), dark = true)
    }

    @Test
    fun ringAndFort() {
        phone("copenhagen-ring-light-en", game(Variant.COPENHAGEN, copenhagenRing))
        phone("copenhagen-fort-dark-en", game(Variant.COPENHAGEN, copenhagenFort), dark = true)
    }

    @Test
    fun startScreen() {
        val de = Harness(language = Language.GERMAN).use { it.state }
        phone("start-dark-de", de, dark = true)
    }

    /** One position with every mark (selection, targets, last move, open lines, threats, a hint) in each palette. */
    @Test
    fun theThreePalettes() {
        val state = game(Variant.TABLUT, tablutTuichi) { h -> h.tap("d1") }
        val game = state.game!!
        // A hint needs the engine, whose move depends on time: mark one by hand for the picture.
        val squares = game.squares.map { it.copy(hintFrom = it.name == "f1", hintTo = it.name == "f3") }
        val marked = game.copy(snapshot = game.snapshot.copy(squares = squares))
        val palettes = listOf(false to false, true to false, false to true)
        val image = Goldens.render(3 * 300, 300, 1.5f) {
            Row(horizontalArrangement = Arrangement.spacedBy(0.dp)) {
                for ((dark, colourBlind) in palettes) {
                    HnefiTheme(lookFor(dark, colourBlind), dark) {
                        Surface(Modifier.size(300.dp), color = MaterialTheme.colorScheme.background) {
                            Board(
                                squares = marked.squares, size = marked.size, label = "", motion = null,
                                reduceMotion = true, showThreats = true, onEvent = null,
                                modifier = Modifier.fillMaxSize().padding(6.dp),
                            )
                        }
                    }
                }
            }
        }
        Goldens.check("palettes-light-dark-colourblind", image)
    }

    @Test
    fun reviewWithItsChart() {
        TaflStore.open(tempDb().path).use { store ->
            Harness(store).use { h ->
                h.newGame(Variant.BRANDUBH, vsComputer = false)
                for (m in brandubhUpToKingOnEdge + listOf("b5-b6", "e1-g1")) h.move(m)
                h.send(UiEvent.Back, UiEvent.ShowHistory)
                val id = h.awaitState(what = "the history") { it.history.isNotEmpty() }.history.single().id
                h.send(UiEvent.OpenReview(id))
                h.awaitState(what = "the analysis") { it.review?.analysis == AnalysisState.Complete }
                h.send(UiEvent.ReviewGoTo(4))
                phone("review-light-en", h.state)
                h.send(UiEvent.LanguageChanged(Language.GERMAN))
                phone("review-dark-de", h.state, dark = true)
            }
        }
    }
}
