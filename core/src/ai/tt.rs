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

/// One slot: the full key, and the result packed into a second word. Two plain integers, so
/// that a new table is zeroed memory the system hands out lazily (pages are only touched when
/// the search writes to them), and a zero data word means "empty".
type Slot = [u64; 2];

/// Searches since the last physical wipe live in the `tag` byte next to the bound, so that
/// clearing the table between searches costs nothing: a slot written by an earlier search has
/// another generation and reads as empty.
const GENERATIONS: u8 = 64;

/// The data word: score (32 bits), from, to, depth, and a tag = generation << 2 | (1 + bound).
fn pack(score: Score, from: u8, to: u8, depth: u8, tag: u8) -> u64 {
    (score as u32 as u64)
        | (from as u64) << 32
        | (to as u64) << 40
        | (depth as u64) << 48
        | (tag as u64) << 56
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
    slots: Vec<Slot>,
    mask: usize,
    /// The current search's generation, 0..GENERATIONS.
    generation: u8,
}

impl Table {
    /// The largest power-of-two table that fits in `bytes` (at least 1024 slots).
    pub fn new(bytes: usize) -> Table {
        let per = std::mem::size_of::<Slot>();
        let mut n = 1024usize;
        while n * 2 * per <= bytes {
            n *= 2;
        }
        Table {
            slots: vec![[0; 2]; n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// Bytes actually used.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Forgets every stored result: the next search starts from an empty table.
    pub fn clear(&mut self) {
        self.generation += 1;
        if self.generation == GENERATIONS {
            // The tags are about to repeat: wipe for real (once every 64 searches).
            self.slots.fill([0; 2]);
            self.generation = 0;
        }
    }

    /// The bound code (1 + Bound) of a data word, if the current search wrote it.
    #[inline]
    fn current(&self, data: u64) -> Option<u8> {
        let tag = (data >> 56) as u8;
        (tag & 3 != 0 && tag >> 2 == self.generation).then_some(tag & 3)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let [stored, data] = self.slots[key as usize & self.mask];
        if stored != key {
            return None;
        }
        let bound = match self.current(data)? {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let (from, to) = ((data >> 32) as u8, (data >> 40) as u8);
        Some(Hit {
            score: data as u32 as i32,
            depth: (data >> 48) as u8 as u32,
            bound,
            best: (from != to).then(|| Move::new(Square::from_index(from), Square::from_index(to))),
        })
    }

    /// Stores a result, keeping a deeper result of the same position.
    #[inline]
    pub fn store(&mut self, key: u64, depth: u32, score: Score, bound: Bound, best: Option<Move>) {
        let i = key as usize & self.mask;
        let [stored, data] = self.slots[i];
        if stored == key && self.current(data).is_some() && (data >> 48) as u8 as u32 > depth {
            return;
        }
        let (from, to) = best.map_or((0, 0), |m| (m.from.index() as u8, m.to.index() as u8));
        let tag = self.generation << 2 | (1 + bound as u8);
        self.slots[i] = [key, pack(score, from, to, depth.min(255) as u8, tag)];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_result_reads_back_until_the_table_is_cleared() {
        let mut t = Table::new(1 << 16);
        let mv = Move::new(Square::from_index(3), Square::from_index(120));
        for round in 0..(2 * GENERATIONS as u32 + 3) {
            let key = 0xDEAD_BEEF_0000_0000 | round as u64;
            assert!(t.probe(key).is_none(), "round {round}: an empty table");
            t.store(key, 7, -12_345, Bound::Lower, Some(mv));
            let hit = t.probe(key).expect("stored");
            assert_eq!(
                (hit.score, hit.depth, hit.bound, hit.best),
                (-12_345, 7, Bound::Lower, Some(mv))
            );
            // A shallower result of the same position does not replace a deeper one.
            t.store(key, 3, 5, Bound::Exact, None);
            assert_eq!(t.probe(key).unwrap().depth, 7);
            assert!(t.probe(key ^ 1).is_none(), "another key");
            t.clear();
            assert!(t.probe(key).is_none(), "round {round}: cleared");
            // After clearing, a shallower result may be stored again.
            t.store(key, 2, 9, Bound::Upper, None);
            assert_eq!(
                t.probe(key).map(|h| (h.score, h.depth, h.bound, h.best)),
                Some((9, 2, Bound::Upper, None))
            );
            t.clear();
        }
    }
}
