//! The review's judgement of a whole game: the defenders' chance of winning after every ply,
//! from the engine at a fixed budget, and the moves that changed it most.
//!
//! A fixed node budget (rather than a time) makes the analysis the same on every device and
//! every run, so that it can be stored with the game and trusted when read back.

use serde::{Deserialize, Serialize};

use crate::ai::{
    Control, Engine, Judge, Judgement, MATE_BOUND, SearchResult, SearchSettings, winning_chance,
};
use crate::engine::game::{Game, Outcome, Status};
use crate::engine::mode::Level;
use crate::engine::movegen::Move;
use crate::engine::position::Side;

/// Names the analysis settings below; a stored analysis of another version is redone (2: the
/// chance without the engine's move where the game played it, for the only move; 3: the
/// played move searched alone, for its cost; 4: the played move and the best one searched
/// side by side in one search, the only move told by that same search; 5: whether the
/// engine's move stands out, told by that search too).
pub const VERSION: i64 = 5;

/// The engine's budget per position by default: about 35 ms on the development machine (1.4 M
/// nodes a second), so a 100-ply game takes a few seconds and a phone's slower core stays
/// within the review's patience (see docs/ai.md and docs/ai-experiments.md for the measured
/// figures).
pub const DEFAULT_NODES: u64 = 50_000;

/// The engine's move is the only move when every other costs at least this much of the
/// mover's winning chance, in thousandths (a mistake: [`crate::ai::verdicts::MISTAKE`]).
pub const ONLY_MOVE_PER_MILLE: u16 = 200;

/// The engine's move stands out (the review's "best") when every other costs at least this
/// much, in thousandths: more than the analysis's own uncertainty about a move's cost (a look
/// five times as deep moves nine costs in ten by less than 0.03; docs/ai.md, "Move
/// verdicts"), so that a deeper look confirms it.
pub const STANDS_OUT_PER_MILLE: u16 = 50;

/// How much (of the mover's winning chance, 0 to 1) a move must lose to count as a swing.
pub const SWING_THRESHOLD: f64 = 0.15;

/// How many swings a review marks.
pub const SWINGS: usize = 3;

/// How the engine looks at each position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes per position (reproducible), or ...
    pub nodes: u64,
    /// ... a time per position instead, when set (for `tafl analyse --ms`).
    pub millis: Option<u64>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: DEFAULT_NODES,
            millis: None,
        }
    }
}

/// The judgement of one position.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Point {
    /// The defenders' chance of winning, from 0 to 1.
    pub defenders: f64,
    /// The engine's move there, if the game goes on (its "better move" for a swing).
    pub best: Option<(u16, u16)>,
    /// Where the game went on with the engine's move: every other move would have cost at
    /// least [`STANDS_OUT_PER_MILLE`], by the same search ...
    #[serde(default)]
    pub stands_out: bool,
    /// ... or even a mistake ([`ONLY_MOVE_PER_MILLE`]).
    #[serde(default)]
    pub only_move: bool,
    /// Where the game went on with another move: the winning chance that move cost its player
    /// (0 to 1), from the same search as the engine's move ([`cost_of`]).
    #[serde(default)]
    pub cost: Option<f64>,
    /// `defenders` is certain: the game is over, or the search proved a forced result.
    #[serde(default)]
    pub forced: bool,
}

impl Point {
    pub fn best_move(&self) -> Option<Move> {
        self.best.map(|(f, t)| {
            Move::new(
                crate::engine::bits::Square::from_index(f),
                crate::engine::bits::Square::from_index(t),
            )
        })
    }
}

/// A game's analysis: one point per position, from the start (index 0) to after the last
/// ply. `complete` is false when it was cancelled part way.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Analysis {
    pub points: Vec<Point>,
    pub complete: bool,
}

/// A move that changed the game: ply `ply` (1-based) was played by `mover`, whose chance
/// went from `before` to `after`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Swing {
    pub ply: usize,
    pub mover: Side,
    pub before: f64,
    pub after: f64,
    /// The engine's move in the position before, when it differs from the one played.
    pub better: Option<Move>,
}

impl Swing {
    pub fn loss(&self) -> f64 {
        self.before - self.after
    }
}

/// The defenders' chance for an engine score from the point of view of `to_move`
/// ([`winning_chance`]: a logistic curve over the evaluation, certainty for a forced result).
pub fn defenders_chance(score: i32, to_move: Side) -> f64 {
    match to_move {
        Side::Defenders => winning_chance(score),
        Side::Attackers => 1.0 - winning_chance(score),
    }
}

