//! Copenhagen Hnefatafl: one test (or more) for every rule of RULES.md section 1.

mod common;

use common::{parse, play, setup, setup_with, square, squares};
use tafl_core::ai::rng::Rng;
use tafl_core::engine::game::{DRAW_PLIES, MoveError};
use tafl_core::{
    Bits, DrawReason, Game, Outcome, RuleOptions, Side, Status, VariantKind, WinReason,
};

const C: VariantKind = VariantKind::Copenhagen;
const A: Side = Side::Attackers;
const D: Side = Side::Defenders;

fn won(winner: Side, reason: WinReason) -> Status {
    Status::Over(Outcome::Win { winner, reason })
}

// ---- Movement ----------------------------------------------------------------------------

#[test]
fn pieces_move_like_rooks_and_never_jump() {
    let mut g = Game::new(C);
    assert_eq!(g.check(parse(&g, "d1-d3")), Ok(()));
    assert_eq!(
        g.check(parse(&g, "d1-e2")),
        Err(MoveError::NotInLine),
        "no diagonal moves"
    );
    assert_eq!(
        g.check(parse(&g, "f2-f5")),
        Err(MoveError::Blocked(square(C, "f4"))),
        "no jumping"
    );
    assert_eq!(
        g.check(parse(&g, "f4-f3")),
        Err(MoveError::NotYourPiece(square(C, "f4")))
    );
    assert_eq!(
        g.check(parse(&g, "c3-c4")),
        Err(MoveError::NoPiece(square(C, "c3")))
    );
    assert_eq!(g.check(parse(&g, "d1-d1")), Err(MoveError::NotInLine));
    play(&mut g, "d1-d3");
    assert_eq!(g.side_to_move(), D);
}

#[test]
fn only_the_king_stops_on_the_throne_and_corners() {
    // A defender beside the empty throne may pass it but not stop on it.
    let mut g = setup(C, "a4", "f7", "c3", D);
    assert_eq!(
        g.check(parse(&g, "f7-f6")),
        Err(MoveError::Restricted(square(C, "f6")))
    );
    assert!(
        g.targets(square(C, "f7")).contains(square(C, "f5")),
        "passes the empty throne"
    );
    play(&mut g, "f7-f5");
    // An attacker cannot stop on a corner.
    let g = setup(C, "a4", "f7", "c3", A);
    assert_eq!(
        g.check(parse(&g, "a4-a1")),
        Err(MoveError::Restricted(square(C, "a1")))
    );
    // The king may return to the throne.
    let mut g = setup(C, "a4", "d8", "f4", D);
    play(&mut g, "f4-f6");
    assert_eq!(g.position().king(), square(C, "f6"));
}

#[test]
fn the_occupied_throne_blocks_the_way() {
    let g = setup(C, "a4", "f9", "f6", D);
    assert_eq!(
        g.check(parse(&g, "f9-f3")),
        Err(MoveError::Blocked(square(C, "f6")))
    );
}

// ---- Custodial capture ---------------------------------------------------------------------

#[test]
fn a_piece_between_two_enemies_is_captured() {
    let mut g = setup(C, "c5 e3", "c4", "f9", A);
    let p = play(&mut g, "e3-c3");
    assert_eq!(p.captured, squares(C, "c4"));
    assert!(!g.position().defenders().contains(square(C, "c4")));
}

#[test]
fn moving_between_two_enemies_is_safe() {
    let mut g = setup(C, "c5 c3 a9", "e4", "f9", D);
    let p = play(&mut g, "e4-c4");
    assert_eq!(p.captured, Bits::EMPTY);
    // Only the move that closes the trap captures: an attacker moving elsewhere changes nothing.
    let p = play(&mut g, "a9-a10");
    assert_eq!(p.captured, Bits::EMPTY);
    assert!(g.position().defenders().contains(square(C, "c4")));
}

