package app.hnefi.android

import android.view.ViewGroup
import androidx.test.ext.junit.runners.AndroidJUnit4
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.annotation.Config

/**
 * The app starts and lays out its first screen. It uses nothing but Robolectric and the
 * activity's views, so that it runs unchanged against the release build's classes as R8 shrank
 * and renamed them (tests/android-app/build.py runs it there too): a class or member that R8
 * removed and the app needs at launch fails it.
 */
// AndroidJUnit4, not HnefiTestRunner: this class runs alone against R8's output, where the
// Kotlin standard library is shrunk and renamed and a runner written in Kotlin cannot load.
@RunWith(AndroidJUnit4::class)
@Config(qualifiers = "w360dp-h640dp-xhdpi")
class ShrunkLaunchTest {
    @Test
    fun theActivityStartsAndLaysOutItsContent() {
        val controller = Robolectric.buildActivity(MainActivity::class.java).setup()
        val content = controller.get().findViewById<ViewGroup>(android.R.id.content)
        // Compose's view, under the content frame, measured to the window.
        assertTrue("the content frame holds the app's view", content.childCount == 1)
        // Locals keep their platform types: a declared non-null type would make Kotlin check
        // it through kotlin.jvm.internal.Intrinsics, which R8 renamed in the app's classes.
        val composeView = content.getChildAt(0)
        assertTrue("the app's view is laid out (${composeView.width}x${composeView.height})", composeView.width > 0 && composeView.height > 0)
        controller.pause().stop().destroy()
    }
}
