package app.hnefi.core.tests

import java.io.File
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The suite itself: JUnit skips, without a word, a test method that returns a value, which a
 * Kotlin test with an expression body (`fun x() = app.use { ... }`) easily does.
 */
class SuiteTest {
    @Test
    fun everyTestMethodReturnsNothing() {
        val dir = File(SuiteTest::class.java.protectionDomain.codeSource.location.toURI())
            .resolve(SuiteTest::class.java.packageName.replace('.', '/'))
        val classes = dir.listFiles { f -> f.name.endsWith(".class") }.orEmpty()
            .map { Class.forName("${SuiteTest::class.java.packageName}.${it.name.removeSuffix(".class")}") }
        val tests = classes.flatMap { c ->
            c.declaredMethods.filter { m ->
                m.isAnnotationPresent(org.junit.jupiter.api.Test::class.java) ||
                    m.isAnnotationPresent(org.junit.jupiter.api.TestFactory::class.java)
            }
        }
        assertTrue(tests.size > 40, "found ${tests.size} tests")
        val returning = tests.filter {
            it.returnType != Void.TYPE && !it.isAnnotationPresent(org.junit.jupiter.api.TestFactory::class.java)
        }
        assertEquals(emptyList(), returning.map { "${it.declaringClass.simpleName}.${it.name}" }, "tests JUnit would skip")
    }
}