#[test]
fn one_move_can_capture_in_three_directions() {
    // Attacker lands on e5 between defenders d5, f5 and e4, each backed by an attacker.
    let mut g = setup(C, "c5 g5 e3 e9", "d5 f5 e4", "k6", A);
    let p = play(&mut g, "e9-e5");
    assert_eq!(p.captured, squares(C, "d5 f5 e4"));
}

#[test]
fn the_king_is_armed() {
    // The king closes the trap ...
    let mut g = setup(C, "c5", "b5", "d9", D);
    let p = play(&mut g, "d9-d5");
    assert_eq!(p.captured, squares(C, "c5"));
    // ... and serves as the anvil for a guard.
    let mut g = setup(C, "c5", "b9", "d5", D);
    let p = play(&mut g, "b9-b5");
    assert_eq!(p.captured, squares(C, "c5"));
}

#[test]
fn corners_are_hostile_to_both_sides() {
    // A defender captures an attacker against the corner a1.
    let mut g = setup(C, "b1 d5", "c9", "f6", D);
    assert_eq!(play(&mut g, "c9-c1").captured, squares(C, "b1"));
    // An attacker captures a defender against the corner a1.
    let mut g = setup(C, "a5", "a2", "f6", A);
    assert_eq!(play(&mut g, "a5-a3").captured, squares(C, "a2"));
}

#[test]
fn the_empty_throne_is_hostile_to_defenders_and_the_occupied_one_is_not() {
    // Empty throne: a defender on f5 is captured by an attacker arriving on f4.
    let mut g = setup(C, "c4", "f5", "b9", A);
    assert_eq!(play(&mut g, "c4-f4").captured, squares(C, "f5"));
    // The king on the throne: the defender on f5 is safe.
    let mut g = setup(C, "c4", "f5", "f6", A);
    assert_eq!(play(&mut g, "c4-f4").captured, Bits::EMPTY);
}

#[test]
fn the_throne_is_always_hostile_to_attackers() {
    // Empty throne.
    let mut g = setup(C, "f5", "c4", "b9", D);
    assert_eq!(play(&mut g, "c4-f4").captured, squares(C, "f5"));
    // Occupied by the king (who is armed anyway).
    let mut g = setup(C, "f5", "c4", "f6", D);
    assert_eq!(play(&mut g, "c4-f4").captured, squares(C, "f5"));
}

#[test]
fn the_board_edge_is_not_hostile() {
    let mut g = setup(C, "c3", "c1", "f6", A);
    assert_eq!(play(&mut g, "c3-c2").captured, Bits::EMPTY);
}

// ---- Shield walls ----------------------------------------------------------------------------

#[test]
fn a_shield_wall_is_captured_by_closing_its_end() {
    // Defenders e1 f1 g1 on the edge, attackers in front (e2 f2 g2) and at d1; h5 closes h1.
    let mut g = setup(C, "d1 e2 f2 g2 h5", "e1 f1 g1", "f9", A);
    let p = play(&mut g, "h5-h1");
    assert_eq!(p.captured, squares(C, "e1 f1 g1"));
}

#[test]
fn a_corner_closes_one_end_of_a_shield_wall() {
    let mut g = setup(C, "b2 c2 d5", "b1 c1", "f9", A);
    let p = play(&mut g, "d5-d1");
    assert_eq!(p.captured, squares(C, "b1 c1"));
}

