package app.hnefi.android

import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import app.hnefi.core.BackupException
import app.hnefi.core.InfoKind
import app.hnefi.core.PageItem
import app.hnefi.core.ScreenView
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config
import org.xmlpull.v1.XmlPullParser
import java.io.File
import java.nio.file.Files

/**
 * Auto Backup and device-to-device transfer, as the system runs them with the app's rules and
 * its agent: the player's records, puzzle rating, lesson progress and settings are made by
 * playing the real app, the agent writes its copy while the app is open (its last commits in
 * the write-ahead log), the files the rules name are carried off, the app's data is wiped (a
 * new phone), the carried files are put back and the agent is told the restore is done: the
 * app then shows the same data. A carried file that is no backup of the app is refused with a
 * typed error and the data on the phone stays.
 */
@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "en-rUS-w360dp-h640dp-port-xhdpi")
class BackupTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    private val context get() = RuntimeEnvironment.getApplication()

    private fun page(app: AppRobot) = (app.frame.screen as? ScreenView.Page)?.page

    /** The (domain, path) of each file a section of the rules includes, and whether it excludes any. */
    private fun rules(xml: Int, section: String?): Pair<List<Pair<String, String>>, Int> {
        val parser = context.resources.getXml(xml)
        val included = ArrayList<Pair<String, String>>()
        var excluded = 0
        var inSection = section == null
        while (parser.next() != XmlPullParser.END_DOCUMENT) {
            when (parser.eventType) {
                XmlPullParser.START_TAG -> when (parser.name) {
                    section -> inSection = true
                    "include" -> if (inSection) included += parser.getAttributeValue(null, "domain") to parser.getAttributeValue(null, "path")
                    "exclude" -> if (inSection) excluded++
                }
                XmlPullParser.END_TAG -> if (parser.name == section) inSection = false
            }
        }
        return included to excluded
    }

    /** What the system carries off in a backup: the files the rules of [section] include. */
    private fun carryOff(section: String): File {
        val cloud = Files.createTempDirectory("hnefi-cloud").toFile()
        val (included, _) = rules(R.xml.data_extraction_rules, section)
        for ((domain, path) in included) {
            assertEquals("files of the app's files folder only", "file", domain)
            val file = File(context.filesDir, path)
            if (file.exists()) file.copyTo(File(cloud, path))
        }
        return cloud
    }

    /** A new phone: the app's data is gone, and the carried files arrive where they were. */
    private fun wipeAndBringBack(cloud: File) {
        context.filesDir.deleteRecursively()
        context.filesDir.mkdirs()
        cloud.copyRecursively(context.filesDir)
    }

    private fun agent() = Robolectric.setupBackupAgent(HnefiBackupAgent::class.java)

    @Test
    fun theRulesCarryTheAgentsCopyAloneNeverTheLiveDatabase() {
        val copy = DataFiles.backupCopy(context).relativeTo(context.filesDir).path
        for (section in listOf("cloud-backup", "device-transfer")) {
            assertEquals(section, listOf("file" to copy) to 0, rules(R.xml.data_extraction_rules, section))
        }
        assertEquals("Android 11 and earlier", listOf("file" to copy) to 0, rules(R.xml.backup_rules, null))
        assertFalse("the database is not the copy", DataFiles.database(context).path == DataFiles.backupCopy(context).path)
    }

    @Test
    fun recordsRatingLessonsAndSettingsSurviveABackupAWipeAndARestore() {
        val app = AppRobot(rule)
        app.waitUntil("the start screen") { app.exists("start") }
        app.settle()
        // A setting: sounds off.
        app.tap("settings")
        app.tap("setting-sound")
        app.waitUntil("sounds off") { toggle(app, "setting-sound") == false }
        app.back()
        // A lesson step solved.
        app.waitUntil("the start screen") { app.exists("start") }
        app.tap("variant-COPENHAGEN")
        app.tap("lessons")
        app.tap("lesson-copenhagen-moving")
        app.waitUntil("the lesson") { app.game != null }
        app.move("d1-d5")
        app.waitUntil("step 1 solved") { app.game?.controls?.any { it.id == "nextStep" } == true }
        app.back()
        app.waitUntil("the lessons") { app.exists("lesson-copenhagen-moving") }
        app.back()
        // A puzzle missed: the rating moves.
        app.waitUntil("the start screen") { app.exists("start") }
        app.tap("variant-BRANDUBH")
        app.tap("puzzles")
        app.waitUntil("the puzzle") { app.game != null }
        app.move("d3-e3")
        app.waitUntil("the refusal") { app.game?.info?.any { it.kind == InfoKind.WRONG } == true }
        val missed = app.game!!.info.last { it.kind == InfoKind.RATING }.text
        val rating = missed.substringAfter(" to ").trimEnd('.')
        app.back()
        // A game against the computer, resigned: a loss in the records.
        app.startGame("BRANDUBH", vsComputer = true, level = "EASY", side = "ATTACKERS")
        app.tap("resign")
        app.tap("resignYes")
        app.waitUntil("the end of the game") { app.gameOver() }
        app.settle()

        // The backup, with the app still open.
        val agent = agent()
        assertTrue("a copy is written", agent.writeCopy())
        val cloud = carryOff("cloud-backup")
        val carried = cloud.walkTopDown().filter { it.isFile }.map { it.relativeTo(cloud).path }.toList()
        assertEquals("the copy alone is carried", listOf(DataFiles.backupCopy(context).relativeTo(context.filesDir).path), carried)
        DataFiles.backupCopy(context).delete()

        // The app closed, its data wiped, the carried files put back and the agent told.
        app.closeForGood()
        wipeAndBringBack(cloud)
        assertFalse(DataFiles.database(context).exists())
        agent().onRestoreFinished()
        assertTrue("the database is back", DataFiles.database(context).exists())
        assertFalse("the copy is not left behind", DataFiles.backupCopy(context).exists())

        val again = AppRobot(rule)
        again.waitUntil("the start screen") { again.exists("start") }
        again.settle()
        again.tap("records")
        again.waitUntil("the loss in the records") { recordTotal(again, "record-BRANDUBH-EASY-ATTACKERS") == 1 }
        again.back()
        again.waitUntil("the start screen") { again.exists("start") }
        again.tap("settings")
        again.waitUntil("sounds still off") { toggle(again, "setting-sound") == false }
        again.back()
        again.waitUntil("the start screen") { again.exists("start") }
        again.tap("variant-COPENHAGEN")
        again.tap("lessons")
        again.waitUntil("the lesson's progress") { lessonDetail(again, "lesson-copenhagen-moving") == "1 of 4 steps solved" }
        again.back()
        again.waitUntil("the start screen") { again.exists("start") }
        again.tap("variant-BRANDUBH")
        again.tap("puzzles")
        again.waitUntil("the puzzle") { again.game != null }
        assertContains("the puzzle rating", again.game!!.info.first { it.kind == InfoKind.RATING }.text, "your rating $rating\u00A0±")
    }

    @Test
    fun aRestoredFileThatIsNoBackupIsRefusedWithItsReasonAndTheDataStays() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = true, level = "EASY", side = "ATTACKERS")
        app.tap("resign")
        app.tap("resignYes")
        app.waitUntil("the end of the game") { app.gameOver() }
        app.settle()
        app.closeForGood()

        val copy = DataFiles.backupCopy(context)
        copy.parentFile!!.mkdirs()
        copy.writeText("not a database at all ".repeat(100))
        val refused = agent().restoreCopy()
        assertTrue("a typed refusal: $refused", refused is BackupException.NotABackup)
        assertFalse("the refused copy is not kept", copy.exists())
        // The callback the system calls does the same, and does not throw.
        copy.writeText("still not a database ".repeat(100))
        agent().onRestoreFinished()

        val again = AppRobot(rule)
        again.waitUntil("the start screen") { again.exists("start") }
        again.settle()
        assertNull("no notice of lost data", again.frame.notice)
        again.tap("records")
        again.waitUntil("the loss is still there") { recordTotal(again, "record-BRANDUBH-EASY-ATTACKERS") == 1 }
    }

    private fun toggle(app: AppRobot, id: String): Boolean? =
        page(app)?.items?.filterIsInstance<PageItem.Toggle>()?.firstOrNull { it.toggle.id == id }?.toggle?.on

    private fun lessonDetail(app: AppRobot, id: String): String? =
        page(app)?.items?.filterIsInstance<PageItem.Entry>()?.firstOrNull { it.entry.id == id }?.entry?.detail

    /** The wins, losses and draws of a records row, added up, as the frame gives them. */
    private fun recordTotal(app: AppRobot, id: String): Int {
        val rows = page(app)?.items?.filterIsInstance<PageItem.Table>()?.flatMap { it.table.rows } ?: return -1
        val row = rows.firstOrNull { it.id == id } ?: return -1
        return row.cells.drop(1).sumOf { it.toInt() }
    }
}
