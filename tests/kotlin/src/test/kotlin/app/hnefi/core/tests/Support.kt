package app.hnefi.core.tests

import app.hnefi.core.Coord
import app.hnefi.core.GameMode
import app.hnefi.core.GameSession
import app.hnefi.core.GameSnapshot
import app.hnefi.core.Level
import app.hnefi.core.MoveResult
import app.hnefi.core.Piece
import app.hnefi.core.Side
import app.hnefi.core.TaflStore
import app.hnefi.core.Variant

/** A square by its name in notation: "a1" is file 0, rank 0. */
fun sq(name: String): Coord {
    val file = name[0] - 'a'
    val rank = name.substring(1).toInt() - 1
    return Coord(file.toUByte(), rank.toUByte())
}

fun Coord.name(): String = "${'a' + file.toInt()}${rank.toInt() + 1}"

/** Plays "d1-d3" (the captures, if written, are ignored). */
fun GameSession.move(notation: String): MoveResult {
    val (from, to) = notation.substringBefore('x').split('-')
    return play(sq(from), sq(to))
}

fun GameSnapshot.pieceAt(name: String): Piece? = squares.single { it.name == name }.piece

fun twoPlayers(variant: Variant = Variant.BRANDUBH, store: TaflStore? = null): GameSession =
    GameSession.newGame(variant, GameMode.TwoPlayers, true, store)

fun vsComputer(
    level: Level,
    human: Side,
    variant: Variant = Variant.BRANDUBH,
    store: TaflStore? = null,
): GameSession = GameSession.newGame(variant, GameMode.VsComputer(level, human), true, store)

/**
 * A Brandubh game the defenders win: the defenders capture d6 on move 6, the king leaves the
 * throne, runs to e1 and escapes to the corner g1 (checked with `tafl replay`).
 */
val BRANDUBH_KING_ESCAPE = listOf(
    "a4-a3", "e4-e5", "b4-b3", "e5-e6", "g4-g3", "c4-c6xd6",
    "g3-g2", "d4-e4", "b3-b2", "e4-e1", "a3-a4", "e1-g1",
)
