//! Texel tuning: fits the evaluation's weights to game results.
//!
//! Every position of every game becomes a sample: the evaluation's terms (its features, from
//! the defenders' point of view) and the game's result for the defenders (1 won, 0.5 drawn,
//! 0 lost). The evaluation is linear in its weights, so a position's score is the dot product
//! of weights and features, and `sigmoid(k * (score + level))` predicts the result. The
//! `level` is a constant for the defenders that the evaluation does not have: how much better
//! the defenders did in these games than the evaluation says, everywhere. Without it a game
//! whose start the evaluation misjudges cannot be fitted at all (on 13x13 self-play the
//! defenders won most games from a start rated +3.04 for the attackers, and the best scale
//! was then no scale). The weights have a level of their own ([`Weights::level`]), but the
//! features leave it out, so the level fitted here is the whole constant the results imply. It
//! is reported, not written, and the file's level is kept: a constant changes no choice
//! between two moves, only how a draw compares with playing on, so it is set by matches, not
//! by predicting results. The tuner first fits the scale `k` and the level
//! to the weights it starts from, then moves the weights and the level (by Adam, a gradient
//! method) to lower the mean squared error between prediction and result on the training
//! games, and reports the same loss on held-out games (every fifth game), which it never
//! trains on.
//!
//! The samples are plain static evaluations (the engine has no quiescence search). Positions
//! that the evaluation scores as nearly won without its terms (an open line to an escape
//! square) are left out, and so are the first [`SKIP_PLIES`] of each game, which are book-like.
//! The weight of an attacker stays 100 (it sets the scale) and `near_win` is not tuned.

use std::fmt;

use crate::engine::board::BitBoard;
use crate::engine::game::{Game, Outcome, Status};
use crate::engine::position::{Position, PositionOf, Side};
use crate::engine::replay::replay_line;
use crate::engine::variant::{KingStrength, RuleOptions, VariantKind};

use super::eval::{king_routes, open_approaches, threatened};
use super::weights::Weights;

/// The tuned terms, in the order of a feature vector.
pub const TERMS: [&str; 13] = [
    "attacker",
    "defender",
    "escape_in_two",
    "escape_in_three",
    "king_mobility",
    "king_pressure",
    "corner_guard",
    "open_edge",
    "room",
    "threat",
    "single_open_line",
    "approach_in_two",
    "approach_in_three",
];
const N: usize = TERMS.len();
/// `attacker` is held at its value: it is the unit.
const FIXED: usize = 0;

/// Plies of each game's start that give no samples.
pub const SKIP_PLIES: usize = 4;

/// The weights as a vector in [`TERMS`] order.
pub fn to_vector(w: &Weights) -> [f64; N] {
    [
        w.attacker,
        w.defender,
        w.escape_in_two,
        w.escape_in_three,
        w.king_mobility,
        w.king_pressure,
        w.corner_guard,
        w.open_edge,
        w.room,
        w.threat,
        w.single_open_line,
        w.approach_in_two,
        w.approach_in_three,
    ]
    .map(f64::from)
}

/// `base` with the terms of `v` (rounded to whole hundredths).
pub fn from_vector(base: &Weights, v: &[f64; N]) -> Weights {
    let r = |x: f64| x.round().clamp(-1e6, 1e6) as i32;
    Weights {
        attacker: r(v[0]),
        defender: r(v[1]),
        escape_in_two: r(v[2]),
        escape_in_three: r(v[3]),
        king_mobility: r(v[4]),
        king_pressure: r(v[5]),
        corner_guard: r(v[6]),
        open_edge: r(v[7]),
        room: r(v[8]),
        threat: r(v[9]),
        single_open_line: r(v[10]),
        approach_in_two: r(v[11]),
        approach_in_three: r(v[12]),
        near_win: base.near_win,
        level: base.level,
    }
}

