//! What the engine's generic code asks of a board width ([`BitBoard`]), and the widths that
//! provide it: [`Bits11`] (one `u128`, up to 11x11), [`Bits13`] and [`Bits19`] (three and six
//! 64-bit words). Each width also fixes the size of the move lists and search buffers that
//! live on the stack (a square can be reached by at most four pieces, one from each direction,
//! so a position has at most four moves per square).
//!
//! The sets themselves live in [`crate::engine::bits`] and moves in [`crate::engine::moves`]; this layer joins
//! them, so that neither depends on the other.

use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Deref, Not};

use crate::engine::bits::{Bits11, Bits19, Square, Wide};
use crate::engine::moves::{Move, MoveListOf};

/// What the engine's generic code needs of a board: a set of squares with the set operations,
/// shifts by whole bits (a step north is a shift by the board's side), and the fixed-size
/// buffers that live on the stack during a search.
pub trait BitBoard:
    Copy
    + Eq
    + Hash
    + Default
    + fmt::Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + FromIterator<Square>
    + IntoIterator<Item = Square>
{
    /// The empty set.
    const EMPTY: Self;
    /// How many bits (the highest square index is one less).
    const CAPACITY: usize;
    /// The largest board side that fits.
    const MAX_SIDE: u8;
    /// Doubling steps of a parallel fill that cover the longest slide (`MAX_SIDE - 1` steps).
    const FILL_STEPS: u32;
    /// A list of moves with room for every move of any position on the largest board that
    /// fits (a square can be reached by at most four pieces, one from each direction).
    type Moves: MoveBuffer;
    /// One `i32` per possible move (the search's ordering keys).
    type Keys: AsMut<[i32]> + AsRef<[i32]>;
    /// One `u16` per possible move (the search's put-off moves).
    type Indices: AsMut<[u16]> + AsRef<[u16]>;

    fn square(sq: Square) -> Self;
    fn is_empty(self) -> bool;
    fn any(self) -> bool;
    fn count(self) -> u32;
    fn contains(self, sq: Square) -> bool;
    fn insert(&mut self, sq: Square);
    fn remove(&mut self, sq: Square);
    /// The lowest square of the set, if any.
    fn first(self) -> Option<Square>;
    /// The highest square of the set, if any.
    fn last(self) -> Option<Square>;
    /// Every square moved `n` indices up; what passes the top of the set is lost.
    fn shl(self, n: u32) -> Self;
    /// Every square moved `n` indices down; what passes index 0 is lost.
    fn shr(self, n: u32) -> Self;
    /// The same squares in the widest board.
    fn to_wide(self) -> Bits19;
    /// The squares of a wide set that this width can hold (the others are dropped).
    fn from_wide(wide: Bits19) -> Self;
    fn keys() -> Self::Keys;
    fn indices() -> Self::Indices;
}

/// A fixed-capacity list of moves that lives on the stack (see [`crate::engine::moves::MoveListOf`]).
pub trait MoveBuffer: Deref<Target = [Move]> + Clone + Default + fmt::Debug {
    fn push(&mut self, mv: Move);
    fn clear(&mut self);
    fn as_mut_slice(&mut self) -> &mut [Move];
}

impl<const N: usize> MoveBuffer for MoveListOf<N> {
    #[inline]
    fn push(&mut self, mv: Move) {
        MoveListOf::push(self, mv)
    }
    #[inline]
    fn clear(&mut self) {
        MoveListOf::clear(self)
    }
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [Move] {
        MoveListOf::as_mut_slice(self)
    }
}

impl BitBoard for Bits11 {
    const EMPTY: Self = Bits11(0);
    const CAPACITY: usize = 128;
    const MAX_SIDE: u8 = 11;
    const FILL_STEPS: u32 = 4;
    type Moves = crate::engine::moves::MoveListOf<512>;
    type Keys = [i32; 512];
    type Indices = [u16; 512];

