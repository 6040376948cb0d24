package app.hnefi.core.tests

import app.hnefi.core.Effect
import app.hnefi.core.Event
import app.hnefi.core.Feedback
import app.hnefi.core.GameView
import app.hnefi.core.Language
import app.hnefi.core.PageItem
import app.hnefi.core.Piece
import app.hnefi.core.Point
import app.hnefi.core.ScreenKind
import app.hnefi.core.SettingKind
import app.hnefi.core.SquareNode
import app.hnefi.core.TouchPhase
import app.hnefi.core.Variant
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** Playing through the frames: what squares, touches and the controls do, as a shell sees it. */
class GameFlowTest {
    private fun GameView.node(name: String): SquareNode = board.squares.single { it.square == sq(name) }

    private fun GameView.centre(name: String): Point = node(name).let { Point(it.x + 0.5f, it.y + 0.5f) }

    private fun GameView.pieceAt(name: String) = board.plan.pieces.singleOrNull { it.square == sq(name) }?.piece

    @Test
    fun aTwoPlayerGameIsPlayedToItsEndAndItsMovesOpenTheirPositions(): Unit = startApp(config()).use { t ->
        t.send(*newGameEvents())
        for (m in BRANDUBH_KING_ESCAPE) t.send(*move(m))
        val end = t.newest
        val game = end.requireGame()
        assertEquals(BRANDUBH_KING_ESCAPE, game.moveTexts)
        assertEquals(Effect.Sound(Feedback.WIN), end.effects.first(), "the winning move sounds as a win")
        assertTrue(game.over)
        assertEquals(listOf("undo", "playAgain", "menu"), game.controls.map { it.id })
        assertTrue(game.control("playAgain").primary)
        assertTrue(game.board.squares.none { it.actionable }, "nothing to play any more")
        assertContains(game.turn.text, "win")
        // Each move of the list now opens its position for review; the last is current.
        val cells = game.moves.rows.flatMap { it.cells }
        assertEquals((1u..6u).map { Event.ReviewMove(it) }, cells.map { it.event })
        assertEquals(listOf(false, false, false, false, false, true), cells.map { it.current })
        // A tap on the board says why nothing moves.
        t.send(Event.ActivateSquare(sq("a7")))
        assertNotNull(t.newest.requireGame().flash)

        t.send(cells[2].event!!)
        t.settled()
        val review = t.newest.requireReview()
        assertEquals(BRANDUBH_KING_ESCAPE, review.moves.rows.flatMap { r -> r.cells.map { it.text } })
        assertEquals(listOf(false, false, true, false, false, false), review.moves.rows.flatMap { r -> r.cells.map { it.current } })
        assertEquals(listOf(true, true, true, true), review.steps.map { it.enabled }, "first, previous, next, last")
        assertFalse(review.board.interactive)
        t.send(Event.ReviewGoTo(UInt.MAX_VALUE))
        assertEquals(listOf(true, true, false, false), t.newest.requireReview().steps.map { it.enabled }, "clamped to the end")
        t.send(Event.Back)
        assertEquals(BRANDUBH_KING_ESCAPE, t.newest.requireGame().moveTexts, "Back returns to the game")
        t.send(Event.PlayAgain)
        val again = t.newest.requireGame()
        assertEquals(0, again.plies)
        assertEquals(13, again.board.plan.pieces.size)
    }

