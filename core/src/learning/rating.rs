//! A player's puzzle rating, by Glicko-2 (Glickman's system, as chess sites rate their puzzles):
//! a rating, how sure it is (the deviation) and how much it tends to move (the volatility).
//!
//! A puzzle is an opponent whose rating is its grade (`puzzles::Difficulty::rating`): solving
//! it is a win against it, failing a loss. Each puzzle is a rating period of one game, so the
//! rating moves after every puzzle, fast while the deviation is wide and slower as it narrows.

use std::f64::consts::PI;

/// Glicko-2's internal scale: a rating point is 1 / 173.7178 of its unit.
const SCALE: f64 = 173.7178;
/// The centre of the scale, where a new player starts.
const CENTRE: f64 = 1500.0;
/// How fast the volatility may change (Glickman suggests 0.3 to 1.2; the lower, the steadier).
const TAU: f64 = 0.5;
/// The volatility iteration stops when its bracket is this narrow.
const EPSILON: f64 = 1e-6;
/// A bound on the volatility iteration, which converges in a handful of steps; it keeps odd
/// input from looping for ever.
const MAX_STEPS: usize = 200;

/// A rating, its deviation and its volatility, on the usual (1500-centred) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// How sure the rating of a puzzle is: its grade is computed from its proof, not measured
/// against players, so it is treated as an opponent known within about a hundred points.
pub const PUZZLE_DEVIATION: f64 = 100.0;

/// The volatility's bounds, wide of what play produces (about 0.06), so that a freak period
/// cannot make a rating jump or freeze.
const MIN_VOLATILITY: f64 = 0.01;
const MAX_VOLATILITY: f64 = 0.2;

/// The widest deviation: a new player's, and the most a rating can forget.
pub const MAX_DEVIATION: f64 = 350.0;
/// The narrowest deviation kept, so that a long-standing rating can still move.
pub const MIN_DEVIATION: f64 = 30.0;

impl Rating {
    /// A player who has never played: 1500, as unsure as can be.
    pub const NEW: Rating = Rating {
        rating: CENTRE,
        deviation: MAX_DEVIATION,
        volatility: 0.06,
    };

    /// A rating read back from somewhere (a store, a file): `None` unless every number is
    /// finite and in its range, so that a damaged value cannot poison the next update.
    pub fn checked(rating: f64, deviation: f64, volatility: f64) -> Option<Rating> {
        let ok = rating.is_finite()
            && (0.0..=5000.0).contains(&rating)
            && deviation.is_finite()
            && (1.0..=MAX_DEVIATION).contains(&deviation)
            && volatility.is_finite()
            && volatility > 0.0
            && volatility < 1.0;
        ok.then_some(Rating {
            rating,
            deviation,
            volatility,
        })
    }

    /// An opponent of a fixed rating, such as a puzzle's grade.
    pub fn opponent(rating: f64) -> Rating {
        Rating {
            rating: rating.clamp(0.0, 5000.0),
            deviation: PUZZLE_DEVIATION,
            volatility: 0.06,
        }
    }

    /// The rating after one rating period of `results`: each an opponent and the score
    /// against it (1 a win, 0 a loss, 0.5 a draw). With no results the rating stays and only
    /// the deviation grows, as Glicko-2 says of a period without games.
    pub fn after(self, results: &[(Rating, f64)]) -> Rating {
        let mu = (self.rating - CENTRE) / SCALE;
        let phi = self.deviation / SCALE;
        if results.is_empty() {
            let phi_star = (phi * phi + self.volatility * self.volatility).sqrt();
            return Rating {
                deviation: (phi_star * SCALE).min(MAX_DEVIATION),
                ..self
            };
        }
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for &(opponent, score) in results {
            let mu_j = (opponent.rating - CENTRE) / SCALE;
            let g = g(opponent.deviation / SCALE);
            let e = expected(mu, mu_j, g);
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (score.clamp(0.0, 1.0) - e);
        }
        if !(inverse_v.is_finite() && inverse_v > 0.0) {
            // Opponents so far out of reach that the games say nothing.
            return self;
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        let sigma = new_volatility(phi, v, delta, self.volatility);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu + new_phi * new_phi * sum;
        Rating {
            rating: (new_mu * SCALE + CENTRE).clamp(0.0, 5000.0),
            deviation: (new_phi * SCALE).clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: sigma.clamp(MIN_VOLATILITY, MAX_VOLATILITY),
        }
    }

    /// The rating after one puzzle of grade `puzzle`, solved or not.
    pub fn after_puzzle(self, puzzle: u32, solved: bool) -> Rating {
        let score = if solved { 1.0 } else { 0.0 };
        self.after(&[(Rating::opponent(f64::from(puzzle)), score)])
    }
}

/// How much an opponent's uncertainty dampens what a game against it says.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The expected score against an opponent.
fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}

