//! Squares and bitboards.
//!
//! Boards are at most 11x11 = 121 squares, so one `u128` holds a whole board. A square's index
//! is `rank * size + file`, with `a1` (bottom left) at index 0. Which bits belong to the board,
//! and how to step between squares, depends on the board size: see
//! [`crate::geometry::Geometry`].

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The largest board side this engine supports (the 11x11 Copenhagen board).
pub const MAX_SIZE: u8 = 11;

/// A square, as its index on the board (`rank * size + file`).
///
/// A `Square` is only meaningful together with the board size it was made for; the variant's
/// geometry hands them out and checks them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with this index. The caller guarantees `index < size * size`.
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn bit(self) -> Bits {
        Bits(1u128 << self.0)
    }
}

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bits(pub u128);

impl Bits {
    pub const EMPTY: Bits = Bits(0);

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.0) != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.0;
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.0);
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square of the set, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(127 - self.0.leading_zeros() as u8))
        }
    }

    #[inline]
    pub const fn iter(self) -> BitsIter {
        BitsIter(self.0)
    }
}

impl IntoIterator for Bits {
    type Item = Square;
    type IntoIter = BitsIter;
    fn into_iter(self) -> BitsIter {
        BitsIter(self.0)
    }
}

impl FromIterator<Square> for Bits {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bits {
        let mut b = Bits::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

/// The squares of a set, lowest index first.
pub struct BitsIter(u128);

impl Iterator for BitsIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitsIter {}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bits {
            type Output = Bits;
            #[inline]
            fn $f(self, rhs: Bits) -> Bits {
                Bits(self.0 $op rhs.0)
            }
        }
        impl $tra for Bits {
            #[inline]
            fn $fa(&mut self, rhs: Bits) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits(!self.0)
    }
}

impl fmt::Debug for Bits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.index()))
            .finish()
    }
}

/// One of the four directions a piece can move in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    North,
    South,
    East,
    West,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::North, Dir::South, Dir::East, Dir::West];

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::East => Dir::West,
            Dir::West => Dir::East,
        }
    }

    /// Whether squares in this direction have higher indices.
    pub const fn is_positive(self) -> bool {
        matches!(self, Dir::North | Dir::East)
    }
}
