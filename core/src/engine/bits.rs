//! Squares and bitboards.
//!
//! A square's index is `rank * size + file`, with `a1` (bottom left) at index 0. Which bits
//! belong to the board, and how to step between squares, depends on the board size: see
//! [`crate::engine::geometry::GeometryOf`].
//!
//! A board is a set of squares in one of a few fixed widths, each a type of its own, so that
//! the engine is compiled once per width (monomorphised) and every size class keeps the
//! instructions that suit it:
//! - [`Bits11`]: one `u128`, boards up to 11x11 (121 squares): Copenhagen, Brandubh, Tablut
//!   and the other games of 7x7 to 11x11. This was the engine's only board before boards grew,
//!   and it stays the fast path.
//! - [`Bits13`]: three 64-bit words, boards up to 13x13 (169 squares).
//! - [`Bits19`]: six 64-bit words, boards up to 19x19 (361 squares): Alea Evangelii. It is
//!   also [`Bits`], the set every board fits in, which the layers above the engine use for
//!   whatever they show or store; the search converts a game to the narrowest board that holds
//!   it (see [`crate::engine::game::GameOf::narrow`]).
//!
//! The [`crate::engine::board::BitBoard`] trait is what the engine's generic code asks of a board.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The largest board side this engine supports (Alea Evangelii's 19x19).
pub const MAX_SIZE: u8 = 19;

/// Squares of the largest board.
pub const MAX_SQUARES: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A square, as its index on the board (`rank * size + file`).
///
/// A `Square` is only meaningful together with the board size it was made for; the variant's
/// geometry hands them out and checks them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u16);

impl Square {
    /// The square with this index. The caller guarantees `index < size * size`.
    #[inline]
    pub const fn from_index(index: u16) -> Square {
        Square(index)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square as a one-square set of the widest board ([`Bits`]); the engine's generic
    /// code writes `B::square(sq)` ([`crate::engine::board::BitBoard`]).
    #[inline]
    pub fn bit(self) -> Bits {
        let mut b = Bits::EMPTY;
        b.insert(self);
        b
    }
}

/// A set of squares of a board up to 11x11, in one `u128`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bits11(pub u128);

/// A set of squares of a board up to 13x13.
pub type Bits13 = Wide<3>;

/// A set of squares of a board up to 19x19.
pub type Bits19 = Wide<6>;

/// A set of squares of any board: the widest. The engine works in the narrowest width that
/// holds its board; everything above it (notation, the apps' views, storage) uses this one.
pub type Bits = Bits19;

impl Bits11 {
    pub const EMPTY: Bits11 = Bits11(0);

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
        self.0 & (1u128 << (sq.0 & 127)) != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        debug_assert!(sq.0 < 128);
        self.0 |= 1u128 << (sq.0 & 127);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << (sq.0 & 127));
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u16))
        }
    }

    /// The highest square of the set, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(127 - self.0.leading_zeros() as u16))
        }
    }

    #[inline]
    pub const fn iter(self) -> Bits11Iter {
        Bits11Iter(self.0)
    }
}

/// The squares of a [`Bits11`], lowest index first.
pub struct Bits11Iter(u128);

impl Iterator for Bits11Iter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square(self.0.trailing_zeros() as u16);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits11Iter {}

impl IntoIterator for Bits11 {
    type Item = Square;
    type IntoIter = Bits11Iter;
    fn into_iter(self) -> Bits11Iter {
        Bits11Iter(self.0)
    }
}

impl FromIterator<Square> for Bits11 {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bits11 {
        let mut b = Bits11::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

impl fmt::Debug for Bits11 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.index()))
            .finish()
    }
}

/// A set of squares in `W` 64-bit words (square `i` is bit `i % 64` of word `i / 64`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Wide<W> {
    fn default() -> Self {
        Wide([0; W])
    }
}

