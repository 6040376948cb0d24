//! The evaluation of every game, pinned on its start position and on positions a seeded random
//! game passes through: moving the weights to a data file (or reformatting it) must not change
//! a single score; tuning changes them on purpose, and then these pins are updated.

use tafl_core::ai::eval::evaluate;
use tafl_core::ai::rng::Rng;
use tafl_core::{Game, Position, VariantKind};

/// Each game's start evaluation, and a hash of the evaluations along a seeded random game.
fn evaluations(kind: VariantKind) -> (i32, u64) {
    let start = evaluate(&Position::start(kind));
    let mut game = Game::new(kind);
    let mut rng = Rng::new(29);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut games = 0;
    for _ in 0..400 {
        if game.status().is_over() {
            games += 1;
            if games == 3 {
                break;
            }
            game = Game::new(kind);
        }
        let score = evaluate(game.position());
        for b in score.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        let moves = game.legal_moves();
        let mv = moves[rng.below(moves.len())];
        game.make(mv);
    }
    (start, h)
}

/// (game, start evaluation, hash of the random game's evaluations).
const PINNED: [(&str, i32, u64); 13] = [
    ("copenhagen", -233, 0x3c20_9d7a_bf17_604b),
    ("brandubh", 80, 0x7b5d_5b4b_e43f_5426),
    ("tablut", 400, 0x4ebb_803a_460e_1b0e),
    ("fetlar", 288, 0x07d7_ee72_d399_bab6),
    ("sea-battle", 20, 0x81d9_a35d_611a_ffbe),
    ("tawlbwrdd", -213, 0x0d98_97b5_83e4_56a0),
    ("ard-ri", 320, 0x32d2_285b_3001_4bd6),
    ("hnefatafl-11", 288, 0x6e67_eccf_6e3e_6a13),
    ("hnefatafl-13", -196, 0xf1ef_8306_3c95_5bdd),
    ("kings-table-9", 256, 0xcb73_686b_8a9f_cf55),
    ("kings-table-11", 288, 0x52ad_e0e5_144d_5ab5),
    ("alea-evangelii", -475, 0x4160_169f_b6ba_cde4),
    ("tablut-corners", 256, 0xb6c7_caa6_1988_1f08),
];

#[test]
fn every_game_evaluates_as_pinned() {
    let found: Vec<(&str, i32, u64)> = VariantKind::ALL
        .iter()
        .map(|&k| {
            let (s, h) = evaluations(k);
            (k.name(), s, h)
        })
        .collect();
    assert_eq!(found, PINNED.to_vec());
}

#[test]
fn the_shipped_weights_file_loads_and_covers_every_game() {
    use tafl_core::ai::weights::{SHIPPED_JSON, WeightSet, shipped};
    let set = WeightSet::parse(SHIPPED_JSON).expect("core/data/weights.json loads");
    assert_eq!(&set, shipped());
    for kind in VariantKind::ALL {
        assert!(
            SHIPPED_JSON.contains(&format!("\"{}\": {{", kind.name())),
            "{kind:?} has its own line in the file"
        );
        assert_eq!(
            set.get(kind).attacker,
            100,
            "{kind:?}: the scale is one attacker"
        );
    }
    // The evaluation with the loaded weights is the evaluation (the pins above hold both).
    for kind in VariantKind::ALL {
        let start = Position::start(kind);
        assert_eq!(
            tafl_core::ai::eval::evaluate_with(&start, set.get(kind)),
            evaluate(&start)
        );
    }
}
