//! Board geometry: which bits of a board are squares of a board of a given size, how to step
//! and slide between squares, and the names of squares (`a1` bottom left, `k11` top right on
//! 11x11). Every layer above works through it; it knows nothing of pieces or rules.

use crate::engine::bits::{Bits19, Dir, MAX_SIZE, Square};
use crate::engine::board::BitBoard;

/// Board geometry in one board width: which bits are on the board, and how to step between
/// squares.
#[derive(Debug)]
pub struct GeometryOf<B: BitBoard> {
    pub size: u8,
    /// Every square of the board.
    pub board: B,
    /// Squares on the outer ring.
    pub edge: B,
    /// Squares of the leftmost file (`a`), and the rightmost.
    file_first: B,
    file_last: B,
    /// `rays[sq][dir]`: the squares from `sq` (excluded) to the board edge in `dir`.
    rays: Vec<[B; 4]>,
}

/// The geometry of any board, in the widest width (what the layers above the engine use).
pub type Geometry = GeometryOf<Bits19>;

impl<B: BitBoard> GeometryOf<B> {
    /// The geometry of a board of side `size` (3 up to the width's largest side).
    pub(crate) fn new(size: u8) -> GeometryOf<B> {
        assert!((3..=MAX_SIZE.min(B::MAX_SIDE)).contains(&size));
        let n = size as u32;
        let mut g = GeometryOf {
            size,
            board: B::EMPTY,
            edge: B::EMPTY,
            file_first: B::EMPTY,
            file_last: B::EMPTY,
            rays: Vec::new(),
        };
        for rank in 0..size {
            for file in 0..size {
                let sq = Square::from_index(rank as u16 * size as u16 + file as u16);
                g.board.insert(sq);
                if file == 0 {
                    g.file_first.insert(sq);
                }
                if file == size - 1 {
                    g.file_last.insert(sq);
                }
                if file == 0 || rank == 0 || file == size - 1 || rank == size - 1 {
                    g.edge.insert(sq);
                }
            }
        }
        g.rays = (0..n * n)
            .map(|i| {
                let from = Square::from_index(i as u16);
                Dir::ALL.map(|dir| {
                    let mut ray = B::EMPTY;
                    let mut cur = from;
                    while let Some(next) = g.step(cur, dir) {
                        ray.insert(next);
                        cur = next;
                    }
                    ray
                })
            })
            .collect();
        g
    }

    #[inline]
    pub fn square(&self, file: u8, rank: u8) -> Option<Square> {
        (file < self.size && rank < self.size)
            .then(|| Square::from_index(rank as u16 * self.size as u16 + file as u16))
    }

    #[inline]
    pub fn file(&self, sq: Square) -> u8 {
        (sq.index() % self.size as usize) as u8
    }

    #[inline]
    pub fn rank(&self, sq: Square) -> u8 {
        (sq.index() / self.size as usize) as u8
    }

