package app.hnefi.ui

import app.hnefi.core.DrawReason
import app.hnefi.core.GameMode
import app.hnefi.core.GameStatus
import app.hnefi.core.Level
import app.hnefi.core.Piece
import app.hnefi.core.Side
import app.hnefi.core.TaflStore
import app.hnefi.core.TurnPrompt
import app.hnefi.core.Variant
import app.hnefi.core.WinReason
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

class HnefiViewModelTest {

    @Test
    fun `a two-player game of Brandubh with taps, marks, an open line and the king escaping`() = Harness().use { h ->
        assertEquals(Screen.Start, h.state.screen)
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        assertEquals(Screen.Game, h.state.screen)
        assertEquals(7, h.game.size)
        assertEquals(49, h.game.squares.size)
        assertEquals("a7", h.game.squares.first().name, "the top-left square comes first")
        assertEquals(Piece.KING, h.game.square("d4")?.piece)
        assertEquals("Attackers to move", h.turnBar)

        // Tapping a piece of the side to move shows its targets; tapping an enemy piece does not.
        h.tap("d5")
        assertNull(h.game.selected)
        h.tap("a4")
        assertEquals(Sq.parse("a4"), h.game.selected)
        assertEquals(setOf("a2", "a3", "a5", "a6"), h.game.squares.filter { it.target }.map { it.name }.toSet())
        h.tap("a4")
        assertNull(h.game.selected, "a second tap deselects")

        h.move("a4-a3")
        assertEquals("Defenders to move", h.turnBar)
        assertTrue(h.game.square("a4")!!.lastMoveFrom && h.game.square("a3")!!.lastMoveTo)
        assertEquals("a4-a3", h.game.lastMove)
        // The king is boxed in by his own guards: the core marks him unmovable and a tap on
        // him selects nothing; the four guards can move.
        assertEquals(setOf("c4", "e4", "d3", "d5"), h.game.squares.filter { it.movable }.map { it.name }.toSet())
        h.tap("d4")
        assertNull(h.game.selected)

        for (m in brandubhUpToKingOnEdge.drop(1)) h.move(m)
        assertEquals(Piece.KING, h.game.square("e1")?.piece)
        assertEquals("Attackers to move", h.turnBar)
        // The king on e1 sees the corner g1: one open line.
        assertEquals(1, h.game.kingOpenLines)
        assertTrue(h.game.square("g1")!!.kingOpenLine)
        assertEquals(
            "The king has an open line to a corner.",
            EnglishStrings.openLines(h.game.variant, h.game.kingOpenLines),
        )

        h.move("b5-b6")
        h.move("e1-g1")
        assertEquals(GameStatus.Won(Side.DEFENDERS, WinReason.KING_ESCAPED), h.game.status)
        assertEquals("Defenders win: the king escaped", h.turnBar)
        assertEquals(0, h.game.kingOpenLines, "no open lines are marked once the game is over")
        // A finished game takes no more taps.
        h.tap("b6")
        assertNull(h.game.selected)
    }

