//! Legal move generation.
//!
//! Every piece moves like a chess rook, as far as the game lets it (one square in Ard Rí).
//! Which special squares (the throne, the corners) a piece may stop on or pass over is the
//! variant's (in most games only the king may stop on them, and everyone may pass the empty
//! throne). Tafl has no self-check, so every such move is legal.

use crate::engine::bits::{Dir, Square};
use crate::engine::board::{BitBoard, MoveBuffer};
use crate::engine::position::PositionOf;
use crate::engine::variant::PieceClass;

pub use crate::engine::moves::{MAX_MOVES, Move, MoveList, MoveListOf};

/// The squares the piece on `from` can move to (`from` must hold a piece of the side to move,
/// or the king).
#[inline]
pub fn destinations<B: BitBoard>(pos: &PositionOf<B>, from: Square) -> B {
    let class = if from == pos.king() {
        PieceClass::King
    } else if pos.attackers().contains(from) {
        PieceClass::Attacker
    } else {
        PieceClass::Defender
    };
    destinations_as(pos, from, class, pos.occupied())
}

/// The squares a piece of `class` on `from` can move to, with `occupied` standing.
#[inline]
fn destinations_as<B: BitBoard>(
    pos: &PositionOf<B>,
    from: Square,
    class: PieceClass,
    occupied: B,
) -> B {
    let v = pos.variant();
    let no_stop = v.no_stop(class);
    let reach = if v.has_gates() {
        gated(pos, from, class, occupied)
    } else {
        // A square the piece may neither pass nor stop on stops it like a piece.
        v.geometry.rook_reach(from, occupied | v.no_pass(class))
    } & !no_stop;
    match v.reach(class) {
        None => reach,
        Some(n) => {
            let g = &v.geometry;
            reach & g.steps(B::square(from), g.board, n.get())
        }
    }
}

/// The slow way, for rules with squares a piece may stop on but not pass (no game of ours has
/// one): its way ends there, on the square.
fn gated<B: BitBoard>(pos: &PositionOf<B>, from: Square, class: PieceClass, occupied: B) -> B {
    let v = pos.variant();
    let g = &v.geometry;
    let no_pass = v.no_pass(class);
    let gates = no_pass & !v.no_stop(class) & !occupied;
    let mut reach = g.rook_reach(from, occupied | no_pass);
    for dir in Dir::ALL {
        let blockers = g.ray(from, dir) & (occupied | no_pass);
        let nearest = if dir.is_positive() {
            blockers.first()
        } else {
            blockers.last()
        };
        if let Some(b) = nearest.filter(|&b| gates.contains(b)) {
            reach |= B::square(b);
        }
    }
    reach
}

/// The soldiers of the side to move, their class, and the king if he moves with them.
#[inline]
fn movers<B: BitBoard>(pos: &PositionOf<B>) -> (B, PieceClass, Option<Square>) {
    match pos.side_to_move() {
        crate::engine::side::Side::Attackers => (pos.attackers(), PieceClass::Attacker, None),
        crate::engine::side::Side::Defenders => {
            (pos.defenders(), PieceClass::Defender, Some(pos.king()))
        }
    }
}

/// Appends every legal move of the side to move.
pub fn generate<B: BitBoard>(pos: &PositionOf<B>, list: &mut B::Moves) {
    list.clear();
    let occupied = pos.occupied();
    let (soldiers, class, king) = movers(pos);
    // In square order, the king among his men, as the engine always listed them.
    let all = soldiers | king.map_or(B::EMPTY, B::square);
    for from in all {
        let class = if Some(from) == king {
            PieceClass::King
        } else {
            class
        };
        for to in destinations_as(pos, from, class, occupied) {
            list.push(Move::new(from, to));
        }
    }
}

/// The legal moves of the side to move.
pub fn legal_moves<B: BitBoard>(pos: &PositionOf<B>) -> B::Moves {
    let mut list = B::Moves::default();
    generate(pos, &mut list);
    list
}

/// How many legal moves the side to move has.
pub fn count<B: BitBoard>(pos: &PositionOf<B>) -> u64 {
    let occupied = pos.occupied();
    let (soldiers, class, king) = movers(pos);
    let soldiers_moves: u64 = soldiers
        .into_iter()
        .map(|from| destinations_as(pos, from, class, occupied).count() as u64)
        .sum();
    soldiers_moves
        + king.map_or(0, |k| {
            destinations_as(pos, k, PieceClass::King, occupied).count() as u64
        })
}

/// Whether the side to move has any legal move (stops at the first).
pub fn has_any<B: BitBoard>(pos: &PositionOf<B>) -> bool {
    let occupied = pos.occupied();
    let (soldiers, class, king) = movers(pos);
    soldiers
        .into_iter()
        .any(|from| destinations_as(pos, from, class, occupied).any())
        || king.is_some_and(|k| destinations_as(pos, k, PieceClass::King, occupied).any())
}
