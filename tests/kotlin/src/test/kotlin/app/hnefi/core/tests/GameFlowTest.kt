package app.hnefi.core.tests

import app.hnefi.core.ComputerMove
import app.hnefi.core.CancelHandle
import app.hnefi.core.GameMode
import app.hnefi.core.GameStatus
import app.hnefi.core.Level
import app.hnefi.core.Piece
import app.hnefi.core.Side
import app.hnefi.core.TurnPrompt
import app.hnefi.core.Variant
import app.hnefi.core.WinReason
import app.hnefi.core.coreVersion
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNull
import kotlin.test.assertTrue

class GameFlowTest {
    @Test
    fun coreVersionIsSet() {
        assertTrue(coreVersion().matches(Regex("""\d+\.\d+\.\d+.*""")), coreVersion())
    }

    @Test
    fun openingSnapshotsOfTheThreeGames() {
        for ((variant, size, attackers, defenders, king) in listOf(
            Quint(Variant.COPENHAGEN, 11, 24, 12, "f6"),
            Quint(Variant.BRANDUBH, 7, 8, 4, "d4"),
            Quint(Variant.TABLUT, 9, 16, 8, "e5"),
        )) {
            twoPlayers(variant).use { game ->
                val s = game.snapshot()
                assertEquals(variant, s.variant)
                assertEquals(GameMode.TwoPlayers, s.mode)
                assertEquals(size, s.size.toInt())
                assertEquals(size * size, s.squares.size)
                // Rank by rank from the top, each rank from file a.
                assertEquals("a$size", s.squares.first().name)
                assertEquals("${'a' + size - 1}1", s.squares.last().name)
                assertEquals(attackers, s.squares.count { it.piece == Piece.ATTACKER })
                assertEquals(defenders, s.squares.count { it.piece == Piece.DEFENDER })
                assertEquals(Piece.KING, s.pieceAt(king))
                assertEquals(Side.ATTACKERS, s.sideToMove)
                assertEquals(GameStatus.Ongoing, s.status)
                assertEquals(TurnPrompt.SideToMove(Side.ATTACKERS), s.turn)
                assertNull(s.lastMove)
                assertEquals(0u, s.plies)
                assertEquals(160u, s.drawLimit)
                assertFalse(s.canUndo)
                assertNull(s.saveError)
                assertTrue(s.squares.single { it.name == king }.restricted, "the throne")
            }
        }
    }

    @Test
    fun targetsFollowTheRules() {
        twoPlayers().use { game ->
            // Brandubh a4 (attackers): a3, a2, a5, a6 (the corners a1 and a7 are the king's only).
            assertEquals(setOf("a2", "a3", "a5", "a6"), game.targets(sq("a4")).map { it.name() }.toSet())
            // A defender cannot move while the attackers are to move.
            assertEquals(emptyList(), game.targets(sq("d3")))
            assertEquals(emptyList(), game.targets(sq("c3")), "an empty square")
            // The snapshot marks exactly the squares whose pieces have targets.
            for (square in game.snapshot().squares) {
                assertEquals(game.targets(square.coord).isNotEmpty(), square.movable, square.name)
            }
        }
    }

    @Test
    fun twoPlayerGameToTheKingsEscape() {
        twoPlayers().use { game ->
            for ((i, mv) in BRANDUBH_KING_ESCAPE.withIndex()) {
                val before = game.snapshot()
                assertEquals(if (i % 2 == 0) Side.ATTACKERS else Side.DEFENDERS, before.sideToMove)
                val result = game.move(mv)
                assertEquals(mv, result.played.notation)
                assertEquals(mv.substringBefore('-'), result.played.from.name())
                assertEquals(mv.substringAfter('-').substringBefore('x'), result.played.to.name())
                val after = game.snapshot()
                assertEquals(i + 1, after.plies.toInt())
                assertEquals(result.played, after.lastMove)
                assertEquals(result.status, after.status)
                if (i < BRANDUBH_KING_ESCAPE.size - 1) assertEquals(GameStatus.Ongoing, result.status)
                if (mv == "c4-c6xd6") {
                    assertEquals(listOf("d6"), result.played.captured.map { it.name() })
                    assertTrue(after.squares.single { it.name == "d6" }.captured)
                    assertNull(after.pieceAt("d6"))
                    assertEquals(0u, after.pliesSinceCapture)
                    assertEquals(7, after.squares.count { it.piece == Piece.ATTACKER })
                }
                if (mv == "e4-e1") {
                    // Raichi: the king sees g1 (a1 is cut off by the attacker on d1).
                    assertEquals(listOf("g1"), after.kingOpenLines.map { it.name() })
                    assertTrue(after.squares.single { it.name == "g1" }.kingOpenLine)
                }
            }
            val end = game.snapshot()
            assertEquals(GameStatus.Won(Side.DEFENDERS, WinReason.KING_ESCAPED), end.status)
            assertEquals(TurnPrompt.GameOver, end.turn)
            assertEquals(12u, end.plies)
            assertEquals("e1-g1", end.lastMove!!.notation)
            assertEquals(emptyList(), end.lastMove.captured)
            assertTrue(end.squares.single { it.name == "e1" }.lastMoveFrom)
            assertTrue(end.squares.single { it.name == "g1" }.lastMoveTo)
            assertTrue(end.squares.single { it.name == "g1" }.escape)
            assertEquals(Piece.KING, end.pieceAt("g1"))
            assertEquals(emptyList(), end.kingOpenLines)
            assertTrue(end.squares.none { it.captured }, "an escaped king is not captured")
            assertTrue(end.canUndo, "a game that ended on the board can be taken back")
            assertEquals(6u, end.pliesSinceCapture)
            val otn = game.exportOtn()
            assertTrue("c4-c6xd6" in otn && "e1-g1" in otn, otn)
        }
    }

