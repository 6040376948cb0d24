//! Brandubh 7x7 and Tablut 9x9: the rules where they differ from Copenhagen.

mod common;

use common::{parse, play, setup, square, squares};
use tafl_core::engine::game::MoveError;
use tafl_core::engine::rules::king_open_lines;
use tafl_core::{Bits, Game, Outcome, Side, Status, VariantKind, WinReason};

const B: VariantKind = VariantKind::Brandubh;
const T: VariantKind = VariantKind::Tablut;
const A: Side = Side::Attackers;
const D: Side = Side::Defenders;

fn won(winner: Side, reason: WinReason) -> Status {
    Status::Over(Outcome::Win { winner, reason })
}

// ---- Brandubh ----------------------------------------------------------------------------------

#[test]
fn brandubh_king_is_captured_between_two_attackers() {
    // King b5 between b6 and b4 (arriving).
    let mut g = setup(B, "b6 e4", "g6", "b5", A);
    assert_eq!(
        play(&mut g, "e4-b4").status,
        won(A, WinReason::KingCaptured)
    );
}

#[test]
fn brandubh_king_is_captured_against_a_corner() {
    let mut g = setup(B, "e2", "g6", "b1", A);
    assert_eq!(play(&mut g, "e2-e1").status, Status::Ongoing);
    let mut g = setup(B, "c3", "g6", "b1", A);
    assert_eq!(
        play(&mut g, "c3-c1").status,
        won(A, WinReason::KingCaptured)
    );
}

#[test]
fn brandubh_king_on_the_throne_needs_four_and_beside_it_three() {
    let mut g = setup(B, "c4 e4 d5 b3", "g6", "d4", A);
    assert_eq!(
        play(&mut g, "b3-d3").status,
        won(A, WinReason::KingCaptured)
    );
    let mut g = setup(B, "c4 d5 b3", "g6", "d4", A);
    assert_eq!(
        play(&mut g, "b3-d3").status,
        Status::Ongoing,
        "two sides are not enough there"
    );
    // King on d3 beside the throne (d4): attackers c3, e3 and d2.
    let mut g = setup(B, "c3 e3 b2", "g6", "d3", A);
    assert_eq!(
        play(&mut g, "b2-d2").status,
        won(A, WinReason::KingCaptured)
    );
}

#[test]
fn brandubh_king_escapes_to_a_corner_not_an_edge() {
    let mut g = setup(B, "g3", "b6", "d1", D);
    assert_eq!(play(&mut g, "d1-a1").status, won(D, WinReason::KingEscaped));
    let mut g = setup(B, "g3", "b6", "d2", D);
    assert_eq!(play(&mut g, "d2-d1").status, Status::Ongoing);
}

#[test]
fn brandubh_has_no_shield_walls_but_encirclement() {
    // Defenders c1 d1 with attackers in front (c2 d2) and at b1; e4 closes e1: a shield wall
    // in Copenhagen, nothing in Brandubh (d1 has its fellow c1, not an attacker, behind it).
    let mut g = setup(B, "b1 c2 d2 e4", "c1 d1", "g6", A);
    assert_eq!(play(&mut g, "e4-e1").captured, Bits::EMPTY);
    // Encirclement: a ring around the king on d4 (throne) and a guard on d3.
    let mut g = setup(B, "c3 e3 c4 e4 c5 e5 d6 d1", "d3", "d4", A);
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(play(&mut g, "d1-d2").status, won(A, WinReason::Encircled));
}

#[test]
fn brandubh_throne_and_corners_are_restricted() {
    let g = setup(B, "a3", "d6", "b2", A);
    assert_eq!(
        g.check(parse(&g, "a3-a1")),
        Err(MoveError::Restricted(square(B, "a1")))
    );
    let g = setup(B, "a3", "d6", "b2", D);
    assert!(
        g.targets(square(B, "d6")).contains(square(B, "d3")),
        "passes the empty throne"
    );
    assert!(!g.targets(square(B, "d6")).contains(square(B, "d4")));
}

// ---- Tablut ------------------------------------------------------------------------------------

#[test]
fn tablut_king_escapes_to_any_edge_square() {
    let mut g = setup(T, "a1", "h8", "c4", D);
    assert_eq!(play(&mut g, "c4-c9").status, won(D, WinReason::KingEscaped));
}

#[test]
fn tablut_corners_are_ordinary_squares() {
    // A soldier may stop on a corner, and a corner is not hostile.
    let mut g = setup(T, "a4", "b1 d7", "e5", A);
    play(&mut g, "a4-a1");
    let mut g = setup(T, "c5 a2", "b1 h8", "e7", A);
    assert_eq!(
        play(&mut g, "c5-c1").captured,
        Bits::EMPTY,
        "a1 is empty and not hostile"
    );
    let g = setup(T, "a3", "b1", "e5", D);
    assert!(g.targets(square(T, "b1")).contains(square(T, "a1")));
}

#[test]
fn tablut_king_is_captured_between_two_attackers_away_from_the_throne() {
    // King c6 below c7; the second attacker must arrive opposite, on c5.
    let mut g = setup(T, "c7 a5", "h2", "c6", A);
    assert_eq!(
        play(&mut g, "a5-a6").status,
        Status::Ongoing,
        "a6 is beside, not opposite"
    );
    let mut g = setup(T, "c7 a5", "h2", "c6", A);
    assert_eq!(
        play(&mut g, "a5-c5").status,
        won(A, WinReason::KingCaptured)
    );
}

#[test]
fn tablut_king_beside_the_throne_needs_three_attackers() {
    // King d5 beside the throne e5: attackers d6, d4 and c5.
    let mut g = setup(T, "d6 d4 a5", "h2", "d5", A);
    assert_eq!(
        play(&mut g, "a5-c5").status,
        won(A, WinReason::KingCaptured)
    );
    let mut g = setup(T, "d6 a4", "h2", "d5", A);
    assert_eq!(play(&mut g, "a4-d4").status, Status::Ongoing);
}

#[test]
fn tablut_has_no_encirclement() {
    // King c7 and guard c6 ringed by b5-b7, d5-d7, c8 and c4 (arriving), with room on c5:
    // no win in Tablut.
    let mut g = setup(T, "b7 d7 b6 d6 b5 d5 c8 c1", "c6", "c7", A);
    assert_eq!(play(&mut g, "c1-c4").status, Status::Ongoing);
}

#[test]
fn tablut_raichi_and_tuichi() {
    // King c3: open to the left edge (a3) and down (c1): tuichi.
    let g = setup(T, "i9", "h8", "c3", A);
    let open = king_open_lines(g.position());
    assert_eq!(open, squares(T, "a3 c1 c9 i3"));
    let g = setup(T, "i9 c7 f3", "h8", "c3", A);
    assert_eq!(king_open_lines(g.position()), squares(T, "a3 c1"));
    let g = setup(T, "i9 c7 f3 b3", "h8", "c3", A);
    assert_eq!(king_open_lines(g.position()), squares(T, "c1"), "raichi");
}

#[test]
fn every_variant_starts_with_the_attackers() {
    for kind in VariantKind::ALL {
        assert_eq!(Game::new(kind).side_to_move(), A);
    }
}