/// The evaluation's features of a position, from the defenders' point of view, so that the
/// evaluation for the defenders is their dot product with [`to_vector`] of the weights (up to
/// rounding in the threat term). `None` where the evaluation scores a near win instead.
pub fn features<B: BitBoard>(pos: &PositionOf<B>) -> Option<[f64; N]> {
    let v = pos.variant();
    let g = &v.geometry;
    let to_move = pos.side_to_move();
    let routes = king_routes(pos);
    if (to_move == Side::Defenders && routes.in_one > 0)
        || (to_move == Side::Attackers && routes.in_one >= 2)
    {
        return None;
    }
    let approaches = open_approaches(pos);
    let king = B::square(pos.king());
    let mut pressure = -f64::from((g.neighbours(king) & pos.attackers()).count());
    if v.king_strength == KingStrength::Strong && (king & g.edge).any() {
        pressure += 1.0;
    }
    let (open_edge, room) = if v.encirclement {
        let free = g.board & !pos.attackers();
        let region = crate::engine::rules::flood(pos, pos.pieces(Side::Defenders), free, B::EMPTY);
        (
            f64::from((region & g.edge).count()),
            f64::from(region.count()),
        )
    } else {
        (0.0, 0.0)
    };
    let attackers_hanging = f64::from(threatened(pos, v, Side::Attackers));
    let defenders_hanging = f64::from(threatened(pos, v, Side::Defenders));
    let (mine, theirs) = match to_move {
        Side::Defenders => (defenders_hanging, attackers_hanging),
        Side::Attackers => (attackers_hanging, defenders_hanging),
    };
    let threat = theirs.min(2.0) - mine.min(3.0) / 4.0;
    let threat = match to_move {
        Side::Defenders => threat,
        Side::Attackers => -threat,
    };
    Some([
        -f64::from(pos.attackers().count()),
        f64::from(pos.defenders().count()),
        f64::from(routes.in_two),
        f64::from(routes.in_three),
        f64::from(routes.mobility),
        pressure,
        -f64::from((v.corner_guards & pos.attackers()).count()),
        open_edge,
        room,
        threat,
        if routes.in_one == 1 { 1.0 } else { 0.0 },
        f64::from(approaches.in_two),
        f64::from(approaches.in_three),
    ])
}

/// One position and its game's result.
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: [f64; N],
    /// The result for the defenders: 1 won, 0.5 drawn, 0 lost.
    pub result: f64,
}

/// One game's samples.
#[derive(Clone, Debug, Default)]
pub struct GameSamples {
    pub samples: Vec<Sample>,
}

/// Why a line of a games file gives no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// The moves do not replay under our rules.
    Unplayable(String),
    /// No result: the record says `Ongoing` or nothing readable, or the moves stop before the
    /// end of the game.
    NoResult,
    /// Lost on time: the result says nothing about the position.
    Timeout,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skipped::Unplayable(e) => write!(f, "does not replay: {e}"),
            Skipped::NoResult => f.write_str("no result"),
            Skipped::Timeout => f.write_str("lost on time"),
        }
    }
}

/// The samples of one line of a games file: either the conformance format
/// (`moves,attacker_captures,defender_captures,result`, the result `White`, `Black` or `Draw`)
/// or moves alone (the engine's games, played to their end: the result is the game's).
pub fn game_samples(kind: VariantKind, line: &str) -> Result<GameSamples, Skipped> {
    let fields: Vec<&str> = line.split(',').collect();
    let (moves, recorded) = match fields.as_slice() {
        [moves] => (*moves, None),
        [moves, _, _, result] => {
            let r = match result.trim() {
                "White" => 1.0,
                "Black" => 0.0,
                "Draw" => 0.5,
                _ => return Err(Skipped::NoResult),
            };
            (*moves, Some(r))
        }
        _ => return Err(Skipped::Unplayable("not a line of moves".into())),
    };
    if moves
        .split_whitespace()
        .any(|t| t.eq_ignore_ascii_case("timeout"))
    {
        return Err(Skipped::Timeout);
    }
    let start = Position::start(kind);
    let replayed = replay_line(&start, RuleOptions::default(), moves)
        .map_err(|e| Skipped::Unplayable(e.to_string()))?;
    let result = match recorded {
        Some(r) => r,
        None => match replayed.game.status() {
            Status::Over(Outcome::Win {
                winner: Side::Defenders,
                ..
            }) => 1.0,
            Status::Over(Outcome::Win { .. }) => 0.0,
            Status::Over(Outcome::Draw { .. }) => 0.5,
            Status::Ongoing => return Err(Skipped::NoResult),
        },
    };
    let mut game = Game::from_position(start, RuleOptions::default());
    let mut samples = Vec::new();
    let played: Vec<_> = replayed.game.moves().map(|(mv, _)| mv).collect();
    for (ply, mv) in played.into_iter().enumerate() {
        if ply >= SKIP_PLIES {
            if let Some(features) = features(game.position()) {
                samples.push(Sample { features, result });
            }
        }
        game.make(mv);
    }
    Ok(GameSamples { samples })
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(w: &[f64; N], f: &[f64; N]) -> f64 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

/// How a score becomes a predicted result: `sigmoid(k * (score + level))`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// Per hundredth of a soldier.
    pub k: f64,
    /// Hundredths of a soldier for the defenders, added to every score.
    pub level: f64,
}

/// The mean squared error of the predictions of weights `w` at `scale`.
pub fn loss(samples: &[Sample], w: &[f64; N], scale: Scale) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = sigmoid(scale.k * (dot(w, &s.features) + scale.level)) - s.result;
            e * e
        })
        .sum();
    sum / samples.len() as f64
}

