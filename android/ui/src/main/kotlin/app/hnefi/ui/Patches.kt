package app.hnefi.ui

import app.hnefi.core.Frame
import app.hnefi.core.FramePatch
import app.hnefi.core.Patch
import app.hnefi.core.ScreenView

/**
 * The frame a patch makes of this one (the frame before it): the patched part replaced, the
 * rest kept as the same objects, so that Compose skips every part of the screen the patch did
 * not touch (a drag step redraws the board, never the move list or the lines under it; a tick
 * of the clock redraws its two faces).
 */
fun Frame.patched(patch: FramePatch): Frame {
    val screen = when (val change = patch.patch) {
        is Patch.Busy -> screen
        is Patch.Board -> (screen as? ScreenView.Game)?.let { s ->
            val board = s.game.board
            ScreenView.Game(
                s.game.copy(
                    board = board.copy(
                        window = change.window,
                        plan = board.plan.copy(drop = change.drop, lifted = change.lifted),
                    ),
                ),
            )
        } ?: screen
        is Patch.Chart -> (screen as? ScreenView.Review)?.let { s ->
            ScreenView.Review(s.review.copy(chart = change.chart, analysis = change.analysis))
        } ?: screen
        is Patch.Clock -> (screen as? ScreenView.Game)?.let { s ->
            ScreenView.Game(s.game.copy(clock = change.clock))
        } ?: screen
    }
    return copy(revision = patch.revision, busy = patch.busy, effects = emptyList(), screen = screen)
}
