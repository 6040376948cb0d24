//! The unit of every judgement of a position: the evaluation's weights, its result and the
//! search's scores (beyond [`MATE_BOUND`] a forced result), and the winning chance a score
//! stands for.

/// A position's value, from one side's point of view.
pub type Score = i32;

/// A won game: better than any evaluation. Wins sooner score higher.
pub const MATE: Score = 1_000_000;
/// The deepest line a search follows, in plies.
pub const MAX_PLY: usize = 128;
/// Scores beyond this are forced wins or losses.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;

/// How many hundredths of a soldier take a side from an even game to ten to one (a logistic
/// curve: seven soldiers make 91 %, four 79 %). Fitted to the outcomes of real games (docs/ai.md,
/// "Move verdicts"): 700 fits 412 decided Copenhagen games of `core/tests/data` best, and the
/// Brandubh games lie between 650 and 800 at every budget tried; the 400 used before made every
/// score more decisive than the games show.
const CHANCE_SCALE: f64 = 700.0;

/// The chance (0 to 1) of winning of the side whose score this is: a logistic curve over the
/// evaluation, and certainty for a forced result.
pub fn winning_chance(score: Score) -> f64 {
    if score >= MATE_BOUND {
        1.0
    } else if score <= -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + 10f64.powf(-f64::from(score) / CHANCE_SCALE))
    }
}

/// The highest score whose winning chance is at most `chance`, or `None` when no score is
/// that low (a chance below 0). Within the evaluation's range: a chance of 0 is a forced loss.
pub fn highest_score_with_chance(chance: f64) -> Option<Score> {
    if chance.is_nan() || chance < 0.0 {
        None
    } else if chance >= 1.0 {
        Some(MATE)
    } else if chance <= 0.0 {
        Some(-MATE_BOUND)
    } else {
        let exact = -CHANCE_SCALE * (1.0 / chance - 1.0).log10();
        let score = exact
            .floor()
            .clamp(f64::from(-MATE_BOUND + 1), f64::from(MATE_BOUND - 1));
        Some(score as Score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_follows_the_score() {
        assert_eq!(winning_chance(0), 0.5);
        assert!(winning_chance(700) > 0.9);
        assert!(winning_chance(-700) < 0.1);
        assert_eq!(winning_chance(MATE_BOUND + 3), 1.0);
        assert_eq!(winning_chance(-MATE_BOUND - 3), 0.0);
    }

    #[test]
    fn the_highest_score_with_a_chance_is_the_last_one_at_or_below_it() {
        for chance in [0.01, 0.2, 0.5, 0.63, 0.8, 0.99] {
            let score = highest_score_with_chance(chance).expect("a score");
            assert!(winning_chance(score) <= chance, "{chance}: {score}");
            assert!(winning_chance(score + 1) > chance, "{chance}: {score}");
        }
        assert_eq!(highest_score_with_chance(-0.1), None);
        assert_eq!(highest_score_with_chance(0.0), Some(-MATE_BOUND));
    }
}
