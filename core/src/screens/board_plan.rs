//! The board as a drawing plan, in the order `docs/design.md` gives, and the squares where
//! touches land.
//!
//! Units are squares: a square is 1 x 1, the squares start `margin` from the drawing's top-left
//! corner, and the frame fills the band of `frame_stroke` around them. With the coordinates on,
//! the margin is wider and holds the files' letters below the board and the ranks' numbers to
//! its left, so that "h1-h2" in every message can be read off the board.

use crate::screens::look::{BoardColours, BoardMetrics, Look};

use super::board_layout::Layout;
use super::frame::{BoardPlan, Glyph, LiftedPiece, PlacedPiece, SquareNode};
use super::plan::{Cap, DrawOp, Pen, Point, clip_segment};
use crate::engine::position::Piece;

use super::types::{Coord, SquareView};

/// The coordinates' text size, in squares.
const COORDINATE_SIZE: f32 = 0.34;
/// The selection ring's radius, in squares.
const SELECTION_RADIUS: f32 = 0.46;
/// What a drag adds to the board.
#[derive(Clone, Copy, Debug)]
pub struct DragMarks {
    /// The square the lifted piece came from (drawn empty meanwhile).
    pub from: Coord,
    pub piece: Piece,
    /// Where the lifted piece is.
    pub at: Point,
    /// The square under it.
    pub over: Option<Coord>,
}

/// Everything the board's drawing depends on.
pub struct BoardInput<'a> {
    pub size: u8,
    pub squares: &'a [SquareView],
    pub look: &'a Look,
    pub show_threats: bool,
    pub coordinates: bool,
    pub drag: Option<DragMarks>,
}

/// The board's plan and its squares for screen readers.
pub fn plan(input: &BoardInput<'_>) -> (BoardPlan, Vec<SquareNode>) {
    let layout = Layout::new(input.size, input.coordinates, &input.look.metrics);
    let c = &input.look.board;
    let m = &input.look.metrics;
    let mut under = Pen::default();
    let mut over = Pen::default();

    // 1. Fills.
    for sq in input.squares {
        let at = layout.top_left(sq.coord);
        let fill = if sq.restricted {
            c.restricted
        } else if sq.escape {
            c.escape_edge
        } else {
            c.square
        };
        under.fill_rect(at.x, at.y, 1.0, 1.0, fill);
    }
    // 2. Grid and frame.
    grid(&mut under, &layout, c, m);
    if input.coordinates {
        coordinates(&mut under, &layout, input.look);
    }
    // 3-7. Marks under the pieces.
    for sq in input.squares {
        let at = layout.top_left(sq.coord);
        let centre = at.offset(0.5, 0.5);
        if sq.restricted {
            cross(
                &mut under,
                at,
                m.restricted_mark_inset,
                c.line,
                m.grid_stroke * 1.5,
            );
        }
        if sq.ending {
            under.fill_circle(centre, m.ending_radius, c.ending);
        }
        if sq.king_open_line {
            stripes(&mut under, at, c.open_line, m);
        }
        if sq.last_move_from {
            square_frame(&mut under, at, c.last_move, m.last_move_from_stroke);
        }
        if sq.last_move_to {
            square_frame(&mut under, at, c.last_move, m.last_move_to_stroke);
        }
    }
    // 8. Pieces (drawn by the shell with the glyphs, so that it can move them).
    let hidden = input.drag.map(|d| d.from);
    let pieces = input
        .squares
        .iter()
        .filter(|sq| Some(sq.coord) != hidden)
        .filter_map(|sq| {
            sq.piece.map(|piece| PlacedPiece {
                square: sq.coord,
                piece,
                at: layout.centre(sq.coord),
            })
        })
        .collect();
    // 9-13. Marks over the pieces.
    for sq in input.squares {
        let at = layout.top_left(sq.coord);
        let centre = at.offset(0.5, 0.5);
        if sq.selected {
            over.stroke_circle(centre, SELECTION_RADIUS, c.selection, m.selection_stroke);
        }
        if input.show_threats && sq.threatened {
            threat(&mut over, at, c.threat, m);
        }
        if input.show_threats && sq.escape_route {
            diamond(&mut over, centre, m.escape_route_radius, c.escape_route);
        }
        if sq.target {
            over.fill_circle(centre, m.target_radius, c.target);
        }
        if sq.captured {
            cross(
                &mut over,
                at,
                m.captured_inset,
                c.captured,
                m.captured_stroke,
            );
        }
    }
    // Last: the hint's arrow.
    let hint_from = input.squares.iter().find(|s| s.hint_from).map(|s| s.coord);
    let hint_to = input.squares.iter().find(|s| s.hint_to).map(|s| s.coord);
    if let (Some(a), Some(b)) = (hint_from, hint_to) {
        arrow(
            &mut over,
            layout.centre(a),
            layout.centre(b),
            c.hint,
            m.hint_stroke,
        );
    }

    let nodes = input
        .squares
        .iter()
        .map(|sq| {
            let at = layout.top_left(sq.coord);
            SquareNode {
                square: sq.coord,
                name: sq.name.clone(),
                label: sq.label.clone(),
                x: at.x,
                y: at.y,
                actionable: false,
            }
        })
        .collect();
    let plan = BoardPlan {
        size: input.size,
        extent: layout.extent(),
        under: under.ops,
        drop: drop_marks(&layout, input.look, input.drag),
        pieces,
        glyphs: glyphs(input.look),
        over: over.ops,
        lifted: lifted(input.look, input.drag),
    };
    (plan, nodes)
}

