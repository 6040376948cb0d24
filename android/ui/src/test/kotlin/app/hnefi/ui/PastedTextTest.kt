package app.hnefi.ui

import app.hnefi.core.AppConfig
import app.hnefi.core.EngineConfig
import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.FrameListener
import app.hnefi.core.FramePatch
import app.hnefi.core.HnefiApp
import app.hnefi.core.Language
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** Pasted text reaches the core whatever the clipboard held. */
class PastedTextTest {
    @Test
    fun halvesOfSurrogatePairsAreDroppedAndWholePairsKept() {
        val emoji = "\uD83D\uDC51" // a crown: one character in two UTF-16 units
        assertEquals("a${emoji}b", wellFormed("a${emoji}b"))
        assertEquals("ab", wellFormed("a\uD83Db"))
        assertEquals("ab", wellFormed("a\uDC51b"))
        assertEquals("a", wellFormed("a\uD83D"))
        assertEquals("", wellFormed("\uDC51\uD83D"))
    }

    @Test
    fun aCutEmojiPastedIntoTheImportFieldReachesTheCore() {
        val listener = object : FrameListener {
            override fun onFrame(frame: Frame) {}
            override fun onPatch(patch: FramePatch) {}
        }
        val engine = EngineConfig(thinkMs = null, thinkNodes = 500uL, hintMs = null, hintNodes = 500uL, pauseMs = 0u, threads = 1u)
        val app = HnefiApp(
            AppConfig(databasePath = null, language = Language.ENGLISH, dark = false, utcOffsetMinutes = 0, engine = engine, savedState = null),
            listener,
        )
        // Without the cleaning the bindings throw here (MalformedInputException).
        app.send(Event.ImportText(wellFormed("1. d1-d3 \uD83D")))
        app.close()
    }
}
