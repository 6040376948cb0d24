//! The part of the board on screen. A 19x19 board on a phone has squares too small to aim at,
//! so a pinch shows part of it larger; the window then follows the moves, so that a piece the
//! computer moves never lands out of sight. Both shells draw the window the frame gives and turn
//! their touch points into the plan's units through it; every decision (how far in, where the
//! window may go, when it moves) is taken here.

use super::board_layout::Layout;
use super::plan::Point;
use super::types::Coord;

/// The fewest squares a window shows across: on a 360 dp phone a square of a 19x19 board is
/// about 18 dp wide, seven across make it about 50 dp, a comfortable target for a finger.
/// Boards of seven squares and less never zoom.
pub const MIN_SQUARES: f32 = 7.0;

/// How much of a followed square's neighbourhood comes into view with it, in squares: enough to
/// see what took part in a capture beside it.
const FOLLOW_MARGIN: f32 = 1.0;

/// A square part of the board's drawing, in the plan's units: its top-left corner and its side.
/// The whole drawing is `(0, 0, extent)`.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct Window {
    pub x: f32,
    pub y: f32,
    pub side: f32,
}

impl Window {
    pub fn whole(extent: f32) -> Window {
        Window {
            x: 0.0,
            y: 0.0,
            side: extent,
        }
    }

    /// The window moved and sized to lie within a drawing of `extent`, no smaller than the
    /// smallest window.
    fn clamped(self, extent: f32) -> Window {
        let side = self.side.clamp(smallest(extent), extent);
        Window {
            x: self.x.clamp(0.0, extent - side),
            y: self.y.clamp(0.0, extent - side),
            side,
        }
    }

    fn is_whole(&self, extent: f32) -> bool {
        self.side >= extent
    }
}

/// The smallest window on a drawing of `extent`: the whole of it on boards of seven squares
/// (with their margin), where zooming would gain nothing.
fn smallest(extent: f32) -> f32 {
    if extent < MIN_SQUARES + 2.0 {
        extent
    } else {
        MIN_SQUARES
    }
}

/// A board screen's zoom: the whole board until a pinch.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Zoom {
    /// None: the whole board.
    window: Option<Window>,
    /// A drag that moves the window (one that lifted no piece, on a zoomed board).
    pan: Option<Pan>,
}

/// A panning drag: the plan point that stays under the finger, once the finger has moved.
#[derive(Clone, Copy, Debug)]
enum Pan {
    /// The drag's first point is where the finger came down, its later points are where a
    /// lifted piece would be (above the finger): the anchor is taken from the first move so
    /// that the two never mix.
    Started,
    Anchored(Point),
}

impl Zoom {
    /// The window on screen for a drawing of `extent` (which changes with the coordinates
    /// setting, hence checked again on every frame).
    pub fn window(&self, extent: f32) -> Window {
        self.window
            .map_or(Window::whole(extent), |w| w.clamped(extent))
    }

    /// A pinch step: the fingers' centre (in the plan's units, through the current window)
    /// stays under them while the window grows `factor` times smaller (a factor above 1 zooms
    /// in), then the content moves with the fingers by `pan` (plan units, current window).
    /// Anything that is no number is ignored.
    pub fn pinch(&mut self, extent: f32, centre: Point, factor: f32, pan: Point) {
        let finite = [centre.x, centre.y, factor, pan.x, pan.y, extent]
            .iter()
            .all(|v| v.is_finite());
        if !finite || factor <= 0.0 || extent <= 0.0 {
            return;
        }
        let w = self.window(extent);
        let side = (w.side / factor).clamp(smallest(extent), extent);
        let ratio = side / w.side;
        let x = centre.x - (centre.x - w.x) * ratio - pan.x * ratio;
        let y = centre.y - (centre.y - w.y) * ratio - pan.y * ratio;
        if !(x.is_finite() && y.is_finite()) {
            // Fingers reported at the ends of the number line: not a pinch anyone made.
            return;
        }
        let next = Window { x, y, side }.clamped(extent);
        self.window = (!next.is_whole(extent)).then_some(next);
    }

    /// A drag that lifted no piece begins: on a zoomed board it moves the window. Returns
    /// whether it does.
    pub fn start_pan(&mut self) -> bool {
        self.pan = self.window.map(|_| Pan::Started);
        self.pan.is_some()
    }

    pub fn is_panning(&self) -> bool {
        self.pan.is_some()
    }

