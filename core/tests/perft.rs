//! perft counts from the opening positions, against independent counts (RULES.md section 4).

use tafl_core::engine::perft::{divide, perft};
use tafl_core::{Game, Position, RuleOptions, Side, VariantKind};

fn counts(kind: VariantKind, depth: u32) -> Vec<u64> {
    let mut game = Game::new(kind);
    (1..=depth).map(|d| perft(&mut game, d)).collect()
}

#[test]
fn copenhagen_perft_to_depth_4() {
    assert_eq!(
        counts(VariantKind::Copenhagen, 4),
        [116, 6_788, 806_344, 50_456_804]
    );
}

#[test]
fn tablut_perft() {
    assert_eq!(counts(VariantKind::Tablut, 2), [80, 4_400]);
}

#[test]
fn brandubh_perft() {
    assert_eq!(counts(VariantKind::Brandubh, 2), [40, 960]);
}

#[test]
fn second_side_has_the_documented_number_of_moves_in_the_opening() {
    // RULES.md section 4, "other side": the defenders' moves in the opening placement.
    for (kind, moves) in [
        (VariantKind::Copenhagen, 60),
        (VariantKind::Tablut, 56),
        (VariantKind::Brandubh, 24),
    ] {
        let pos = Position::start(kind).with_side_to_move(Side::Defenders);
        let mut game = Game::from_position(pos, RuleOptions::default());
        assert_eq!(perft(&mut game, 1), moves, "{kind:?}");
        assert_eq!(divide(&mut game, 1).len() as u64, moves);
    }
}
