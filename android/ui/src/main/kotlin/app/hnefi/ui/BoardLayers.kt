package app.hnefi.ui

import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.text.TextMeasurer
import app.hnefi.core.BoardPlan
import app.hnefi.core.DrawOp

/** One layer of the board as it is drawn: the core's ops, where they land, how opaque. */
class BoardLayer(val ops: List<DrawOp>, val scale: PlanScale, val alpha: Float = 1f)

/**
 * The core's board plan in the order the board is drawn: under it all the squares and marks,
 * the drop frame, the pieces at rest (but those the motion [moving] hides), the moving pieces
 * where the motion has them, the marks over the pieces, and the lifted piece on top. No
 * drawing happens here, so that a test walks the very layers [Board] draws.
 */
fun boardLayers(plan: BoardPlan, scale: PlanScale, moving: MovingPieces): List<BoardLayer> {
    val glyphs = plan.glyphs.associateBy({ it.piece }, { it.ops })
    val layers = ArrayList<BoardLayer>(plan.pieces.size + moving.drawn.size + 4)
    layers += BoardLayer(plan.under, scale)
    layers += BoardLayer(plan.drop, scale)
    for (p in plan.pieces) {
        if (p.square in moving.hidden) continue
        glyphs[p.piece]?.let { layers += BoardLayer(it, scale.around(scale.at(p.at))) }
    }
    for (d in moving.drawn) {
        glyphs[d.piece]?.let { layers += BoardLayer(it, scale.around(scale.at(d.at)), d.alpha) }
    }
    layers += BoardLayer(plan.over, scale)
    plan.lifted?.let { l -> glyphs[l.piece]?.let { layers += BoardLayer(it, scale.around(scale.at(l.at), l.scale)) } }
    return layers
}

/** Draws the board's layers in their order. */
fun DrawScope.drawBoard(layers: List<BoardLayer>, text: TextMeasurer) {
    for (layer in layers) drawOps(layer.ops, layer.scale, text, layer.alpha)
}
