package app.hnefi.core.tests

import app.hnefi.core.Event
import app.hnefi.core.Frame
import app.hnefi.core.Variant
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import kotlin.io.path.exists
import kotlin.io.path.readText
import kotlin.io.path.writeText
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import org.junit.jupiter.api.Test

/**
 * Process death as Android deals it: a JVM plays a lesson or a puzzle through the bindings,
 * leaves the screen (the core writes its store, the shell keeps the saved state), and is
 * killed outright (SIGKILL); a new JVM starts the core on the same database with that saved
 * state, and shows the screen the first one showed. Nothing is shared but the files.
 */
class ProcessDeathTest {
    private val dir: Path = Files.createTempDirectory("hnefi-death")

    /** A new JVM running [ProcessDeathChild] with [args], on this test's class path and library. */
    private fun child(vararg args: String): Process {
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        val command = listOf(
            java,
            "-cp", System.getProperty("java.class.path"),
            "-Djna.library.path=${System.getProperty("jna.library.path")}",
            ProcessDeathChild::class.java.name,
        ) + args
        return ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("${args[0]}.log").toFile()).start()
    }

    private fun log(name: String) = dir.resolve("$name.log").let { if (it.exists()) it.readText() else "" }

    private fun killedThenRestored(scene: String) {
        val db = dir.resolve("hnefi.db").toString()
        val saved = dir.resolve("saved.txt")
        val before = dir.resolve("before.txt")
        val after = dir.resolve("after.txt")
        val first = child("play", scene, db, saved.toString(), before.toString())
        val end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120)
        while (!before.exists()) {
            assertTrue(first.isAlive, "the first process ended early: ${log("play")}")
            assertTrue(System.nanoTime() < end, "the first process never left the screen: ${log("play")}")
            Thread.sleep(20)
        }
        first.destroyForcibly()
        assertTrue(first.waitFor(30, TimeUnit.SECONDS))
        val second = child("restore", scene, db, saved.toString(), after.toString())
        assertTrue(second.waitFor(120, TimeUnit.SECONDS), "the second process never settled")
        assertEquals(0, second.exitValue(), log("restore"))
        assertEquals(before.readText(), after.readText(), "the screen after the process died")
    }

    @Test
    fun aLessonStepSolvedComesBackInANewProcess() = killedThenRestored("lesson")

    @Test
    fun aPuzzleInProgressComesBackInANewProcess() = killedThenRestored("puzzle")
}

/**
 * The two processes of [ProcessDeathTest]. `play SCENE DB SAVED OUT`: plays the scene, leaves
 * the screen, writes the saved state to SAVED and the screen to OUT (last), then waits to be
 * killed. `restore SCENE DB SAVED OUT`: starts from SAVED on DB and writes the screen to OUT.
 */
object ProcessDeathChild {
    @JvmStatic
    fun main(args: Array<String>) {
        val (mode, scene, db, saved, out) = args
        when (mode) {
            "play" -> {
                val app = startApp(config(database = Path.of(db)))
                when (scene) {
                    // Copenhagen's first lesson: step 1 solved by d1-d5, then step 2 by d1-d3.
                    "lesson" -> {
                        app.sendSettled(Event.OpenLesson("copenhagen/moving"))
                        app.sendSettled(*move("d1-d5"))
                        app.sendSettled(Event.NextStep)
                        app.sendSettled(*move("d1-d3"))
                    }
                    // The first Brandubh puzzle: d3-e3 is refuted, c4-c7 answered by c1-b1.
                    "puzzle" -> {
                        app.sendSettled(Event.ChooseVariant(Variant.BRANDUBH))
                        app.sendSettled(Event.OpenPuzzle(false))
                        app.sendSettled(*move("d3-e3"))
                        app.sendSettled(*move("c4-c7"))
                    }
                }
                val shown = app.settled()
                // Leaving the screen: the store is written, and the shell keeps the saved state.
                app.sendSettled(Event.Background)
                Path.of(saved).writeText(app.app.savedState())
                // Whole before it is there: the test kills this process once it sees the file.
                val partial = Path.of("$out.partial")
                partial.writeText(screen(shown))
                Files.move(partial, Path.of(out), java.nio.file.StandardCopyOption.ATOMIC_MOVE)
                Thread.sleep(Long.MAX_VALUE)
            }
            "restore" -> {
                val app = startApp(config(database = Path.of(db), saved = Path.of(saved).readText()))
                Path.of(out).writeText(screen(app.settled()))
                app.close()
            }
        }
    }

    /** What the game screen shows: title, lines, buttons and pieces. */
    private fun screen(frame: Frame): String {
        val game = frame.requireGame()
        return listOf(
            game.turn.text,
            game.info.joinToString("\n") { "${it.kind}: ${it.text}" },
            game.controls.joinToString(" ") { it.id },
            game.board.plan.pieces.joinToString(" ") { "${it.square.name()}=${it.piece}" },
        ).joinToString("\n")
    }
}
