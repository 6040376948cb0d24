//! Property tests over random games of all three variants.

use proptest::prelude::*;
use tafl_core::ai::rng::Rng;
use tafl_core::{Game, Position, VariantKind};

fn variant(i: usize) -> VariantKind {
    VariantKind::ALL[i % 3]
}

/// The same pieces built from scratch: its hash is computed, not updated.
fn rebuilt(pos: &Position) -> Position {
    Position::from_parts(
        pos.variant(),
        pos.attackers(),
        pos.defenders(),
        pos.king(),
        pos.side_to_move(),
    )
    .expect("a reachable position is valid")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn unmake_restores_the_exact_position_and_hash(seed in any::<u64>(), v in 0usize..3) {
        let mut game = Game::new(variant(v));
        let mut rng = Rng::new(seed);
        while !game.status().is_over() && game.plies() < 400 {
            let moves = game.legal_moves();
            // Every move, taken back, leaves no trace.
            let before = game.position().clone();
            let (status, counter, reps) =
                (game.status(), game.plies_since_capture(), game.repetitions());
            for &mv in moves.iter() {
                game.make(mv);
                game.unmake();
                prop_assert_eq!(game.position(), &before);
                prop_assert_eq!(game.position().hash(), before.hash());
                prop_assert_eq!(game.status(), status);
                prop_assert_eq!(game.plies_since_capture(), counter);
                prop_assert_eq!(game.repetitions(), reps);
            }
            game.make(moves[rng.below(moves.len())]);
        }
    }

    #[test]
    fn positions_stay_valid_and_counters_consistent(seed in any::<u64>(), v in 0usize..3) {
        let mut game = Game::new(variant(v));
        let rules = game.variant();
        let mut rng = Rng::new(seed);
        let mut quiet = 0u16;
        while !game.status().is_over() {
            let moves = game.legal_moves();
            prop_assert!(!moves.is_empty(), "an ongoing game has moves");
            game.make(moves[rng.below(moves.len())]);
            let pos = game.position();
            // No soldier ever stands on a restricted square, and pieces never overlap.
            prop_assert!((pos.attackers() | pos.defenders()) & rules.restricted == tafl_core::Bits::EMPTY);
            prop_assert!((pos.attackers() & pos.defenders()).is_empty());
            prop_assert!(!(pos.attackers() | pos.defenders()).contains(pos.king()));
            // The incremental hash equals the hash computed from scratch.
            prop_assert_eq!(pos.hash(), rebuilt(pos).hash());
            // The draw counter counts plies since the last capture.
            let captured = game.last_move().unwrap().1;
            quiet = if captured.any() { 0 } else { quiet + 1 };
            prop_assert_eq!(game.plies_since_capture(), quiet);
            prop_assert!(game.plies_since_capture() <= tafl_core::engine::game::DRAW_PLIES);
            prop_assert!(game.repetitions() >= 1 && game.repetitions() <= 3);
        }
    }
}
