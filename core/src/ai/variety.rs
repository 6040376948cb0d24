//! The computer's variety: how it chooses among nearly equal moves at the root.

use super::score::Score;

/// Choosing, at the root, among the moves within `margin` (hundredths of a soldier) of the
/// best, by a bonus drawn from `seed`: the same seed in the same position chooses the same
/// move, so a game replays exactly; another seed may choose another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variety {
    pub seed: u64,
    pub margin: Score,
}
