package app.hnefi.android

import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.junit4.v2.createAndroidComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performScrollTo
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.annotation.Config

@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "w360dp-h640dp-xhdpi")
class LaunchTest {
    @get:Rule
    val rule = createAndroidComposeRule<MainActivity>()

    @Test
    fun theStartScreenShows() {
        rule.waitUntil(10_000) { rule.onAllNodes(hasTestTag("start")).fetchSemanticsNodes().isNotEmpty() }
        rule.onNodeWithTag("start").performScrollTo().assertIsDisplayed()
    }
}