    /// The panning finger is at `at` (plan units, through the window on screen): the window
    /// moves so that the point first under it comes back under it.
    pub fn pan_to(&mut self, extent: f32, at: Point) {
        if !(at.x.is_finite() && at.y.is_finite()) {
            return;
        }
        match self.pan {
            Some(Pan::Started) => self.pan = Some(Pan::Anchored(at)),
            Some(Pan::Anchored(anchor)) => {
                if let Some(w) = self.window {
                    let w = w.clamped(extent);
                    let moved = Window {
                        x: w.x + anchor.x - at.x,
                        y: w.y + anchor.y - at.y,
                        side: w.side,
                    };
                    self.window = Some(moved.clamped(extent));
                }
            }
            None => {}
        }
    }

    pub fn end_pan(&mut self) {
        self.pan = None;
    }

    /// Brings `squares` into view, moving the window the least it can and never changing its
    /// size: along an axis where they are already in view nothing moves; otherwise they come
    /// in with a square around them where there is room. The whole board stays whole.
    pub fn follow(&mut self, layout: &Layout, squares: &[Coord]) {
        let extent = layout.extent();
        let Some(w) = self.window.map(|w| w.clamped(extent)) else {
            return;
        };
        let Some((lo, hi)) = bounds(layout, squares) else {
            return;
        };
        let axis = |start: f32, lo: f32, hi: f32| -> f32 {
            if lo >= start && hi <= start + w.side {
                // In view already: the board does not move under the player's eyes.
                return start;
            }
            let (lo, hi) = (lo - FOLLOW_MARGIN, hi + FOLLOW_MARGIN);
            if hi - lo > w.side {
                // More than the window holds: the first square's neighbourhood wins.
                lo
            } else if lo < start {
                lo
            } else if hi > start + w.side {
                hi - w.side
            } else {
                start
            }
        };
        self.window = Some(
            Window {
                x: axis(w.x, lo.x, hi.x),
                y: axis(w.y, lo.y, hi.y),
                side: w.side,
            }
            .clamped(extent),
        );
    }
}