/// The drag's marks under the pieces: a frame on the square under the lifted piece.
pub fn drop_marks(layout: &Layout, look: &Look, drag: Option<DragMarks>) -> Vec<DrawOp> {
    let mut pen = Pen::default();
    if let Some(square) = drag.and_then(|d| d.over) {
        let at = layout.top_left(square);
        square_frame(
            &mut pen,
            at,
            look.board.drop_target,
            look.metrics.drop_target_stroke,
        );
    }
    pen.ops
}

/// The piece a drag lifted, where the finger holds it.
pub fn lifted(look: &Look, drag: Option<DragMarks>) -> Option<LiftedPiece> {
    drag.map(|d| LiftedPiece {
        piece: d.piece,
        at: d.at,
        scale: look.motion.drag_scale_percent as f32 / 100.0,
    })
}

/// The three pieces around (0, 0) for a square of side 1. Edges are drawn inside the disc, so
/// a piece never grows past its radius.
pub fn glyphs(look: &Look) -> Vec<Glyph> {
    let c = &look.board;
    let m = &look.metrics;
    let origin = Point::new(0.0, 0.0);
    let disc = |fill: u32, edge: u32, radius: f32, stroke: f32| -> Vec<DrawOp> {
        let mut pen = Pen::default();
        pen.fill_circle(origin, radius, fill);
        pen.stroke_circle(origin, radius - stroke / 2.0, edge, stroke);
        pen.ops
    };
    let mut king = disc(
        c.king,
        c.king_edge,
        m.king_radius,
        m.piece_edge_stroke * 1.4,
    );
    let mut pen = Pen::default();
    let arm = m.king_mark_arm;
    pen.line(
        Point::new(-arm, 0.0),
        Point::new(arm, 0.0),
        c.king_mark,
        m.king_mark_stroke,
        Cap::Butt,
    );
    pen.line(
        Point::new(0.0, -arm),
        Point::new(0.0, arm),
        c.king_mark,
        m.king_mark_stroke,
        Cap::Butt,
    );
    king.extend(pen.ops);
    vec![
        Glyph {
            piece: Piece::Attacker,
            ops: disc(
                c.attacker,
                c.attacker_edge,
                m.attacker_radius,
                m.piece_edge_stroke * 0.6,
            ),
        },
        Glyph {
            piece: Piece::Defender,
            ops: disc(
                c.defender,
                c.defender_edge,
                m.defender_radius,
                m.piece_edge_stroke,
            ),
        },
        Glyph {
            piece: Piece::King,
            ops: king,
        },
    ]
}