    /// Whether `sq` is a square of this board.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        sq.index() < self.size as usize * self.size as usize
    }

    /// Every square shifted one step in `dir`; squares that would leave the board vanish.
    #[inline]
    pub fn shift(&self, b: B, dir: Dir) -> B {
        let n = self.size as u32;
        match dir {
            Dir::North => b.shl(n) & self.board,
            Dir::South => b.shr(n),
            Dir::East => (b & !self.file_last).shl(1),
            Dir::West => (b & !self.file_first).shr(1),
        }
    }

    /// Every square a rook standing on any square of `from` reaches through `empty` in one
    /// move (`from` itself only where another square of `from` reaches it).
    ///
    /// A parallel prefix fill (Kogge-Stone): each direction takes four doubling steps instead
    /// of one step per square, which matters because the evaluation runs this at every leaf.
    #[inline]
    pub fn slides(&self, from: B, empty: B) -> B {
        let empty = empty & self.board;
        // A step east lands on the first file only by wrapping round from the rank below, and
        // a step west on the last file from the rank above: those squares do not propagate.
        let east = fill(from, empty & !self.file_first, B::shl, 1);
        let west = fill(from, empty & !self.file_last, B::shr, 1);
        // The stride as a constant for the sizes of the games that search most (11x11, and
        // the wide boards' 13x13 and 19x19): a wide set's shift by a constant compiles to
        // fixed word moves, where a variable one computes its word index at run time (12 to
        // 17 % less time per search on 13x13 and 19x19, `docs/engine.md`). Each arm is written out:
        // through a shared closure the constant did not reach the shifts.
        let vertical = match self.size {
            11 => fill(from, empty, B::shl, 11) | fill(from, empty, B::shr, 11),
            13 => fill(from, empty, B::shl, 13) | fill(from, empty, B::shr, 13),
            19 => fill(from, empty, B::shl, 19) | fill(from, empty, B::shr, 19),
            n => fill(from, empty, B::shl, n as u32) | fill(from, empty, B::shr, n as u32),
        };
        east | west | vertical
    }

    /// Every square a piece standing on any square of `from` reaches through `empty` in one
    /// move of at most `n` squares along its rank or file (`from` itself only where another
    /// square of `from` reaches it).
    #[inline]
    pub fn steps(&self, from: B, empty: B, n: u8) -> B {
        let empty = empty & self.board;
        let mut reach = B::EMPTY;
        for dir in Dir::ALL {
            let mut front = from;
            for _ in 0..n {
                front = self.shift(front, dir) & empty;
                if front.is_empty() {
                    break;
                }
                reach |= front;
            }
        }
        reach
    }

    /// Grows `from` through `through`, one orthogonal step at a time, until it stops growing or
    /// meets `goal` (returned early: only whether it was met matters then).
    #[inline]
    pub fn flood(&self, from: B, through: B, goal: B) -> B {
        let mut reach = from;
        loop {
            if (reach & goal).any() {
                return reach;
            }
            let next = reach | (self.neighbours(reach) & through);
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// The orthogonal neighbours of a set of squares.
    #[inline]
    pub fn neighbours(&self, b: B) -> B {
        self.shift(b, Dir::North)
            | self.shift(b, Dir::South)
            | self.shift(b, Dir::East)
            | self.shift(b, Dir::West)
    }

    /// The square one step from `sq` in `dir`, if it is on the board.
    #[inline]
    pub fn step(&self, sq: Square, dir: Dir) -> Option<Square> {
        self.shift(B::square(sq), dir).first()
    }

    /// The squares a rook on `from` reaches, `stops` ending its way before them: four lookups
    /// of precomputed rays, cheaper than [`Self::slides`] for a single square.
    #[inline]
    pub fn rook_reach(&self, from: Square, stops: B) -> B {
        let mut reach = B::EMPTY;
        for dir in Dir::ALL {
            let ray = self.ray(from, dir);
            let blockers = ray & stops;
            let nearest = if dir.is_positive() {
                blockers.first()
            } else {
                blockers.last()
            };
            reach |= match nearest {
                Some(b) => ray & !self.ray(b, dir) & !B::square(b),
                None => ray,
            };
        }
        reach
    }

    /// The squares from `sq` (excluded) to the board edge in `dir`.
    #[inline]
    pub fn ray(&self, sq: Square, dir: Dir) -> B {
        self.rays[sq.index()][dir as usize]
    }

    /// For a square on the edge: the two directions along the edge, and the one inward (a
    /// corner counts as being on its rank's edge). `None` off the edge.
    #[inline]
    pub fn edge_lines(&self, sq: Square) -> Option<([Dir; 2], Dir)> {
        let last = self.size - 1;
        let (file, rank) = (self.file(sq), self.rank(sq));
        if !self.contains(sq) {
            None
        } else if rank == 0 {
            Some(([Dir::East, Dir::West], Dir::North))
        } else if rank == last {
            Some(([Dir::East, Dir::West], Dir::South))
        } else if file == 0 {
            Some(([Dir::North, Dir::South], Dir::East))
        } else if file == last {
            Some(([Dir::North, Dir::South], Dir::West))
        } else {
            None
        }
    }

    /// The direction from `from` to `to` when both are on one rank or file and differ.
    pub fn direction(&self, from: Square, to: Square) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|&d| self.ray(from, d).contains(to))
    }

    /// The squares strictly between two squares of one line (empty if not on a line).
    pub fn between(&self, from: Square, to: Square) -> B {
        match self.direction(from, to) {
            Some(d) => self.ray(from, d) & !self.ray(to, d) & !B::square(to),
            None => B::EMPTY,
        }
    }
}

