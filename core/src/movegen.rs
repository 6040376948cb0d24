//! Legal move generation.
//!
//! Every piece moves like a chess rook. Only the king may stop on a restricted square (the
//! throne, and the corners where they are special); the others may pass the empty throne.
//! Tafl has no self-check, so every such move is legal.

use crate::bits::{Bits, Dir, Square};
use crate::position::Position;

pub use crate::moves::{MAX_MOVES, Move, MoveList};

/// The squares the piece on `from` can move to (`from` must hold a piece).
#[inline]
pub fn destinations(pos: &Position, from: Square) -> Bits {
    let v = pos.variant();
    let g = &v.geometry;
    let occupied = pos.occupied();
    let mut reach = Bits::EMPTY;
    for dir in Dir::ALL {
        let ray = g.ray(from, dir);
        let blockers = ray & occupied;
        let nearest = if dir.is_positive() {
            blockers.first()
        } else {
            blockers.last()
        };
        reach |= match nearest {
            Some(b) => ray & !g.ray(b, dir) & !b.bit(),
            None => ray,
        };
    }
    if from == pos.king() {
        reach
    } else {
        reach & !v.restricted
    }
}

/// Appends every legal move of the side to move.
pub fn generate(pos: &Position, list: &mut MoveList) {
    list.clear();
    for from in pos.pieces(pos.side_to_move()) {
        for to in destinations(pos, from) {
            list.push(Move::new(from, to));
        }
    }
}

/// The legal moves of the side to move.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list
}

/// How many legal moves the side to move has.
pub fn count(pos: &Position) -> u64 {
    pos.pieces(pos.side_to_move())
        .iter()
        .map(|from| destinations(pos, from).count() as u64)
        .sum()
}

/// Whether the side to move has any legal move (stops at the first).
pub fn has_any(pos: &Position) -> bool {
    pos.pieces(pos.side_to_move())
        .iter()
        .any(|from| destinations(pos, from).any())
}
