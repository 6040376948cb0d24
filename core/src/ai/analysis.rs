//! The review's judgement of a whole game: the defenders' chance of winning after every ply,
//! from the engine at a fixed budget, and the moves that changed it most.
//!
//! A fixed node budget (rather than a time) makes the analysis the same on every device and
//! every run, so that it can be stored with the game and trusted when read back.

use serde::{Deserialize, Serialize};

use crate::ai::{Control, Engine, MATE_BOUND, SearchSettings};
use crate::engine::game::{Game, Outcome, Status};
use crate::engine::mode::Level;
use crate::engine::movegen::Move;
use crate::engine::position::Side;

/// Names the analysis settings below; a stored analysis of another version is redone (2: the
/// chance without the engine's move where the game played it, for the only move; 3: the
/// played move searched alone, for its cost).
pub const VERSION: i64 = 3;

/// The engine's budget per position by default: about 35 ms on the development machine (1.4 M
/// nodes a second), so a 100-ply game takes a few seconds and a phone's slower core stays
/// within the review's patience (see docs/ai.md and docs/ai-experiments.md for the measured
/// figures).
pub const DEFAULT_NODES: u64 = 50_000;

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
    /// Where the game went on with the engine's move: the defenders' chance with that move
    /// left out, so that the review can tell the only move from one good move among many.
    #[serde(default)]
    pub without_best: Option<f64>,
    /// Where the game went on with another move: the defenders' chance with that move alone
    /// searched from here, at the same budget, so that the move's cost is measured against the
    /// engine's move by one look at one position (two looks at two positions differ by more
    /// than most moves cost: see docs/ai.md, "Move verdicts").
    #[serde(default)]
    pub played: Option<f64>,
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

/// The defenders' chance for an engine score from the point of view of `to_move`: a logistic
/// curve over the evaluation (400 hundredths of a soldier, four soldiers, make 91 %), and
/// certainty for a forced result.
pub fn defenders_chance(score: i32, to_move: Side) -> f64 {
    let for_defenders = match to_move {
        Side::Defenders => score,
        Side::Attackers => -score,
    };
    if for_defenders >= MATE_BOUND {
        1.0
    } else if for_defenders <= -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + 10f64.powf(-f64::from(for_defenders) / 400.0))
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
                without_best: None,
                played: None,
            },
            None => {
                let found = engine.think(&replay, &settings, control);
                if found.cancelled {
                    return Analysis {
                        points,
                        complete: false,
                    };
                }
                let to_move = replay.side_to_move();
                // A second look from here at what the game played: without the engine's move
                // where the game played it (was it the only one?), or at the played move alone.
                let second = match (found.best, moves.get(i)) {
                    (Some(best), Some(&played)) => {
                        let excluded: Vec<Move> = if best == played {
                            vec![best]
                        } else {
                            let all = replay.legal_moves();
                            all.iter().copied().filter(|&m| m != played).collect()
                        };
                        let rest = settings.clone().excluding(excluded);
                        let look = engine.think(&replay, &rest, control);
                        if look.cancelled {
                            return Analysis {
                                points,
                                complete: false,
                            };
                        }
                        let chance = look.best.map(|_| defenders_chance(look.score, to_move));
                        Some((best == played, chance))
                    }
                    _ => None,
                };
                let (without_best, played) = match second {
                    Some((true, chance)) => (chance, None),
                    Some((false, chance)) => (None, chance),
                    None => (None, None),
                };
                Point {
                    defenders: defenders_chance(found.score, to_move),
                    best: found
                        .best
                        .map(|m| (m.from.index() as u16, m.to.index() as u16)),
                    without_best,
                    played,
                }
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

    #[test]
    fn chances_follow_the_score_from_the_defenders_side() {
        assert_eq!(defenders_chance(0, Side::Attackers), 0.5);
        assert!(defenders_chance(400, Side::Defenders) > 0.9);
        assert!(defenders_chance(400, Side::Attackers) < 0.1);
        assert_eq!(defenders_chance(MATE_BOUND + 3, Side::Defenders), 1.0);
        assert_eq!(defenders_chance(MATE_BOUND + 3, Side::Attackers), 0.0);
    }
}
