package app.hnefi.ui

import androidx.compose.runtime.Composable
import androidx.compose.ui.ExperimentalComposeUiApi
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.unit.Density
import org.jetbrains.skia.EncodedImageFormat
import java.awt.image.BufferedImage
import java.io.ByteArrayInputStream
import java.io.File
import javax.imageio.ImageIO
import kotlin.math.abs
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * Golden screenshots: a screen rendered by Compose's software renderer is compared pixel by
 * pixel with its reference PNG in android/ui/src/test/golden. Run with -Dhnefi.updateGoldens=true
 * (android/run-tests.sh --update-goldens) to write the references instead.
 *
 * Every render also goes to target/screenshots, and a failed comparison leaves NAME-diff.png
 * there: the differing pixels in red over a faded copy of the reference.
 */
object Goldens {
    private val goldenDir = File(System.getProperty("hnefi.golden") ?: "../ui/src/test/golden")
    private val outDir = File(System.getProperty("hnefi.screenshots") ?: "target/screenshots").apply { mkdirs() }
    private val update = System.getProperty("hnefi.updateGoldens") == "true"

    /** A pixel differs when one of its channels is off by more than this (out of 255). */
    private const val CHANNEL_TOLERANCE = 40

    /**
     * At most this share of the pixels may differ. Small enough that a missing piece on a phone's
     * 11 × 11 board (about 0.15 % of the screen) fails, large enough for anti-aliasing noise.
     */
    private const val PIXEL_TOLERANCE = 0.0005

    /** Renders [content] at [widthDp] × [heightDp] and [density] (pixels per dp). */
    @OptIn(ExperimentalComposeUiApi::class)
    fun render(widthDp: Int, heightDp: Int, density: Float, content: @Composable () -> Unit): BufferedImage {
        val scene = ImageComposeScene((widthDp * density).toInt(), (heightDp * density).toInt(), Density(density), content = content)
        val image = try {
            // Two frames: the first lays out, the second draws what the first frame's effects set.
            scene.render(0)
            scene.render(1_000_000_000)
        } finally {
            scene.close()
        }
        val png = image.encodeToData(EncodedImageFormat.PNG)?.bytes ?: fail("cannot encode")
        return ImageIO.read(ByteArrayInputStream(png))
    }

    /** Compares [image] with the golden [name] (or writes it, in update mode). */
    fun check(name: String, image: BufferedImage) {
        val actual = File(outDir, "$name.png")
        ImageIO.write(image, "png", actual)
        val golden = File(goldenDir, "$name.png")
        if (update) {
            goldenDir.mkdirs()
            ImageIO.write(image, "png", golden)
            println("golden written: ${golden.path}")
            return
        }
        assertTrue(golden.exists(), "no golden $golden: run android/run-tests.sh --update-goldens and look at it")
        val expected = ImageIO.read(golden)
        assertEquals(expected.width to expected.height, image.width to image.height, "$name: size")
        var differing = 0
        val diff = BufferedImage(image.width, image.height, BufferedImage.TYPE_INT_RGB)
        for (y in 0 until image.height) {
            for (x in 0 until image.width) {
                val a = expected.getRGB(x, y)
                val b = image.getRGB(x, y)
                val off = maxOf(abs((a shr 16 and 0xff) - (b shr 16 and 0xff)), abs((a shr 8 and 0xff) - (b shr 8 and 0xff)), abs((a and 0xff) - (b and 0xff)))
                if (off > CHANNEL_TOLERANCE) {
                    differing++
                    diff.setRGB(x, y, 0xFF0000)
                } else {
                    diff.setRGB(x, y, fade(a))
                }
            }
        }
        val share = differing.toDouble() / (image.width * image.height)
        if (share > PIXEL_TOLERANCE) {
            ImageIO.write(diff, "png", File(outDir, "$name-diff.png"))
            fail("$name differs from its golden in $differing pixels (${"%.3f".format(share * 100)} %); see $outDir/$name-diff.png")
        }
    }

    private fun fade(rgb: Int): Int {
        fun f(c: Int) = 255 - (255 - c) / 4
        return (f(rgb shr 16 and 0xff) shl 16) or (f(rgb shr 8 and 0xff) shl 8) or f(rgb and 0xff)
    }
}
