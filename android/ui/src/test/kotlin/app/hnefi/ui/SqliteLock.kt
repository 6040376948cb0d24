package app.hnefi.ui

import java.io.File
import java.util.concurrent.TimeUnit

/**
 * Another process holding a database's write lock: the sqlite3 shell (Debian's `sqlite3`,
 * installed by android/run-tests.sh) in `BEGIN IMMEDIATE`. A second connection in this JVM
 * would not do: SQLite's POSIX locks do not keep two connections of one process apart when they
 * come from two copies of the library (the core's and a JDBC driver's).
 */
class SqliteLock(db: File) : AutoCloseable {
    private val shell: Process = ProcessBuilder("sqlite3", db.path).redirectErrorStream(true).start()
    private val input = shell.outputStream.bufferedWriter()
    private val output = shell.inputStream.bufferedReader()

    /** Returns once the shell holds the lock (it prints a line after BEGIN IMMEDIATE succeeded). */
    fun acquire() {
        input.write(".timeout 5000\nBEGIN IMMEDIATE;\nSELECT 'locked';\n")
        input.flush()
        val line = output.readLine()
        check(line == "locked") { "sqlite3 did not take the lock: $line" }
    }

    fun release() {
        input.write("COMMIT;\nSELECT 'released';\n")
        input.flush()
        val line = output.readLine()
        check(line == "released") { "sqlite3 did not commit: $line" }
    }

    override fun close() {
        runCatching {
            input.write(".quit\n")
            input.flush()
        }
        if (!shell.waitFor(5, TimeUnit.SECONDS)) shell.destroyForcibly()
    }
}
