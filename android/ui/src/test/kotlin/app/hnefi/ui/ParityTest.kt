package app.hnefi.ui

import app.hnefi.core.AppConfig
import app.hnefi.core.Effect
import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.scenarioEvents
import app.hnefi.core.scenarioSetup
import app.hnefi.core.traceStep
import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * The parity scenarios (tests/scenarios) through the real view model: each event sent as the
 * screens send it, each step waited for until the frame is settled, and the frame with the
 * effects the view model handed out recorded as the core's trace writes it. Every step must
 * equal the scenario's trace file, which the core wrote: the Android shell does what the core
 * decided, in the same order, with the same effects.
 */
class ParityTest {
    private val repo = File(System.getProperty("hnefi.repo") ?: "../..")
    private val folder = File(repo, "tests/scenarios")

    @Test
    fun `every scenario gives its trace through the view model`() {
        val scenarios = folder.listFiles { f -> f.name.endsWith(".events.json") }.orEmpty().sortedBy { it.name }
        assertTrue(scenarios.size >= 30, "at least 30 scenarios in ${folder.absolutePath}: ${scenarios.size}")
        for (events in scenarios) {
            val name = events.name.removeSuffix(".events.json")
            val expected = File(folder, "$name.trace.json").readLines().drop(1).dropLast(1).map { it.removeSuffix(",") }
            val actual = run(events.readText())
            val first = expected.indices.firstOrNull { it >= actual.size || expected[it] != actual[it] }
            if (first != null || actual.size != expected.size) {
                val at = first ?: expected.size
                fail("$name: step $at differs\n  expected: ${expected.getOrNull(at)}\n  actual:   ${actual.getOrNull(at)}")
            }
        }
        println("parity (Kotlin): ${scenarios.size} scenarios equal")
    }

    /** The trace of a scenario through a new view model. */
    private fun run(json: String): List<String> {
        val setup = scenarioSetup(json) ?: fail("not a scenario")
        val db = Files.createTempDirectory("hnefi-parity").resolve("hnefi.db").toString()
        val config = AppConfig(
            databasePath = if (setup.database) db else null,
            language = setup.language,
            dark = setup.dark,
            utcOffsetMinutes = 0,
            engine = setup.engine,
            savedState = null,
        )
        val vm = HnefiViewModel(config)
        val steps = mutableListOf(step(null, settle(vm), vm.drainEffects()))
        for (event in scenarioEvents(json)) {
            vm.onEvent(event)
            steps += step(event, settle(vm), vm.drainEffects())
        }
        return steps
    }

    private fun step(event: Event?, frame: Frame, effects: List<Effect>) = traceStep(event, frame, effects)

    /** The frame once the work behind it is done. */
    private fun settle(vm: HnefiViewModel): Frame {
        val end = System.nanoTime() + 60_000_000_000L
        while (true) {
            val f = vm.frame.value
            if (f != null && !f.busy) return f
            if (System.nanoTime() > end) fail("the app did not settle within a minute")
            Thread.sleep(2)
        }
    }
}

/** The effects the view model has handed out and nobody played yet, in order. */
private fun HnefiViewModel.drainEffects(): List<Effect> = generateSequence { effects.tryReceive().getOrNull() }.toList()
