//! Table keys that keep path-dependent results on their path.
//!
//! A position's value can depend on how the game reached it: a third occurrence loses for the
//! defenders, and the draw counter ends the game after [`DRAW_PLIES`](crate::engine::game::DRAW_PLIES)
//! quiet plies. Both depend only on the positions since the last capture (the reversible
//! window): their number is the draw counter, and only they can occur again. So a result is
//! exact for any node with the same position and the same window (as a multiset).
//!
//! Keying every node by its window would lose every transposition, so most nodes do without:
//! - The draw counter is folded into every key (transpositions of the same length keep it).
//! - A node is *path-free* when no position of its window has occurred twice and its search
//!   looks at most [`PATH_FREE_DEPTH`] plies ahead. Then no node of its search can be a third
//!   occurrence: a position of the window needs two more visits, the second at least four
//!   plies after the first (a side cannot undo a move without the other side moving twice
//!   too), and a fresh position three. Its result is the same whatever the window, and it is
//!   keyed by position and counter only.
//! - Every other node (a repeated position in its window, or a deeper search) is keyed by its
//!   window too. Those are the few nodes near the root and the lines that shuffle.

use crate::engine::board::BitBoard;
use crate::engine::game::GameOf;

/// The deepest search whose result cannot depend on the window (see the module notes).
pub const PATH_FREE_DEPTH: i32 = 4;

/// What a node's key needs to know about the path to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct PathState {
    /// Sum of the mixed hashes of the window's positions: a multiset signature.
    window: u64,
    /// Some position of the window has occurred twice: its next occurrence ends the game.
    repeated: bool,
}

impl PathState {
    /// The state of the game's current position, from its whole history.
    pub fn of_game<B: BitBoard>(game: &GameOf<B>) -> PathState {
        let hashes = game.reversible_hashes();
        let mut sorted = hashes.to_vec();
        sorted.sort_unstable();
        PathState {
            window: hashes.iter().fold(0, |s, &h| s.wrapping_add(mix(h))),
            repeated: sorted.windows(2).any(|w| w[0] == w[1]),
        }
    }

    /// The state after a move, from the parent's: `game` stands at the new position.
    #[inline]
    pub fn after<B: BitBoard>(self, game: &GameOf<B>) -> PathState {
        let hash = game.position().hash();
        if game.plies_since_capture() == 0 {
            // A capture: nothing before it can come back.
            PathState {
                window: mix(hash),
                repeated: false,
            }
        } else {
            PathState {
                window: self.window.wrapping_add(mix(hash)),
                repeated: self.repeated || game.repetitions() >= 2,
            }
        }
    }

    /// The table key of the node at `game`'s position, searched `depth` plies deep.
    #[inline]
    pub fn key<B: BitBoard>(self, game: &GameOf<B>, depth: i32) -> u64 {
        let plain = game.position().hash()
            ^ (game.plies_since_capture() as u64 + 1).wrapping_mul(COUNTER_FACTOR);
        if self.repeated || depth > PATH_FREE_DEPTH {
            plain ^ mix(self.window ^ WINDOW_SALT)
        } else {
            plain
        }
    }
}

const COUNTER_FACTOR: u64 = 0x9E37_79B9_7F4A_7C15;
const WINDOW_SALT: u64 = 0x5851_F42D_4C95_7F2D;

/// A bijective scramble (splitmix64's finaliser), so that sums of hashes do not cancel.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::engine::movegen::Move;
    use crate::engine::variant::VariantKind;

    fn shuffle(game: &mut Game, rounds: usize) {
        let g = &game.variant().geometry;
        let sq = |f, r| g.square(f, r).expect("on board");
        // Brandubh: an attacker goes d1-c1 and back, a defender d3-c3 and back.
        let out = [Move::new(sq(3, 0), sq(2, 0)), Move::new(sq(3, 2), sq(2, 2))];
        for _ in 0..rounds {
            for mv in out {
                game.play(mv).expect("legal");
            }
            for mv in out {
                game.play(Move::new(mv.to, mv.from)).expect("legal");
            }
        }
    }

    #[test]
    fn a_shuffle_marks_the_path_and_changes_the_key() {
        let fresh = Game::new(VariantKind::Brandubh);
        let mut shuffled = fresh.clone();
        shuffle(&mut shuffled, 1);
        assert_eq!(shuffled.position(), fresh.position());
        let (a, b) = (PathState::of_game(&fresh), PathState::of_game(&shuffled));
        assert!(!a.repeated && b.repeated);
        // Different counters and windows: different keys, even for a shallow search.
        assert_ne!(a.key(&fresh, 1), b.key(&shuffled, 1));
    }

    #[test]
    fn the_incremental_state_matches_the_whole_history() {
        let mut game = Game::new(VariantKind::Brandubh);
        let mut state = PathState::of_game(&game);
        let g = &game.variant().geometry;
        let sq = |f, r| g.square(f, r).expect("on board");
        for (from, to) in [((3, 0), (2, 0)), ((3, 2), (2, 2)), ((2, 0), (3, 0))] {
            game.play(Move::new(sq(from.0, from.1), sq(to.0, to.1)))
                .expect("legal");
            state = state.after(&game);
            let whole = PathState::of_game(&game);
            assert_eq!(state.window, whole.window);
            assert_eq!(state.repeated, whole.repeated);
        }
    }
}