impl<const W: usize> Wide<W> {
    pub const EMPTY: Wide<W> = Wide([0; W]);

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn any(self) -> bool {
        !self.is_empty()
    }

    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        let i = sq.index();
        i < 64 * W && self.0[i / 64] & (1 << (i % 64)) != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        if i < 64 * W {
            self.0[i / 64] |= 1 << (i % 64);
        }
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        if i < 64 * W {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| Square((i * 64) as u16 + self.0[i].trailing_zeros() as u16))
    }

    /// The highest square of the set, if any.
    #[inline]
    pub fn last(self) -> Option<Square> {
        self.0
            .iter()
            .rposition(|&w| w != 0)
            .map(|i| Square((i * 64 + 63) as u16 - self.0[i].leading_zeros() as u16))
    }

    #[inline]
    pub fn iter(self) -> WideIter<W> {
        WideIter {
            words: self.0,
            word: 0,
        }
    }

    /// Every square moved `n` indices up; what passes the top of the set is lost.
    ///
    /// Written as one pass over every word with fixed bounds and no branch on `n`, so that the
    /// compiler unrolls it: the board fills shift by a different amount at each step, and a
    /// loop whose bounds depend on `n` took 28 % of the search's time on 13x13.
    #[inline(always)]
    pub fn shifted_up(self, n: u32) -> Self {
        let words = (n / 64) as usize;
        let bits = n % 64;
        let mut out = [0u64; W];
        for (i, o) in out.iter_mut().enumerate() {
            // Word `i` takes the word `words` below it, and the top bits of the one below that.
            let high = if i >= words { self.0[i - words] } else { 0 };
            let low = if i > words { self.0[i - words - 1] } else { 0 };
            // `(low >> 1) >> (63 - bits)` is `low >> (64 - bits)`, and 0 when `bits` is 0.
            *o = (high << bits) | ((low >> 1) >> (63 - bits));
        }
        Wide(out)
    }

    /// Every square moved `n` indices down; what passes index 0 is lost.
    #[inline(always)]
    pub fn shifted_down(self, n: u32) -> Self {
        let words = (n / 64) as usize;
        let bits = n % 64;
        let mut out = [0u64; W];
        for (i, o) in out.iter_mut().enumerate() {
            let low = if i + words < W { self.0[i + words] } else { 0 };
            let high = if i + words + 1 < W {
                self.0[i + words + 1]
            } else {
                0
            };
            *o = (low >> bits) | ((high << 1) << (63 - bits));
        }
        Wide(out)
    }
}

/// The squares of a [`Wide`] set, lowest index first.
pub struct WideIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for WideIter<W> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Square((self.word * 64) as u16 + w.trailing_zeros() as u16));
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word.min(W)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for WideIter<W> {}

impl<const W: usize> IntoIterator for Wide<W> {
    type Item = Square;
    type IntoIter = WideIter<W>;
    fn into_iter(self) -> WideIter<W> {
        self.iter()
    }
}

impl<const W: usize> FromIterator<Square> for Wide<W> {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Wide<W> {
        let mut b = Wide::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

impl<const W: usize> fmt::Debug for Wide<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.index()))
            .finish()
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $opa:tt) => {
        impl $tr for Bits11 {
            type Output = Bits11;
            #[inline]
            fn $f(self, rhs: Bits11) -> Bits11 {
                Bits11(self.0 $op rhs.0)
            }
        }
        impl $tra for Bits11 {
            #[inline]
            fn $fa(&mut self, rhs: Bits11) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl<const W: usize> $tr for Wide<W> {
            type Output = Wide<W>;
            #[inline]
            fn $f(self, rhs: Wide<W>) -> Wide<W> {
                let mut out = self.0;
                for (o, r) in out.iter_mut().zip(rhs.0) {
                    *o $opa r;
                }
                Wide(out)
            }
        }
        impl<const W: usize> $tra for Wide<W> {
            #[inline]
            fn $fa(&mut self, rhs: Wide<W>) {
                for (o, r) in self.0.iter_mut().zip(rhs.0) {
                    *o $opa r;
                }
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &, &=);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |, |=);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, ^=);

impl Not for Bits11 {
    type Output = Bits11;
    #[inline]
    fn not(self) -> Bits11 {
        Bits11(!self.0)
    }
}

impl<const W: usize> Not for Wide<W> {
    type Output = Wide<W>;
    #[inline]
    fn not(self) -> Wide<W> {
        Wide(self.0.map(|w| !w))
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
