package app.hnefi.android

import androidx.compose.ui.graphics.asAndroidBitmap
import androidx.compose.ui.test.captureToImage
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import androidx.compose.ui.test.onRoot
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * The real activity in French, as the French Google Play listing shows it
 * (android/fastlane/metadata/android/fr-FR/images/phoneScreenshots links these references):
 * the start page, the lesson list and a lesson in progress, compared with src/test/golden like
 * [GoldensTest]'s screens (see [Goldens]). A change of what these screens show fails here until
 * the references, and with them the listing, are written anew (HNEFI_UPDATE_GOLDENS=1).
 */
@RunWith(HnefiTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class FrenchListingGoldensTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    /** The Compose root as it is on screen once the app has settled and its motion has ended. */
    private fun shot(app: AppRobot): Shot {
        app.settle()
        rule.waitForIdle()
        return Shot.of(rule.onRoot().captureToImage().asAndroidBitmap())
    }

    private fun started(): AppRobot {
        val app = AppRobot(rule)
        app.waitUntil("the start screen") { app.exists("start") }
        app.settle()
        return app
    }

    @Test
    @Config(qualifiers = "fr-rFR-w360dp-h640dp-port-xhdpi")
    fun theStartPageInFrench() {
        Goldens.check("phone-start-fr-360x640", shot(started()))
    }

    @Test
    @Config(qualifiers = "fr-rFR-w360dp-h640dp-port-xhdpi")
    fun theLessonListInFrench() {
        val app = started()
        app.tap("lessons")
        app.waitUntil("the lessons") { app.exists("lesson-copenhagen-moving") }
        Goldens.check("lessons-fr-360x640", shot(app))
    }

    @Test
    @Config(qualifiers = "fr-rFR-w360dp-h640dp-port-xhdpi")
    fun aLessonInProgressInFrench() {
        val app = started()
        app.tap("lessons")
        app.tap("lesson-copenhagen-capture")
        app.waitUntil("the lesson's board") { app.exists("gameScreen") && app.game != null }
        assertTrue("a step of the lesson is shown", app.game!!.info.isNotEmpty())
        Goldens.check("lesson-fr-360x640", shot(app))
    }
}