    #[inline]
    fn square(sq: Square) -> Self {
        debug_assert!(sq.index() < 128);
        Bits11(1u128 << (sq.index() & 127))
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    fn any(self) -> bool {
        self.0 != 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    fn contains(self, sq: Square) -> bool {
        Bits11::contains(self, sq)
    }
    #[inline]
    fn insert(&mut self, sq: Square) {
        Bits11::insert(self, sq)
    }
    #[inline]
    fn remove(&mut self, sq: Square) {
        Bits11::remove(self, sq)
    }
    #[inline]
    fn first(self) -> Option<Square> {
        Bits11::first(self)
    }
    #[inline]
    fn last(self) -> Option<Square> {
        Bits11::last(self)
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        Bits11(self.0 << n)
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        Bits11(self.0 >> n)
    }
    #[inline]
    fn to_wide(self) -> Bits19 {
        let mut w = [0u64; 6];
        w[0] = self.0 as u64;
        w[1] = (self.0 >> 64) as u64;
        Wide(w)
    }
    #[inline]
    fn from_wide(wide: Bits19) -> Self {
        Bits11(wide.0[0] as u128 | (wide.0[1] as u128) << 64)
    }
    #[inline]
    fn keys() -> Self::Keys {
        [0; 512]
    }
    #[inline]
    fn indices() -> Self::Indices {
        [0; 512]
    }
}

macro_rules! wide_board {
    ($w:literal, $side:literal, $steps:literal, $moves:literal) => {
        impl BitBoard for Wide<$w> {
            const EMPTY: Self = Wide([0; $w]);
            const CAPACITY: usize = 64 * $w;
            const MAX_SIDE: u8 = $side;
            const FILL_STEPS: u32 = $steps;
            type Moves = crate::engine::moves::MoveListOf<$moves>;
            type Keys = [i32; $moves];
            type Indices = [u16; $moves];

            #[inline]
            fn square(sq: Square) -> Self {
                let mut b = Self::EMPTY;
                b.insert(sq);
                b
            }
            #[inline]
            fn is_empty(self) -> bool {
                Wide::is_empty(self)
            }
            #[inline]
            fn any(self) -> bool {
                Wide::any(self)
            }
            #[inline]
            fn count(self) -> u32 {
                Wide::count(self)
            }
            #[inline]
            fn contains(self, sq: Square) -> bool {
                Wide::contains(self, sq)
            }
            #[inline]
            fn insert(&mut self, sq: Square) {
                Wide::insert(self, sq)
            }
            #[inline]
            fn remove(&mut self, sq: Square) {
                Wide::remove(self, sq)
            }
            #[inline]
            fn first(self) -> Option<Square> {
                Wide::first(self)
            }
            #[inline]
            fn last(self) -> Option<Square> {
                Wide::last(self)
            }
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                self.shifted_up(n)
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                self.shifted_down(n)
            }
            #[inline]
            fn to_wide(self) -> Bits19 {
                let mut w = [0u64; 6];
                w[..$w].copy_from_slice(&self.0);
                Wide(w)
            }
            #[inline]
            fn from_wide(wide: Bits19) -> Self {
                let mut w = [0u64; $w];
                w.copy_from_slice(&wide.0[..$w]);
                Wide(w)
            }
            #[inline]
            fn keys() -> Self::Keys {
                [0; $moves]
            }
            #[inline]
            fn indices() -> Self::Indices {
                [0; $moves]
            }
        }
    };
}

// 13x13: 169 squares in 192 bits, at most 4 x 169 = 676 moves; 19x19: 361 squares in 384
// bits, at most 4 x 361 = 1444 moves.
wide_board!(3, 13, 4, 680);
wide_board!(6, 19, 5, 1448);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bits::Bits13;

    /// Every width against a plain list of indices: shifts, scans, counts and conversions.
    #[test]
    fn every_width_agrees_with_a_list_of_squares() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        fn check<B: BitBoard>(squares: &[u16], shift: u32) {
            let set: B = squares
                .iter()
                .filter(|&&i| (i as usize) < B::CAPACITY)
                .map(|&i| Square::from_index(i))
                .collect();
            let kept: Vec<u16> = {
                let mut v: Vec<u16> = squares
                    .iter()
                    .copied()
                    .filter(|&i| (i as usize) < B::CAPACITY)
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            };
            let listed: Vec<u16> = set.into_iter().map(|s| s.index() as u16).collect();
            assert_eq!(listed, kept);
            assert_eq!(set.count() as usize, kept.len());
            assert_eq!(set.first().map(|s| s.index() as u16), kept.first().copied());
            assert_eq!(set.last().map(|s| s.index() as u16), kept.last().copied());
            let up: Vec<u16> = set
                .shl(shift)
                .into_iter()
                .map(|s| s.index() as u16)
                .collect();
            let want_up: Vec<u16> = kept
                .iter()
                .map(|&i| i as u32 + shift)
                .filter(|&i| (i as usize) < B::CAPACITY)
                .map(|i| i as u16)
                .collect();
            assert_eq!(up, want_up, "shl {shift}");
            let down: Vec<u16> = set
                .shr(shift)
                .into_iter()
                .map(|s| s.index() as u16)
                .collect();
            let want_down: Vec<u16> = kept
                .iter()
                .filter(|&&i| i as u32 >= shift)
                .map(|&i| i - shift as u16)
                .collect();
            assert_eq!(down, want_down, "shr {shift}");
            assert_eq!(B::from_wide(set.to_wide()), set);
            for &i in &kept {
                assert!(set.contains(Square::from_index(i)));
            }
        }
        for round in 0..500 {
            let n = (next() % 40) as usize;
            let squares: Vec<u16> = (0..n).map(|_| (next() % 384) as u16).collect();
            let shift = [1, 7, 11, 13, 19, 22, 38, 63, 64, 65, 76, 128, 152][round % 13];
            check::<Bits11>(&squares, shift % 128);
            check::<Bits13>(&squares, shift);
            check::<Bits19>(&squares, shift);
        }
        assert!(Bits11::EMPTY.first().is_none() && Bits19::EMPTY.last().is_none());
    }
}
