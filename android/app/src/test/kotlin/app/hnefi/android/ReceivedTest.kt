package app.hnefi.android

import android.content.ContentProvider
import android.content.ContentValues
import android.content.Intent
import android.database.Cursor
import android.net.Uri
import android.os.ParcelFileDescriptor
import androidx.compose.ui.test.junit4.v2.createEmptyComposeRule
import app.hnefi.core.Event
import app.hnefi.core.PageItem
import app.hnefi.core.ScreenKind
import app.hnefi.core.ScreenView
import app.hnefi.core.importLimitBytes
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config
import java.io.File
import java.io.FileNotFoundException
import java.io.InputStream
import java.util.concurrent.ConcurrentHashMap

/**
 * Games that other apps hand Hnefi: a text from the share sheet, a file shared or opened with
 * the app (a content URI served by another app's provider, here [GameFiles]). Each reaches the
 * core as it came and the core opens the review or shows the import's error; the files are read
 * off the main thread and never beyond the import's limit.
 */
@RunWith(HnefiTestRunner::class)
@Config(qualifiers = "en-rUS-w360dp-h640dp-port-xhdpi")
class ReceivedTest {
    @get:Rule
    val rule = createEmptyComposeRule()

    @Before
    fun serveFiles() {
        GameFiles.served.clear()
        Robolectric.setupContentProvider(GameFiles::class.java, GameFiles.AUTHORITY)
    }