/// The smallest box holding the squares: its top-left and bottom-right corners.
fn bounds(layout: &Layout, squares: &[Coord]) -> Option<(Point, Point)> {
    let corners = squares.iter().map(|&c| layout.top_left(c));
    corners.fold(None, |acc, p| {
        let (lo, hi) = acc.unwrap_or((p, Point::new(p.x + 1.0, p.y + 1.0)));
        Some((
            Point::new(lo.x.min(p.x), lo.y.min(p.y)),
            Point::new(hi.x.max(p.x + 1.0), hi.y.max(p.y + 1.0)),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::board_layout::Layout;

    fn layout(size: u8) -> Layout {
        Layout { size, margin: 0.5 }
    }

    #[test]
    fn the_whole_board_until_a_pinch() {
        let z = Zoom::default();
        assert_eq!(z.window(20.0), Window::whole(20.0));
    }

    #[test]
    fn a_pinch_keeps_the_point_between_the_fingers_where_it_was() {
        let mut z = Zoom::default();
        let centre = Point::new(5.0, 15.0);
        z.pinch(20.0, centre, 2.0, Point::new(0.0, 0.0));
        let w = z.window(20.0);
        assert_eq!(w.side, 10.0);
        // The centre was a quarter across and three quarters down; it still is.
        assert!(((centre.x - w.x) / w.side - 0.25).abs() < 1e-5, "{w:?}");
        assert!(((centre.y - w.y) / w.side - 0.75).abs() < 1e-5, "{w:?}");
    }

    #[test]
    fn the_window_never_shows_fewer_than_seven_squares_nor_leaves_the_board() {
        let mut z = Zoom::default();
        z.pinch(20.0, Point::new(19.9, 19.9), 100.0, Point::new(0.0, 0.0));
        let w = z.window(20.0);
        assert_eq!(w.side, MIN_SQUARES);
        assert!(w.x + w.side <= 20.0 && w.y + w.side <= 20.0, "{w:?}");
        z.pinch(20.0, Point::new(15.0, 15.0), 1.0, Point::new(-50.0, -50.0));
        let w = z.window(20.0);
        assert_eq!((w.x, w.y), (20.0 - MIN_SQUARES, 20.0 - MIN_SQUARES));
        z.pinch(20.0, Point::new(15.0, 15.0), 1.0, Point::new(50.0, 50.0));
        assert_eq!(
            z.window(20.0),
            Window {
                x: 0.0,
                y: 0.0,
                side: MIN_SQUARES
            }
        );
    }

    #[test]
    fn zooming_out_past_the_board_gives_the_whole_board_back() {
        let mut z = Zoom::default();
        z.pinch(20.0, Point::new(10.0, 10.0), 2.0, Point::new(0.0, 0.0));
        z.pinch(20.0, Point::new(10.0, 10.0), 0.1, Point::new(3.0, 3.0));
        assert_eq!(z.window(20.0), Window::whole(20.0));
        assert!(z.window.is_none());
    }

    #[test]
    fn numbers_at_the_ends_of_the_line_leave_a_window_on_the_board() {
        for (centre, factor, pan) in [
            (f32::MAX, 1e30, f32::MAX),
            (-f32::MAX, 1e-30, f32::MAX),
            (f32::MAX, 2.0, -f32::MAX),
            (f32::MIN_POSITIVE, f32::MIN_POSITIVE, f32::MIN_POSITIVE),
        ] {
            let mut z = Zoom::default();
            z.pinch(20.0, Point::new(5.0, 5.0), 2.0, Point::new(0.0, 0.0));
            z.pinch(
                20.0,
                Point::new(centre, centre),
                factor,
                Point::new(pan, pan),
            );
            let w = z.window(20.0);
            assert!(
                w.x.is_finite() && w.y.is_finite() && w.side.is_finite(),
                "{w:?}"
            );
            assert!(
                w.x >= 0.0 && w.y >= 0.0 && w.x + w.side <= 20.0 && w.side >= MIN_SQUARES,
                "{w:?}"
            );
        }
    }

    #[test]
    fn a_small_board_does_not_zoom() {
        let mut z = Zoom::default();
        z.pinch(6.5, Point::new(3.0, 3.0), 3.0, Point::new(0.0, 0.0));
        assert_eq!(z.window(6.5), Window::whole(6.5));
    }

    #[test]
    fn no_number_is_no_pinch() {
        let mut z = Zoom::default();
        for (factor, x) in [
            (f32::NAN, 1.0),
            (2.0, f32::INFINITY),
            (0.0, 1.0),
            (-2.0, 1.0),
        ] {
            z.pinch(20.0, Point::new(x, 1.0), factor, Point::new(0.0, 0.0));
            assert_eq!(z.window(20.0), Window::whole(20.0));
        }
    }

    #[test]
    fn the_window_moves_the_least_to_show_a_move_and_its_neighbours() {
        let l = layout(19);
        let extent = l.extent();
        let mut z = Zoom::default();
        z.pinch(extent, Point::new(0.0, 0.0), 2.0, Point::new(0.0, 0.0));
        let before = z.window(extent);
        assert_eq!((before.x, before.y), (0.0, 0.0));
        // A square already in view: nothing moves, even on the edge of the window.
        let near = Coord { file: 0, rank: 12 };
        z.follow(&l, &[near]);
        assert_eq!(z.window(extent), before);
        // The far corner: the window moves to hold it and one square beyond (here the margin).
        let far = Coord { file: 18, rank: 0 };
        z.follow(&l, &[far]);
        let after = z.window(extent);
        assert_eq!(after.side, before.side);
        let p = l.top_left(far);
        assert!(
            p.x >= after.x && p.x + 1.0 <= after.x + after.side,
            "{after:?}"
        );
        assert!(
            p.y >= after.y && p.y + 1.0 <= after.y + after.side,
            "{after:?}"
        );
        assert_eq!(
            (after.x, after.y),
            (extent - after.side, extent - after.side)
        );
    }

    #[test]
    fn a_pan_keeps_the_point_first_under_the_finger_under_it() {
        let mut z = Zoom::default();
        assert!(!z.start_pan(), "the whole board does not pan");
        z.pinch(20.0, Point::new(10.0, 10.0), 2.0, Point::new(0.0, 0.0));
        let w = z.window(20.0);
        assert!(z.start_pan());
        // The first point (the finger's own, before the lift) only anchors.
        z.pan_to(20.0, Point::new(12.0, 12.0));
        assert_eq!(z.window(20.0), w);
        // The finger moves one unit right and two up: the board follows it.
        z.pan_to(20.0, Point::new(13.0, 10.0));
        let moved = z.window(20.0);
        assert_eq!((moved.x, moved.y), (w.x - 1.0, w.y + 2.0));
        // Through the moved window, the finger's screen point is the anchor again.
        let screen = (13.0 - w.x, 10.0 - w.y);
        assert_eq!((moved.x + screen.0, moved.y + screen.1), (12.0, 12.0));
        z.end_pan();
        assert!(!z.is_panning());
        z.pan_to(20.0, Point::new(0.0, 0.0));
        assert_eq!(z.window(20.0), moved);
    }

    #[test]
    fn the_whole_board_is_not_moved_by_a_move() {
        let l = layout(19);
        let mut z = Zoom::default();
        z.follow(&l, &[Coord { file: 18, rank: 0 }]);
        assert_eq!(z.window(l.extent()), Window::whole(l.extent()));
    }
}
