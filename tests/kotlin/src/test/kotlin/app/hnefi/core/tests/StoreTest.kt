package app.hnefi.core.tests

import app.hnefi.core.CancelHandle
import app.hnefi.core.ComputerMove
import app.hnefi.core.GameMode
import app.hnefi.core.GameStatus
import app.hnefi.core.Level
import app.hnefi.core.Settings
import app.hnefi.core.Side
import app.hnefi.core.StoreNotice
import app.hnefi.core.TaflException
import app.hnefi.core.TaflStore
import app.hnefi.core.TurnPrompt
import app.hnefi.core.Variant
import app.hnefi.core.WinReason
import app.hnefi.core.defaultSettings
import app.hnefi.core.resumeGame
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.Test
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

class StoreTest {
    @TempDir
    lateinit var dir: Path

    private fun dbPath(): String = dir.resolve("hnefi.db").toString()

    @Test
    fun anUnfinishedGameIsResumedAfterARestart() {
        val path = dbPath()
        val saved = TaflStore.open(path).use { store ->
            assertNull(store.notice())
            assertFalse(store.hasUnfinishedGame())
            assertNull(resumeGame(store))
            vsComputer(Level.EASY, Side.ATTACKERS, Variant.COPENHAGEN, store).use { game ->
                assertTrue(store.hasUnfinishedGame(), "saved from the start")
                game.move("d1-d3")
                CancelHandle().use { assertIs<ComputerMove.Played>(game.computerMove(it, 50u)) }
                game.move("a4-c4")
                val s = game.snapshot()
                assertNull(s.saveError)
                s
            }.also { store.flush() } // saving is behind: wait for it before the "restart"
        }
        // A new process: open the same file again.
        TaflStore.open(path).use { store ->
            assertNull(store.notice())
            assertTrue(store.hasUnfinishedGame())
            val game = assertNotNull(resumeGame(store))
            game.use {
                val s = it.snapshot()
                assertEquals(saved, s)
                assertEquals(3u, s.plies)
                assertEquals(GameMode.VsComputer(Level.EASY, Side.ATTACKERS), s.mode)
                assertEquals(TurnPrompt.ComputerToMove(Side.DEFENDERS), s.turn)
                assertEquals("a4-c4", s.lastMove!!.notation)
                assertTrue(s.canUndo)
                // It goes on, and is saved again.
                CancelHandle().use { h -> assertIs<ComputerMove.Played>(it.computerMove(h, 50u)) }
                assertEquals(2, it.undo().size)
            }
            store.flush()
        }
        TaflStore.open(path).use { store ->
            assertEquals(2u, resumeGame(store)!!.use { it.snapshot().plies })
        }
    }

    @Test
    fun finishedGamesGoToTheRecordsAndTheHistory() {
        TaflStore.open(dbPath()).use { store ->
            val empty = store.records()
            assertEquals(6, empty.size)
            assertTrue(empty.all { it.wins == 0u && it.losses == 0u && it.draws == 0u })
            assertEquals(emptyList(), store.finishedGames())

            // A loss by resignation against the normal level, playing the attackers.
            vsComputer(Level.NORMAL, Side.ATTACKERS, Variant.BRANDUBH, store).use { game ->
                game.move("a4-a3")
                CancelHandle().use { assertIs<ComputerMove.Played>(game.computerMove(it, 50u)) }
                assertEquals(GameStatus.Won(Side.DEFENDERS, WinReason.RESIGNATION), game.resign().status)
                assertFalse(store.hasUnfinishedGame(), "a finished game is no game to resume")
                assertEquals(0u, store.records().sumOf { it.losses }, "recorded when the player leaves it")
                game.conclude()
                assertNull(game.snapshot().saveError)
            }
            assertFalse(store.hasUnfinishedGame())
            val rows = store.records()
            val row = rows.single { it.level == Level.NORMAL && it.side == Side.ATTACKERS }
            assertEquals(Triple(0u, 1u, 0u), Triple(row.wins, row.losses, row.draws))
            assertEquals(1u, rows.sumOf { it.wins + it.losses + it.draws })

            // A two-player game won by the king's escape.
            twoPlayers(Variant.BRANDUBH, store).use { game ->
                BRANDUBH_KING_ESCAPE.forEach { game.move(it) }
                game.conclude()
            }
            val history = store.finishedGames()
            println("finished games: $history")
            assertEquals(2, history.size)
            val lost = history.single { it.mode is GameMode.VsComputer }
            assertEquals(Variant.BRANDUBH, lost.variant)
            assertEquals(GameMode.VsComputer(Level.NORMAL, Side.ATTACKERS), lost.mode)
            assertEquals(GameStatus.Won(Side.DEFENDERS, WinReason.RESIGNATION), lost.status)
            assertEquals(2u, lost.plies)
            assertTrue(lost.finishedAt > 1_600_000_000L)
            val won = history.single { it.mode == GameMode.TwoPlayers }
            assertEquals(GameStatus.Won(Side.DEFENDERS, WinReason.KING_ESCAPED), won.status)
            assertEquals(12u, won.plies)
            assertEquals(0u, won.hintsUsed, "no hint was asked for")
            assertFalse(won.analysed, "not analysed yet")
            assertEquals(history.sortedByDescending { it.finishedAt }.map { it.finishedAt }, history.map { it.finishedAt })
            // Two-player games do not count in the records.
            assertEquals(rows, store.records())

            val otn = store.exportOtn(won.id)
            assertTrue("c4-c6xd6" in otn && "e1-g1" in otn, otn)
            assertTrue("a4-a3" in store.exportOtn(lost.id))
            val nf = assertFailsWith<TaflException.NotFound> { store.exportOtn(-42) }
            assertTrue(nf.message!!.isNotBlank())
        }
    }