fn grid(pen: &mut Pen, l: &Layout, c: &BoardColours, m: &BoardMetrics) {
    let n = f32::from(l.size);
    let (start, end) = (l.margin, l.margin + n);
    for i in 0..=l.size {
        let p = l.margin + f32::from(i);
        pen.line(
            Point::new(p, start),
            Point::new(p, end),
            c.line,
            m.grid_stroke,
            Cap::Butt,
        );
        pen.line(
            Point::new(start, p),
            Point::new(end, p),
            c.line,
            m.grid_stroke,
            Cap::Butt,
        );
    }
    // The frame fills the band of frame_stroke around the squares.
    let f = m.frame_stroke;
    pen.stroke_rect(start - f / 2.0, start - f / 2.0, n + f, n + f, c.frame, f);
}

/// Files' letters below the board, ranks' numbers to its left, in the margin.
fn coordinates(pen: &mut Pen, l: &Layout, look: &Look) {
    let colour = look.chrome.on_surface_muted;
    let n = f32::from(l.size);
    let band = l.margin - look.metrics.frame_stroke;
    for i in 0..l.size {
        let letter = char::from(b'a' + i).to_string();
        pen.text(
            Point::new(
                l.margin + f32::from(i) + 0.5,
                l.margin + n + look.metrics.frame_stroke + band / 2.0,
            ),
            letter,
            COORDINATE_SIZE,
            colour,
            false,
        );
        pen.text(
            Point::new(band / 2.0, l.margin + (n - 1.0 - f32::from(i)) + 0.5),
            (i + 1).to_string(),
            COORDINATE_SIZE,
            colour,
            false,
        );
    }
}

fn cross(pen: &mut Pen, at: Point, inset: f32, colour: u32, width: f32) {
    let (a, b) = (inset, 1.0 - inset);
    pen.line(at.offset(a, a), at.offset(b, b), colour, width, Cap::Butt);
    pen.line(at.offset(b, a), at.offset(a, b), colour, width, Cap::Butt);
}

/// A square frame inset by half its stroke.
fn square_frame(pen: &mut Pen, at: Point, colour: u32, stroke: f32) {
    pen.stroke_rect(
        at.x + stroke / 2.0,
        at.y + stroke / 2.0,
        1.0 - stroke,
        1.0 - stroke,
        colour,
        stroke,
    );
}

/// Diagonal stripes rising to the right, cut to the square.
fn stripes(pen: &mut Pen, at: Point, colour: u32, m: &BoardMetrics) {
    let min = at;
    let max = at.offset(1.0, 1.0);
    let mut x = -1.0;
    while x < 1.0 {
        if let Some((a, b)) = clip_segment(at.offset(x, 1.0), at.offset(x + 1.0, 0.0), min, max) {
            pen.line(a, b, colour, m.open_line_stroke, Cap::Butt);
        }
        x += m.open_line_spacing;
    }
}

/// Four L-shaped brackets at the square's corners.
fn threat(pen: &mut Pen, at: Point, colour: u32, m: &BoardMetrics) {
    let w = m.threat_stroke;
    let arm = m.threat_arm;
    let (lo, hi) = (w / 2.0, 1.0 - w / 2.0);
    for (x, dx) in [(lo, 1.0), (hi, -1.0)] {
        for (y, dy) in [(lo, 1.0), (hi, -1.0)] {
            let corner = at.offset(x, y);
            pen.line(corner, corner.offset(dx * arm, 0.0), colour, w, Cap::Square);
            pen.line(corner, corner.offset(0.0, dy * arm), colour, w, Cap::Square);
        }
    }
}

fn diamond(pen: &mut Pen, c: Point, half: f32, colour: u32) {
    pen.polygon(
        vec![
            c.offset(0.0, -half),
            c.offset(half, 0.0),
            c.offset(0.0, half),
            c.offset(-half, 0.0),
        ],
        colour,
    );
}