    @Test
    fun attackersCaptureTheKingOnTheEdge() {
        // Brandubh: the king runs to e1 and the attackers close f1 (d1 holds the other side).
        twoPlayers().use { game ->
            val moves = BRANDUBH_KING_ESCAPE.take(10) + "f4-f1"
            for (m in moves.dropLast(1)) assertEquals(GameStatus.Ongoing, game.move(m).status)
            val last = game.move(moves.last())
            assertEquals(GameStatus.Won(Side.ATTACKERS, WinReason.KING_CAPTURED), last.status)
            // The move's notation does not list the king (as in OpenTafl); the snapshot marks
            // him captured on his square, where he stays.
            assertEquals("f4-f1", last.played.notation)
            assertEquals(emptyList(), last.played.captured)
            val s = game.snapshot()
            assertEquals(GameStatus.Won(Side.ATTACKERS, WinReason.KING_CAPTURED), s.status)
            assertEquals(TurnPrompt.GameOver, s.turn)
            assertEquals(11u, s.plies)
            assertEquals(last.played, s.lastMove)
            assertEquals("f1", s.lastMove!!.to.name())
            val e1 = s.squares.single { it.name == "e1" }
            assertEquals(Piece.KING, e1.piece)
            assertTrue(e1.captured, "the captured king is marked")
            assertEquals(listOf("e1"), s.squares.filter { it.captured }.map { it.name })
        }
    }

    @Test
    fun undoWithTwoPlayersTakesBackOneMove() {
        twoPlayers().use { game ->
            assertFalse(game.snapshot().canUndo)
            game.move("a4-a3")
            assertTrue(game.snapshot().canUndo)
            game.move("e4-e5")
            assertEquals(listOf("e4-e5"), game.undo().map { it.notation })
            val s = game.snapshot()
            assertEquals(1u, s.plies)
            assertEquals(Side.DEFENDERS, s.sideToMove)
            assertEquals("a4-a3", s.lastMove!!.notation)
            assertEquals(Piece.DEFENDER, s.pieceAt("e4"))
            assertEquals(listOf("a4-a3"), game.undo().map { it.notation })
            val start = game.snapshot()
            assertEquals(0u, start.plies)
            assertFalse(start.canUndo)
            assertEquals(Piece.ATTACKER, start.pieceAt("a4"))
            assertNull(start.lastMove)
        }
    }

    @Test
    fun undoAgainstTheComputerGoesBackToTheHumansTurn() {
        vsComputer(Level.EASY, Side.ATTACKERS).use { game ->
            val start = game.snapshot()
            assertEquals(TurnPrompt.YourMove(Side.ATTACKERS), start.turn)
            assertFalse(start.canUndo)
            game.move("a4-a3")
            val thinking = game.snapshot()
            assertEquals(TurnPrompt.ComputerToMove(Side.DEFENDERS), thinking.turn)
            assertTrue(thinking.canUndo)
            CancelHandle().use { cancel ->
                assertIs<ComputerMove.Played>(game.computerMove(cancel, 200u))
            }
            val afterReply = game.snapshot()
            assertEquals(2u, afterReply.plies)
            assertEquals(TurnPrompt.YourMove(Side.ATTACKERS), afterReply.turn)
            val undone = game.undo()
            assertEquals(2, undone.size, "the computer's reply and the human's move")
            assertEquals(afterReply.lastMove, undone[0], "the latest first")
            assertEquals("a4-a3", undone[1].notation)
            val back = game.snapshot()
            assertEquals(0u, back.plies)
            assertEquals(TurnPrompt.YourMove(Side.ATTACKERS), back.turn)
            assertFalse(back.canUndo)
            assertEquals(start.squares, back.squares)
        }
        // The human plays the defenders: the computer opens, and the opening move cannot be undone.
        vsComputer(Level.EASY, Side.DEFENDERS).use { game ->
            assertEquals(TurnPrompt.ComputerToMove(Side.ATTACKERS), game.snapshot().turn)
            CancelHandle().use { assertIs<ComputerMove.Played>(game.computerMove(it, 100u)) }
            assertFalse(game.snapshot().canUndo)
            val reply = game.targets(sq("d5")).first()
            game.play(sq("d5"), reply)
            assertTrue(game.snapshot().canUndo)
            val undone = game.undo()
            assertEquals(1, undone.size, "only the human's move: the computer's opening stays")
            assertEquals(reply, undone.single().to)
            val s = game.snapshot()
            assertEquals(1u, s.plies)
            assertEquals(TurnPrompt.YourMove(Side.DEFENDERS), s.turn)
        }
    }

    @Test
    fun resignEndsTheGame() {
        twoPlayers().use { game ->
            game.move("a4-a3")
            // With two players, the side to move (the defenders) resigns.
            assertEquals(GameStatus.Won(Side.ATTACKERS, WinReason.RESIGNATION), game.resign().status)
            val s = game.snapshot()
            assertEquals(TurnPrompt.GameOver, s.turn)
            assertFalse(s.canUndo)
        }
        vsComputer(Level.HARD, Side.DEFENDERS).use { game ->
            // Against the computer the person resigns, even on the computer's turn.
            assertEquals(GameStatus.Won(Side.ATTACKERS, WinReason.RESIGNATION), game.resign().status)
        }
    }
}

private data class Quint(val variant: Variant, val size: Int, val attackers: Int, val defenders: Int, val king: String)
