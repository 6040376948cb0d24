//! End-of-game patterns that look at the whole board: encirclement and exit forts, plus the
//! king's open lines to his escape squares (for the apps' raichi / tuichi warnings).

use crate::engine::bits::{Dir, Square};
use crate::engine::board::BitBoard;
use crate::engine::movegen;
use crate::engine::position::PositionOf;
use crate::engine::side::Side;

/// Grows `from` through `through`, one orthogonal step at a time, until it stops growing or
/// meets `goal` (returned early: only whether it was met matters then).
#[inline]
pub(crate) fn flood<B: BitBoard>(pos: &PositionOf<B>, from: B, through: B, goal: B) -> B {
    pos.variant().geometry.flood(from, through, goal)
}

/// Encirclement: no defender and not the king can reach the board edge by orthogonal steps
/// through squares free of attackers. A piece standing on the edge is never encircled.
pub fn is_encircled<B: BitBoard>(pos: &PositionOf<B>) -> bool {
    let g = &pos.variant().geometry;
    let free = g.board & !pos.attackers();
    let reach = flood(pos, pos.pieces(Side::Defenders), free, g.edge);
    (reach & g.edge).is_empty()
}

/// An exit fort: where the king shuffles and what holds the attackers out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fort<B: BitBoard = crate::engine::bits::Bits19> {
    /// The squares the king can ever reach: his own and the region around him that the wall
    /// closes off from every attacker.
    pub inside: B,
    /// The defenders no attacker can ever capture: the pieces around the inside and the
    /// supporters that keep them safe (and any other such defender on the board).
    pub wall: B,
}

/// Exit fort (Copenhagen): the king stands on the edge, can move, and the attackers can never
/// break the structure around him. See [`exit_fort`].
pub fn is_exit_fort<B: BitBoard>(pos: &PositionOf<B>) -> bool {
    exit_fort(pos).is_some()
}

/// The exit fort the king stands in, if any.
///
/// The test is sound: it never declares a fort that the attackers could break. It computes the
/// greatest set of defenders that can never be captured, supposing the set itself stays (a
/// greatest fixpoint). It starts from every defender and removes, until nothing changes, each
/// one that some arrangement of attackers could capture, given that only the remaining set is
/// sure to stay:
/// - attackers can only ever stand on squares they reach through squares outside the set (the
///   empty throne and the corners counted as passable, which only widens that reach);
/// - a defender falls to custody when, on one line through it, both neighbours are squares an
///   attacker can reach or hostile squares (the corners, and the throne);
/// - a defender on the edge falls to a shield wall when an attacker can reach the square in
///   front of it and, both ways along the edge, the run of set pieces it belongs to ends at a
///   square an attacker can reach or a corner, every piece of the run with such a front.
///
/// The king is in a fort when, with the set that remains, no attacker can reach his region and
/// he has an empty square beside him. By induction nothing in the set is ever captured while
/// the king shuffles between two squares, so no attacker ever gets in. Supporters outside the
/// wall count (a defender guarding a wall piece's open side), and so do walls that only hold
/// together. A fort that needs more than this reasoning, say a wall piece that could be
/// captured but would be replaced at once, is missed, which the rules allow.
pub fn exit_fort<B: BitBoard>(pos: &PositionOf<B>) -> Option<Fort<B>> {
    let v = pos.variant();
    let g = &v.geometry;
    let king = pos.king();
    if !g.edge.contains(king) {
        return None;
    }
    let empty = g.board & !pos.occupied();
    if (g.neighbours(B::square(king)) & empty).is_empty() {
        return None; // the king cannot move
    }
    let attackers = pos.attackers();
    // Every corner and the throne, whatever the rules make them: more hostility than there is
    // only ever makes the test miss a fort, never find a false one.
    let hostile = v.corners | v.throne;
    let mut wall = pos.defenders();
    loop {
        let open = g.board & !wall;
        let inside = flood(pos, B::square(king), open, attackers);
        if (inside & attackers).any() {
            return None;
        }
        let reach = flood(pos, attackers, open, B::EMPTY);
        let jaws = reach | hostile;
        let custody = (g.shift(jaws, Dir::North) & g.shift(jaws, Dir::South))
            | (g.shift(jaws, Dir::East) & g.shift(jaws, Dir::West));
        let mut falls = wall & custody;
        if v.shield_walls != crate::engine::variant::ShieldWalls::None {
            falls |= shield_wall_exposed(pos, wall & g.edge & !falls, wall, reach);
        }
        if falls.is_empty() {
            return Some(Fort { inside, wall });
        }
        wall ^= falls;
    }
}

/// The pieces of `candidates` (edge pieces of `wall`) that a shield wall could capture, when
/// attackers can stand anywhere in `reach` and every piece of `wall` stays.
fn shield_wall_exposed<B: BitBoard>(pos: &PositionOf<B>, candidates: B, wall: B, reach: B) -> B {
    let v = pos.variant();
    let g = &v.geometry;
    let front_attacked =
        |sq: Square, inward: Dir| g.shift(B::square(sq), inward) & reach != B::EMPTY;
    candidates
        .into_iter()
        .filter(|&piece| {
            let Some((along, inward)) = g.edge_lines(piece) else {
                return false;
            };
            front_attacked(piece, inward)
                && along.into_iter().all(|dir| {
                    // Walk the run of wall pieces this way; it can close only at a square an
                    // attacker reaches, or at a corner, with every front attacked.
                    let mut cur = g.step(piece, dir);
                    while let Some(sq) = cur.filter(|&s| wall.contains(s)) {
                        if !front_attacked(sq, inward) {
                            return false;
                        }
                        cur = g.step(sq, dir);
                    }
                    cur.is_some_and(|end| reach.contains(end) || v.corners.contains(end))
                })
        })
        .collect()
}

/// The attackers that close the ring around the defenders: those next to the squares the
/// defenders can still reach (empty when the defenders are not encircled).
pub fn encirclement_ring<B: BitBoard>(pos: &PositionOf<B>) -> B {
    if !is_encircled(pos) {
        return B::EMPTY;
    }
    let g = &pos.variant().geometry;
    let free = g.board & !pos.attackers();
    let region = flood(pos, pos.pieces(Side::Defenders), free, B::EMPTY);
    g.neighbours(region) & pos.attackers()
}

/// The defenders that make the king's exit fort (empty when he has none): the wall around the
/// squares he can reach, and the king.
pub fn fort_pieces<B: BitBoard>(pos: &PositionOf<B>) -> B {
    let Some(fort) = exit_fort(pos) else {
        return B::EMPTY;
    };
    let g = &pos.variant().geometry;
    // The wall around the king's region, and the supporters standing by it; not the other
    // uncapturable defenders that the fort's reasoning may have found elsewhere.
    let around = g.neighbours(fort.inside) & fort.wall;
    flood(pos, around, fort.wall, B::EMPTY) | B::square(pos.king())
}

/// The escape squares the king can reach in one move: one is "raichi", two or more "tuichi"
/// (the opponent cannot block both).
pub fn king_open_lines<B: BitBoard>(pos: &PositionOf<B>) -> B {
    movegen::destinations(pos, pos.king()) & pos.variant().escape
}
