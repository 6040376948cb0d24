//! Moves: a piece's trip from one square to another, and a list of them that lives on the
//! stack. A base type, like [`Square`]: the position plays them, move generation lists them,
//! notation reads and writes them.

use std::fmt;
use std::ops::Deref;

use crate::bits::Square;

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
