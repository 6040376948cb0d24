package app.hnefi.ui

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
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** The game as the view model plays it, against the real core: taps, marks, undo, the computer. */
class HnefiViewModelTest {

    @Test
    fun `a two-player game of Brandubh with taps, marks, an open line and the king escaping`() = Harness().use { h ->
        assertEquals(Screen.Start, h.state.screen)
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        assertEquals(Screen.Game, h.state.screen)
        assertEquals(7, h.game.size)
        assertEquals(49, h.game.squares.size)
        assertEquals("a7", h.game.squares.first().name, "the top-left square comes first")
        assertEquals(Piece.KING, h.game.square(sq("d4")).piece)
        assertEquals("Attackers to move", h.turnBar)

        // Tapping a piece of the side to move shows its targets; an enemy piece says why not.
        h.tap("d5")
        assertNull(h.game.selected)
        assertEquals("That piece belongs to the defenders.", h.game.flash?.text)
        h.tap("a4")
        assertEquals(sq("a4"), h.game.selected)
        assertEquals(setOf("a2", "a3", "a5", "a6"), h.targets())
        assertEquals("a4, attacker, selected", h.game.square(sq("a4")).label)
        h.tap("a4")
        assertNull(h.game.selected, "a second tap deselects")

        h.move("a4-a3")
        assertEquals("Defenders to move", h.turnBar)
        assertTrue(h.game.square(sq("a4")).lastMoveFrom && h.game.square(sq("a3")).lastMoveTo)
        assertEquals("Attackers: a4-a3", h.game.snapshot.texts.lastMove)
        // The king is boxed in by his own guards: the core marks him unmovable, and says why.
        assertEquals(setOf("c4", "e4", "d3", "d5"), h.game.squares.filter { it.movable }.map { it.name }.toSet())
        h.tap("d4")
        assertNull(h.game.selected)
        assertEquals("That piece has no free square to move to.", h.game.flash?.text)

        for (m in brandubhUpToKingOnEdge.drop(1)) h.move(m)
        assertEquals(Piece.KING, h.game.square(sq("e1")).piece)
        // The king on e1 sees the corner g1: one open line.
        assertEquals(listOf("g1"), h.game.squares.filter { it.kingOpenLine }.map { it.name })
        assertEquals("The king has a free path to a corner.", h.game.snapshot.texts.openLines)

        h.move("b5-b6")
        h.move("e1-g1")
        assertEquals(GameStatus.Won(Side.DEFENDERS, WinReason.KING_ESCAPED), h.game.snapshot.status)
        assertEquals("The defenders win: the king escaped", h.turnBar)
        assertTrue(h.game.over)
        // A finished game takes no more moves, and says so.
        h.tap("b6")
        assertNull(h.game.selected)
        assertEquals("The game is over.", h.game.flash?.text)
        // It ended on the board: it can be taken back.
        assertTrue(h.game.canUndo)
        h.send(UiEvent.Undo)
        assertFalse(h.game.over)
        assertEquals(Piece.KING, h.game.square(sq("e1")).piece)
    }

