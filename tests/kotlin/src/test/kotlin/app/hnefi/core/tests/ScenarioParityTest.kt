package app.hnefi.core.tests

import app.hnefi.core.AppConfig
import app.hnefi.core.Event
import app.hnefi.core.HnefiApp
import app.hnefi.core.scenarioEvents
import app.hnefi.core.scenarioSetup
import app.hnefi.core.traceStep
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.deleteRecursively
import kotlin.io.path.listDirectoryEntries
import kotlin.io.path.name
import kotlin.io.path.readLines
import kotlin.io.path.readText
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue
import kotlin.test.fail
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory

/**
 * The parity scenarios (tests/scenarios) through the Kotlin bindings: each scenario's events,
 * read by the core and handed to Kotlin, are sent back one by one to a real app on its
 * threads; each settled frame, with the effects of every frame since the step before, must
 * trace (traceStep) to the file's line. Every event and frame makes the round trip through the
 * generated converters, so a binding that drops or garbles a field shows here.
 */
class ScenarioParityTest {
    private val folder: Path = Path.of(System.getProperty("tafl.scenarios") ?: "../scenarios")

    private fun scenarios(): List<Path> =
        folder.listDirectoryEntries("*.events.json").sortedBy { it.name }

    @Test
    fun thereAreScenariosAndEachHasItsTrace() {
        val all = scenarios()
        assertTrue(all.size >= 30, "at least 30 scenarios in $folder, found ${all.size}")
        for (events in all) {
            assertTrue(Files.exists(traceOf(events)), "${events.name} has its trace")
        }
    }

    @TestFactory
    fun everyScenarioGivesItsTrace(): List<DynamicTest> = scenarios().map { events ->
        DynamicTest.dynamicTest(events.name.removeSuffix(".events.json")) { replay(events) }
    }

    private fun traceOf(events: Path): Path = events.resolveSibling(events.name.replace(".events.json", ".trace.json"))

    @OptIn(kotlin.io.path.ExperimentalPathApi::class)
    private fun replay(events: Path) {
        val text = events.readText()
        val setup = assertNotNull(scenarioSetup(text), "${events.name} is a scenario")
        val steps = scenarioEvents(text)
        val dir = Files.createTempDirectory("hnefi-scenario")
        try {
            val config = AppConfig(
                databasePath = if (setup.database) dir.resolve("hnefi.db").toString() else null,
                language = setup.language,
                dark = setup.dark,
                utcOffsetMinutes = 0,
                engine = setup.engine,
                savedState = null,
            )
            val frames = Frames()
            val got = HnefiApp(config, frames).use { app ->
                fun step(event: Event?, from: Int): String {
                    val settled = frames.settled()
                    val effects = frames.since(from).flatMap { it.effects }
                    return traceStep(event, settled, effects)
                }
                val out = mutableListOf(step(null, 0))
                for (event in steps) {
                    val from = frames.count
                    app.send(event)
                    out += step(event, from)
                }
                out
            }
            config.databasePath?.let(::assertReleased)
            frames.assertContractKept()
            val expected = traceOf(events).readLines().drop(1).dropLast(1).map { it.removeSuffix(",") }
            assertEquals(expected.size, got.size, "${events.name}: steps")
            val first = got.indices.firstOrNull { got[it] != expected[it] } ?: return
            fail("${events.name}: step $first differs\n  Kotlin: ${got[first]}\n  file:   ${expected[first]}")
        } finally {
            dir.deleteRecursively()
        }
    }
}
