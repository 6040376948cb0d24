//! Board geometry: which bits of a [`Bits`] are squares of a board of a given size, how to
//! step and slide between squares, and the names of squares (`a1` bottom left, `k11` top right
//! on 11x11). Every layer above works through it; it knows nothing of pieces or rules.

use crate::bits::{Bits, Dir, MAX_SIZE, Square};

/// Board geometry: which bits are on the board, and how to step between squares.
#[derive(Debug)]
pub struct Geometry {
    pub size: u8,
    /// Every square of the board.
    pub board: Bits,
    /// Squares on the outer ring.
    pub edge: Bits,
    /// Squares of the leftmost file (`a`), and the rightmost.
    file_first: Bits,
    file_last: Bits,
    /// `rays[sq][dir]`: the squares from `sq` (excluded) to the board edge in `dir`.
    rays: Vec<[Bits; 4]>,
}

impl Geometry {
    pub(crate) fn new(size: u8) -> Geometry {
        assert!((3..=MAX_SIZE).contains(&size));
        let n = size as u32;
        let mut g = Geometry {
            size,
            board: Bits::EMPTY,
            edge: Bits::EMPTY,
            file_first: Bits::EMPTY,
            file_last: Bits::EMPTY,
            rays: Vec::new(),
        };
        for rank in 0..size {
            for file in 0..size {
                let sq = Square::from_index(rank * size + file);
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
                let from = Square::from_index(i as u8);
                Dir::ALL.map(|dir| {
                    let mut ray = Bits::EMPTY;
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
        (file < self.size && rank < self.size).then(|| Square::from_index(rank * self.size + file))
    }

    #[inline]
    pub fn file(&self, sq: Square) -> u8 {
        sq.index() as u8 % self.size
    }

    #[inline]
    pub fn rank(&self, sq: Square) -> u8 {
        sq.index() as u8 / self.size
    }

    /// Whether `sq` is a square of this board.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        sq.index() < self.size as usize * self.size as usize
    }

    /// Every square shifted one step in `dir`; squares that would leave the board vanish.
    #[inline]
    pub fn shift(&self, b: Bits, dir: Dir) -> Bits {
        let n = self.size as u32;
        match dir {
            Dir::North => Bits(b.0 << n) & self.board,
            Dir::South => Bits(b.0 >> n),
            Dir::East => Bits((b & !self.file_last).0 << 1),
            Dir::West => Bits((b & !self.file_first).0 >> 1),
        }
    }

    /// Every square a rook standing on any square of `from` reaches through `empty` in one
    /// move (`from` itself only where another square of `from` reaches it).
    ///
    /// A parallel prefix fill (Kogge-Stone): each direction takes four doubling steps instead
    /// of one step per square, which matters because the evaluation runs this at every leaf.
    #[inline]
    pub fn slides(&self, from: Bits, empty: Bits) -> Bits {
        let n = self.size as u32;
        let empty = empty.0 & self.board.0;
        // A step east lands on the first file only by wrapping round from the rank below, and
        // a step west on the last file from the rank above: those squares do not propagate.
        let east = fill(from.0, empty & !self.file_first.0, |b, k| b << k, 1);
        let west = fill(from.0, empty & !self.file_last.0, |b, k| b >> k, 1);
        let north = fill(from.0, empty, |b, k| b << k, n);
        let south = fill(from.0, empty, |b, k| b >> k, n);
        Bits(east | west | north | south)
    }

    /// The orthogonal neighbours of a set of squares.
    #[inline]
    pub fn neighbours(&self, b: Bits) -> Bits {
        self.shift(b, Dir::North)
            | self.shift(b, Dir::South)
            | self.shift(b, Dir::East)
            | self.shift(b, Dir::West)
    }

    /// The square one step from `sq` in `dir`, if it is on the board.
    #[inline]
    pub fn step(&self, sq: Square, dir: Dir) -> Option<Square> {
        self.shift(sq.bit(), dir).first()
    }

    /// The squares from `sq` (excluded) to the board edge in `dir`.
    #[inline]
    pub fn ray(&self, sq: Square, dir: Dir) -> Bits {
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
    pub fn between(&self, from: Square, to: Square) -> Bits {
        match self.direction(from, to) {
            Some(d) => self.ray(from, d) & !self.ray(to, d) & !to.bit(),
            None => Bits::EMPTY,
        }
    }
}

/// Parses a square like `a1` or `k11` on this board.
pub fn parse_square(g: &Geometry, text: &str) -> Option<Square> {
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
pub fn square_name(g: &Geometry, sq: Square) -> String {
    format!("{}{}", (b'a' + g.file(sq)) as char, g.rank(sq) + 1)
}

/// The squares reached from `from` by repeated steps of `stride` bits (`shift(b, k)` moves
/// every bit `k` bits along) through `open`, the origin excluded unless reached. Steps of 1, 2,
/// 4 and 8 strides cover the 10 steps of the largest board.
#[inline]
fn fill(from: u128, open: u128, shift: impl Fn(u128, u32) -> u128, stride: u32) -> u128 {
    let mut reached = from;
    let mut run = open;
    reached |= run & shift(reached, stride);
    run &= shift(run, stride);
    reached |= run & shift(reached, 2 * stride);
    run &= shift(run, 2 * stride);
    reached |= run & shift(reached, 4 * stride);
    run &= shift(run, 4 * stride);
    reached |= run & shift(reached, 8 * stride);
    shift(reached, stride) & open
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One step at a time, as a rook moves: the reference for the fill.
    fn slides_step_by_step(g: &Geometry, from: Bits, empty: Bits) -> Bits {
        let mut out = Bits::EMPTY;
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
        // The three games' boards (7, 9, 11) and the smallest and an even size.
        for size in [3, 7, 8, 9, 11] {
            let g = &Geometry::new(size);
            for round in 0..2000 {
                let word = |next: &mut dyn FnMut() -> u64| {
                    ((next() as u128) << 64 | next() as u128) & g.board.0
                };
                let mut occupied = word(&mut next);
                for _ in 0..round % 3 {
                    occupied &= word(&mut next); // sparser boards too
                }
                let mut from = word(&mut next) & word(&mut next) & word(&mut next);
                if round % 4 == 0 {
                    from = occupied; // every piece at once, as the threat count does
                }
                let empty = Bits(!occupied) & g.board;
                let from = Bits(from);
                assert_eq!(
                    g.slides(from, empty),
                    slides_step_by_step(g, from, empty),
                    "size {size}: from {from:?}, occupied {occupied:x}"
                );
            }
        }
    }
}
