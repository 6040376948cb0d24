//! The review's chart as a drawing plan: the defenders' chance along the game, from the start
//! (left) to the last move (right), 0 at the bottom and 1 at the top. The area under each run
//! of known points is filled and its line drawn; positions not judged yet leave a gap, so the
//! chart fills in while the analysis runs. Each inaccuracy, mistake and blunder is marked at
//! the position it made, the worse the larger (a blunder's mark is also a line across the
//! chart, a mistake's a thinner one, an inaccuracy's a dot alone: told apart without colour),
//! and the position on screen is a dashed line.
//!
//! The plan measures in fractions of the chart (1 x 1); strokes are in points.

use crate::ai::verdicts::Verdict;
use crate::screens::look::ChromeColours;

use super::plan::{Cap, DrawingPlan, Pen, Point};

const GRID_WIDTH: f32 = 1.0;
const LINE_WIDTH: f32 = 2.0;
const CURSOR_WIDTH: f32 = 1.5;

/// The mark of a verdict: the dot's diameter and the width of the line across the chart (0 for
/// none), in points. Moves that are no error have none.
fn mark(verdict: Verdict) -> Option<(f32, f32)> {
    match verdict {
        Verdict::Inaccuracy => Some((7.0, 0.0)),
        Verdict::Mistake => Some((10.0, 1.5)),
        Verdict::Blunder => Some((13.0, 3.0)),
        Verdict::OnlyMove | Verdict::Best | Verdict::Good => None,
    }
}

/// The chart of `chances` (index 0 is the start), the verdicts' plies marked, `ply` on screen.
pub fn plan(
    chances: &[Option<f64>],
    marks: &[(u32, Verdict)],
    ply: u32,
    c: &ChromeColours,
) -> DrawingPlan {
    let last = (chances.len().saturating_sub(1)).max(1) as f32;
    let x = |i: usize| i as f32 / last;
    let y = |v: f64| (1.0 - v.clamp(0.0, 1.0)) as f32;
    let mut pen = Pen::default();
    for q in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let width = if q == 0.5 {
            GRID_WIDTH * 2.0
        } else {
            GRID_WIDTH
        };
        pen.line(
            Point::new(0.0, y(q)),
            Point::new(1.0, y(q)),
            c.chart_grid,
            width,
            Cap::Butt,
        );
    }
    let mut i = 0;
    while i < chances.len() {
        if chances[i].is_none() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chances.len() && chances[i].is_some() {
            i += 1;
        }
        let run: Vec<Point> = (start..i)
            .map(|j| Point::new(x(j), y(chances[j].unwrap_or(0.5))))
            .collect();
        let mut area = run.clone();
        area.push(Point::new(x(i - 1), 1.0));
        area.push(Point::new(x(start), 1.0));
        pen.polygon(area, c.chart_area);
        if run.len() == 1 {
            // A lone point: a dot, as a line of no length with round ends.
            pen.polyline(vec![run[0], run[0]], c.chart_line, LINE_WIDTH * 2.0);
        } else {
            pen.polyline(run, c.chart_line, LINE_WIDTH);
        }
    }
    for &(at, verdict) in marks {
        let Some((dot, line)) = mark(verdict) else {
            continue;
        };
        let mx = x(at as usize);
        if line > 0.0 {
            pen.line(
                Point::new(mx, 0.0),
                Point::new(mx, 1.0),
                c.chart_mistake,
                line,
                Cap::Butt,
            );
        }
        if let Some(Some(v)) = chances.get(at as usize) {
            pen.polyline(vec![Point::new(mx, y(*v)); 2], c.chart_mistake, dot);
        }
    }
    let px = x((ply as usize).min(chances.len().saturating_sub(1)));
    pen.dashed(
        Point::new(px, 0.0),
        Point::new(px, 1.0),
        c.outline,
        CURSOR_WIDTH,
        vec![4.0, 3.0],
    );
    DrawingPlan {
        width: 1.0,
        height: 1.0,
        strokes_in_points: true,
        ops: pen.ops,
    }
}

/// The position a touch at `fraction` of the chart's width means.
pub fn ply_at(fraction: f32, plies: u32) -> u32 {
    let last = plies.max(1) as f32;
    (fraction.clamp(0.0, 1.0) * last).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::look::{Theme, look};

    #[test]
    fn gaps_split_the_line_and_touches_round_to_a_position() {
        let c = look(Theme::Light, false).chrome;
        let p = plan(
            &[Some(0.5), Some(0.6), None, Some(0.2), Some(0.3)],
            &[(3, Verdict::Blunder)],
            1,
            &c,
        );
        let areas = p
            .ops
            .iter()
            .filter(|op| matches!(op, super::super::plan::DrawOp::FillPolygon { .. }))
            .count();
        assert_eq!(areas, 2, "one area for each run of known points");
        assert_eq!(ply_at(0.0, 40), 0);
        assert_eq!(ply_at(0.51, 40), 20);
        assert_eq!(ply_at(2.0, 40), 40);
    }
}