/// An arrow whose head, three strokes long and wide, has its point on `b`.
fn arrow(pen: &mut Pen, a: Point, b: Point, colour: u32, stroke: f32) {
    let angle = (b.y - a.y).atan2(b.x - a.x);
    let head = stroke * 3.0;
    let base = Point::new(b.x - head * angle.cos(), b.y - head * angle.sin());
    pen.line(a, base, colour, stroke, Cap::Round);
    let spread = stroke * 1.5;
    let (nx, ny) = (-angle.sin(), angle.cos());
    pen.polygon(
        vec![
            b,
            Point::new(base.x + nx * spread, base.y + ny * spread),
            Point::new(base.x - nx * spread, base.y - ny * spread),
        ],
        colour,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::look::{Theme, look};

    #[test]
    fn the_squares_lie_inside_the_margin_and_touches_find_them() {
        let m = look(Theme::Light, false).metrics;
        for coordinates in [false, true] {
            let l = Layout::new(11, coordinates, &m);
            let a1 = l.top_left(Coord { file: 0, rank: 0 });
            assert_eq!(a1.x, l.margin);
            assert_eq!(a1.y, l.margin + 10.0);
            assert_eq!(
                l.square_at(l.centre(Coord { file: 3, rank: 7 })),
                Some(Coord { file: 3, rank: 7 })
            );
            // The margin is on no square.
            assert_eq!(l.square_at(Point::new(l.margin / 2.0, 5.0)), None);
            assert!((l.extent() - (11.0 + 2.0 * l.margin)).abs() < 1e-6);
        }
    }

    /// Every board the games use, from 7 x 7 to 19 x 19 (`VariantKind::ALL` has 7, 9, 11, 13
    /// and 19), and the sizes between.
    const SIZES: std::ops::RangeInclusive<u8> = 7..=19;

    fn inside(p: Point, extent: f32) -> bool {
        (0.0..=extent).contains(&p.x) && (0.0..=extent).contains(&p.y)
    }

    #[test]
    fn every_size_lays_its_squares_out_and_finds_them_again() {
        let m = look(Theme::Light, false).metrics;
        for size in SIZES {
            for coordinates in [false, true] {
                let l = Layout::new(size, coordinates, &m);
                let n = f32::from(size);
                assert!((l.extent() - (n + 2.0 * l.margin)).abs() < 1e-4);
                for rank in 0..size {
                    for file in 0..size {
                        let c = Coord { file, rank };
                        assert_eq!(l.square_at(l.centre(c)), Some(c), "{size}: {c:?}");
                        assert!(inside(l.top_left(c).offset(1.0, 1.0), l.extent()));
                    }
                }
                // The top-left square is the last rank's a-file; the margins are on no square.
                assert_eq!(
                    l.square_at(Point::new(l.margin + 0.5, l.margin + 0.5)),
                    Some(Coord {
                        file: 0,
                        rank: size - 1
                    })
                );
                let far = l.margin + n + 0.01;
                assert_eq!(l.square_at(Point::new(far, 1.0)), None);
                assert_eq!(l.square_at(Point::new(1.0, far)), None);
            }
        }
    }

    #[test]
    fn every_size_writes_its_files_and_ranks_inside_the_margin() {
        let light = look(Theme::Light, false);
        for size in SIZES {
            let l = Layout::new(size, true, &light.metrics);
            let mut pen = Pen::default();
            coordinates(&mut pen, &l, &light);
            let texts: Vec<(Point, String)> = pen
                .ops
                .iter()
                .filter_map(|op| match op {
                    DrawOp::Text { at, text, .. } => Some((*at, text.clone())),
                    _ => None,
                })
                .collect();
            assert_eq!(texts.len(), 2 * usize::from(size));
            let files: Vec<&str> = texts.iter().step_by(2).map(|(_, t)| t.as_str()).collect();
            let ranks: Vec<&str> = texts
                .iter()
                .skip(1)
                .step_by(2)
                .map(|(_, t)| t.as_str())
                .collect();
            // The letters of the square names (a to s on 19 x 19), the numbers 1 to the size.
            let names: Vec<String> = (0..size)
                .map(|i| char::from(b'a' + i).to_string())
                .collect();
            assert_eq!(files, names.iter().map(String::as_str).collect::<Vec<_>>());
            assert_eq!(ranks.last().copied(), Some(size.to_string().as_str()));
            for (at, text) in &texts {
                assert!(inside(*at, l.extent()), "{size}: {text} at {at:?}");
                // Off the squares: below them (files) or to their left (ranks).
                assert_eq!(l.square_at(*at), None, "{size}: {text} on a square");
            }
        }
    }

    #[test]
    fn every_game_draws_its_start_position() {
        use crate::engine::position::Position;
        use crate::engine::variant::VariantKind;
        use crate::screens::view::{BoardMarks, squares};
        use crate::texts::Language;

        let light = look(Theme::Light, false);
        for kind in VariantKind::ALL {
            let pos = Position::start(kind);
            let size = pos.variant().size();
            let views = squares(
                &pos,
                &BoardMarks::plain(None, false),
                Language::English.catalog(),
            );
            assert_eq!(
                views.len(),
                usize::from(size) * usize::from(size),
                "{kind:?}"
            );
            for coordinates in [false, true] {
                let (plan, nodes) = plan(&BoardInput {
                    size,
                    squares: &views,
                    look: &light,
                    show_threats: true,
                    coordinates,
                    drag: None,
                });
                assert_eq!(plan.size, size);
                assert_eq!(nodes.len(), views.len(), "{kind:?}");
                assert_eq!(
                    plan.pieces.len() as u32,
                    pos.occupied().count(),
                    "{kind:?}: a piece drawn for every piece"
                );
                let layout = Layout::new(size, coordinates, &light.metrics);
                for p in &plan.pieces {
                    assert_eq!(layout.square_at(p.at), Some(p.square), "{kind:?}");
                }
                for node in &nodes {
                    assert!(inside(Point::new(node.x + 1.0, node.y + 1.0), plan.extent));
                }
                // One fill for each square, drawn first.
                let fills = plan
                    .under
                    .iter()
                    .take_while(|op| matches!(op, DrawOp::FillRect { .. }))
                    .count();
                assert_eq!(fills, views.len(), "{kind:?}");
            }
        }
    }

    /// `Layout::aim` looks only at the squares near the touch: it finds what a look at every
    /// square finds, on every size, for touches all over the drawing and sets of useful squares.
    #[test]
    fn aiming_near_the_touch_finds_what_looking_everywhere_finds() {
        fn everywhere(l: &Layout, p: Point, useful: impl Fn(Coord) -> bool) -> Option<Coord> {
            let under = l.square_at(p);
            if under.is_some_and(&useful) {
                return under;
            }
            let mut best: Option<(f32, Coord)> = None;
            for rank in 0..l.size {
                for file in 0..l.size {
                    let c = Coord { file, rank };
                    let centre = l.centre(c);
                    let d = ((centre.x - p.x).powi(2) + (centre.y - p.y).powi(2)).sqrt();
                    if useful(c)
                        && d <= super::super::board_layout::AIM_RADIUS
                        && best.is_none_or(|(bd, _)| d < bd)
                    {
                        best = Some((d, c));
                    }
                }
            }
            best.map(|(_, c)| c).or(under)
        }
        let m = look(Theme::Light, false).metrics;
        for size in SIZES {
            let l = Layout::new(size, size % 2 == 0, &m);
            // Useful squares in a sparse pattern, so that some touches have none near.
            let useful = |c: Coord| (c.file * 3 + c.rank * 5) % 7 == 0;
            let steps = 97;
            for i in 0..=steps {
                for j in 0..=steps {
                    let p = Point::new(
                        l.extent() * i as f32 / steps as f32 - 0.3,
                        l.extent() * j as f32 / steps as f32 - 0.3,
                    );
                    assert_eq!(l.aim(p, useful), everywhere(&l, p, useful), "{size}: {p:?}");
                }
            }
            assert_eq!(l.aim(Point::new(f32::NAN, 1.0), useful), None);
        }
    }

    #[test]
    fn a_tap_near_a_useful_square_is_aimed_at_it() {
        let m = look(Theme::Light, false).metrics;
        let l = Layout::new(11, false, &m);
        let target = Coord { file: 4, rank: 4 };
        let centre = l.centre(target);
        // On the square next to it, which does nothing: the useful one takes the tap.
        let near = centre.offset(0.7, 0.0);
        assert_eq!(l.aim(near, |c| c == target), Some(target));
        // Too far away: the square under the finger.
        let far = centre.offset(1.6, 0.0);
        assert_eq!(
            l.aim(far, |c| c == target),
            Some(Coord { file: 6, rank: 4 })
        );
        // A useful square under the finger always wins.
        let other = Coord { file: 5, rank: 4 };
        assert_eq!(l.aim(near, |c| c == target || c == other), Some(other));
    }
}