/// The scale that fits weights `w` best: for each `k` tried (a golden-section search on
/// `ln k`), the level that fits best at that `k` (another, nested).
pub fn fit_scale(samples: &[Sample], w: &[f64; N]) -> Scale {
    let best_level = |k: f64| {
        minimise(
            |level| loss(samples, w, Scale { k, level }),
            -MAX_LEVEL,
            MAX_LEVEL,
        )
    };
    let k = minimise(
        |lnk| {
            let k = lnk.exp();
            loss(
                samples,
                w,
                Scale {
                    k,
                    level: best_level(k),
                },
            )
        },
        (1e-5f64).ln(),
        (1e-1f64).ln(),
    )
    .exp();
    Scale {
        k,
        level: best_level(k),
    }
}

/// The level is searched within this many hundredths either way (50 soldiers).
const MAX_LEVEL: f64 = 5_000.0;

/// The minimum of `f` on `[a, b]`, for a function with one there (golden-section search).
fn minimise(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64) -> f64 {
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..48 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// What a tuning run did.
#[derive(Clone, Debug)]
pub struct TuneReport {
    pub train_positions: usize,
    pub held_positions: usize,
    /// The scale fitted to the starting weights (`k` stays; the level is tuned with them).
    pub scale: Scale,
    /// The level after tuning (the starting one if tuning did not lower the training loss).
    pub level_after: f64,
    pub train_before: f64,
    pub train_after: f64,
    pub held_before: f64,
    pub held_after: f64,
    /// The tuned weights (the starting ones if tuning did not lower the training loss).
    pub weights: Weights,
    /// Tuning lowered the training loss, so `weights` are new.
    pub improved: bool,
}

/// Tunes `start` on `train` for `iterations` steps and measures on `held`.
pub fn tune(start: &Weights, train: &[Sample], held: &[Sample], iterations: u32) -> TuneReport {
    let w0 = to_vector(start);
    let scale = fit_scale(train, &w0);
    let k = scale.k;
    let mut w = w0;
    let mut level = scale.level;
    let mut level_step = Adam::default();
    let mut steps = [Adam::default(); N];
    let n = train.len().max(1) as f64;
    for t in 1..=iterations {
        let mut grad = [0.0; N];
        let mut level_grad = 0.0;
        for s in train {
            let p = sigmoid(k * (dot(&w, &s.features) + level));
            let common = 2.0 * (p - s.result) * p * (1.0 - p) * k / n;
            level_grad += common;
            for (g, f) in grad.iter_mut().zip(&s.features) {
                *g += common * f;
            }
        }
        level = (level + level_step.step(level_grad, t)).clamp(-MAX_LEVEL, MAX_LEVEL);
        for i in 0..N {
            if i == FIXED {
                continue;
            }
            // No term may turn against its meaning (every feature is signed so that a positive
            // weight helps the side it names).
            w[i] = (w[i] + steps[i].step(grad[i], t)).clamp(0.0, 2_000.0);
        }
    }
    let tuned = from_vector(start, &w);
    let rounded = to_vector(&tuned);
    let after = Scale { k, level };
    let train_before = loss(train, &w0, scale);
    let train_after = loss(train, &rounded, after);
    let improved = train_after < train_before;
    let (weights, final_w, final_scale) = if improved {
        (tuned, rounded, after)
    } else {
        (start.clone(), w0, scale)
    };
    TuneReport {
        train_positions: train.len(),
        held_positions: held.len(),
        scale,
        level_after: final_scale.level,
        train_before,
        train_after: loss(train, &final_w, final_scale),
        held_before: loss(held, &w0, scale),
        held_after: loss(held, &final_w, final_scale),
        weights,
        improved,
    }
}

/// One coordinate's Adam state: running means of its gradient and of the gradient's square.
#[derive(Clone, Copy, Default)]
struct Adam {
    m: f64,
    v: f64,
}

impl Adam {
    /// About a hundredth of a soldier's worth per step, at most.
    const RATE: f64 = 1.0;
    const B1: f64 = 0.9;
    const B2: f64 = 0.999;
    const EPS: f64 = 1e-12;

    /// The change to make at step `t` (from 1) for gradient `grad`.
    fn step(&mut self, grad: f64, t: u32) -> f64 {
        let t = f64::from(t);
        self.m = Self::B1 * self.m + (1.0 - Self::B1) * grad;
        self.v = Self::B2 * self.v + (1.0 - Self::B2) * grad * grad;
        let m_hat = self.m / (1.0 - Self::B1.powf(t));
        let v_hat = self.v / (1.0 - Self::B2.powf(t));
        -Self::RATE * m_hat / (v_hat.sqrt() + Self::EPS)
    }
}

/// Whether game `n` (0-based, in reading order) is held out: every fifth.
pub fn held_out(n: usize) -> bool {
    n % 5 == 4
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::evaluate_with;
    use crate::ai::rng::Rng;
    use crate::ai::weights::shipped;

    #[test]
    fn the_features_reproduce_the_evaluation() {
        for kind in [
            VariantKind::Copenhagen,
            VariantKind::Brandubh,
            VariantKind::Tablut,
            VariantKind::AleaEvangelii,
        ] {
            let w = shipped().get(kind);
            let wv = to_vector(w);
            let mut rng = Rng::new(7);
            let mut game = Game::new(kind);
            let mut checked = 0;
            for _ in 0..600 {
                if game.status().is_over() {
                    game = Game::new(kind);
                }
                let pos = game.position();
                if let Some(f) = features(pos) {
                    let for_defenders = match pos.side_to_move() {
                        Side::Defenders => evaluate_with(pos, w),
                        Side::Attackers => -evaluate_with(pos, w),
                    };
                    let linear = dot(&wv, &f);
                    assert!(
                        (linear - f64::from(for_defenders)).abs() <= 1.0,
                        "{kind:?}: {linear} against {for_defenders}"
                    );
                    checked += 1;
                }
                let moves = game.legal_moves();
                game.make(moves[rng.below(moves.len())]);
            }
            assert!(checked > 100, "{kind:?}: {checked}");
        }
    }

    #[test]
    fn the_fit_finds_the_scale_and_the_level_the_results_were_made_with() {
        // Results made from random features by a known scale and a level that makes most of
        // them wins for the defenders, as on 13x13: the fit gives both back.
        let w = to_vector(shipped().get(VariantKind::Copenhagen));
        let truth = Scale {
            k: 0.004,
            level: 900.0,
        };
        let mut rng = Rng::new(11);
        let samples: Vec<Sample> = (0..2000)
            .map(|_| {
                let features = [(); N].map(|_| rng.below(7) as f64 - 3.0);
                let result = sigmoid(truth.k * (dot(&w, &features) + truth.level));
                Sample { features, result }
            })
            .collect();
        let fit = fit_scale(&samples, &w);
        assert!((fit.k / truth.k - 1.0).abs() < 0.05, "{fit:?}");
        assert!((fit.level - truth.level).abs() < 20.0, "{fit:?}");
        assert!(loss(&samples, &w, fit) < 1e-5, "{fit:?}");
        // The same results fitted without the level are worse, whatever the scale.
        let no_level = |k: f64| loss(&samples, &w, Scale { k, level: 0.0 });
        assert!(
            (1..=40).all(|i| no_level(0.0005 * f64::from(i)) > 100.0 * loss(&samples, &w, fit))
        );
        // Tuning from the weights that made the results changes little and loses nothing.
        let report = tune(
            shipped().get(VariantKind::Copenhagen),
            &samples,
            &samples,
            20,
        );
        assert!(report.train_after <= report.train_before, "{report:?}");
        assert!(
            (report.level_after - truth.level).abs() < 50.0,
            "{report:?}"
        );
        // The weights' own level is kept: it is set by play, not by this fit.
        let leveled = Weights {
            level: 777,
            ..shipped().get(VariantKind::Copenhagen).clone()
        };
        assert_eq!(tune(&leveled, &samples, &samples, 5).weights.level, 777);
    }

    #[test]
    fn lines_of_both_formats_give_samples_and_bad_lines_are_skipped() {
        let k = VariantKind::Brandubh;
        let csv = "b4-b3 d5-b5 f4-f5 c4-c2 d6-d5 e4-e2xd2 d7-c7 e2-e5,0,1,White";
        assert_eq!(game_samples(k, csv).map(|g| g.samples.len()), Ok(4));
        assert!(game_samples(k, csv).is_ok_and(|g| g.samples.iter().all(|s| s.result == 1.0)));
        assert_eq!(
            game_samples(k, "b4-b3 d5-b5,0,0,Ongoing").map(|g| g.samples.len()),
            Err(Skipped::NoResult)
        );
        assert_eq!(
            game_samples(k, "b4-b3 d5-b5").map(|g| g.samples.len()),
            Err(Skipped::NoResult)
        );
        assert_eq!(
            game_samples(k, "b4-b3 timeout,0,0,Black").map(|g| g.samples.len()),
            Err(Skipped::Timeout)
        );
        assert!(matches!(
            game_samples(k, "a1-a9,0,0,White"),
            Err(Skipped::Unplayable(_))
        ));
        assert!(matches!(
            game_samples(k, "a,b"),
            Err(Skipped::Unplayable(_))
        ));
    }
}
