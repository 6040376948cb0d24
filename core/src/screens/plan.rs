//! Drawing plans: what a shell draws, as a list of simple operations with concrete colours.
//!
//! A plan lives in a coordinate space of its own (`width` x `height`); a shell scales it to the
//! pixels it has. Board plans measure in squares (a square is 1 x 1), so their strokes scale
//! with the board; chart plans measure in fractions of the chart and give their strokes in
//! points (dp on Android), so that a line keeps its weight on any screen.

/// A point of a plan.
#[derive(Clone, Copy, PartialEq, Debug, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// How a line ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
pub enum Cap {
    Butt,
    Round,
    Square,
}

/// One drawing operation. Colours are 0xAARRGGBB; `alpha` in `Piece` multiplies them.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
pub enum DrawOp {
    /// A filled rectangle.
    FillRect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        colour: u32,
    },
    /// A rectangle's outline, the stroke centred on its edges.
    StrokeRect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        colour: u32,
        width: f32,
    },
    FillCircle {
        centre: Point,
        radius: f32,
        colour: u32,
    },
    /// A circle's outline, the stroke centred on the radius.
    StrokeCircle {
        centre: Point,
        radius: f32,
        colour: u32,
        width: f32,
    },
    /// A straight line; `dash` gives the lengths drawn and skipped, in the stroke's unit.
    Line {
        from: Point,
        to: Point,
        colour: u32,
        width: f32,
        cap: Cap,
        dash: Option<Vec<f32>>,
    },
    /// A line through the points.
    Polyline {
        points: Vec<Point>,
        colour: u32,
        width: f32,
        cap: Cap,
    },
    /// A filled polygon.
    FillPolygon { points: Vec<Point>, colour: u32 },
    /// Text of `size` (the height of its em, in the plan's unit) centred on `at`.
    Text {
        at: Point,
        text: String,
        size: f32,
        colour: u32,
        bold: bool,
    },
}

/// An ordered list of operations in a coordinate space of its own.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct DrawingPlan {
    pub width: f32,
    pub height: f32,
    /// Stroke widths in points (dp / pt) rather than in the plan's unit.
    pub strokes_in_points: bool,
    pub ops: Vec<DrawOp>,
}

/// Builds a plan operation by operation.
#[derive(Default)]
pub(crate) struct Pen {
    pub ops: Vec<DrawOp>,
}

impl Pen {
    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: u32) {
        self.ops.push(DrawOp::FillRect { x, y, w, h, colour });
    }

    pub fn stroke_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: u32, width: f32) {
        self.ops.push(DrawOp::StrokeRect {
            x,
            y,
            w,
            h,
            colour,
            width,
        });
    }

    pub fn fill_circle(&mut self, centre: Point, radius: f32, colour: u32) {
        self.ops.push(DrawOp::FillCircle {
            centre,
            radius,
            colour,
        });
    }

    pub fn stroke_circle(&mut self, centre: Point, radius: f32, colour: u32, width: f32) {
        self.ops.push(DrawOp::StrokeCircle {
            centre,
            radius,
            colour,
            width,
        });
    }

    pub fn line(&mut self, from: Point, to: Point, colour: u32, width: f32, cap: Cap) {
        self.ops.push(DrawOp::Line {
            from,
            to,
            colour,
            width,
            cap,
            dash: None,
        });
    }

    pub fn dashed(&mut self, from: Point, to: Point, colour: u32, width: f32, dash: Vec<f32>) {
        self.ops.push(DrawOp::Line {
            from,
            to,
            colour,
            width,
            cap: Cap::Butt,
            dash: Some(dash),
        });
    }

    pub fn polyline(&mut self, points: Vec<Point>, colour: u32, width: f32) {
        self.ops.push(DrawOp::Polyline {
            points,
            colour,
            width,
            cap: Cap::Round,
        });
    }

    pub fn polygon(&mut self, points: Vec<Point>, colour: u32) {
        self.ops.push(DrawOp::FillPolygon { points, colour });
    }

    pub fn text(&mut self, at: Point, text: String, size: f32, colour: u32, bold: bool) {
        self.ops.push(DrawOp::Text {
            at,
            text,
            size,
            colour,
            bold,
        });
    }
}

/// The part of the segment `a`-`b` inside the axis-aligned box, if any (Liang–Barsky).
pub(crate) fn clip_segment(a: Point, b: Point, min: Point, max: Point) -> Option<(Point, Point)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let mut t0 = 0.0f32;
    let mut t1 = 1.0f32;
    for (p, q) in [
        (-dx, a.x - min.x),
        (dx, max.x - a.x),
        (-dy, a.y - min.y),
        (dy, max.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
            continue;
        }
        let t = q / p;
        if p < 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 > t1 {
            return None;
        }
    }
    Some((
        Point::new(a.x + t0 * dx, a.y + t0 * dy),
        Point::new(a.x + t1 * dx, a.y + t1 * dy),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_is_clipped_to_the_box_or_dropped_outside_it() {
        let min = Point::new(0.0, 0.0);
        let max = Point::new(1.0, 1.0);
        let (a, b) = clip_segment(Point::new(-1.0, 1.0), Point::new(1.0, -1.0), min, max).unwrap();
        assert!(
            (a.x - 0.0).abs() < 1e-6 && (a.y - 0.0).abs() < 1e-6,
            "{a:?}"
        );
        assert!(
            (b.x - 0.0).abs() < 1e-6 && (b.y - 0.0).abs() < 1e-6,
            "{b:?}"
        );
        let (a, b) = clip_segment(Point::new(-0.5, 1.0), Point::new(0.5, 0.0), min, max).unwrap();
        assert!(
            (a.x - 0.0).abs() < 1e-6 && (a.y - 0.5).abs() < 1e-6,
            "{a:?}"
        );
        assert_eq!(b, Point::new(0.5, 0.0));
        assert!(clip_segment(Point::new(2.0, 2.0), Point::new(3.0, 3.0), min, max).is_none());
    }
}