/// Parses a square like `a1` or `k11` on this board.
pub fn parse_square<B: BitBoard>(g: &GeometryOf<B>, text: &str) -> Option<Square> {
    let text = text.trim();
    let mut chars = text.chars();
    let file = chars.next()?.to_ascii_lowercase();
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rank_text = chars.as_str();
    if rank_text.is_empty() || rank_text.len() > 2 || !rank_text.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let rank: u8 = rank_text.parse().ok()?;
    let file = file as u8 - b'a';
    g.square(file, rank.checked_sub(1)?)
}

/// The name of a square, like `f6`.
pub fn square_name<B: BitBoard>(g: &GeometryOf<B>, sq: Square) -> String {
    format!("{}{}", (b'a' + g.file(sq)) as char, g.rank(sq) + 1)
}

/// The squares reached from `from` by repeated steps of `stride` bits (`shift(b, k)` moves
/// every bit `k` bits along) through `open`, the origin excluded unless reached. Steps of 1, 2,
/// 4 and 8 strides cover the 10 steps of an 11x11 board; the wider boards take a fifth (16)
/// for the 18 steps of 19x19.
#[inline(always)]
fn fill<B: BitBoard>(from: B, open: B, shift: impl Fn(B, u32) -> B, stride: u32) -> B {
    let mut reached = from;
    let mut run = open;
    reached |= run & shift(reached, stride);
    run &= shift(run, stride);
    reached |= run & shift(reached, 2 * stride);
    run &= shift(run, 2 * stride);
    reached |= run & shift(reached, 4 * stride);
    if B::FILL_STEPS > 4 {
        run &= shift(run, 4 * stride);
        reached |= run & shift(reached, 8 * stride);
        run &= shift(run, 8 * stride);
        reached |= run & shift(reached, 16 * stride);
    } else {
        run &= shift(run, 4 * stride);
        reached |= run & shift(reached, 8 * stride);
    }
    shift(reached, stride) & open
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bits::{Bits11, Bits13, Wide};

    /// One step at a time, as a rook moves: the reference for the fill.
    fn slides_step_by_step<B: BitBoard>(g: &GeometryOf<B>, from: B, empty: B) -> B {
        let mut out = B::EMPTY;
        for dir in Dir::ALL {
            let mut front = from;
            loop {
                front = g.shift(front, dir) & empty;
                if front.is_empty() {
                    break;
                }
                out |= front;
            }
        }
        out
    }

    fn fill_matches_steps<B: BitBoard>(sizes: &[u8], next: &mut dyn FnMut() -> u64) {
        for &size in sizes {
            let g = &GeometryOf::<B>::new(size);
            for round in 0..600 {
                let mut word = || {
                    B::from_wide(Wide([next(), next(), next(), next(), next(), next()])) & g.board
                };
                let mut occupied = word();
                for _ in 0..round % 3 {
                    occupied &= word(); // sparser boards too
                }
                let mut from = word() & word() & word();
                if round % 4 == 0 {
                    from = occupied; // every piece at once, as the threat count does
                }
                let empty = !occupied & g.board;
                assert_eq!(
                    g.slides(from, empty),
                    slides_step_by_step(g, from, empty),
                    "size {size}: from {from:?}, occupied {occupied:?}"
                );
            }
        }
    }

    #[test]
    fn the_fill_reaches_what_a_rook_reaches() {
        // Pseudo-random boards of every size and density, from a fixed seed.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        // The games' boards (7, 9, 11, 13, 19), the smallest, and even sizes, in every width
        // that holds them.
        fill_matches_steps::<Bits11>(&[3, 7, 8, 9, 11], &mut next);
        fill_matches_steps::<Bits13>(&[3, 9, 11, 12, 13], &mut next);
        fill_matches_steps::<Bits19>(&[3, 7, 11, 13, 16, 19], &mut next);
    }
}
