//! Legal move generation.
//!
//! Every piece moves like a chess rook. Only the king may stop on a restricted square (the
//! throne, and the corners where they are special); the others may pass the empty throne.
//! Tafl has no self-check, so every such move is legal.

use std::fmt;
use std::ops::Deref;

use crate::bits::{Bits, Dir, Square};
use crate::position::Position;

/// A move from one square to another on the same rank or file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

/// More than any position can have: 24 attackers with at most 20 moves each on 11x11.
pub const MAX_MOVES: usize = 512;

/// A fixed-capacity list of moves that lives on the stack.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    pub fn new() -> MoveList {
        const NONE: Move = Move::new(Square::from_index(0), Square::from_index(0));
        MoveList {
            len: 0,
            moves: [NONE; MAX_MOVES],
        }
    }

    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

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
