//! End-of-game patterns that look at the whole board: encirclement and exit forts, plus the
//! king's open lines to his escape squares (for the apps' raichi / tuichi warnings).

use crate::bits::{Bits, Dir, Square};
use crate::movegen;
use crate::position::Position;

/// Grows `from` through `through`, one orthogonal step at a time, until it stops growing or
/// meets `goal` (returned early: only whether it was met matters then).
#[inline]
pub(crate) fn flood(pos: &Position, from: Bits, through: Bits, goal: Bits) -> Bits {
    let g = &pos.variant().geometry;
    let mut reach = from;
    loop {
        if (reach & goal).any() {
            return reach;
        }
        let next = reach | (g.neighbours(reach) & through);
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

/// Encirclement: no defender and not the king can reach the board edge by orthogonal steps
/// through squares free of attackers. A piece standing on the edge is never encircled.
pub fn is_encircled(pos: &Position) -> bool {
    let g = &pos.variant().geometry;
    let free = g.board & !pos.attackers();
    let reach = flood(pos, pos.pieces(crate::Side::Defenders), free, g.edge);
    (reach & g.edge).is_empty()
}

/// Exit fort (Copenhagen): the king stands on the edge, can move, and the attackers can never
/// break the structure around him.
///
/// The test is sound and deliberately conservative. Let the *inside* be the empty squares the
/// king reaches by orthogonal steps (with his own square), and the *wall* the pieces next to it.
/// It is a fort when:
/// - the inside has room for the king to move, and no attacker touches it (all of the wall are
///   defenders), so attackers can only get in by capturing a wall piece;
/// - no wall piece can ever be captured: on each line through it, one neighbour is off the
///   board, inside (and not hostile), or another wall piece.
///
/// By induction no wall piece is ever captured while the king shuffles inside, so the attackers
/// never get in. Forts that need more reasoning (say, a wall piece that could be captured but
/// immediately replaced) are missed, which the rules allow; a false fort is never declared.
pub fn is_exit_fort(pos: &Position) -> bool {
    let v = pos.variant();
    let g = &v.geometry;
    let king = pos.king();
    if !g.edge.contains(king) {
        return false;
    }
    let empty = g.board & !pos.occupied();
    let inside = flood(pos, king.bit(), empty, Bits::EMPTY);
    if inside.count() < 2 {
        return false; // the king cannot move
    }
    let wall = g.neighbours(inside) & !inside;
    if (wall & pos.attackers()).any() {
        return false;
    }
    // Squares attackers can never stand on while the wall holds, and that are not hostile.
    let hostile = v.hostile_corners | v.throne.bit();
    let safe = (inside & !hostile) | wall;
    let is_safe = |sq: Option<Square>| sq.is_none_or(|s| safe.contains(s));

    wall.iter().all(|piece| {
        let lines_hold = [(Dir::North, Dir::South), (Dir::East, Dir::West)]
            .into_iter()
            .all(|(a, b)| is_safe(g.step(piece, a)) || is_safe(g.step(piece, b)));
        // Shield walls need no separate check: a wall piece on the edge touches the inside
        // either along the edge (the row through it ends at a square attackers never reach, or
        // holds the king, whose front is never an attacker) or in front (so its front is safe).
        lines_hold
    })
}

/// The attackers that close the ring around the defenders: those next to the squares the
/// defenders can still reach (empty when the defenders are not encircled).
pub fn encirclement_ring(pos: &Position) -> Bits {
    if !is_encircled(pos) {
        return Bits::EMPTY;
    }
    let g = &pos.variant().geometry;
    let free = g.board & !pos.attackers();
    let region = flood(pos, pos.pieces(crate::Side::Defenders), free, Bits::EMPTY);
    g.neighbours(region) & pos.attackers()
}

/// The defenders that make the king's exit fort (empty when he has none): the wall around the
/// squares he can reach, and the king.
pub fn fort_pieces(pos: &Position) -> Bits {
    if !is_exit_fort(pos) {
        return Bits::EMPTY;
    }
    let g = &pos.variant().geometry;
    let empty = g.board & !pos.occupied();
    let inside = flood(pos, pos.king().bit(), empty, Bits::EMPTY);
    (g.neighbours(inside) & !inside) | pos.king().bit()
}

/// The escape squares the king can reach in one move: one is "raichi", two or more "tuichi"
/// (the opponent cannot block both).
pub fn king_open_lines(pos: &Position) -> Bits {
    movegen::destinations(pos, pos.king()) & pos.variant().escape
}