    private fun share(text: String) = Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, text)

    private fun shareFile(name: String, type: String) = Intent(Intent.ACTION_SEND).setType(type)
        .putExtra(Intent.EXTRA_STREAM, GameFiles.uri(name))
        .putExtra(Intent.EXTRA_TEXT, "Look at this game!")
        .addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)

    private fun open(name: String, type: String) = Intent(Intent.ACTION_VIEW)
        .setDataAndType(GameFiles.uri(name), type)
        .addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)

    private fun plies(app: AppRobot): Int =
        (app.frame.screen as ScreenView.Review).review.moves.rows.sumOf { r -> r.cells.count { it.text.isNotEmpty() } }

    private fun waitForReview(app: AppRobot) {
        app.waitUntil("the review") { app.frame.screen is ScreenView.Review && app.exists("reviewScreen") }
    }

    /** The import page's text and its error, once it shows one. */
    private fun importError(app: AppRobot): Pair<String, String> {
        app.waitUntil("the import's error") { app.exists("page-import") && app.exists("error") }
        val items = (app.frame.screen as ScreenView.Page).page.items
        val text = items.filterIsInstance<PageItem.TextField>().single().field.text
        return text to items.filterIsInstance<PageItem.Error>().single().text
    }

    @Test
    fun aTextSharedToTheAppOpensItsReview() {
        val app = AppRobot(rule, share(BRANDUBH))
        waitForReview(app)
        assertEquals(4, plies(app))
        app.back()
        app.waitUntil("the import with the text") { app.exists("page-import") }
        assertEquals(BRANDUBH, (app.frame.screen as ScreenView.Page).page.items.filterIsInstance<PageItem.TextField>().single().field.text)
    }

    @Test
    fun aFileOpenedWithTheAppOpensItsReview() {
        GameFiles.served["game17.pgn"] = PGN.toByteArray()
        val app = AppRobot(rule, open("game17.pgn", "application/x-chess-pgn"))
        waitForReview(app)
        assertEquals(34, plies(app))
    }

    @Test
    fun aFileSharedToTheAppOpensItsReviewAndItsCaptionIsLeft() {
        // Windows-1252, as an old tool saves it: the name's ö is one byte, not UTF-8.
        GameFiles.served["old.txt"] = "[White \"J\u00f6rd\"]\n".toByteArray(Charsets.ISO_8859_1) + BRANDUBH.toByteArray()
        val app = AppRobot(rule, shareFile("old.txt", "text/plain"))
        waitForReview(app)
        assertEquals(4, plies(app))
    }

    @Test
    fun aHugeFileGarbageAndAnUnreadableFileGetTheCoresWords() {
        val limit = importLimitBytes().toInt()
        GameFiles.served["huge.pgn"] = ByteArray(4 * limit) { "1. d1d3 ".toByteArray()[it % 8] }
        GameFiles.served["photo.json"] = byteArrayOf(0x89.toByte(), 'P'.code.toByte(), 'N'.code.toByte(), 'G'.code.toByte(), 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)
        val app = AppRobot(rule, open("huge.pgn", "application/x-chess-pgn"))
        assertEquals("" to "This is too long to be a game: the import reads up to 64 KB.", importError(app))
        app.controller.newIntent(open("photo.json", "application/json"))
        app.waitUntil("the next error") { importError(app).second.startsWith("This file is not text") }
        app.controller.newIntent(open("gone.pgn", "application/x-chess-pgn"))
        app.waitUntil("the next error") { importError(app).second.startsWith("This file could not be read") }
        app.controller.newIntent(share("1. b4-b1 zz-c7"))
        app.waitUntil("the next error") { importError(app) == "1. b4-b1 zz-c7" to "Move 2 (zz-c7) cannot be played. That square is not on the board." }
    }

    @Test
    fun aShareWhileAGameIsOnComesToTheSameActivityAndTheGameWaitsToResume() {
        val app = AppRobot(rule)
        app.startGame("BRANDUBH", vsComputer = false)
        app.move("b4-b3")
        val activity = app.activity
        app.controller.newIntent(share(BRANDUBH))
        waitForReview(app)
        assertTrue("the same activity (single task)", activity === app.activity)
        app.back()
        app.back()
        app.waitUntil("the start screen") { app.exists("start") }
        app.tap("resume")
        app.waitUntil("the game") { app.exists("gameScreen") }
        assertEquals(1, app.game!!.moves.rows.sumOf { r -> r.cells.count { it.text.isNotEmpty() } })
    }

    @Test
    fun theImportComesBackAfterTheProcessIsKilledAndTheShareIsNotTakenTwice() {
        val app = AppRobot(rule, share("1. b4-b1 zz-c7"))
        importError(app)
        // The person starts correcting the text; Android then kills the app in the background
        // and starts it again with its saved state and the same intent.
        app.activity.viewModel.onEvent(Event.ImportText("1. b4-b1 c4-c7"))
        app.killAndRestore()
        app.waitUntil("the import again") { app.exists("page-import") }
        app.settle()
        val page = (app.frame.screen as ScreenView.Page).page
        assertEquals(ScreenKind.IMPORT, page.kind)
        assertEquals("1. b4-b1 c4-c7", page.items.filterIsInstance<PageItem.TextField>().single().field.text)
    }

    @Test
    fun theShareSheetAndOpenWithListTheAppForGameRecordsOnly() {
        val pm = RuntimeEnvironment.getApplication().packageManager
        fun offered(intent: Intent) = pm.queryIntentActivities(intent, 0).any { it.activityInfo.name == MainActivity::class.java.name }
        for (type in listOf("text/plain", "application/json", "application/x-chess-pgn")) {
            assertTrue("share $type", offered(Intent(Intent.ACTION_SEND).setType(type)))
            assertTrue("open $type", offered(Intent(Intent.ACTION_VIEW).setDataAndType(GameFiles.uri("g"), type)))
        }
        assertTrue("a .pgn typed as bytes", offered(Intent(Intent.ACTION_VIEW).setDataAndType(GameFiles.uri("game.pgn"), "application/octet-stream")))
        assertTrue("not a photo", !offered(Intent(Intent.ACTION_SEND).setType("image/png")))
        assertTrue("not any file of bytes", !offered(Intent(Intent.ACTION_VIEW).setDataAndType(GameFiles.uri("movie.mp4"), "application/octet-stream")))
    }

    @Test
    fun readingStopsAtItsLimitOnAnEndlessStream() {
        var read = 0L
        val endless = object : InputStream() {
            override fun read(): Int = 'x'.code.also { read++ }
            override fun read(b: ByteArray, off: Int, len: Int): Int {
                b.fill('x'.code.toByte(), off, off + len)
                read += len
                return len
            }
        }
        assertEquals(65_537, readAtMost(endless, 65_537).size)
        assertEquals(65_537L, read)
    }

    /** Another app's files, served through its own content provider as a FileProvider serves them. */
    class GameFiles : ContentProvider() {
        override fun onCreate() = true

        override fun openFile(uri: Uri, mode: String): ParcelFileDescriptor {
            val name = uri.lastPathSegment ?: ""
            val bytes = served[name] ?: throw FileNotFoundException(name)
            val file = File.createTempFile("served", ".bin", context!!.cacheDir).apply { writeBytes(bytes) }
            return ParcelFileDescriptor.open(file, ParcelFileDescriptor.MODE_READ_ONLY)
        }

        override fun getType(uri: Uri): String? = null
        override fun query(uri: Uri, projection: Array<out String>?, selection: String?, selectionArgs: Array<out String>?, sortOrder: String?): Cursor? = null
        override fun insert(uri: Uri, values: ContentValues?): Uri? = null
        override fun update(uri: Uri, values: ContentValues?, selection: String?, selectionArgs: Array<out String>?) = 0
        override fun delete(uri: Uri, selection: String?, selectionArgs: Array<out String>?) = 0

        companion object {
            const val AUTHORITY = "app.hnefi.test.files"
            val served = ConcurrentHashMap<String, ByteArray>()

            fun uri(name: String): Uri = Uri.parse("content://$AUTHORITY/files/$name")
        }
    }

    private companion object {
        const val BRANDUBH = "[variant \"brandubh\"]\n1. b4-b1 c4-c7 2. a4-a3 d4-a4"

        /** core/tests/data/imports/hnefatafl-org.pgn: a real game, as hnefatafl.org's client writes it. */
        const val PGN = "[Event \"Game 17\"]\n[Site \"hnefatafl.org\"]\n[Date \"2026-05-01 18:03:11 +0000\"]\n\n" +
            "1. d1d3 e5e2 2. g1g2 e2b2 3. e1b1 f4c4 4. f1c1 e7e10 5. g11g9 e10b10 6. b6b8 d6d9 7. a8a9 h6h9 " +
            "8. g9g10 e6e1 9. d3b3 f6c6 10. d11c11 c6c10 11. a9b9 b10a10 12. b9b10 a10a9 13. b10a10 c10b10 " +
            "14. c11b11 a9c9 15. j6h6 c9a9 16. f2f4 b10a10 17. a7c7 a10a11\n"
    }
}