    @Test
    fun `the king is captured between two attackers on the edge`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        for (m in brandubhUpToKingOnEdge) h.move(m)
        h.move("f4-f1")
        assertEquals(GameStatus.Won(Side.ATTACKERS, WinReason.KING_CAPTURED), h.game.status)
        assertEquals("Attackers win: the king was captured", h.turnBar)
        assertTrue(h.game.square("e1")!!.captured, "the king's square is marked as captured")
        assertEquals(Piece.KING, h.game.square("e1")!!.piece, "the core leaves the captured king in place")
    }

    @Test
    fun `a capture is marked on the board`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        // The defender on c2 is taken between b2 and the attacker on d2.
        h.move("a4-a3")
        h.move("c4-c2")
        h.move("a3-b3")
        h.move("e4-e5")
        h.move("b3-b2")
        assertTrue(h.game.square("c2")!!.captured)
        assertNull(h.game.square("c2")!!.piece)
        assertEquals("b3-b2xc2", h.game.lastMove)
    }

    @Test
    fun `undo takes back moves one by one with two players`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        assertFalse(h.game.canUndo)
        h.move("a4-a3")
        h.move("e4-e7")
        assertEquals(2, h.game.plies)
        assertTrue(h.game.canUndo)
        h.send(UiEvent.Undo)
        assertEquals(1, h.game.plies)
        assertEquals(Piece.DEFENDER, h.game.square("e4")?.piece)
        assertEquals("Defenders to move", h.turnBar)
        h.send(UiEvent.Undo)
        assertEquals(0, h.game.plies)
        assertEquals(Piece.ATTACKER, h.game.square("a4")?.piece)
        assertFalse(h.game.canUndo)
        h.send(UiEvent.Undo) // nothing to undo: no change, no crash
        assertEquals(0, h.game.plies)
        assertEquals("Attackers to move", h.turnBar)
    }

    @Test
    fun `resigning ends the game and reaches the turn bar`() = Harness().use { h ->
        h.newGame(Variant.TABLUT, vsComputer = false)
        h.send(UiEvent.Resign)
        assertEquals(GameStatus.Won(Side.DEFENDERS, WinReason.RESIGNATION), h.game.status)
        assertEquals("Defenders win: the attackers resigned", h.turnBar)
        assertEquals(TurnPrompt.GameOver, h.game.turn)
    }

    @ParameterizedTest
    @EnumSource(Level::class)
    fun `against each level the computer moves off the UI thread and is cancelled by undo and leaving`(level: Level) {
        val db = tempDb()
        val store = TaflStore.open(db.path)
        // Quick replies first: the computer plays the attackers and opens the game.
        Harness(store, thinkMs = 40u).use { h ->
            h.newGame(Variant.BRANDUBH, vsComputer = true, level = level, side = Side.DEFENDERS)
            h.awaitState(what = "the computer's first move") { it.game?.plies == 1 && !it.game.thinking }
            assertEquals("Your move (defenders)", h.turnBar)
            assertEquals(GameMode.VsComputer(level, Side.DEFENDERS), h.game.mode)
            // Play a defender's move by taps; the computer answers.
            val piece = listOf("d3", "c4", "e4", "d5").first { sq ->
                h.tap(sq)
                h.game.squares.any { it.target }
            }
            val to = h.game.squares.first { it.target }.name
            h.tap(to)
            assertTrue(h.game.plies >= 2, "$piece-$to played")
            h.awaitState(what = "the computer's reply") { it.game?.plies == 3 && !it.game.thinking }
            // Resigning against the computer counts as a loss in the records.
            h.send(UiEvent.Resign)
            assertEquals("The computer wins: the defenders resigned", h.turnBar)
            val row = h.state.records.single { it.level == level && it.side == Side.DEFENDERS }
            assertEquals(1, row.losses)
        }
        // Searches held back until the test lets them go: undo, leaving and onCleared cancel them,
        // and whatever a cancelled search would still return is thrown away.
        val gate = GatedDispatcher()
        Harness(store, thinkMs = 40u, computerContext = gate).use { h ->
            h.newGame(Variant.BRANDUBH, vsComputer = true, level = level, side = Side.ATTACKERS)
            h.move("a4-a3")
            assertTrue(h.game.thinking, "the computer thinks after the person's move")
            assertEquals("The computer is thinking…", h.turnBar)
            // The UI thread is free meanwhile: events are handled, taps are refused.
            h.tap("d5")
            assertNull(h.game.selected)
            h.send(UiEvent.Undo)
            assertFalse(h.game.thinking)
            assertEquals(0, h.game.plies)
            assertEquals("Your move (attackers)", h.turnBar)
            gate.release()
            Thread.sleep(100)
            assertEquals(0, h.game.plies, "the cancelled search played nothing")

            h.move("a4-a3")
            assertTrue(h.game.thinking)
            h.send(UiEvent.Back)
            assertEquals(Screen.Start, h.state.screen)
            assertFalse(h.game.thinking)
            assertTrue(h.state.canResume)
            gate.release()
            Thread.sleep(100)
            assertEquals(1, h.game.plies, "leaving cancelled the search")

            h.send(UiEvent.Resume)
            assertTrue(h.game.thinking, "resuming on the computer's turn starts its search again")
            h.clear()
            assertFalse(h.game.thinking, "onCleared cancels the search")
            gate.release()
            Thread.sleep(100)
            assertEquals(1, h.game.plies)
        }
        store.close()
    }

    @Test
    fun `a long search of the hard level stops promptly on undo`() = Harness(thinkMs = 60_000u).use { h ->
        h.newGame(Variant.COPENHAGEN, vsComputer = true, level = Level.HARD, side = Side.ATTACKERS)
        h.move("d1-d3")
        assertTrue(h.game.thinking)
        Thread.sleep(300) // the search is running on Dispatchers.Default
        assertEquals(1, h.game.plies)
        val started = System.nanoTime()
        h.send(UiEvent.Undo)
        assertFalse(h.game.thinking)
        assertEquals(0, h.game.plies)
        Thread.sleep(300)
        assertEquals(0, h.game.plies, "the cancelled search played nothing")
        assertTrue((System.nanoTime() - started) / 1_000_000 < 2_000)
        // And the game goes on: a quick search after a new move is not disturbed by the old one.
        h.move("d1-d2")
        assertTrue(h.game.thinking)
        h.send(UiEvent.Resign)
        assertFalse(h.game.thinking)
        assertEquals("The computer wins: the attackers resigned", h.turnBar)
    }

    @Test
    fun `the unfinished game and the setup come back after a restart`() {
        val db = tempDb()
        val before: GameUi
        TaflStore.open(db.path).use { store ->
            Harness(store).use { h ->
                assertFalse(h.state.canResume)
                h.newGame(Variant.BRANDUBH, vsComputer = false)
                h.move("a4-a3")
                h.move("e4-e7")
                before = h.game
            }
        }
        TaflStore.open(db.path).use { store ->
            Harness(store).use { h ->
                assertEquals(Screen.Start, h.state.screen)
                assertTrue(h.state.canResume)
                assertEquals(Variant.BRANDUBH, h.state.setup.variant)
                assertFalse(h.state.setup.vsComputer)
                h.send(UiEvent.Resume)
                assertEquals(Screen.Game, h.state.screen)
                assertEquals(before.squares, h.game.squares)
                assertEquals(2, h.game.plies)
                assertEquals("Attackers to move", h.turnBar)
                // Starting a new game asks first.
                h.send(UiEvent.Back, UiEvent.NewGame)
                assertTrue(h.state.confirmNewGame)
                assertEquals(Screen.Start, h.state.screen)
                h.send(UiEvent.CancelNewGame)
                assertFalse(h.state.confirmNewGame)
                h.send(UiEvent.NewGame, UiEvent.ConfirmNewGame)
                assertEquals(0, h.game.plies)
            }
        }
    }

    @Test
    fun `every end reason has its own turn-bar text in every language`() {
        val statuses = Side.entries.flatMap { side ->
            WinReason.entries.map { GameStatus.Won(side, it) }
        } + GameStatus.Drawn(DrawReason.MOVE_LIMIT)
        val modes = listOf(GameMode.TwoPlayers, GameMode.VsComputer(Level.NORMAL, Side.DEFENDERS))
        for (s in listOf(EnglishStrings, FrenchStrings, GermanStrings)) {
            for (mode in modes) {
                val texts = statuses.map { turnBarText(s, TurnPrompt.GameOver, it, mode, thinking = false, drawLimit = 160) }
                assertTrue(texts.all { it.isNotBlank() })
                // With two players every (winner, reason) differs; against the computer the
                // winner is "you" or "the computer", which is the same split.
                assertEquals(texts.size, texts.toSet().size, "distinct texts for $mode: $texts")
            }
            // While playing, the prompts differ from each other and from every result.
            val prompts = listOf(
                TurnPrompt.SideToMove(Side.ATTACKERS), TurnPrompt.SideToMove(Side.DEFENDERS),
                TurnPrompt.YourMove(Side.ATTACKERS), TurnPrompt.ComputerToMove(Side.DEFENDERS),
            ).map { turnBarText(s, it, GameStatus.Ongoing, GameMode.TwoPlayers, thinking = false) }
            assertEquals(prompts.size, prompts.toSet().size)
            assertNotEquals(
                turnBarText(s, TurnPrompt.ComputerToMove(Side.DEFENDERS), GameStatus.Ongoing, modes[1], thinking = true),
                turnBarText(s, TurnPrompt.ComputerToMove(Side.DEFENDERS), GameStatus.Ongoing, modes[1], thinking = false),
            )
        }
        val e = EnglishStrings
        val two = GameMode.TwoPlayers
        assertEquals("Defenders win: the king escaped", resultText(e, GameStatus.Won(Side.DEFENDERS, WinReason.KING_ESCAPED), two))
        assertEquals("Attackers win: the king was captured", resultText(e, GameStatus.Won(Side.ATTACKERS, WinReason.KING_CAPTURED), two))
        assertEquals("Attackers win: the defenders are encircled", resultText(e, GameStatus.Won(Side.ATTACKERS, WinReason.ENCIRCLED), two))
        assertEquals("Defenders win: the king built an exit fort", resultText(e, GameStatus.Won(Side.DEFENDERS, WinReason.EXIT_FORT), two))
        assertEquals("Attackers win: the same position came up a third time", resultText(e, GameStatus.Won(Side.ATTACKERS, WinReason.REPETITION), two))
        assertEquals("Defenders win: the attackers cannot move", resultText(e, GameStatus.Won(Side.DEFENDERS, WinReason.NO_MOVES), two))
        assertEquals("Draw: 160 moves without a capture", resultText(e, GameStatus.Drawn(DrawReason.MOVE_LIMIT), two))
        assertEquals("You win: the king escaped", resultText(e, GameStatus.Won(Side.DEFENDERS, WinReason.KING_ESCAPED), GameMode.VsComputer(Level.EASY, Side.DEFENDERS)))
    }

    @Test
    fun `square descriptions name the square and the piece`() {
        val sq = SquareUi(Sq.parse("f6"), Piece.KING, restricted = true, escape = false, lastMoveFrom = false,
            lastMoveTo = true, captured = false, kingOpenLine = false, movable = false, selected = true, target = false)
        assertEquals("f6, king", squareDescription(EnglishStrings, sq))
        assertEquals("f6, roi", squareDescription(FrenchStrings, sq))
        assertEquals("f6, König", squareDescription(GermanStrings, sq))
        assertEquals("selected, last move", squareState(EnglishStrings, sq))
        assertEquals(FrenchStrings, stringsFor(java.util.Locale.FRANCE))
        assertEquals(GermanStrings, stringsFor(java.util.Locale.GERMANY))
        assertEquals(EnglishStrings, stringsFor(java.util.Locale.JAPAN))
    }
}
