//! The transposition table: search results by Zobrist hash, in a fixed amount of memory.

use crate::bits::Square;
use crate::movegen::Move;

use super::eval::Score;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: Score,
    from: u8,
    to: u8,
    depth: u8,
    /// 0 empty, then 1 + Bound as u8.
    bound: u8,
}

/// A stored result.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub score: Score,
    pub depth: u32,
    pub bound: Bound,
    pub best: Option<Move>,
}

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// The largest power-of-two table that fits in `bytes` (at least 1024 entries).
    pub fn new(bytes: usize) -> Table {
        let per = std::mem::size_of::<Entry>();
        let mut n = 1024usize;
        while n * 2 * per <= bytes {
            n *= 2;
        }
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
        }
    }

    /// Bytes actually used.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = self.entries[key as usize & self.mask];
        if e.bound == 0 || e.key != key {
            return None;
        }
        let bound = match e.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            score: e.score,
            depth: e.depth as u32,
            bound,
            best: (e.from != e.to)
                .then(|| Move::new(Square::from_index(e.from), Square::from_index(e.to))),
        })
    }

    /// Stores a result, keeping a deeper result of the same position.
    #[inline]
    pub fn store(&mut self, key: u64, depth: u32, score: Score, bound: Bound, best: Option<Move>) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && slot.bound != 0 && slot.depth as u32 > depth {
            return;
        }
        let (from, to) = best.map_or((0, 0), |m| (m.from.index() as u8, m.to.index() as u8));
        *slot = Entry {
            key,
            score,
            from,
            to,
            depth: depth.min(255) as u8,
            bound: 1 + bound as u8,
        };
    }
}
