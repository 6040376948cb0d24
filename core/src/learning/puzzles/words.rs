//! The words of the puzzles: what the defence that refutes a wrong move comes to, in the
//! catalog's language.

use crate::engine::moves::Move;
use crate::engine::notation::format_move;
use crate::engine::position::Side;
use crate::engine::variant::Geometry;
use crate::texts::Catalog;

use super::dashboard::Dashboard;
use super::{Holds, Refutation, Theme};

/// Why a wrong move fails, from the defence that holds out longest: "d1-b1 holds out: after it
/// you still need 3 more moves to win." `defence` is the side that replies; `left` is the
/// plies the puzzle had left when the wrong move came. Counts are in the winner's moves, as the
/// puzzle's prompt counts them; a defence that holds past the prover's horizon is said against
/// the prompt's own count ("force the win in 2 moves": "the win can no longer be forced in 2
/// moves"), however far the prover looked, so that the two never name different counts.
pub fn refutation(
    c: &Catalog,
    g: &Geometry,
    refutation: Refutation,
    defence: Side,
    left: u32,
) -> String {
    let reply = format_move(g, refutation.reply, Default::default());
    let reply = ("reply", reply.as_str());
    match refutation.holds {
        Holds::Wins(reason) => {
            let reason = c.why(defence, reason);
            c.fill("puzzle.holds.wins", &[reply, ("reason", &reason)])
        }
        Holds::WinsNext => c.fill(
            "puzzle.holds.wins_next",
            &[reply, ("side", c.side_noun(defence))],
        ),
        Holds::Draws => c.fill("puzzle.holds.draws", &[reply]),
        Holds::NoWinWithin { .. } => c.count("puzzle.holds.no_win", moves(left), &[reply]),
        Holds::LosesIn { plies } => c.count("puzzle.holds.loses", moves(plies), &[reply]),
    }
}

/// The line a wrong move gets: that it does not win in time, and why, when the prover found
/// the defence that shows it (`left`: the plies the puzzle had left when the move came).
pub fn wrong_move(
    c: &Catalog,
    g: &Geometry,
    mv: Move,
    refutation: Option<Refutation>,
    defence: Side,
    left: u32,
) -> String {
    let name = format_move(g, mv, Default::default());
    match refutation {
        Some(r) => {
            let why = self::refutation(c, g, r, defence, left);
            c.fill("puzzle.wrong", &[("move", &name), ("why", &why)])
        }
        None => c.fill("puzzle.wrong_alone", &[("move", &name)]),
    }
}

/// The winner's moves in `plies` plies that end on the winner's move.
fn moves(plies: u32) -> u64 {
    u64::from(plies.div_ceil(2))
}

/// A theme's name: "The king's escape".
pub fn theme(c: &Catalog, theme: Theme) -> &'static str {
    c.text(match theme {
        Theme::Escape => "puzzle.theme.escape",
        Theme::KingCapture => "puzzle.theme.king_capture",
        Theme::ShieldWall => "puzzle.theme.shield_wall",
        Theme::Fort => "puzzle.theme.fort",
        Theme::Encirclement => "puzzle.theme.encirclement",
        Theme::Material => "puzzle.theme.material",
    })
}

/// The dashboard in lines: the game, solved and missed, the rating's way (its last ten
/// values), the weakest and the strongest theme.
pub fn dashboard(c: &Catalog, d: &Dashboard) -> Vec<String> {
    let mut lines = vec![c.fill("dashboard.title", &[("game", c.variant(d.kind))])];
    if d.ratings.is_empty() {
        lines.push(c.text("dashboard.none").to_string());
        return lines;
    }
    lines.push(c.fill(
        "dashboard.counts",
        &[
            ("solved", &d.solved.to_string()),
            ("failed", &d.failed.to_string()),
        ],
    ));
    let recent: Vec<String> = d.ratings[d.ratings.len().saturating_sub(10)..]
        .iter()
        .map(|r| format!("{}", r.round() as i64))
        .collect();
    lines.push(c.fill("dashboard.ratings", &[("ratings", &recent.join(" → "))]));
    for (key, score) in [
        ("dashboard.weakest", d.weakest()),
        ("dashboard.strongest", d.strongest()),
    ] {
        if let Some(s) = score {
            lines.push(c.fill(
                key,
                &[
                    ("theme", theme(c, s.theme)),
                    ("solved", &s.solved.to_string()),
                    ("played", &s.played.to_string()),
                ],
            ));
        }
    }
    lines
}
