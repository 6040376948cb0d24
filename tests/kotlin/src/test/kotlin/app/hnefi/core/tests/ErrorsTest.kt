package app.hnefi.core.tests

import app.hnefi.core.CancelHandle
import app.hnefi.core.Coord
import app.hnefi.core.GameSession
import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.TaflException
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/** Every illegal request comes back as a typed TaflException with a readable message. */
class ErrorsTest {
    private inline fun <reified E : TaflException> expect(game: GameSession, block: () -> Unit): E {
        val before = game.snapshot()
        val e = assertFailsWith<E> { block() }
        assertTrue(!e.message.isNullOrBlank(), "${E::class.simpleName} has a message")
        assertEquals(before, game.snapshot(), "a refused request changes nothing")
        return e
    }

    @Test
    fun illegalMovesAreTyped() {
        twoPlayers().use { game ->
            // Attackers to move in Brandubh.
            expect<TaflException.NotYourPiece>(game) { game.move("c4-c5") }
            expect<TaflException.NoPiece>(game) { game.move("c3-c2") }
            expect<TaflException.Blocked>(game) { game.move("g4-e4") }
            expect<TaflException.Restricted>(game) { game.move("a4-a1") }
            expect<TaflException.NotInLine>(game) { game.move("a4-b5") }
            expect<TaflException.NotInLine>(game) { game.move("a4-a4") }
            val off = expect<TaflException.OffBoard>(game) { game.play(Coord(99u, 99u), Coord(99u, 99u)) }
            println("OffBoard message: ${off.message}")
            expect<TaflException.OffBoard>(game) { game.play(sq("a4"), Coord(7u, 3u)) }
            expect<TaflException.OffBoard>(game) { game.targets(Coord(255u, 0u)) }
            expect<TaflException.Restricted>(game) { game.move("g4-g7") }
        }
    }

    @Test
    fun gameOverAfterTheEnd() {
        twoPlayers().use { game ->
            BRANDUBH_KING_ESCAPE.forEach { game.move(it) }
            expect<TaflException.GameOver>(game) { game.move("a4-a5") }
            expect<TaflException.GameOver>(game) { game.resign() }
            CancelHandle().use { cancel ->
                expect<TaflException.GameOver>(game) { game.computerMove(cancel, 50u) }
            }
            // A game that ended on the board can be taken back; a resignation cannot.
            assertEquals(listOf("e1-g1"), game.undo().map { it.notation })
            game.resign()
            expect<TaflException.NothingToUndo>(game) { game.undo() }
            expect<TaflException.GameOver>(game) { game.resign() }
        }
    }

    @Test
    fun turnErrors() {
        // The human plays the defenders: the computer (attackers) opens.
        vsComputer(Level.EASY, Side.DEFENDERS).use { game ->
            expect<TaflException.NotYourTurn>(game) { game.move("a4-a3") }
            expect<TaflException.NotYourTurn>(game) { game.move("d5-c5") }
            expect<TaflException.NothingToUndo>(game) { game.undo() }
        }
        vsComputer(Level.EASY, Side.ATTACKERS).use { game ->
            CancelHandle().use { cancel ->
                expect<TaflException.NotComputersTurn>(game) { game.computerMove(cancel, 50u) }
            }
        }
        twoPlayers().use { game ->
            expect<TaflException.NothingToUndo>(game) { game.undo() }
            CancelHandle().use { cancel ->
                expect<TaflException.NotComputersTurn>(game) { game.computerMove(cancel, 50u) }
            }
        }
    }
}
