package app.hnefi.android

import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Color
import android.graphics.drawable.AdaptiveIconDrawable
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/** What the system shows of the app around its screens: its window's edges and its icon. */
@RunWith(HnefiTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
@Config(qualifiers = "w360dp-h640dp-xhdpi")
class WindowTest {
    /**
     * The window is edge to edge from onCreate, before anything is drawn: set later (when the
     * first composition runs), the first frame is laid out inside the bars and then jumps.
     */
    @Test
    fun theWindowIsEdgeToEdgeBeforeTheFirstFrame() {
        val controller = Robolectric.buildActivity(MainActivity::class.java).create()
        val window = controller.get().window
        assertFalse("the window's content reaches under the system bars", window.decorFitsSystemWindows())
        @Suppress("DEPRECATION")
        assertTrue("the status bar is see-through", Color.alpha(window.statusBarColor) == 0)
        controller.destroy()
    }

    /**
     * The themed icon (Android 13 and later) is drawn from the monochrome layer's alpha alone:
     * the layer must be the drawing (the board's lines, the pieces), with the squares open, not
     * the coloured foreground, whose filled board makes a solid square.
     */
    @Test
    fun theThemedIconShowsTheBoardAndItsPiecesNotASquare() {
        val context = RuntimeEnvironment.getApplication()
        val icon = context.getDrawable(R.mipmap.ic_launcher) as AdaptiveIconDrawable
        val mono = icon.monochrome
        assertNotNull("a monochrome layer", mono)
        val side = 432 // 108 dp at 4 px a dp
        val bitmap = Bitmap.createBitmap(side, side, Bitmap.Config.ARGB_8888)
        mono!!.setBounds(0, 0, side, side)
        mono.draw(Canvas(bitmap))
        // The board's square, 31..77 of 108: how much of it the layer covers.
        val from = side * 31 / 108
        val to = side * 77 / 108
        var covered = 0
        var all = 0
        for (y in from until to) for (x in from until to) {
            all++
            if (Color.alpha(bitmap.getPixel(x, y)) > 128) covered++
        }
        val share = covered.toDouble() / all
        assertTrue("the layer covers %.0f%% of the board: a drawing, not a filled square".format(share * 100), share in 0.1..0.6)
        // The centre of the corner square (between the lines) is open.
        val corner = side * 38 / 108
        assertTrue("the corner square is open", Color.alpha(bitmap.getPixel(corner, corner)) < 32)
    }
}