    @Test
    fun aNewGameEndsTheUnfinishedOneAsAResignation() {
        TaflStore.open(dbPath()).use { store ->
            vsComputer(Level.HARD, Side.DEFENDERS, Variant.TABLUT, store).use { game ->
                CancelHandle().use { assertIs<ComputerMove.Played>(game.computerMove(it, 50u)) }
                val from = game.snapshot().squares.first { it.piece != null && game.targets(it.coord).isNotEmpty() }
                game.play(from.coord, game.targets(from.coord).first())
            }
            twoPlayers(Variant.COPENHAGEN, store).close()
            val row = store.records().single { it.level == Level.HARD && it.side == Side.DEFENDERS }
            assertEquals(1u, row.losses)
            assertEquals(1, store.finishedGames().size)
            // The two-player game is the unfinished one now.
            assertEquals(GameMode.TwoPlayers, resumeGame(store)!!.use { it.snapshot().mode })
        }
    }

    @Test
    fun settingsRoundTrip() {
        val path = dbPath()
        val changed = TaflStore.open(path).use { store ->
            val defaults = store.settings()
            assertEquals(defaultSettings(), defaults, "a fresh store starts from the core's defaults")
            val changed = Settings(
                exitForts = !defaults.exitForts,
                lastVariant = Variant.TABLUT,
                lastModeVsComputer = !defaults.lastModeVsComputer,
                lastLevel = Level.HARD,
                lastSide = Side.DEFENDERS,
                sound = !defaults.sound,
                haptics = !defaults.haptics,
                colourBlindPalette = !defaults.colourBlindPalette,
                showThreats = !defaults.showThreats,
            )
            store.saveSettings(changed)
            assertEquals(changed, store.settings())
            changed
        }
        TaflStore.open(path).use { store -> assertEquals(changed, store.settings()) }
    }

    @Test
    fun aCorruptFileIsKeptAsideAndReplaced() {
        val path = dir.resolve("hnefi.db")
        val garbage = ByteArray(8192) { (it * 31 + 7).toByte() }
        Files.write(path, garbage)
        TaflStore.open(path.toString()).use { store ->
            val notice = assertIs<StoreNotice.CorruptFileMovedAside>(store.notice())
            println("corrupt file notice: $notice")
            assertTrue(notice.reason.isNotBlank())
            val kept = Path.of(notice.keptAs)
            assertTrue(Files.exists(kept), "kept as ${notice.keptAs}")
            assertContentEquals(garbage, Files.readAllBytes(kept))
            // The new store works.
            assertFalse(store.hasUnfinishedGame())
            assertEquals(6, store.records().size)
            twoPlayers(Variant.BRANDUBH, store).use { it.move("a4-a3") }
            assertTrue(store.hasUnfinishedGame())
            store.flush()
        }
        // Opened again, the new file is healthy: no notice.
        TaflStore.open(path.toString()).use { store ->
            assertNull(store.notice())
            assertEquals(1u, resumeGame(store)!!.use { it.snapshot().plies })
        }
    }

    @Test
    fun aMissingFolderIsCreated() {
        val path = dir.resolve("no/such/folder/x.db")
        TaflStore.open(path.toString()).use { store ->
            assertNull(store.notice())
            twoPlayers(Variant.TABLUT, store).close()
            assertTrue(store.hasUnfinishedGame())
        }
        assertTrue(Files.exists(path))
    }

    @Test
    fun aFolderInsteadOfAFileIsATypedError() {
        val folder = dir.resolve("a-folder")
        Files.createDirectories(folder.resolve("inside"))
        val e = assertFailsWith<TaflException.Storage> { TaflStore.open(folder.toString()) }
        println("open a folder: ${e.message}")
        assertTrue(e.message!!.isNotBlank())
        assertTrue(Files.isDirectory(folder.resolve("inside")), "the folder is left alone")
    }

    /**
     * FFI gap (reported to the lead, core/src/ffi/mod.rs): a GameSession keeps saving into the
     * store after GameSession.newGame started another game there. A computer move of the old
     * game that ends after the new game started overwrites the saved unfinished game, so after a
     * restart resumeGame returns the old game (already recorded as a resignation) and the new
     * game is lost. Enable this test once new_game detaches the previous session.
     */
    @Test
    fun aLateComputerMoveOfTheOldGameDoesNotOverwriteTheNewGame(): Unit = runBlocking {
        TaflStore.open(dbPath()).use { store ->
            val old = vsComputer(Level.HARD, Side.ATTACKERS, Variant.COPENHAGEN, store)
            old.move("d1-d3")
            // The computer thinks in the old game while the player starts a new one.
            val search = async(Dispatchers.Default) { CancelHandle().use { old.computerMove(it, 400u) } }
            delay(50)
            val fresh = twoPlayers(Variant.BRANDUBH, store)
            val late = search.await()
            println("old game's late computer move: $late")
            val resumed = resumeGame(store)!!.use { it.snapshot() }
            assertEquals(Variant.BRANDUBH, resumed.variant, "the store's unfinished game is the new one")
            assertEquals(0u, resumed.plies)
            fresh.close()
            old.close()
        }
    }
}