/// The new volatility: the root of Glickman's f by the Illinois method (his step 5).
fn new_volatility(phi: f64, v: f64, delta: f64, sigma: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < MAX_STEPS as f64 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    for _ in 0..MAX_STEPS {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let s = (big_a / 2.0).exp();
    if s.is_finite() && s > 0.0 { s } else { sigma }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    /// The worked example of Glickman's description of Glicko-2: a 1500 player (deviation 200,
    /// volatility 0.06) beats a 1400 (30) and loses to a 1550 (100) and a 1700 (300), and ends
    /// at 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn glickmans_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |r, d| Rating {
            rating: r,
            deviation: d,
            volatility: 0.06,
        };
        let after = player.after(&[
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ]);
        assert!(near(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(near(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(near(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    #[test]
    fn solving_raises_and_failing_lowers_and_both_narrow_the_deviation() {
        let won = Rating::NEW.after_puzzle(1500, true);
        let lost = Rating::NEW.after_puzzle(1500, false);
        assert!(
            won.rating > 1600.0 && lost.rating < 1400.0,
            "{won:?} {lost:?}"
        );
        assert!(won.deviation < MAX_DEVIATION && lost.deviation < MAX_DEVIATION);
        // A hard puzzle solved is worth more than an easy one.
        assert!(Rating::NEW.after_puzzle(2200, true).rating > won.rating);
        // And an easy one failed costs more than a hard one failed.
        assert!(
            Rating::NEW.after_puzzle(800, false).rating
                < Rating::NEW.after_puzzle(2200, false).rating
        );
    }

    #[test]
    fn a_settled_rating_moves_less() {
        let mut r = Rating::NEW;
        for i in 0..40 {
            r = r.after_puzzle(1500, i % 2 == 0);
        }
        let step = (r.after_puzzle(1500, true).rating - r.rating).abs();
        let first = (Rating::NEW.after_puzzle(1500, true).rating - 1500.0).abs();
        assert!(step < first / 3.0, "{step} against {first}");
        assert!(r.deviation >= MIN_DEVIATION);
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let r = Rating {
            rating: 1700.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let after = r.after(&[]);
        assert_eq!(after.rating, 1700.0);
        assert!(after.deviation > 80.0);
    }

    #[test]
    fn damaged_numbers_are_refused() {
        assert!(Rating::checked(1500.0, 350.0, 0.06).is_some());
        for (r, d, v) in [
            (f64::NAN, 100.0, 0.06),
            (1500.0, f64::INFINITY, 0.06),
            (1500.0, 100.0, 0.0),
            (-3.0, 100.0, 0.06),
            (1500.0, 0.0, 0.06),
            (1500.0, 100.0, 2.0),
        ] {
            assert!(Rating::checked(r, d, v).is_none(), "{r} {d} {v}");
        }
    }

    #[test]
    fn extreme_inputs_stay_finite() {
        let weird = Rating {
            rating: 5000.0,
            deviation: 1.0,
            volatility: 0.9,
        };
        for r in [weird, Rating::NEW] {
            for p in [0, 400, 2800, u32::MAX] {
                for solved in [true, false] {
                    let a = r.after_puzzle(p, solved);
                    assert!(
                        Rating::checked(a.rating, a.deviation, a.volatility).is_some(),
                        "{a:?}"
                    );
                }
            }
        }
    }
}
