package app.hnefi.core.tests

import app.hnefi.core.Event
import app.hnefi.core.InfoKind
import app.hnefi.core.ScreenKind
import app.hnefi.core.Variant
import java.nio.file.Path
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import org.junit.jupiter.api.io.TempDir

/**
 * The lessons through the bindings: the start page's offer, the list with its progress, a step
 * refused and then solved by squares activated as a screen reader does, and the progress kept
 * in the database for the next app.
 */
class LessonTest {
    @Test
    fun aLessonStepIsRefusedThenSolvedAndItsProgressKept(@TempDir dir: Path) {
        val db = dir.resolve("tafl.db")
        startApp(config(database = db)).use { a ->
            a.sendSettled(Event.ChooseVariant(Variant.BRANDUBH))
            val offer = a.settled().requirePage().button("lessonOffer")
            assertEquals(Event.OpenLesson("brandubh/moving"), offer.event)
            val list = a.sendSettled(Event.Open(ScreenKind.LESSONS)).requirePage()
            assertEquals(ScreenKind.LESSONS, list.kind)
            val entry = list.entries.first()
            assertEquals(Event.OpenLesson("brandubh/moving"), entry.event)
            val lesson = a.sendSettled(entry.event).requireGame()
            assertTrue(lesson.info.any { it.kind == InfoKind.PROMPT }, "${lesson.info}")
            // b2-c3 is no move of a rook: the engine's refusal.
            val refused = a.sendSettled(*move("b2-c3")).requireGame()
            assertNotNull(refused.flash)
            assertTrue(refused.info.any { it.kind == InfoKind.WRONG }, "${refused.info}")
            val solved = a.sendSettled(*move("b2-b6")).requireGame()
            assertTrue(solved.info.none { it.kind == InfoKind.WRONG }, "${solved.info}")
            val next = solved.control("nextStep")
            assertTrue(next.primary)
            val step2 = a.sendSettled(next.event).requireGame()
            assertTrue(step2.turn.text.contains("2"), step2.turn.text)
            a.sendSettled(Event.Back)
            val start = a.sendSettled(Event.Back).requirePage()
            assertNull(start.buttons.firstOrNull { it.id == "lessonOffer" }, "no offer once a lesson is begun")
            a.flush()
        }
        startApp(config(database = db)).use { b ->
            b.sendSettled(Event.ChooseVariant(Variant.BRANDUBH))
            val list = b.sendSettled(Event.Open(ScreenKind.LESSONS)).requirePage()
            assertTrue(list.entries.first().detail.startsWith("1 "), list.entries.first().detail)
        }
    }
}