    @Test
    fun `the king is captured between two attackers on the edge`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        for (m in brandubhUpToKingOnEdge) h.move(m)
        h.move("f4-f1")
        assertEquals(GameStatus.Won(Side.ATTACKERS, WinReason.KING_CAPTURED), h.game.snapshot.status)
        assertEquals("The attackers win: the king was captured", h.turnBar)
        assertTrue(h.game.square(sq("e1")).captured, "the king's square is marked as captured")
        assertEquals(Piece.KING, h.game.square(sq("e1")).piece, "the core leaves the captured king in place")
        assertEquals(listOf("The king is trapped between two enemies."), h.game.snapshot.texts.captures)
    }

    @Test
    fun `a capture is marked on the board and explained`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        // The defender on c2 is taken between b2 and the attacker on d2.
        for (m in listOf("a4-a3", "c4-c2", "a3-b3", "e4-e5", "b3-b2")) h.move(m)
        assertTrue(h.game.square(sq("c2")).captured)
        assertNull(h.game.square(sq("c2")).piece)
        val texts = h.game.snapshot.texts
        assertEquals("Attackers: b3-b2, takes c2", texts.lastMove)
        assertEquals(listOf("c2: taken between two enemies."), texts.captures)
        assertEquals(
            "Attackers: attacker from b3 to b2. Takes the piece on c2. c2: taken between two enemies.",
            texts.announcement,
        )
        // The board animates the capture: the move, and the taken piece fading.
        val motion = assertNotNull(h.game.motion)
        assertFalse(motion.backwards)
        assertEquals(listOf(sq("c2")), motion.moves.single().captured)
    }

    @Test
    fun `undo takes back moves one by one with two players, and plays them backwards`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        assertFalse(h.game.canUndo)
        h.move("a4-a3")
        h.move("e4-e7")
        assertEquals(2, h.game.plies)
        assertTrue(h.game.canUndo)
        val forward = assertNotNull(h.game.motion)
        h.send(UiEvent.Undo)
        assertEquals(1, h.game.plies)
        assertEquals(Piece.DEFENDER, h.game.square(sq("e4")).piece)
        assertEquals("Defenders to move", h.turnBar)
        val back = assertNotNull(h.game.motion)
        assertTrue(back.backwards)
        assertTrue(back.id != forward.id, "a new animation")
        assertEquals(listOf("e4-e7"), back.moves.map { it.notation })
        h.send(UiEvent.Undo)
        assertEquals(0, h.game.plies)
        assertEquals(Piece.ATTACKER, h.game.square(sq("a4")).piece)
        assertFalse(h.game.canUndo)
        val last = h.game.motion
        h.send(UiEvent.Undo) // nothing to undo: no change, no new animation, no crash
        assertEquals(0, h.game.plies)
        assertEquals(last, h.game.motion)
        assertEquals("Attackers to move", h.turnBar)
    }

    @Test
    fun `resigning asks first, then ends the game`() = Harness().use { h ->
        h.newGame(Variant.TABLUT, vsComputer = false)
        h.send(UiEvent.Resign)
        assertTrue(h.game.confirmResign)
        assertFalse(h.game.over, "nothing happens before the answer")
        assertEquals("The attackers give up, and the other side wins.", h.game.snapshot.texts.resignQuestion)
        h.send(UiEvent.CancelResign)
        assertFalse(h.game.confirmResign)
        assertFalse(h.game.over)
        // Back closes the question rather than leaving the game.
        h.send(UiEvent.Resign, UiEvent.Back)
        assertEquals(Screen.Game, h.state.screen)
        assertFalse(h.game.confirmResign)
        h.send(UiEvent.Resign, UiEvent.ConfirmResign)
        assertEquals(GameStatus.Won(Side.DEFENDERS, WinReason.RESIGNATION), h.game.snapshot.status)
        assertEquals("The defenders win: the attackers resigned", h.turnBar)
        assertEquals(TurnPrompt.GameOver, h.game.snapshot.turn)
        assertFalse(h.game.canUndo, "a resignation cannot be taken back")
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
            assertTrue(h.game.snapshot.texts.lastMove!!.startsWith("Computer: "), "the computer's move in words")
            assertNotNull(h.game.motion, "the computer's move is animated")
            assertEquals(GameMode.VsComputer(level, Side.DEFENDERS), h.game.snapshot.mode)
            // Play a defender's move by taps; the computer answers.
            val piece = listOf("d3", "c4", "e4", "d5").first { square ->
                h.tap(square)
                h.targets().isNotEmpty()
            }
            val to = h.targets().first()
            h.tap(to)
            assertTrue(h.game.plies >= 2, "$piece-$to played")
            h.awaitState(what = "the computer's reply") { it.game?.plies == 3 && !it.game.thinking }
            // Resigning against the computer counts as a loss once the player leaves the game.
            h.send(UiEvent.Resign, UiEvent.ConfirmResign)
            assertEquals("The computer wins: the defenders resigned", h.turnBar)
            h.send(UiEvent.Back)
            val recorded = h.awaitState(what = "the records") { st ->
                st.records.any { it.level == level && it.side == Side.DEFENDERS && it.losses == 1u }
            }
            assertFalse(recorded.canResume)
        }
        // Searches held back until the test lets them go: undo, leaving and onCleared cancel them,
        // and whatever a cancelled search would still return is thrown away.
        val gate = GatedDispatcher()
        Harness(store, thinkMs = 40u, computerContext = gate).use { h ->
            h.newGame(Variant.BRANDUBH, vsComputer = true, level = level, side = Side.ATTACKERS)
            h.move("a4-a3")
            assertTrue(h.game.thinking, "the computer thinks after the person's move")
            assertEquals("The computer is thinking…", h.turnBar)
            assertTrue(h.game.canUndo, "undo stays available while it thinks: it cancels the search")
            // The UI thread is free meanwhile: events are handled, taps are refused with a reason.
            h.tap("d5")
            assertNull(h.game.selected)
            assertEquals("Wait: the computer is thinking.", h.game.flash?.text)
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
            h.awaitState(what = "resumable") { it.canResume }
            gate.release()
            Thread.sleep(100)
            assertEquals(1, h.game.plies, "leaving cancelled the search")

            h.send(UiEvent.Resume)
            assertTrue(h.game.thinking, "resuming on the computer's turn starts its search again")
            h.clear()
            gate.release()
            Thread.sleep(100)
            assertEquals(1, h.game.plies, "onCleared cancelled the search")
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
        h.send(UiEvent.Undo)
        assertFalse(h.game.thinking)
        assertEquals(0, h.game.plies)
        Thread.sleep(300)
        assertEquals(0, h.game.plies, "the cancelled search played nothing")
        // And the game goes on: a new search after a new move is not disturbed by the old one.
        h.move("d1-d2")
        assertTrue(h.game.thinking)
        h.send(UiEvent.Resign, UiEvent.ConfirmResign)
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
                h.send(UiEvent.WentToBackground)
                store.flush()
            }
        }
        TaflStore.open(db.path).use { store ->
            Harness(store).use { h ->
                assertEquals(Screen.Start, h.state.screen)
                assertTrue(h.state.canResume)
                assertEquals(Variant.BRANDUBH, h.state.setup.variant)
                assertFalse(h.state.setup.vsComputer)
                h.send(UiEvent.Resume)
                h.awaitState(what = "the resumed game") { it.screen == Screen.Game && it.game != null }
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
}
