package app.hnefi.core.tests

import java.nio.file.Files
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.TestFactory

/**
 * [StoreTest] again and again in one JVM (30 rounds, or `-Dhnefi.rounds=N`), each test on a
 * fresh folder: two apps on one file, apps closed and opened in turn, under whatever load the
 * machine has. Closing an app once left the database open behind it for as long as a thread
 * took to finish, and the next app then met it now and then; this shows the close holds.
 *
 * Not part of the suite (tag "loop", excluded like the benchmark): `tests/kotlin/loop.sh`.
 */
@Tag("loop")
class StoreLoop {
    @TestFactory
    fun storeTestAgainAndAgain(): List<DynamicTest> {
        val rounds = System.getProperty("hnefi.rounds")?.toIntOrNull() ?: 30
        val tests = StoreTest::class.java.declaredMethods.filter { it.isAnnotationPresent(org.junit.jupiter.api.Test::class.java) }
        return (1..rounds).flatMap { round ->
            tests.map { method ->
                DynamicTest.dynamicTest("round $round: ${method.name}") {
                    val dir = Files.createTempDirectory("hnefi-loop")
                    try {
                        val test = StoreTest()
                        test.dir = dir
                        try {
                            method.invoke(test)
                        } catch (e: java.lang.reflect.InvocationTargetException) {
                            throw e.targetException
                        }
                    } finally {
                        dir.toFile().deleteRecursively()
                    }
                }
            }
        }
    }
}
