package app.hnefi.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.border
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.min
import app.hnefi.core.Piece

/**
 * The board as the core describes it: rank by rank from the top, always the same way up, for
 * either player. It takes the largest square that fits, with squares of at most 64 dp.
 */
@Composable
fun Board(game: GameUi, strings: Strings, onTap: (Sq) -> Unit, modifier: Modifier = Modifier) {
    BoxWithConstraints(modifier, contentAlignment = Alignment.Center) {
        val cell: Dp = min(min(maxWidth, maxHeight) / game.size, 64.dp)
        Column(Modifier.border(2.dp, Palette.boardLine).testTag("board")) {
            for (row in game.squares.chunked(game.size)) {
                Row {
                    for (square in row) {
                        SquareCell(square, strings, cell, onTap)
                    }
                }
            }
        }
    }
}

@Composable
private fun SquareCell(square: SquareUi, strings: Strings, cell: Dp, onTap: (Sq) -> Unit) {
    val description = squareDescription(strings, square)
    val state = squareState(strings, square)
    Box(
        modifier = Modifier
            .size(cell)
            .background(
                when {
                    square.restricted -> Palette.special
                    square.escape -> Palette.escapeEdge
                    else -> Palette.boardLight
                },
            )
            .border(0.5.dp, Palette.boardLine)
            .testTag("sq-${square.name}")
            .clickable { onTap(square.sq) }
            .semantics {
                contentDescription = description
                if (state.isNotEmpty()) stateDescription = state
                role = Role.Button
            },
    ) {
        Canvas(Modifier.fillMaxSize()) { drawSquare(square) }
    }
}

private fun DrawScope.drawSquare(square: SquareUi) {
    val w = size.minDimension
    val centre = Offset(size.width / 2, size.height / 2)
    if (square.restricted) {
        // Throne and corners: a diagonal cross in the board's line colour.
        val inset = w * 0.18f
        drawLine(Palette.boardLine, Offset(inset, inset), Offset(w - inset, w - inset), strokeWidth = w * 0.03f)
        drawLine(Palette.boardLine, Offset(w - inset, inset), Offset(inset, w - inset), strokeWidth = w * 0.03f)
    }
    if (square.kingOpenLine) {
        // The escape square the king can reach now: stripes.
        val step = w / 5
        var x = -w
        while (x < w) {
            drawLine(Palette.openLine, Offset(x, w), Offset(x + w, 0f), strokeWidth = w * 0.07f)
            x += step
        }
    }
    if (square.lastMoveFrom || square.lastMoveTo) {
        val stroke = if (square.lastMoveTo) w * 0.09f else w * 0.05f
        drawRect(Palette.lastMove, topLeft = Offset(stroke / 2, stroke / 2),
            size = androidx.compose.ui.geometry.Size(w - stroke, w - stroke), style = Stroke(stroke))
    }
    if (square.selected) {
        val stroke = w * 0.1f
        drawRect(Palette.selected, topLeft = Offset(stroke / 2, stroke / 2),
            size = androidx.compose.ui.geometry.Size(w - stroke, w - stroke), style = Stroke(stroke))
    }
    when (square.piece) {
        Piece.ATTACKER -> {
            drawCircle(Palette.attacker, radius = w * 0.36f, center = centre)
            drawCircle(Palette.defender, radius = w * 0.36f, center = centre, style = Stroke(w * 0.03f))
        }
        Piece.DEFENDER -> {
            drawCircle(Palette.defender, radius = w * 0.34f, center = centre)
            drawCircle(Palette.pieceOutline, radius = w * 0.34f, center = centre, style = Stroke(w * 0.05f))
        }
        Piece.KING -> {
            drawCircle(Palette.defender, radius = w * 0.42f, center = centre)
            drawCircle(Palette.pieceOutline, radius = w * 0.42f, center = centre, style = Stroke(w * 0.07f))
            val arm = w * 0.22f
            drawLine(Palette.pieceOutline, Offset(centre.x - arm, centre.y), Offset(centre.x + arm, centre.y), strokeWidth = w * 0.08f)
            drawLine(Palette.pieceOutline, Offset(centre.x, centre.y - arm), Offset(centre.x, centre.y + arm), strokeWidth = w * 0.08f)
        }
        null -> Unit
    }
    if (square.target) {
        val r = w * 0.14f
        drawCircle(Palette.target, radius = r, center = centre)
        drawCircle(Color.White, radius = r, center = centre, style = Stroke(w * 0.025f))
    }
    if (square.captured) {
        val inset = w * 0.12f
        drawLine(Palette.captured, Offset(inset, inset), Offset(w - inset, w - inset), strokeWidth = w * 0.1f)
        drawLine(Palette.captured, Offset(w - inset, inset), Offset(inset, w - inset), strokeWidth = w * 0.1f)
    }
}
