//! Moves: a piece's trip from one square to another, and a list of them that lives on the
//! stack. A base type, like [`Square`]: the position plays them, move generation lists them,
//! notation reads and writes them.

use std::fmt;
use std::ops::Deref;

use crate::engine::bits::Square;

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

/// More than any position of the largest board can have: a square is reached by at most four
/// pieces (one from each direction), and 19x19 has 361 squares.
pub const MAX_MOVES: usize = 1448;

/// A fixed-capacity list of moves that lives on the stack, with room for `N` moves. Each board
/// width has its own size (see [`crate::engine::board::BitBoard::Moves`]): 512 up to 11x11.
#[derive(Clone)]
pub struct MoveListOf<const N: usize> {
    len: usize,
    moves: [Move; N],
}

/// A list with room for the moves of any board.
pub type MoveList = MoveListOf<MAX_MOVES>;

impl<const N: usize> MoveListOf<N> {
    pub fn new() -> MoveListOf<N> {
        const NONE: Move = Move::new(Square::from_index(0), Square::from_index(0));
        MoveListOf {
            len: 0,
            moves: [NONE; N],
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

impl<const N: usize> Default for MoveListOf<N> {
    fn default() -> MoveListOf<N> {
        MoveListOf::new()
    }
}

impl<const N: usize> Deref for MoveListOf<N> {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl<const N: usize> fmt::Debug for MoveListOf<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
