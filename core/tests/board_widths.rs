//! The engine is compiled once per board width (`tafl_core::engine::board`): every width that holds a
//! board must play it alike. Random games of every game, replayed in each width, agree move by
//! move on the legal moves, the captures, the hashes and the status, and perft agrees.

use tafl_core::ai::rng::Rng;
use tafl_core::engine::bits::{Bits11, Bits13};
use tafl_core::engine::board::BitBoard;
use tafl_core::engine::game::GameOf;
use tafl_core::engine::perft::perft_in;
use tafl_core::engine::variant::Compiled;
use tafl_core::{Game, VariantKind};

/// The legal moves, captures, hash and status of `narrow` after each move match `wide`'s.
fn agree<B: BitBoard + Compiled>(kind: VariantKind, seed: u64) {
    let mut wide = Game::new(kind);
    let Some(mut narrow) = wide.narrow::<B>() else {
        return; // the board does not fit this width
    };
    let mut rng = Rng::new(seed);
    while !wide.status().is_over() {
        let moves = wide.legal_moves();
        assert_eq!(&*moves, &*narrow.legal_moves(), "{kind:?} seed {seed}");
        let mv = moves[rng.below(moves.len())];
        let a = wide.play(mv).expect("legal");
        let b = narrow.play(mv).expect("legal");
        assert_eq!(
            a.captured,
            b.captured.to_wide(),
            "{kind:?} seed {seed}: {mv:?}"
        );
        assert_eq!(a.status, b.status, "{kind:?} seed {seed}: {mv:?}");
        assert_eq!(wide.position().hash(), narrow.position().hash());
    }
    assert!(narrow.status().is_over());
}

#[test]
fn random_games_agree_in_every_width() {
    for kind in VariantKind::ALL {
        for seed in 0..12 {
            agree::<Bits11>(kind, seed);
            agree::<Bits13>(kind, seed);
        }
    }
}

#[test]
fn perft_agrees_in_every_width() {
    for kind in VariantKind::ALL {
        let mut wide = Game::new(kind);
        let expected = perft_in(&mut wide, 3);
        if let Some(mut g) = wide.narrow::<Bits11>() {
            assert_eq!(perft_in(&mut g, 3), expected, "{kind:?}");
        }
        if let Some(mut g) = wide.narrow::<Bits13>() {
            assert_eq!(perft_in(&mut g, 3), expected, "{kind:?}");
        }
    }
}

/// A game narrowed part way keeps its history: repetitions and the draw counter go on.
#[test]
fn a_narrowed_game_keeps_its_history() {
    let mut wide = Game::new(VariantKind::Brandubh);
    for text in [
        "b4-b3", "d5-e5", "b3-b4", "e5-d5", "b4-b3", "d5-e5", "b3-b4",
    ] {
        let (mv, _) =
            tafl_core::engine::notation::parse_move(&wide.variant().geometry, text).unwrap();
        wide.play(mv).unwrap();
    }
    let narrow: GameOf<Bits11> = wide.narrow().expect("7x7");
    assert_eq!(narrow.plies(), wide.plies());
    assert_eq!(narrow.plies_since_capture(), wide.plies_since_capture());
    assert_eq!(narrow.repetitions(), wide.repetitions());
    assert_eq!(narrow.repetition_looms(), wide.repetition_looms());
}
