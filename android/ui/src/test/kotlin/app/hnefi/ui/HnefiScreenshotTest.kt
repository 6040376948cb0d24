package app.hnefi.ui

import androidx.compose.ui.ExperimentalComposeUiApi
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import app.hnefi.core.Variant
import org.jetbrains.skia.EncodedImageFormat
import org.junit.jupiter.api.Test
import java.io.File
import javax.imageio.ImageIO
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * Renders screens of the real app (real view model, real core) to PNG files in
 * target/screenshots, at the size of a small phone (360 x 760 dp at density 2).
 */
class HnefiScreenshotTest {
    private val width = 720
    private val height = 1520
    private val dir = File(System.getProperty("hnefi.screenshots") ?: "target/screenshots").apply { mkdirs() }

    @OptIn(ExperimentalComposeUiApi::class)
    private fun render(name: String, state: UiState, strings: Strings = EnglishStrings): File {
        val scene = ImageComposeScene(width, height, Density(2f)) {
            HnefiTheme { HnefiScreen(state, strings, onEvent = {}) }
        }
        val image = try {
            scene.render()
        } finally {
            scene.close()
        }
        val png = assertNotNull(image.encodeToData(EncodedImageFormat.PNG)).bytes
        val out = File(dir, "$name.png")
        out.writeBytes(png)
        val read = assertNotNull(ImageIO.read(out))
        assertEquals(width, read.width)
        assertEquals(height, read.height)
        val colours = HashSet<Int>()
        var dark = 0
        for (y in 0 until height step 2) for (x in 0 until width step 2) {
            val rgb = read.getRGB(x, y)
            colours += rgb
            val lum = ((rgb shr 16 and 0xff) + (rgb shr 8 and 0xff) + (rgb and 0xff)) / 3
            if (lum < 60) dark++
        }
        assertTrue(colours.size > 50, "$name is not blank: ${colours.size} colours")
        assertTrue(dark > 500, "$name has dark ink (text, attackers): $dark samples")
        assertTrue(out.length() > 10_000, "$name: ${out.length()} bytes")
        return out
    }

    @Test
    fun startScreen() {
        render("start", UiState(canResume = true, setup = Setup(variant = Variant.BRANDUBH)))
    }

    @Test
    fun gameInProgress(): Unit = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        for (m in listOf("a4-a3", "c4-c2", "a3-b3", "e4-e5", "b3-b2")) h.move(m) // b3-b2 takes c2
        h.tap("d4") // the king, with his targets
        val game = h.game
        assertTrue(game.square("c2")!!.captured && game.square("d4")!!.selected)
        val file = render("game-in-progress", h.state)
        // The board is drawn the right way up: the attacker on d7 (top) is dark, near the top.
        val img = ImageIO.read(file)
        val board = boardRect(img)
        val cell = (board.second - board.first) / 7
        val d7 = img.getRGB(board.first + cell * 3 + cell / 2, board.third + cell / 2)
        val d1 = img.getRGB(board.first + cell * 3 + cell / 2, board.third + cell * 6 + cell / 2)
        assertTrue(lum(d7) < 60 && lum(d1) < 60, "attackers on d7 and d1")
        val d4 = img.getRGB(board.first + cell * 3 + cell / 2 + cell / 3, board.third + cell * 3 + cell / 2)
        assertTrue(lum(d4) > 200, "the king (white) in the middle")
    }

    @Test
    fun finishedGame() {
        Harness().use { h ->
            h.newGame(Variant.BRANDUBH, vsComputer = false)
            for (m in brandubhUpToKingOnEdge + "f4-f1") h.move(m)
            assertTrue(h.game.over)
            render("finished-game", h.state)
            render("finished-game-de", h.state, GermanStrings)
        }
    }

    private fun lum(rgb: Int) = ((rgb shr 16 and 0xff) + (rgb shr 8 and 0xff) + (rgb and 0xff)) / 3

    /** The board's left and right edge and its top, found from its frame colour on the middle row. */
    private fun boardRect(img: java.awt.image.BufferedImage): Triple<Int, Int, Int> {
        val frame = Palette.boardLine.let { c -> java.awt.Color(c.red, c.green, c.blue).rgb }
        fun isFrame(x: Int, y: Int) = img.getRGB(x, y) == frame
        val midY = img.height / 2
        val left = (0 until img.width).first { isFrame(it, midY) }
        val right = (img.width - 1 downTo 0).first { isFrame(it, midY) }
        val midX = (left + right) / 2
        val top = (0 until img.height).first { isFrame(midX, it) }
        return Triple(left, right, top)
    }
}