    @Test
    fun touchesOnThePlanTapDragAndAim(): Unit = startApp(config()).use { t ->
        t.send(*newGameEvents())
        val g = t.newest.requireGame()
        // A tap at a square's centre picks the piece up: its targets are marked.
        t.send(Event.Touch(TouchPhase.TAP, g.centre("b4")))
        val picked = t.newest.requireGame()
        assertContains(picked.node("b4").label, "selected")
        assertContains(picked.node("b3").label, "possible move")
        // A tap a little off the target (a finger is wider than a square) still plays there.
        val b3 = picked.centre("b3")
        t.send(Event.Touch(TouchPhase.TAP, Point(b3.x + 0.3f, b3.y + 0.2f)))
        val tapped = t.newest.requireGame()
        assertEquals(listOf("b4-b3"), tapped.moveTexts)
        assertEquals(true, tapped.board.motion?.slide, "a tapped move slides")

        // A drag: the lifted piece follows the point, and a drop plays without a slide.
        val c4 = tapped.centre("c4")
        t.send(Event.Touch(TouchPhase.DRAG_START, c4))
        val lifting = Point(c4.x + 0.1f, c4.y + 1.4f)
        t.send(Event.Touch(TouchPhase.DRAG_MOVE, lifting))
        val lifted = assertNotNull(t.newest.requireGame().board.plan.lifted)
        assertEquals(lifting, lifted.at)
        assertTrue(lifted.scale > 1f)
        assertNull(t.newest.requireGame().pieceAt("c4"), "the square it left is drawn empty")
        t.send(Event.Touch(TouchPhase.DRAG_END, tapped.centre("c3")))
        val dropped = t.newest.requireGame()
        assertEquals(listOf("b4-b3", "c4-c3"), dropped.moveTexts)
        assertEquals(false, dropped.board.motion?.slide)
        assertNull(dropped.board.plan.lifted)

        // A drop where the piece cannot go puts it back, still picked up; so does a cancel.
        t.send(Event.Touch(TouchPhase.DRAG_START, dropped.centre("a4")))
        t.send(Event.Touch(TouchPhase.DRAG_END, dropped.centre("b5")))
        assertContains(t.newest.requireGame().node("a4").label, "selected")
        assertEquals(2, t.newest.requireGame().plies)
        t.send(Event.Touch(TouchPhase.DRAG_START, dropped.centre("g4")))
        t.send(Event.Touch(TouchPhase.DRAG_CANCEL, dropped.centre("g4")))
        assertContains(t.newest.requireGame().node("g4").label, "selected")
        assertNull(t.newest.requireGame().board.plan.lifted)
    }

    @Test
    fun aRefusalFlashesIsSaidAtOnceAndExpires(): Unit = startApp(config()).use { t ->
        t.send(*newGameEvents())
        t.send(Event.ActivateSquare(sq("d5")))
        val refused = t.newest
        val flash = assertNotNull(refused.requireGame().flash)
        assertContains(refused.effects, Effect.Announce(flash.text, true))
        t.send(Event.FlashExpired(flash.id + 1u))
        assertEquals(flash, t.newest.requireGame().flash, "another flash's expiry changes nothing")
        t.send(Event.FlashExpired(flash.id))
        assertNull(t.newest.requireGame().flash)
    }

    @Test
    fun undoBetweenTwoPlayersTakesBackOneMove(): Unit = startApp(config()).use { t ->
        t.send(*newGameEvents(), *move("b4-b3"), *move("c4-c3"))
        val before = t.newest.requireGame()
        t.send(Event.Undo)
        val undone = t.newest.requireGame()
        assertEquals(listOf("b4-b3"), undone.moveTexts)
        val motion = assertNotNull(undone.board.motion)
        assertTrue(motion.backwards)
        assertNotEquals(before.board.motion?.id, motion.id, "a new animation")
        assertEquals(sq("c3"), motion.steps.single().toSquare)
        assertEquals(Piece.DEFENDER, undone.pieceAt("c4"))
    }

    @Test
    fun resignAsksFirstAndBackClosesTheQuestion(): Unit = startApp(config()).use { t ->
        t.send(*newGameEvents(), *move("b4-b3"), Event.Resign)
        val asked = t.newest.requireGame()
        val question = assertNotNull(asked.question)
        assertEquals(Event.Answer(true), question.confirm.event)
        assertEquals(Event.Answer(false), question.cancel.event)
        assertTrue(t.newest.handlesBack)
        t.send(Event.Back)
        assertNull(t.newest.requireGame().question, "Back closes the question, not the game")
        assertFalse(t.newest.requireGame().over)
        t.send(Event.Resign, question.confirm.event)
        val resigned = t.newest
        assertTrue(resigned.requireGame().over)
        // Between two players the side to move resigns (the defenders, after b4-b3): the
        // attackers win, and it sounds as a win.
        assertEquals(Effect.Sound(Feedback.WIN), resigned.effects.first())
        assertContains(resigned.requireGame().turn.text, "attackers")
    }

