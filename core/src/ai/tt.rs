//! The transposition table: search results by key, in a fixed amount of memory, shared by every
//! thread of a search.
//!
//! Each slot is two atomic words: the data (score, move, depth, bound, generation) and the key
//! xor-ed with the data. Threads read and write slots without locks; a slot torn by two writers
//! fails the key check (its two words no longer xor to the key) and reads as empty, so a probe
//! never returns one search's data under another position's key.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::bits::Square;
use crate::engine::movegen::Move;

use super::score::Score;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One slot: the key xor the data, and the data. A zero data word means "empty".
type Slot = [AtomicU64; 2];

/// Searches since the last physical wipe live in the `tag` byte next to the bound, so that
/// clearing the table between searches costs nothing: a slot written by an earlier search has
/// another generation and reads as empty.
const GENERATIONS: u8 = 64;

/// The data word: score (24 bits, beyond any mate score), from and to (9 bits each: squares of
/// boards up to 19x19), depth (8 bits at 48), and a tag = generation << 2 | (1 + bound) (at 56).
fn pack(score: Score, from: u16, to: u16, depth: u8, tag: u8) -> u64 {
    (score as u32 as u64 & 0xFF_FFFF)
        | (from as u64 & 0x1FF) << 24
        | (to as u64 & 0x1FF) << 33
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
            slots: std::iter::repeat_with(|| [AtomicU64::new(0), AtomicU64::new(0)])
                .take(n)
                .collect(),
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
            for slot in &mut self.slots {
                *slot[0].get_mut() = 0;
                *slot[1].get_mut() = 0;
            }
            self.generation = 0;
        }
    }

    /// The slot's data if it holds `key` from the current search.
    #[inline]
    fn read(&self, key: u64) -> Option<u64> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed);
        let tag = (data >> 56) as u8;
        (check ^ data == key && tag & 3 != 0 && tag >> 2 == self.generation).then_some(data)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let data = self.read(key)?;
        let bound = match (data >> 56) as u8 & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let (from, to) = ((data >> 24) as u16 & 0x1FF, (data >> 33) as u16 & 0x1FF);
        Some(Hit {
            // The 24-bit score, its sign restored.
            score: ((data as u32) << 8) as i32 >> 8,
            depth: (data >> 48) as u8 as u32,
            bound,
            best: (from != to).then(|| Move::new(Square::from_index(from), Square::from_index(to))),
        })
    }

    /// Stores a result, keeping a deeper result of the same position.
    #[inline]
    pub fn store(&self, key: u64, depth: u32, score: Score, bound: Bound, best: Option<Move>) {
        if self
            .read(key)
            .is_some_and(|data| (data >> 48) as u8 as u32 > depth)
        {
            return;
        }
        let (from, to) = best.map_or((0, 0), |m| (m.from.index() as u16, m.to.index() as u16));
        let tag = self.generation << 2 | (1 + bound as u8);
        let data = pack(score, from, to, depth.min(255) as u8, tag);
        let slot = &self.slots[key as usize & self.mask];
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_result_reads_back_until_the_table_is_cleared() {
        let mut t = Table::new(1 << 16);
        let mv = Move::new(Square::from_index(3), Square::from_index(360));
        for round in 0..(2 * GENERATIONS as u32 + 3) {
            let key = 0xDEAD_BEEF_0000_0000 | round as u64;
            assert!(t.probe(key).is_none(), "round {round}: an empty table");
            t.store(key, 7, -12_345, Bound::Lower, Some(mv));
            let hit = t.probe(key).expect("stored");
            assert_eq!(
                (hit.score, hit.depth, hit.bound, hit.best),
                (-12_345, 7, Bound::Lower, Some(mv))
            );
            // Mate scores of either sign fit.
            t.store(key ^ 2, 1, -(crate::ai::MATE - 3), Bound::Exact, None);
            assert_eq!(t.probe(key ^ 2).unwrap().score, -(crate::ai::MATE - 3));
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

    #[test]
    fn a_slot_torn_between_two_writers_reads_as_empty() {
        let t = Table::new(1 << 16);
        let (a, b) = (0x1234_5678_0000_0001u64, 0x1234_5678_0001_0001u64);
        assert_eq!(a as usize & t.mask, b as usize & t.mask, "the same slot");
        t.store(a, 4, 100, Bound::Exact, None);
        // Another thread's write of `b` lands half way: its data word beside `a`'s check word.
        let slot = &t.slots[a as usize & t.mask];
        slot[1].store(pack(-7, 0, 0, 9, 1), Ordering::Relaxed);
        assert!(t.probe(a).is_none());
        assert!(t.probe(b).is_none());
    }

    #[test]
    fn threads_share_one_table() {
        let t = Table::new(1 << 20);
        std::thread::scope(|s| {
            for id in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..1000u64 {
                        let key = (0xABCD << 40) | (i << 2) | id;
                        t.store(key, 3, (id * 1000 + i) as Score, Bound::Exact, None);
                    }
                });
            }
        });
        for id in 0..4u64 {
            for i in 0..1000u64 {
                let hit = t
                    .probe((0xABCD << 40) | (i << 2) | id)
                    .expect("stored by another thread");
                assert_eq!(hit.score, (id * 1000 + i) as Score);
            }
        }
    }
}