#[test]
fn the_king_in_a_shield_wall_survives_and_his_guards_do_not() {
    let mut g = setup(C, "d1 e2 f2 g2 h5", "e1 g1", "f1", A);
    let p = play(&mut g, "h5-h1");
    assert_eq!(p.captured, squares(C, "e1 g1"));
    assert_eq!(g.position().king(), square(C, "f1"));
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn the_king_helps_capture_a_shield_wall() {
    // Attackers d1 e1 on the edge; the king and a defender in front; a defender closes c1.
    let mut g = setup(C, "d1 e1 k9", "c1 e2 f5", "d2", D);
    let p = play(&mut g, "f5-f1");
    assert_eq!(p.captured, squares(C, "d1 e1"));
}

#[test]
fn filling_the_front_line_does_not_capture_a_shield_wall() {
    // Ends closed (d1, g1), front e2 filled, f2 empty: the attacker arriving on f2 captures nothing.
    let mut g = setup(C, "d1 g1 e2 f5", "e1 f1", "k9", A);
    let p = play(&mut g, "f5-f2");
    assert_eq!(p.captured, Bits::EMPTY);
}

#[test]
fn a_shield_wall_needs_an_enemy_in_front_of_every_piece() {
    let mut g = setup(C, "d1 e2 g2 h5", "e1 f1 g1", "f9", A);
    let p = play(&mut g, "h5-h1");
    assert_eq!(p.captured, Bits::EMPTY);
}

// ---- The king --------------------------------------------------------------------------------

#[test]
fn the_king_is_captured_by_four_attackers() {
    let mut g = setup(C, "c4 e4 d5 d2", "j9", "d4", A);
    let p = play(&mut g, "d2-d3");
    assert_eq!(p.status, won(A, WinReason::KingCaptured));
}

#[test]
fn three_attackers_and_a_corner_do_not_capture_the_king() {
    // Corners never stand in for an attacker; three attackers in the open are not enough.
    let mut g = setup(C, "c4 e4 d9", "j9", "d4", A);
    assert_eq!(play(&mut g, "d9-d5").status, Status::Ongoing);
}

#[test]
fn on_the_throne_the_king_needs_four_attackers() {
    let mut g = setup(C, "e6 g6 f7 f2", "a9", "f6", A);
    assert_eq!(
        play(&mut g, "f2-f5").status,
        won(A, WinReason::KingCaptured)
    );
}

#[test]
fn beside_the_throne_three_attackers_capture_the_king() {
    // King on f5, throne above him on f6.
    let mut g = setup(C, "e5 g5 f2", "a9", "f5", A);
    assert_eq!(
        play(&mut g, "f2-f4").status,
        won(A, WinReason::KingCaptured)
    );
}

#[test]
fn the_king_beside_the_throne_with_a_guard_on_the_other_side_is_safe() {
    // The throne counts only when empty of the king; here it is empty but e5 is a defender.
    let mut g = setup(C, "g5 f2 f7", "e5", "f5", A);
    assert_eq!(play(&mut g, "f2-f4").status, Status::Ongoing);
}

#[test]
fn the_king_cannot_be_captured_on_the_edge() {
    let mut g = setup(C, "c1 e1 d5", "j9", "d1", A);
    assert_eq!(play(&mut g, "d5-d2").status, Status::Ongoing);
}

#[test]
fn a_king_moving_into_a_trap_is_not_captured() {
    let mut g = setup(C, "c5 e5 d4", "j9", "d8", D);
    // d5 has attackers on three sides; the king steps in and the trap is not closed by him.
    assert_eq!(play(&mut g, "d8-d5").status, Status::Ongoing);
}

#[test]
fn the_king_escapes_to_a_corner() {
    let mut g = setup(C, "e5", "j9", "a5", D);
    assert_eq!(play(&mut g, "a5-a1").status, won(D, WinReason::KingEscaped));
}

// ---- Encirclement ----------------------------------------------------------------------------

/// A ring of attackers around e5-g7 (inside: the king on f6 and defenders).
const RING: &str = "e4 f4 g4 d5 h5 d6 h6 d7 h7 e8 f8 g8";

#[test]
fn encircling_the_king_and_all_defenders_wins() {
    let ring_open = RING.replace("g8", "g10");
    let mut g = setup(C, &ring_open, "e5 g7", "f6", A);
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(play(&mut g, "g10-g8").status, won(A, WinReason::Encircled));
}

#[test]
fn one_defender_outside_the_ring_prevents_encirclement() {
    let ring_open = RING.replace("g8", "g10");
    let mut g = setup(C, &ring_open, "e5 g7 b2", "f6", A);
    assert_eq!(play(&mut g, "g10-g8").status, Status::Ongoing);
}

#[test]
fn a_defender_on_the_edge_is_never_encircled() {
    // The defender on a3 stands on the edge, behind attackers a2 a4 b3.
    let ring_open = RING.replace("g8", "g10");
    let att = format!("{ring_open} a2 a4 b3");
    let mut g = setup(C, &att, "e5 a3", "f6", A);
    assert_eq!(play(&mut g, "g10-g8").status, Status::Ongoing);
}

// ---- Exit forts ------------------------------------------------------------------------------

#[test]
fn a_true_exit_fort_wins_for_the_defenders() {
    // King e1, room on d1; walls c1 d2 e2 f1 (f1 arrives last). Attackers roam outside.
    let mut g = setup(C, "b1 c3 g2 h1 k5", "c1 d2 e2 f5", "e1", D);
    assert_eq!(play(&mut g, "f5-f1").status, won(D, WinReason::ExitFort));
}

#[test]
fn exit_forts_can_be_switched_off() {
    let mut g = setup_with(
        C,
        "b1 c3 g2 h1 k5",
        "c1 d2 e2 f5",
        "e1",
        D,
        RuleOptions { exit_forts: false },
    );
    assert_eq!(play(&mut g, "f5-f1").status, Status::Ongoing);
}

#[test]
fn a_breakable_wall_is_not_a_fort() {
    // King e1 with room on e2; walls d1 d2 f1 f2 and e3 (arriving). e3 has open squares on
    // both sides (d3, f3): attackers could capture it and walk in.
    let mut g = setup(C, "c5 k5 h9", "d1 d2 f1 f2 e7", "e1", D);
    assert_eq!(play(&mut g, "e7-e3").status, Status::Ongoing);
}

#[test]
fn a_fort_touched_by_an_attacker_is_not_a_fort() {
    // The true fort's shape without e2: the inside leaks to e2, f2, ... and reaches g2.
    let mut g = setup(C, "b1 c3 g2 h1 k5", "c1 d2 e3 f5", "e1", D);
    assert_eq!(play(&mut g, "f5-f1").status, Status::Ongoing);
}

#[test]
fn a_king_who_cannot_move_has_no_fort() {
    // King e1 boxed in by his own guards d1 e2 f1: unbreakable, but he cannot move.
    let mut g = setup(C, "b1 k5", "d1 e2 f5", "e1", D);
    assert_eq!(play(&mut g, "f5-f1").status, Status::Ongoing);
}

// ---- Repetition, the draw counter, no moves ---------------------------------------------------

#[test]
fn the_third_repetition_loses_for_the_defenders_whoever_moves() {
    for (first, name) in [(A, "attackers first"), (D, "defenders first")] {
        let mut g = setup(C, "a4 k9", "b9", "f6", first);
        let (a1, a2) = ("a4-b4", "b4-a4");
        let (d1, d2) = ("b9-c9", "c9-b9");
        let cycle: Vec<&str> = if first == A {
            vec![a1, d1, a2, d2]
        } else {
            vec![d1, a1, d2, a2]
        };
        // Start position occurs at ply 0, 4 and 8.
        for ply in 0..8 {
            assert_eq!(g.status(), Status::Ongoing, "{name} ply {ply}");
            play(&mut g, cycle[ply % 4]);
        }
        assert_eq!(g.repetitions(), 3);
        assert_eq!(g.status(), won(A, WinReason::Repetition), "{name}");
    }
}

#[test]
fn a_capture_makes_earlier_positions_unreachable() {
    let mut g = setup(C, "a4 k9 c3", "b9 d2", "f6", A);
    play(&mut g, "a4-b4");
    play(&mut g, "b9-c9");
    play(&mut g, "b4-a4");
    play(&mut g, "c9-b9");
    assert_eq!(g.repetitions(), 2);
    // After a capture the count starts again: d2 falls between c2 and e2.
    let mut g = setup(C, "a4 k9 c3 e2", "b9 d2", "f6", A);
    play(&mut g, "c3-c2");
    assert_eq!(g.plies_since_capture(), 0);
    assert_eq!(g.repetitions(), 1);
}

/// Plays random moves that capture nothing and end nothing, from the opening.
fn quiet_moves(game: &mut Game, rng: &mut Rng, plies: usize) {
    for _ in 0..plies {
        let moves = game.legal_moves();
        let start = rng.below(moves.len());
        let ok = (0..moves.len()).any(|i| {
            let mv = moves[(start + i) % moves.len()];
            game.make(mv);
            if game.last_move().unwrap().1.is_empty() && !game.status().is_over() {
                return true;
            }
            game.unmake();
            false
        });
        assert!(ok, "a quiet move exists");
    }
}

#[test]
fn one_hundred_sixty_plies_without_capture_draw_and_a_capture_resets_the_count() {
    let mut g = Game::new(C);
    let mut rng = Rng::new(7);
    quiet_moves(&mut g, &mut rng, 100);
    assert_eq!(g.plies_since_capture(), 100);
    // Find and play a capture.
    let capture = g
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| {
            g.make(mv);
            let captures = g.last_move().unwrap().1.any() && !g.status().is_over();
            g.unmake();
            captures
        })
        .expect("a capture is available after 100 random plies");
    g.play(capture).unwrap();
    assert_eq!(g.plies_since_capture(), 0);
    quiet_moves(&mut g, &mut rng, DRAW_PLIES as usize - 1);
    assert_eq!(g.status(), Status::Ongoing);
    // The 160th quiet ply draws (any legal quiet move).
    let moves = g.legal_moves();
    let quiet = moves
        .iter()
        .copied()
        .find(|&mv| {
            g.make(mv);
            let q =
                g.last_move().unwrap().1.is_empty() && g.status() != won(A, WinReason::Repetition);
            g.unmake();
            q
        })
        .unwrap();
    let p = g.play(quiet).unwrap();
    assert_eq!(
        p.status,
        Status::Over(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
}

#[test]
fn a_side_without_legal_moves_loses() {
    // The king alone on c1 (the edge, so never captured there) is blocked by b1, d1 and c2.
    let mut g = setup(C, "b1 d1 c5 k9", "", "c1", A);
    assert_eq!(play(&mut g, "c5-c2").status, won(A, WinReason::NoMoves));
}

#[test]
fn a_game_that_starts_without_moves_is_already_over() {
    let g = setup(C, "b1 d1 c2", "", "c1", D);
    assert_eq!(g.status(), won(A, WinReason::NoMoves));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn no_move_is_accepted_after_the_end() {
    let mut g = setup(C, "e5", "j9", "a5", D);
    play(&mut g, "a5-a1");
    assert_eq!(g.check(parse(&g, "e5-e6")), Err(MoveError::GameOver));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn undo_restores_the_position_and_the_status() {
    let mut g = setup(C, "e5", "j9", "a5", D);
    let before = g.position().clone();
    play(&mut g, "a5-a1");
    assert!(g.status().is_over());
    g.unmake();
    assert_eq!(g.position(), &before);
    assert_eq!(g.position().hash(), before.hash());
    assert_eq!(g.status(), Status::Ongoing);
}

/// The pieces an app marks for a fort: the wall and its supporters, not every defender that
/// happens to be uncapturable elsewhere.
#[test]
fn the_marked_fort_is_the_wall_and_its_supporters() {
    // The fort of issue 15: the king on f11 inside e11 g11 e10 g10 f9, e9 guarding f9, the
    // attackers on e8 and f8; and a defender far away on a2 beside the corner a1.
    let g = setup(C, "e8 f8 k5", "e11 g11 e10 g10 f9 e9 a2", "f11", A);
    assert!(tafl_core::engine::rules::is_exit_fort(g.position()));
    assert_eq!(
        tafl_core::engine::rules::fort_pieces(g.position()),
        squares(C, "f11 e11 g11 e10 g10 f9 e9")
    );
}
