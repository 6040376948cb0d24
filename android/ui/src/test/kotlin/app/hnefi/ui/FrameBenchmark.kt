package app.hnefi.ui

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.ExperimentalComposeUiApi
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import app.hnefi.core.Variant
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test

/**
 * How long one frame of the board's animation takes on the desktop build: the game screen of a
 * Copenhagen mid-game at a phone's size (720 × 1520 px), a move sliding and its capture fading,
 * each frame recomposed, laid out and drawn by Compose's software renderer. A benchmark, not a
 * test: it prints the figures (android/run-tests.sh runs it after the tests).
 */
@Tag("benchmark")
class FrameBenchmark {
    @OptIn(ExperimentalComposeUiApi::class)
    @Test
    fun animationFrame() {
        val start = Harness().use { h ->
            h.newGame(Variant.COPENHAGEN, vsComputer = false)
            copenhagenMidGame.forEach(h::move)
            h.state
        }
        val game = start.game!!
        var state by mutableStateOf(start)
        val scene = ImageComposeScene(720, 1520, Density(2f)) {
            HnefiTheme(lookFor(dark = false, colourBlind = false), dark = false) {
                HnefiScreen(state, reduceMotion = false, onEvent = {})
            }
        }
        val frameNs = 16_666_667L
        var clock = 0L
        val times = ArrayList<Long>()
        val idle = ArrayList<Long>()
        try {
            scene.render(clock)
            // Each round replays the last move (a slide, then the taken piece fading out): 30
            // rounds of 26 frames are measured.
            for (round in 0 until 40) {
                val motion = game.motion!!.copy(id = 1_000L + round)
                state = start.copy(game = game.copy(motion = motion))
                repeat(26) {
                    clock += frameNs
                    val t0 = System.nanoTime()
                    scene.render(clock)
                    val t1 = System.nanoTime()
                    if (round >= 10) times += t1 - t0 // the first rounds warm the JIT up
                }
            }
            // For comparison: frames at rest, where nothing is recomposed and the scene is drawn again.
            repeat(200) {
                clock += frameNs
                val t0 = System.nanoTime()
                scene.render(clock)
                if (it >= 50) idle += System.nanoTime() - t0
            }
        } finally {
            scene.close()
        }
        times.sort()
        val ms = { ns: Long -> ns / 1e6 }
        val mean = times.average() / 1e6
        println(
            "animation frame (720x1520 px, Copenhagen 11x11, slide and fade, software renderer): " +
                "mean %.2f ms, median %.2f ms, p95 %.2f ms over %d frames".format(
                    mean, ms(times[times.size / 2]), ms(times[times.size * 95 / 100]), times.size,
                ),
        )
        println("animation frame, for comparison a frame at rest (drawn again, nothing recomposed): mean %.2f ms".format(idle.average() / 1e6))
    }
}