/// The point of a position searched with the played move (if any) judged beside the best.
fn point_of(found: &SearchResult, played: Option<Move>, to_move: Side) -> Point {
    let best = found.best;
    let judged = found
        .judgement
        .filter(|_| played.is_some() && best.is_some());
    let (stands_out, only_move, cost) = match judged {
        Some(last) if best == played => {
            // Only where both of the last two iterations find every other move that much worse.
            let both =
                |of: fn(&Judgement) -> bool| of(&last) && found.earlier.is_none_or(|e| of(&e));
            (both(|j| j.stands_out), both(|j| j.only), None)
        }
        Some(last) => (false, false, Some(cost_of(last, found.earlier))),
        None => (false, false, None),
    };
    Point {
        defenders: defenders_chance(found.score, to_move),
        best: best.map(|m| (m.from.index() as u16, m.to.index() as u16)),
        stands_out,
        only_move,
        cost,
        forced: found.score.abs() >= MATE_BOUND,
    }
}

/// The winning chance the played move cost, by one iteration: the best move's chance less
/// the played move's, both from that iteration's tree.
fn iteration_cost(j: Judgement) -> f64 {
    (winning_chance(j.score) - winning_chance(j.played)).max(0.0)
}

/// The winning chance the played move cost: the mean of the last two iterations' costs, so
/// that the swing between odd and even depths (a side that moved last looks better) cancels;
/// the last alone where it is a forced result (a proof needs no second opinion) or where it
/// is the only one.
pub fn cost_of(last: Judgement, earlier: Option<Judgement>) -> f64 {
    let forced = last.score.abs() >= MATE_BOUND || last.played.abs() >= MATE_BOUND;
    match earlier {
        Some(earlier) if !forced => (iteration_cost(last) + iteration_cost(earlier)) / 2.0,
        _ => iteration_cost(last),
    }
}

/// The defenders' chance in a finished game.
fn final_chance(status: Status) -> Option<f64> {
    match status {
        Status::Ongoing => None,
        Status::Over(Outcome::Draw { .. }) => Some(0.5),
        Status::Over(Outcome::Win { winner, .. }) => Some(match winner {
            Side::Defenders => 1.0,
            Side::Attackers => 0.0,
        }),
    }
}

/// Analyses every position of `game` (its moves from its start), reporting each point as it
/// is found. Stops early, with `complete` false, when `control` is cancelled.
pub fn analyse(
    game: &Game,
    budget: &Budget,
    control: &Control,
    on_point: &mut dyn FnMut(usize, Point),
) -> Analysis {
    let moves: Vec<Move> = game.moves().map(|(mv, _)| mv).collect();
    let mut replay = Game::from_position(game.start().clone(), game.options());
    let mut engine = Engine::new(8 << 20);
    let mut settings = SearchSettings::for_level(Level::Hard).with_seed(0);
    match budget.millis {
        Some(ms) => settings = settings.with_time(std::time::Duration::from_millis(ms.max(1))),
        None => {
            settings.max_nodes = budget.nodes.max(1);
            settings.time = std::time::Duration::from_secs(3600);
        }
    }
    settings.table_bytes = 8 << 20;
    let mut points = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        if control.is_cancelled() {
            return Analysis {
                points,
                complete: false,
            };
        }
        let point = match final_chance(replay.status()) {
            Some(defenders) => Point {
                defenders,
                best: None,
                stands_out: false,
                only_move: false,
                cost: None,
                forced: true,
            },
            None => {
                // The move the game played, judged beside the engine's best by the same search.
                let judged = match moves.get(i) {
                    Some(&played) => settings.clone().judging(Judge {
                        played,
                        stands_out_per_mille: STANDS_OUT_PER_MILLE,
                        only_loss_per_mille: ONLY_MOVE_PER_MILLE,
                    }),
                    None => settings.clone(),
                };
                let found = engine.think(&replay, &judged, control);
                if found.cancelled {
                    return Analysis {
                        points,
                        complete: false,
                    };
                }
                let to_move = replay.side_to_move();
                point_of(&found, moves.get(i).copied(), to_move)
            }
        };
        on_point(i, point);
        points.push(point);
        if let Some(&mv) = moves.get(i) {
            if replay.play(mv).is_err() {
                // The game was replayed once already, so this cannot happen; stop rather
                // than analyse another game.
                break;
            }
        }
    }
    Analysis {
        points,
        complete: true,
    }
}

