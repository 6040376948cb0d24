package app.hnefi.ui

import app.hnefi.core.Feedback
import app.hnefi.core.Label
import app.hnefi.core.Language
import app.hnefi.core.Piece
import app.hnefi.core.TaflStore
import app.hnefi.core.Texts
import app.hnefi.core.Variant
import app.hnefi.core.resumeGame
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** Game feel, hints, explanations, settings, the history and the review, through the view model. */
class LearnAndFeelViewModelTest {

    @Test
    fun `every move is felt and heard, as the settings allow`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        h.move("a4-a3")
        assertEquals(listOf(UiEffect.Sound(Feedback.MOVE), UiEffect.Haptic(Feedback.MOVE)), h.awaitEffects(2))
        for (m in listOf("c4-c2", "a3-b3", "e4-e5")) h.move(m)
        h.forgetEffects()
        h.move("b3-b2") // takes c2
        assertEquals(listOf(UiEffect.Sound(Feedback.CAPTURE), UiEffect.Haptic(Feedback.CAPTURE)), h.awaitEffects(2))

        // Both start on and are saved as settings; switched off, nothing is emitted.
        assertTrue(h.state.settings.sound && h.state.settings.haptics)
        h.send(UiEvent.SetSound(false))
        h.forgetEffects()
        h.move("e5-e6")
        assertEquals(listOf<UiEffect>(UiEffect.Haptic(Feedback.MOVE)), h.awaitEffects(1))
        h.send(UiEvent.SetHaptics(false))
        h.forgetEffects()
        h.move("b2-b3")
        Thread.sleep(100)
        assertEquals(emptyList(), h.effects)
        // Undo is not a move: it plays backwards, silently.
        h.send(UiEvent.SetSound(true), UiEvent.SetHaptics(true))
        h.forgetEffects()
        h.send(UiEvent.Undo)
        Thread.sleep(100)
        assertEquals(emptyList(), h.effects)
    }

    @Test
    fun `the end of a game has its own feedback`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        for (m in brandubhUpToKingOnEdge + "b5-b6") h.move(m)
        h.forgetEffects()
        h.move("e1-g1")
        assertEquals(listOf(UiEffect.Sound(Feedback.WIN), UiEffect.Haptic(Feedback.WIN)), h.awaitEffects(2))
    }

    @Test
    fun `settings are saved in the store and read back`() {
        val db = tempDb()
        TaflStore.open(db.path).use { store ->
            Harness(store).use { h ->
                val s = h.state.settings
                assertTrue(s.sound && s.haptics, "sound and vibration start on")
                assertFalse(s.colourBlindPalette || s.showThreats, "the colour-blind palette and threats start off")
                h.send(UiEvent.SetSound(false), UiEvent.SetColourBlind(true), UiEvent.SetThreats(true))
                store.flush()
            }
        }
        TaflStore.open(db.path).use { store ->
            Harness(store).use { h ->
                val s = h.state.settings
                assertFalse(s.sound)
                assertTrue(s.haptics && s.colourBlindPalette && s.showThreats)
            }
        }
    }

    @Test
    fun `a drag picks up a piece, an illegal drop returns it, a legal one plays without a slide`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        h.send(UiEvent.DragStarted(sq("a4")))
        assertEquals(sq("a4"), h.game.selected)
        assertEquals(setOf("a2", "a3", "a5", "a6"), h.targets())
        h.send(UiEvent.Dropped(sq("a4"), sq("b5")))
        assertEquals(0, h.game.plies, "b5 is no target: nothing moves")
        assertEquals(sq("a4"), h.game.selected, "the piece is still picked up")
        h.send(UiEvent.Dropped(sq("a4"), sq("a3")))
        assertEquals(1, h.game.plies)
        assertEquals(Piece.ATTACKER, h.game.square(sq("a3")).piece)
        assertFalse(assertNotNull(h.game.motion).slide, "the piece is already where it was dropped")
        // A drag on a piece that may not move says why.
        h.send(UiEvent.DragStarted(sq("a3")))
        assertNull(h.game.selected)
        assertEquals("That piece belongs to the attackers.", h.game.flash?.text)
        val flash = h.game.flash!!
        h.send(UiEvent.DismissFlash(flash.id))
        assertNull(h.game.flash)
    }

    @Test
    fun `a hint is shown on the board and in words, cleared by a move, and marked in the history`() {
        val db = tempDb()
        TaflStore.open(db.path).use { store ->
            Harness(store).use { h ->
                h.newGame(Variant.BRANDUBH, vsComputer = false)
                assertTrue(h.game.canHint)
                h.send(UiEvent.Hint)
                assertTrue(h.game.hintPending)
                val shown = h.awaitState(what = "the hint") { it.game?.snapshot?.hint != null }.game!!
                assertFalse(shown.hintPending)
                val hint = shown.snapshot.hint!!
                assertTrue(shown.square(hint.from).hintFrom && shown.square(hint.to).hintTo, "drawn on the board")
                assertEquals("Hint: ${hint.notation}", shown.snapshot.texts.hint)
                assertNotNull(shown.snapshot.texts.hintAnnouncement)
                assertEquals("1 hint used", shown.snapshot.texts.hintsUsed)
                // The hinted move is played: the hint is gone.
                h.tap(hint.from.let { "${'a' + it.file.toInt()}${it.rank.toInt() + 1}" })
                h.send(UiEvent.SquareTapped(hint.to))
                assertEquals(1, h.game.plies)
                assertNull(h.game.snapshot.hint)
                assertTrue(h.game.squares.none { it.hintFrom || it.hintTo })
                // A hint asked again and then the move taken back: undo clears it too.
                h.send(UiEvent.Hint)
                h.awaitState(what = "the second hint") { it.game?.snapshot?.hint != null }
                h.send(UiEvent.Undo)
                assertNull(h.game.snapshot.hint)
                // The game ends (resigned) and is recorded with its hint mark.
                h.send(UiEvent.Resign, UiEvent.ConfirmResign, UiEvent.Back, UiEvent.ShowHistory)
                val rows = h.awaitState(what = "the history") { it.history.isNotEmpty() }.history
                assertEquals("2 hints used", rows.single().texts.hints)
            }
        }
    }

    @Test
    fun `a hint can be cancelled, and is not offered on the computer's turn`() {
        val gate = GatedDispatcher()
        Harness(computerContext = gate).use { h ->
            h.newGame(Variant.BRANDUBH, vsComputer = false)
            h.send(UiEvent.Hint)
            assertTrue(h.game.hintPending)
            assertEquals(1, gate.pendingCount(), "the search waits off the main thread")
            h.send(UiEvent.Hint) // pressed again: cancelled
            assertFalse(h.game.hintPending)
            gate.release()
            Thread.sleep(100)
            assertNull(h.game.snapshot.hint, "a cancelled hint shows nothing")
            h.newGame(Variant.BRANDUBH, vsComputer = true, side = app.hnefi.core.Side.DEFENDERS)
            assertFalse(h.game.canHint, "the computer opens: no hint for it")
        }
    }

    @Test
    fun `threats are computed by the core and shown when the setting is on`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        // The defender on c2 can be taken by b4-b2 next move.
        for (m in listOf("a4-a3", "c4-c2", "g4-g3")) h.move(m)
        assertFalse(h.state.settings.showThreats, "off by default")
        assertFalse(h.game.square(sq("c2")).threatened, "not marked nor read out while off")
        assertFalse(h.game.square(sq("c2")).label.contains("next move"))
        h.send(UiEvent.SetThreats(true))
        assertTrue(h.state.settings.showThreats)
        assertTrue(h.game.square(sq("c2")).threatened)
        assertTrue(h.game.square(sq("c2")).label.endsWith("can be taken next move"), h.game.square(sq("c2")).label)
    }

    @Test
    fun `the language follows the device and every text changes with it`() = Harness().use { h ->
        h.newGame(Variant.BRANDUBH, vsComputer = false)
        h.move("a4-a3")
        val english = h.game
        h.send(UiEvent.LanguageChanged(Language.GERMAN))
        val german = Texts(Language.GERMAN).use { t -> t.table().associate { it.key to it.text } }
        assertEquals(Language.GERMAN, h.state.language)
        assertEquals(german["action.undo"], h.state.words[Label.ACTION_UNDO])
        assertEquals(Language.GERMAN, h.game.snapshot.language)
        assertNotEquals(english.turnBar, h.turnBar)
        assertNotEquals(english.snapshot.texts.lastMove, h.game.snapshot.texts.lastMove)
        assertNotEquals(english.square(sq("a3")).label, h.game.square(sq("a3")).label)
        assertEquals(english.squares.map { it.piece }, h.game.squares.map { it.piece }, "the same game")
        h.send(UiEvent.Back, UiEvent.ShowRules(Variant.TABLUT))
        assertEquals(german["rules.app_hints"], h.state.rules.last())
    }

    @Test
    fun `a finished game is reviewed step by step with the engine's chart, stored, and shared`() {
        val db = tempDb()
        val gate = GatedDispatcher()
        TaflStore.open(db.path).use { store ->
            Harness(store, computerContext = gate).use { h ->
                h.newGame(Variant.BRANDUBH, vsComputer = false)
                for (m in brandubhUpToKingOnEdge + listOf("b5-b6", "e1-g1")) h.move(m)
                h.send(UiEvent.Back, UiEvent.ShowHistory)
                val row = h.awaitState(what = "the history") { it.history.isNotEmpty() }.history.single()
                assertNull(row.texts.hints)
                assertEquals("8 moves", row.texts.length)
                assertEquals("Defenders won", row.texts.result)
                h.send(UiEvent.OpenReview(row.id))
                val opened = h.awaitState(what = "the review") { it.review != null }.review!!
                assertEquals(Screen.Review, h.state.screen)
                assertEquals(8, opened.plies)
                assertEquals(8, opened.ply, "it opens on the final position")
                assertNotNull(opened.frame.resultText)
                assertEquals(9, opened.chances.size)
                // No stored analysis yet: it starts at once, off the main thread.
                assertIs<AnalysisState.Running>(opened.analysis)
                h.send(UiEvent.CancelAnalysis)
                assertEquals(AnalysisState.Stopped, h.state.review!!.analysis)
                gate.release()

                // Stepping.
                h.send(UiEvent.ReviewFirst)
                assertEquals(0, h.state.review!!.ply)
                assertEquals("Starting position", h.state.review!!.frame.positionText)
                h.send(UiEvent.ReviewPrevious)
                assertEquals(0, h.state.review!!.ply, "nothing before the start")
                h.send(UiEvent.ReviewNext, UiEvent.ReviewNext)
                assertEquals(2, h.state.review!!.ply)
                assertEquals("Move 2 of 8", h.state.review!!.frame.positionText)
                assertEquals("Defenders: e4-e7", h.state.review!!.frame.lastMoveText)
                h.send(UiEvent.ReviewLast, UiEvent.ReviewNext)
                assertEquals(8, h.state.review!!.ply)
                h.send(UiEvent.ReviewGoTo(5))
                assertEquals(5, h.state.review!!.ply)

                // Analysed again, to the end: the chart fills in, the swings come with it.
                h.send(UiEvent.Analyse)
                assertIs<AnalysisState.Running>(h.state.review!!.analysis)
                gate.release()
                val done = h.awaitState(what = "the analysis") { it.review?.analysis == AnalysisState.Complete }.review!!
                assertTrue(done.chances.all { it != null && it in 0.0..1.0 })
                assertTrue(done.chances.last()!! > 0.9, "the king escaped: the defenders won")
                assertNotNull(done.chartValue)
                assertTrue(done.swings.all { it.ply in 1..8 && it.text.isNotBlank() })

                h.forgetEffects()
                h.send(UiEvent.Share)
                val share = assertIs<UiEffect.Share>(h.awaitEffects(1).single())
                assertContains(share.text, "e1-g1")
                assertEquals("Share", share.title)

                // The second time, the review opens with the stored chart.
                h.send(UiEvent.Back)
                assertEquals(Screen.History, h.state.screen)
                h.send(UiEvent.OpenReview(row.id))
                val again = h.awaitState(what = "the review again") { it.review != null }.review!!
                assertEquals(AnalysisState.Complete, again.analysis)
                assertEquals(done.chances, again.chances)
                assertEquals(0, gate.pendingCount(), "nothing to compute")
            }
        }
    }

    @Test
    fun `a pasted game is reviewed, bad text names its first bad move, and nothing is stored`() {
        val db = tempDb()
        TaflStore.open(db.path).use { store ->
            Harness(store).use { h ->
                h.send(UiEvent.ShowImport, UiEvent.Import)
                h.awaitState(what = "the empty error") { it.import.error != null }
                assertEquals("Paste a game first.", h.state.import.error)
                h.send(UiEvent.ImportTextChanged("1. a4-a3 e4-e7 2. a3-a9"))
                assertNull(h.state.import.error, "editing clears the error")
                h.send(UiEvent.Import)
                val error = h.awaitState(what = "the bad move") { it.import.error != null }.import.error!!
                assertContains(error, "a3-a9")
                assertContains(error, "3")
                assertEquals(Screen.Import, h.state.screen)
                // The error follows the language.
                h.send(UiEvent.LanguageChanged(Language.FRENCH))
                assertNotEquals(error, h.state.import.error)
                assertContains(h.state.import.error!!, "a3-a9")
                h.send(UiEvent.LanguageChanged(Language.ENGLISH))

                h.send(UiEvent.ImportTextChanged(brandubhUpToKingOnEdge.joinToString(" ")))
                h.send(UiEvent.Import)
                val review = h.awaitState(what = "the imported review") { it.review != null }.review!!
                assertFalse(review.fromHistory)
                assertEquals(6, review.plies)
                h.send(UiEvent.CancelAnalysis, UiEvent.Back)
                assertEquals(Screen.Import, h.state.screen, "Back returns to the pasted text")
                assertEquals(emptyList(), store.finishedGames(), "nothing stored")
                assertNull(resumeGame(store))
            }
        }
    }

    @Test
    fun `a tap updates the board at once while another process holds the database's write lock`() {
        val db = tempDb()
        val store = TaflStore.open(db.path)
        Harness(store).use { h ->
            h.newGame(Variant.BRANDUBH, vsComputer = false)
            store.flush()
            SqliteLock(db).use { lock ->
                lock.acquire() // BEGIN IMMEDIATE in the sqlite3 shell: every other writer waits
                val held = System.nanoTime()
                h.tap("a4")
                val tapped = System.nanoTime()
                h.tap("a3")
                val shown = System.nanoTime()
                // The state the screen draws next frame already has the move...
                assertEquals(Piece.ATTACKER, h.game.square(sq("a3")).piece)
                assertEquals(1, h.game.plies)
                // ... while its save still waits for the lock.
                val written = java.util.concurrent.CompletableFuture.runAsync { store.flush() }
                Thread.sleep(maxOf(0L, 3_000 - (System.nanoTime() - held) / 1_000_000))
                assertFalse(written.isDone, "the save waits behind the other process's lock")
                println("with the write lock held elsewhere: tap handled in ${(tapped - held) / 1000} us, move shown in ${(shown - tapped) / 1000} us")
                lock.release()
                written.get(10, java.util.concurrent.TimeUnit.SECONDS)
            }
            assertNull(h.game.snapshot.saveError)
        }
        store.close()
        TaflStore.open(db.path).use { st -> assertEquals(1u, resumeGame(st)!!.use { it.snapshot().plies }) }
    }

    @Test
    fun `a ring or a fort that ends the game is marked on the board and said`() = Harness().use { h ->
        h.newGame(Variant.COPENHAGEN, vsComputer = false)
        copenhagenRing.forEach(h::move)
        assertEquals(app.hnefi.core.EndingKind.RING, h.game.snapshot.ending)
        assertEquals("The marked attackers close the ring.", h.game.snapshot.texts.ending)
        val ring = h.game.squares.filter { it.ending }
        assertTrue(ring.size >= 8 && ring.all { it.piece == Piece.ATTACKER }, "the ring's attackers: ${ring.map { it.name }}")
        assertTrue(ring.all { it.label.endsWith("part of the ending") }, "and said so")

        h.newGame(Variant.COPENHAGEN, vsComputer = false)
        copenhagenFort.forEach(h::move)
        assertEquals(app.hnefi.core.EndingKind.FORT, h.game.snapshot.ending)
        assertEquals("The marked defenders form the fort.", h.game.snapshot.texts.ending)
        val fort = h.game.squares.filter { it.ending }
        assertTrue(fort.isNotEmpty() && fort.all { it.piece == Piece.DEFENDER || it.piece == Piece.KING }, "the fort: ${fort.map { it.name }}")
    }
}
