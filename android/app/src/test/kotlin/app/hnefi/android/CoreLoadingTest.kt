package app.hnefi.android

import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config
import org.robolectric.shadows.ShadowLooper
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/** The app as it starts when its core's library is slow to load, or cannot load at all. */
@RunWith(HnefiTestRunner::class)
class CoreLoadingTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    /** A phone whose APK lacks a working core library: the first call into it fails. */
    class BrokenCoreApplication : HnefiApplication() {
        override fun loadCore() = throw UnsatisfiedLinkError("planted: libtafl_core.so cannot be loaded")
    }

    /** A slow disk: the library takes until the test lets it go. */
    class SlowCoreApplication : HnefiApplication() {
        val gate = CountDownLatch(1)

        override fun loadCore() {
            gate.await(60, TimeUnit.SECONDS)
            super.loadCore()
        }
    }

    private fun waitUntil(what: String, done: () -> Boolean) {
        val end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60)
        while (!done()) {
            if (System.nanoTime() > end) throw AssertionError("timed out waiting for $what")
            ShadowLooper.idleMainLooper()
            rule.waitForIdle()
            Thread.sleep(10)
        }
    }

    private fun texts(tag: String): List<String> =
        rule.onAllNodes(hasTestTag(tag), useUnmergedTree = true).fetchSemanticsNodes()
            .mapNotNull { n -> n.config.getOrNull(SemanticsProperties.Text)?.joinToString("") { it.text } }

    @Test
    @Config(application = BrokenCoreApplication::class, qualifiers = "fr-rFR-w360dp-h640dp-xhdpi")
    fun aLibraryThatCannotLoadShowsAClearScreenInThePhonesLanguage() {
        val controller = Robolectric.buildActivity(MainActivity::class.java).setup()
        waitUntil("the screen that says the app cannot start") { texts("cannotStart").isNotEmpty() }
        val said = texts("cannotStart").single()
        assertTrue("in French: $said", said.startsWith("Hnefi ne peut pas démarrer sur ce téléphone"))
        assertEquals(RuntimeEnvironment.getApplication().getString(R.string.cannot_start), said)
        assertFalse("the activity stays (no crash, no finish)", controller.get().isFinishing)
        // It survives the lifecycle too: stopped and started again, nothing calls the core.
        controller.pause().stop().start().resume()
        ShadowLooper.idleMainLooper()
        assertEquals(listOf(said), texts("cannotStart"))
    }

    @Test
    @Config(application = SlowCoreApplication::class, qualifiers = "en-rUS-w360dp-h640dp-xhdpi")
    fun theActivityStartsAndDrawsWhileTheLibraryIsStillLoading() {
        val application = RuntimeEnvironment.getApplication() as SlowCoreApplication
        // Created, started and resumed on the main thread while the library is held back: had
        // anything there called the core, this would wait for the gate (and time out).
        val controller = Robolectric.buildActivity(MainActivity::class.java).setup()
        ShadowLooper.idleMainLooper()
        assertEquals(CoreState.Loading, application.core.state.value)
        assertTrue("nothing of the core on screen yet", rule.onAllNodes(hasTestTag("start"), useUnmergedTree = true).fetchSemanticsNodes().isEmpty())
        application.gate.countDown()
        waitUntil("the start screen once the library is there") {
            rule.onAllNodes(hasTestTag("start"), useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()
        }
        assertFalse(controller.get().isFinishing)
    }
}