/// The moves that cost their player the most (at most [`SWINGS`], each losing at least
/// [`SWING_THRESHOLD`]), biggest first.
pub fn swings(game: &Game, analysis: &Analysis) -> Vec<Swing> {
    let mut replay = Game::from_position(game.start().clone(), game.options());
    let mut found = Vec::new();
    for (i, (mv, _)) in game.moves().enumerate() {
        let (Some(before), Some(after)) = (analysis.points.get(i), analysis.points.get(i + 1))
        else {
            break;
        };
        let mover = replay.side_to_move();
        let for_mover = |p: &Point| match mover {
            Side::Defenders => p.defenders,
            Side::Attackers => 1.0 - p.defenders,
        };
        let swing = Swing {
            ply: i + 1,
            mover,
            before: for_mover(before),
            after: for_mover(after),
            better: before.best_move().filter(|&b| b != mv),
        };
        if swing.loss() >= SWING_THRESHOLD {
            found.push(swing);
        }
        if replay.play(mv).is_err() {
            break;
        }
    }
    found.sort_by(|a, b| b.loss().total_cmp(&a.loss()).then(a.ply.cmp(&b.ply)));
    found.truncate(SWINGS);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judgement(score: i32, played: i32) -> Judgement {
        let square = crate::engine::bits::Square::from_index;
        Judgement {
            best: Move::new(square(0), square(1)),
            score,
            played,
            stands_out: false,
            only: false,
        }
    }

    #[test]
    fn the_engines_move_stands_out_where_both_iterations_say_so() {
        let square = crate::engine::bits::Square::from_index;
        let best = Move::new(square(0), square(1));
        let found = |last: Judgement, earlier: Option<Judgement>| SearchResult {
            best: Some(best),
            score: last.score,
            depth: 6,
            nodes: 1,
            elapsed: std::time::Duration::ZERO,
            cancelled: false,
            judgement: Some(last),
            earlier,
        };
        let clear = Judgement {
            stands_out: true,
            ..judgement(100, 100)
        };
        let only = Judgement {
            only: true,
            ..clear
        };
        let plain = judgement(100, 100);
        let point = |last, earlier| point_of(&found(last, earlier), Some(best), Side::Defenders);
        let p = point(clear, Some(clear));
        assert!(p.stands_out && !p.only_move && p.cost.is_none());
        let p = point(only, Some(only));
        assert!(p.stands_out && p.only_move);
        // One iteration of the two is not enough: a deeper look may find another as good.
        assert!(!point(clear, Some(plain)).stands_out);
        assert!(!point(plain, Some(clear)).stands_out);
        let p = point(only, Some(clear));
        assert!(p.stands_out && !p.only_move);
        // With one iteration only, that one decides.
        assert!(point(clear, None).stands_out);
        // Another move played: it has a cost, and nothing of the engine's move is said.
        let other = point_of(
            &found(clear, Some(clear)),
            Some(Move::new(square(2), square(3))),
            Side::Defenders,
        );
        assert!(!other.stands_out && !other.only_move && other.cost.is_some());
    }

    #[test]
    fn a_moves_cost_is_the_mean_of_the_last_two_iterations_unless_forced() {
        let chance = winning_chance;
        // One iteration: its own cost.
        let last = judgement(100, -100);
        assert!((cost_of(last, None) - (chance(100) - chance(-100))).abs() < 1e-12);
        // Two: the mean, so an odd depth's optimism and an even depth's pessimism cancel.
        let earlier = judgement(50, 40);
        let mean = ((chance(100) - chance(-100)) + (chance(50) - chance(40))) / 2.0;
        assert!((cost_of(last, Some(earlier)) - mean).abs() < 1e-12);
        // A forced result found by the last iteration stands alone.
        let proof = judgement(MATE_BOUND + 5, 0);
        assert!((cost_of(proof, Some(earlier)) - 0.5).abs() < 1e-12);
        let lost = judgement(0, -MATE_BOUND - 5);
        assert!((cost_of(lost, Some(earlier)) - 0.5).abs() < 1e-12);
        // A move that scores better than the best's score (another window) costs nothing.
        assert_eq!(cost_of(judgement(0, 30), None), 0.0);
    }

    #[test]
    fn chances_follow_the_score_from_the_defenders_side() {
        assert_eq!(defenders_chance(0, Side::Attackers), 0.5);
        assert!(defenders_chance(700, Side::Defenders) > 0.9);
        assert!(defenders_chance(700, Side::Attackers) < 0.1);
        assert_eq!(defenders_chance(MATE_BOUND + 3, Side::Defenders), 1.0);
        assert_eq!(defenders_chance(MATE_BOUND + 3, Side::Attackers), 0.0);
    }
}
