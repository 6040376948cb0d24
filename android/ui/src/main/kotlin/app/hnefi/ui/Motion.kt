package app.hnefi.ui

import app.hnefi.core.Coord
import app.hnefi.core.MotionPlan
import app.hnefi.core.Piece
import app.hnefi.core.Point

/** What moves on the board at one moment of a motion: hidden squares, and pieces drawn elsewhere. */
class MovingPieces(val hidden: Set<Coord>, val drawn: List<Drawn>) {
    /** A piece drawn at [at] (plan units) with [alpha]. */
    class Drawn(val piece: Piece, val at: Point, val alpha: Float)

    companion object {
        val REST = MovingPieces(emptySet(), emptyList())
    }
}

/** How long a step takes: its slide (none after a drop), then its taken pieces fading. */
fun stepMs(m: MotionPlan): Float = (if (m.slide) m.slideMs.toFloat() else 0f) + if (m.steps.any { it.taken.isNotEmpty() }) m.fadeMs.toFloat() else 0f

fun totalMs(m: MotionPlan): Float = stepMs(m) * m.steps.size

/**
 * The pieces of [m] at [elapsedMs]. Each step plays in its own slot, in order: the piece slides
 * (eased), then the pieces it took fade out. Backwards the same film runs in reverse: the taken
 * pieces fade back in, then the piece slides home. The board at rest is the plan, so until the
 * motion ends the plan's pieces where it lands are hidden.
 */
fun movingPieces(m: MotionPlan, elapsedMs: Float): MovingPieces {
    val slot = stepMs(m)
    if (slot <= 0f || elapsedMs >= totalMs(m)) return MovingPieces.REST
    val slide = if (m.slide) m.slideMs.toFloat() else 0f
    val hidden = HashSet<Coord>()
    val drawn = ArrayList<MovingPieces.Drawn>()
    m.steps.forEachIndexed { i, step ->
        val local = (elapsedMs - i * slot).coerceIn(0f, slot)
        // Time in the forward film: backwards, the film runs from its end.
        val t = if (m.backwards) slot - local else local
        val s = if (slide > 0f) easeOut((t / slide).coerceIn(0f, 1f)) else 1f
        val fade = if (slot > slide) ((t - slide) / (slot - slide)).coerceIn(0f, 1f) else 1f
        hidden += if (m.backwards) step.fromSquare else step.toSquare
        drawn += MovingPieces.Drawn(step.piece, lerp(step.from, step.to, s), 1f)
        for (taken in step.taken) {
            if (m.backwards) hidden += taken.square
            drawn += MovingPieces.Drawn(taken.piece, taken.at, 1f - fade)
        }
    }
    return MovingPieces(hidden, drawn)
}

private fun lerp(a: Point, b: Point, t: Float) = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)

/** Fast at first, gentle at the end, like Material's linear-out-slow-in. */
private fun easeOut(t: Float): Float = 1f - (1f - t) * (1f - t) * (1f - t)