    @Test
    fun aSharedGameImportsBackToTheSameMoves(): Unit = startApp(config()).use { t ->
        t.send(*newGameEvents())
        for (m in BRANDUBH_KING_ESCAPE) t.send(*move(m))
        val played = t.newest.requireGame()
        t.send(Event.ReviewMove(6u))
        t.settled()
        t.send(t.newest.requireReview().share.event)
        val share = assertIs<Effect.Share>(t.newest.effects.single())
        assertTrue(share.title.isNotBlank())
        t.send(Event.Back, Event.Back, Event.Open(ScreenKind.IMPORT), Event.ImportText(share.text))
        assertEquals(share.text, t.newest.requirePage().items.filterIsInstance<PageItem.TextField>().single().field.text)
        t.sendSettled(Event.Import)
        val imported = t.newest.requireReview()
        assertEquals(played.moveTexts, imported.moves.rows.flatMap { r -> r.cells.map { it.text } })
        assertEquals(played.board.plan.pieces.toSet(), imported.board.plan.pieces.toSet(), "the same final position")
        assertNotNull(imported.result)
        t.send(Event.Back)
        assertEquals(ScreenKind.IMPORT, t.newest.requirePage().kind, "Back goes where the review came from")
    }

    @Test
    fun theSettingsChangeTheBoard(): Unit = startApp(config()).use { t ->
        t.send(*newGameEvents())
        val withCoordinates = t.newest.requireGame().board.plan.extent
        t.send(Event.Back, Event.SetSetting(SettingKind.COORDINATES, false), Event.Resume)
        assertTrue(t.newest.requireGame().board.plan.extent < withCoordinates, "no margin for the letters")
        assertNull(t.newest.requireGame().turn.topText)
        t.send(Event.Back, Event.SetSetting(SettingKind.FACE_TO_FACE, true), Event.Resume)
        val game = t.newest.requireGame()
        assertEquals(game.turn.text, game.turn.topText, "the player across the table reads it too")
    }

    @Test
    fun everyLanguageSpeaksAndTheLanguageFollowsTheDevice() {
        val english = startApp(config()).use { it.newest.requirePage() }
        for (language in Language.entries) {
            startApp(config(language = language)).use { t ->
                val start = t.newest.requirePage()
                assertEquals(language, t.newest.language)
                val labels = start.buttons.map { it.label } + start.choices.flatMap { g -> g.choices.map { it.label } + g.title }
                assertTrue(labels.none { it.isBlank() }, "$language: $labels")
                assertEquals(english.buttons.map { it.id }, start.buttons.map { it.id }, "the same buttons")
                if (language != Language.ENGLISH) {
                    val same = start.buttons.zip(english.buttons).count { (a, b) -> a.label == b.label }
                    assertTrue(same <= start.buttons.size / 3, "$language: $same labels equal to the English")
                }
            }
        }
        startApp(config()).use { t ->
            t.send(*newGameEvents(), *move("b4-b3"))
            val before = t.newest.requireGame()
            t.send(Event.LanguageChanged(Language.GERMAN))
            val after = t.newest.requireGame()
            assertEquals(Language.GERMAN, t.newest.language)
            assertNotEquals(before.turn.text, after.turn.text)
            assertEquals(before.board.plan.pieces, after.board.plan.pieces)
            assertEquals(before.moveTexts, after.moveTexts)
        }
    }

    @Test
    fun everyVariantStartsWithItsBoard(): Unit = startApp(config()).use { t ->
        for ((variant, size, pieces) in listOf(Triple(Variant.COPENHAGEN, 11, 37), Triple(Variant.TABLUT, 9, 25), Triple(Variant.BRANDUBH, 7, 13))) {
            t.send(Event.ChooseVariant(variant), Event.ChooseOpponent(false), Event.NewGame)
            // A game going on: Start asks first, and the answer starts the new one.
            t.newest.page?.question?.let { t.send(it.confirm.event) }
            val game = t.newest.requireGame()
            assertEquals(size, game.board.plan.size.toInt(), "$variant")
            assertEquals(size * size, game.board.squares.size)
            assertEquals(pieces, game.board.plan.pieces.size, "$variant")
            t.send(*move(if (variant == Variant.BRANDUBH) "b4-b3" else "a4-a2"))
            t.send(Event.Back)
            assertTrue(t.newest.requirePage().buttons.first().id == "resume", "the game can be resumed")
        }
    }
}
