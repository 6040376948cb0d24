//! How each capture is explained: one test per kind of capture and game where the kind exists
//! (shield walls are Copenhagen's only; the king's capture by two and against a corner exist in
//! Brandubh, Tablut's corners being ordinary squares).

mod common;

use common::{parse, setup, squares};
use tafl_core::engine::explain::{CaptureKind, captures};
use tafl_core::{Bits, Game, Side, VariantKind};

const C: VariantKind = VariantKind::Copenhagen;
const B: VariantKind = VariantKind::Brandubh;
const T: VariantKind = VariantKind::Tablut;
const A: Side = Side::Attackers;
const D: Side = Side::Defenders;

/// The captures of `mv` in `game`, as (square, kind, the squares that closed the trap).
fn explain(game: &Game, mv: &str) -> Vec<(Bits, CaptureKind, Bits)> {
    let kind = game.variant().kind;
    captures(game.position(), parse(game, mv))
        .into_iter()
        .map(|c| (c.square.bit(), c.kind, c.by))
        .inspect(|(sq, _, by)| assert!(!by.is_empty(), "{kind:?}: {sq:?} closed by something"))
        .collect()
}

fn one(game: &Game, mv: &str) -> (Bits, CaptureKind, Bits) {
    let all = explain(game, mv);
    assert_eq!(all.len(), 1, "{mv}: {all:?}");
    all[0]
}

#[test]
fn between_two_enemies_in_every_game() {
    for (kind, attackers, defenders, king, mv, taken, by) in [
        (C, "c5 e3", "c4", "f9", "e3-c3", "c4", "c3 c5"),
        (B, "b5 e3", "b4", "g6", "e3-b3", "b4", "b3 b5"),
        (T, "c7 a5", "c6", "h2", "a5-c5", "c6", "c5 c7"),
    ] {
        let g = setup(kind, attackers, defenders, king, A);
        assert_eq!(
            one(&g, mv),
            (
                squares(kind, taken),
                CaptureKind::BetweenTwo,
                squares(kind, by)
            ),
            "{kind:?}"
        );
    }
}

#[test]
fn the_armed_king_is_one_of_the_two() {
    // The defender arriving on d4 takes d5 against the king on d6.
    let g = setup(C, "d5", "j4", "d6", D);
    assert_eq!(
        one(&g, "j4-d4"),
        (
            squares(C, "d5"),
            CaptureKind::BetweenTwo,
            squares(C, "d4 d6")
        )
    );
}

#[test]
fn against_the_throne_in_every_game() {
    // The throne empty: a defender beside it, an attacker arriving on the other side.
    for (kind, attackers, defenders, king, mv, taken, by) in [
        (C, "c4", "f5", "b9", "c4-f4", "f5", "f4 f6"),
        (B, "a2", "d3", "g6", "a2-d2", "d3", "d2 d4"),
        (T, "a3", "e4", "h2", "a3-e3", "e4", "e3 e5"),
    ] {
        let g = setup(kind, attackers, defenders, king, A);
        assert_eq!(
            one(&g, mv),
            (
                squares(kind, taken),
                CaptureKind::AgainstThrone,
                squares(kind, by)
            ),
            "{kind:?}"
        );
    }
}

#[test]
fn against_a_corner_where_corners_are_hostile() {
    for (kind, attackers, defenders, king, mover, mv, taken, by) in [
        (C, "a5", "a2", "f6", A, "a5-a3", "a2", "a3 a1"),
        (C, "b1 d5", "c9", "f6", D, "c9-c1", "b1", "c1 a1"),
        (B, "d1", "b1", "d4", A, "d1-c1", "b1", "c1 a1"),
    ] {
        let g = setup(kind, attackers, defenders, king, mover);
        assert_eq!(
            one(&g, mv),
            (
                squares(kind, taken),
                CaptureKind::AgainstCorner,
                squares(kind, by)
            ),
            "{kind:?} {mv}"
        );
    }
    // Tablut's corners are ordinary: nothing is taken against them.
    let g = setup(T, "c5 a2", "b1 h8", "e7", A);
    assert!(explain(&g, "c5-c1").is_empty());
}

#[test]
fn a_shield_wall_in_copenhagen() {
    let g = setup(C, "d1 e2 f2 g2 h5", "e1 f1 g1", "f9", A);
    let all = explain(&g, "h5-h1");
    let taken: Bits = all.iter().map(|c| c.0).fold(Bits::EMPTY, |a, b| a | b);
    assert_eq!(taken, squares(C, "e1 f1 g1"));
    for (_, kind, by) in &all {
        assert_eq!(*kind, CaptureKind::ShieldWall);
        // Closed at both ends, and blocked from the front.
        assert_eq!(*by, squares(C, "d1 h1 e2 f2 g2"));
    }
}

/// Attackers on `attackers` and the king on `king`, attackers to move: `mv` takes the king in
/// the way `expected` names, by the pieces and squares on `by`.
fn assert_king_taken(
    kind: VariantKind,
    attackers: &str,
    king: &str,
    mv: &str,
    by: &str,
    expected: CaptureKind,
) {
    let g = setup(kind, attackers, "", king, A);
    assert_eq!(
        one(&g, mv),
        (squares(kind, king), expected, squares(kind, by)),
        "{kind:?}"
    );
}

#[test]
fn the_king_by_four() {
    for (kind, attackers, king, mv, by) in [
        (C, "c4 e4 d5 d2", "d4", "d2-d3", "c4 e4 d5 d3"),
        (C, "e6 g6 f7 f2", "f6", "f2-f5", "e6 g6 f7 f5"),
        (B, "c4 e4 d5 b3", "d4", "b3-d3", "c4 e4 d5 d3"),
        (T, "d5 f5 e6 a4", "e5", "a4-e4", "d5 f5 e6 e4"),
    ] {
        assert_king_taken(kind, attackers, king, mv, by, CaptureKind::KingByFour);
    }
}

#[test]
fn the_king_by_three_and_the_throne() {
    for (kind, attackers, king, mv, by) in [
        (C, "e5 g5 f2", "f5", "f2-f4", "e5 g5 f4 f6"),
        (B, "c3 e3 b2", "d3", "b2-d2", "c3 e3 d2 d4"),
        (T, "d6 d4 a5", "d5", "a5-c5", "d6 d4 c5 e5"),
    ] {
        assert_king_taken(
            kind,
            attackers,
            king,
            mv,
            by,
            CaptureKind::KingByThreeAndThrone,
        );
    }
}

#[test]
fn the_king_by_two_in_brandubh_and_tablut() {
    for (kind, attackers, king, mv, by) in [
        (B, "b6 e4", "b5", "e4-b4", "b6 b4"),
        (T, "c7 a5", "c6", "a5-c5", "c7 c5"),
    ] {
        assert_king_taken(kind, attackers, king, mv, by, CaptureKind::KingByTwo);
    }
}

#[test]
fn the_king_against_a_corner_in_brandubh() {
    let g = setup(B, "c3", "", "b1", A);
    assert_eq!(
        one(&g, "c3-c1"),
        (
            squares(B, "b1"),
            CaptureKind::KingAgainstCorner,
            squares(B, "a1 c1")
        )
    );
}
