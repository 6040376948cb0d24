//! Where the squares lie in a board's drawing, in squares (a square is 1 x 1, the squares
//! start `margin` from the drawing's top-left corner), and which square a touch means.

use super::look::BoardMetrics;
use super::plan::Point;
use super::types::Coord;

/// The margin that holds the coordinates, in squares.
const COORDINATE_MARGIN: f32 = 0.6;
/// How far a tap may land from a square that takes it, in squares from its centre: a tap
/// between squares, or on a square where it would do nothing, goes to the nearest square
/// within this distance where it does something. On an 11 x 11 phone board a square is about
/// 30 dp, so this gives every useful square a touch target of about 48 dp; the radius is in
/// squares, so it shrinks with them on the larger boards (about 27 dp on 19 x 19).
pub const AIM_RADIUS: f32 = 0.8;

/// Where the squares lie in a drawing.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub size: u8,
    pub margin: f32,
}

impl Layout {
    pub fn new(size: u8, coordinates: bool, metrics: &BoardMetrics) -> Layout {
        let margin = if coordinates {
            COORDINATE_MARGIN.max(metrics.frame_stroke)
        } else {
            metrics.frame_stroke
        };
        Layout { size, margin }
    }

    pub fn extent(&self) -> f32 {
        f32::from(self.size) + 2.0 * self.margin
    }

    pub fn top_left(&self, c: Coord) -> Point {
        let n = f32::from(self.size);
        Point::new(
            self.margin + f32::from(c.file),
            self.margin + (n - 1.0 - f32::from(c.rank)),
        )
    }

    pub fn centre(&self, c: Coord) -> Point {
        self.top_left(c).offset(0.5, 0.5)
    }

    /// The square under a point, or none off the squares.
    pub fn square_at(&self, p: Point) -> Option<Coord> {
        let col = (p.x - self.margin).floor();
        let row = (p.y - self.margin).floor();
        let n = f32::from(self.size);
        if !(0.0..n).contains(&col) || !(0.0..n).contains(&row) {
            return None;
        }
        Some(Coord {
            file: col as u8,
            rank: (n - 1.0 - row) as u8,
        })
    }

    /// The square a touch at `p` means: the one under it when `useful` says it does something,
    /// else the nearest useful square within [`AIM_RADIUS`], else the one under it.
    pub fn aim(&self, p: Point, useful: impl Fn(Coord) -> bool) -> Option<Coord> {
        let under = self.square_at(p);
        if under.is_some_and(&useful) {
            return under;
        }
        let mut best: Option<(f32, Coord)> = None;
        // Only the squares whose centres may lie within the radius (at most 3 x 3 of them),
        // in the order of the whole board: rank by rank from the first, file by file.
        let files = self.near(p.x - self.margin);
        let rows = self.near(p.y - self.margin);
        let ranks = (self.size - rows.end)..(self.size - rows.start);
        for rank in ranks {
            for file in files.clone() {
                let c = Coord { file, rank };
                if !useful(c) {
                    continue;
                }
                let centre = self.centre(c);
                let d = ((centre.x - p.x).powi(2) + (centre.y - p.y).powi(2)).sqrt();
                if d <= AIM_RADIUS && best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, c));
                }
            }
        }
        best.map(|(_, c)| c).or(under)
    }

    /// The columns (or rows, counted from the top) whose centres lie within [`AIM_RADIUS`] of
    /// `v` (a distance from the squares' edge, in squares); none for a point that is no point.
    fn near(&self, v: f32) -> std::ops::Range<u8> {
        let lo = (v - 0.5 - AIM_RADIUS).ceil().max(0.0);
        let hi = (v - 0.5 + AIM_RADIUS)
            .floor()
            .min(f32::from(self.size) - 1.0);
        if !v.is_finite() || lo > hi {
            return 0..0;
        }
        (lo as u8)..(hi as u8 + 1)
    }
}
