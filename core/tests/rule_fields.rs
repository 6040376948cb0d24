//! Every field of [`Rules`] matters: for each, a position and a move where two rule sets that
//! differ only in that field give different results. A field the engine ignored would make
//! both sides of one of these tests alike.
//!
//! The rule sets are Brandubh's (7x7: corners, a throne, a king taken by two away from it)
//! with one field changed, unless a test says otherwise.

use tafl_core::engine::game::{DrawReason, MoveError, Outcome, Status, WinReason};
use tafl_core::engine::notation::{parse_move, parse_position};
use tafl_core::engine::position::{Position, PositionOf};
use tafl_core::engine::variant::{
    Escape, KingArmed, KingStrength, Pieces, Reach, Repetition, Rules, ShieldWalls,
};
use tafl_core::{Bits, Game, RuleOptions, Side, Square, Variant, VariantKind};

/// Brandubh's rules with `edit` applied, compiled (for the test's lifetime: leaked).
fn variant(edit: impl FnOnce(&mut Rules)) -> &'static Variant {
    let mut rules = VariantKind::Brandubh.data().clone();
    edit(&mut rules);
    Variant::leak(VariantKind::Brandubh, rules).expect("the rules compile")
}

/// A game from a 7x7 diagram (top rank first, `t` attacker, `T` defender, `K` king).
fn game(v: &'static Variant, diagram: &str, turn: Side) -> Game {
    let pos = parse_position(v, diagram, turn).expect("a valid test position");
    Game::from_position(pos, RuleOptions::default())
}

fn sq(v: &Variant, name: &str) -> Square {
    tafl_core::engine::notation::parse_square(&v.geometry, name).expect("a square")
}

fn squares(v: &Variant, list: &str) -> Bits {
    list.split_whitespace().map(|n| sq(v, n)).collect()
}

/// Plays a move; its captures and the status after it, or why it is illegal.
fn try_play(game: &mut Game, text: &str) -> Result<(Bits, Status), MoveError> {
    let mv = parse_move(&game.variant().geometry, text)
        .expect("move text")
        .0;
    game.play(mv).map(|p| (p.captured, p.status))
}

fn play(game: &mut Game, text: &str) -> (Bits, Status) {
    try_play(game, text).unwrap_or_else(|e| panic!("{text} should be legal: {e}"))
}

fn won(winner: Side, reason: WinReason) -> Status {
    Status::Over(Outcome::Win { winner, reason })
}

#[test]
fn size_sets_the_board() {
    let tablut = VariantKind::Tablut.data().clone();
    let v = Variant::leak(VariantKind::Tablut, tablut.clone()).expect("compiles");
    assert_eq!(v.size(), 9);
    assert!(parse_position(v, "/9/9/9/9/4K4/9/9/9/9/", Side::Attackers).is_ok());
    // The same layout on a side of 7 has pieces off the board.
    let small = Rules { size: 7, ..tablut };
    assert!(Variant::leak(VariantKind::Tablut, small).is_err());
}

#[test]
fn the_layout_is_the_starting_position() {
    let moved = variant(|r| {
        let (d1, b1) = (Square::from_index(3), Square::from_index(1));
        let i = r.attackers.iter().position(|&s| s == d1).expect("d1");
        r.attackers[i] = b1;
    });
    let start = Position::initial(moved);
    assert_eq!(
        start.piece_at(sq(moved, "b1")),
        Some(tafl_core::engine::position::Piece::Attacker)
    );
    assert_eq!(start.piece_at(sq(moved, "d1")), None);
    assert_eq!(start.king(), sq(moved, "d4"));
}

#[test]
fn first_says_who_moves_first() {
    for first in [Side::Attackers, Side::Defenders] {
        let v = variant(|r| r.first = first);
        let game = Game::from_position(PositionOf::initial(v), RuleOptions::default());
        assert_eq!(game.side_to_move(), first);
        let mine = game.position().pieces(first);
        assert!(game.legal_moves().iter().all(|m| mine.contains(m.from)));
    }
}

#[test]
fn reach_says_how_far_each_kind_of_piece_moves() {
    // An attacker on b6, a defender on f2, the king on d4: each with a free line of three or
    // more squares.
    let diagram = "/7/1t5/7/3K3/7/5T1/7/";
    let rooks = variant(|_| {});
    let mut g = game(rooks, diagram, Side::Attackers);
    play(&mut g, "b6-b2");
    play(&mut g, "f2-f5");
    play(&mut g, "b2-b3");
    play(&mut g, "d4-d2");

    let steps = variant(|r| r.reach = Reach::ONE);
    let mut g = game(steps, diagram, Side::Attackers);
    assert_eq!(try_play(&mut g, "b6-b4"), Err(MoveError::TooFar(1)));
    play(&mut g, "b6-b5");
    assert_eq!(try_play(&mut g, "f2-f4"), Err(MoveError::TooFar(1)));
    play(&mut g, "f2-f3");
    play(&mut g, "b5-b4");
    assert_eq!(try_play(&mut g, "d4-d2"), Err(MoveError::TooFar(1)));
    // Every legal move is one step.
    let v = g.variant();
    for m in g.legal_moves().iter() {
        assert_eq!(v.geometry.between(m.from, m.to), Bits::EMPTY, "{m:?}");
    }

    // Each kind of piece has its own limit: here only the king is held to two squares.
    let slow_king = variant(|r| {
        r.reach = Reach {
            king: std::num::NonZeroU8::new(2),
            ..Reach::ANY
        }
    });
    let mut g = game(slow_king, diagram, Side::Attackers);
    play(&mut g, "b6-b2");
    play(&mut g, "f2-f5");
    play(&mut g, "b2-b3");
    assert_eq!(try_play(&mut g, "d4-d1"), Err(MoveError::TooFar(2)));
    play(&mut g, "d4-d2");
}

#[test]
fn escape_is_corners_or_edge() {
    let diagram = "/7/1t5/7/3K3/7/7/7/";
    let corners = variant(|_| {});
    let edge = variant(|r| r.escape = Escape::Edge);
    let mut g = game(corners, diagram, Side::Defenders);
    assert_eq!(play(&mut g, "d4-d7").1, Status::Ongoing);
    let mut g = game(edge, diagram, Side::Defenders);
    assert_eq!(
        play(&mut g, "d4-d7").1,
        won(Side::Defenders, WinReason::KingEscaped)
    );
}

#[test]
fn corners_are_the_listed_squares() {
    let diagram = "/7/1t5/7/K6/7/7/7/";
    let with = variant(|_| {});
    let without = variant(|r| r.corners.clear());
    let mut g = game(with, diagram, Side::Defenders);
    assert_eq!(
        play(&mut g, "a4-a1").1,
        won(Side::Defenders, WinReason::KingEscaped)
    );
    let mut g = game(without, diagram, Side::Defenders);
    assert_eq!(play(&mut g, "a4-a1").1, Status::Ongoing);
    // Without corners, a1 is an ordinary square.
    let mut g = game(without, "/7/7/7/3K3/7/7/2t4/", Side::Attackers);
    assert!(try_play(&mut g, "c1-a1").is_ok());
}

#[test]
fn throne_is_the_listed_square_or_none() {
    let diagram = "/7/1K5/7/7/7/3t3/7/";
    let mut g = game(variant(|_| {}), diagram, Side::Attackers);
    assert!(matches!(
        try_play(&mut g, "d2-d4"),
        Err(MoveError::Restricted(_))
    ));
    let mut g = game(variant(|r| r.throne = None), diagram, Side::Attackers);
    assert!(try_play(&mut g, "d2-d4").is_ok());
}

#[test]
fn corner_stop_says_who_may_stop_on_a_corner() {
    let diagram = "/7/7/7/3K3/7/7/2t4/";
    let mut g = game(variant(|_| {}), diagram, Side::Attackers);
    assert!(matches!(
        try_play(&mut g, "c1-a1"),
        Err(MoveError::Restricted(_))
    ));
    let mut g = game(
        variant(|r| r.corner_stop = Pieces::ALL),
        diagram,
        Side::Attackers,
    );
    assert!(try_play(&mut g, "c1-a1").is_ok());
}

#[test]
fn corner_pass_says_who_may_pass_a_corner() {
    // A corner square b1 that a soldier may not stop on: passing it to reach a1 depends on
    // the rule.
    let diagram = "/7/7/7/3K3/7/7/2t4/";
    let corner_b1 = |pass: Pieces| {
        variant(move |r| {
            r.corners = vec![Square::from_index(1)];
            r.corner_pass = pass;
        })
    };
    let mut g = game(corner_b1(Pieces::KING), diagram, Side::Attackers);
    assert!(matches!(
        try_play(&mut g, "c1-a1"),
        Err(MoveError::Blocked(_))
    ));
    let mut g = game(corner_b1(Pieces::ALL), diagram, Side::Attackers);
    assert!(try_play(&mut g, "c1-a1").is_ok());
}

#[test]
fn throne_stop_says_who_may_stop_on_the_throne() {
    let mut g = game(variant(|_| {}), "/7/1K5/7/7/7/3t3/7/", Side::Attackers);
    assert!(matches!(
        try_play(&mut g, "d2-d4"),
        Err(MoveError::Restricted(_))
    ));
    let all = variant(|r| r.throne_stop = Pieces::ALL);
    let mut g = game(all, "/7/1K5/7/7/7/3t3/7/", Side::Attackers);
    assert!(try_play(&mut g, "d2-d4").is_ok());
    // The king may come back to it, unless nobody may stop there.
    let mut g = game(variant(|_| {}), "/7/t6/3K3/7/7/7/7/", Side::Defenders);
    assert!(try_play(&mut g, "d5-d4").is_ok());
    let nobody = variant(|r| r.throne_stop = Pieces::NONE);
    let mut g = game(nobody, "/7/t6/3K3/7/7/7/7/", Side::Defenders);
    assert!(matches!(
        try_play(&mut g, "d5-d4"),
        Err(MoveError::Restricted(_))
    ));
}

#[test]
fn throne_pass_says_who_may_pass_the_empty_throne() {
    let diagram = "/7/1K5/7/7/7/3t3/7/";
    let mut g = game(variant(|_| {}), diagram, Side::Attackers);
    assert!(try_play(&mut g, "d2-d6").is_ok());
    let mut g = game(
        variant(|r| r.throne_pass = Pieces::KING),
        diagram,
        Side::Attackers,
    );
    assert!(matches!(
        try_play(&mut g, "d2-d6"),
        Err(MoveError::Blocked(_))
    ));
}

#[test]
fn corner_hostile_says_whom_a_corner_traps() {
    let diagram = "/7/7/7/3K3/2t4/T6/7/";
    let mut g = game(variant(|_| {}), diagram, Side::Attackers);
    assert_eq!(play(&mut g, "c3-a3").0, squares(g.variant(), "a2"));
    let mut g = game(
        variant(|r| r.corner_hostile = Pieces::NONE),
        diagram,
        Side::Attackers,
    );
    assert!(play(&mut g, "c3-a3").0.is_empty());
}

#[test]
fn empty_throne_hostile_says_whom_the_empty_throne_traps() {
    let diagram = "/5K1/7/7/7/3T3/t6/7/";
    let mut g = game(variant(|_| {}), diagram, Side::Attackers);
    assert_eq!(play(&mut g, "a2-d2").0, squares(g.variant(), "d3"));
    let only_attackers = variant(|r| r.empty_throne_hostile = Pieces::ATTACKERS);
    let mut g = game(only_attackers, diagram, Side::Attackers);
    assert!(play(&mut g, "a2-d2").0.is_empty());
}

#[test]
fn throne_hostile_says_whom_the_occupied_throne_traps() {
    // An unarmed king on his throne, an attacker above him: a defender closing from above
    // takes it only if the occupied throne is hostile to attackers.
    let diagram = "/7/4T2/3t3/3K3/7/7/7/";
    let unarmed = |hostile: Pieces| {
        variant(move |r| {
            r.king_armed = KingArmed::No;
            r.throne_hostile = hostile;
        })
    };
    let mut g = game(unarmed(Pieces::ATTACKERS), diagram, Side::Defenders);
    assert_eq!(play(&mut g, "e6-d6").0, squares(g.variant(), "d5"));
    let mut g = game(unarmed(Pieces::NONE), diagram, Side::Defenders);
    assert!(play(&mut g, "e6-d6").0.is_empty());
}

#[test]
fn king_armed_says_whether_the_king_captures_and_backs_captures() {
    // The king moves to close a trap against a defender; a defender closes one against him.
    let hammer = "/7/7/7/7/7/2Tt2K/7/";
    let anvil = "/7/7/7/7/7/2Kt2T/7/";
    for (armed, by_king, against_king) in [
        (KingArmed::Yes, true, true),
        (KingArmed::HammerOnly, true, false),
        (KingArmed::AnvilOnly, false, true),
        (KingArmed::No, false, false),
    ] {
        let v = variant(|r| {
            r.king_armed = armed;
            r.throne = None;
        });
        let mut g = game(v, hammer, Side::Defenders);
        assert_eq!(
            play(&mut g, "g2-e2").0.any(),
            by_king,
            "{armed:?} by the king"
        );
        let mut g = game(v, anvil, Side::Defenders);
        assert_eq!(
            play(&mut g, "g2-e2").0.any(),
            against_king,
            "{armed:?} against him"
        );
    }
}

#[test]
fn king_strength_says_how_the_king_is_taken() {
    let status_after = |strength: KingStrength, diagram: &str, mv: &str| {
        let v = variant(|r| r.king_strength = strength);
        let mut g = game(v, diagram, Side::Attackers);
        play(&mut g, mv).1
    };
    let taken = won(Side::Attackers, WinReason::KingCaptured);
    // Away from the throne, between two attackers.
    let two = "/7/1t5/1K5/t6/7/7/7/";
    assert_eq!(status_after(KingStrength::Weak, two, "a4-b4"), taken);
    assert_eq!(
        status_after(KingStrength::WeakAwayFromThrone, two, "a4-b4"),
        taken
    );
    assert_eq!(
        status_after(KingStrength::Strong, two, "a4-b4"),
        Status::Ongoing
    );
    // Beside the throne, two attackers on one line take a weak king only.
    let beside = "/7/4t2/2tK3/7/7/7/7/";
    assert_eq!(status_after(KingStrength::Weak, beside, "e6-e5"), taken);
    assert_eq!(
        status_after(KingStrength::WeakAwayFromThrone, beside, "e6-e5"),
        Status::Ongoing
    );
    // On the edge, three attackers take him only where the edge helps them.
    let edge = "/7/7/t6/K6/t6/2t4/7/";
    assert_eq!(
        status_after(KingStrength::StrongAgainstEdge, edge, "c2-b2"),
        Status::Ongoing
    );
    // (A defender on f7 keeps a move for the king's side when he is not taken.)
    let edge = "/5T1/7/t6/K6/t6/7/1t5/";
    assert_eq!(
        status_after(KingStrength::StrongAgainstEdge, edge, "b1-b4"),
        taken
    );
    assert_eq!(
        status_after(KingStrength::Strong, edge, "b1-b4"),
        Status::Ongoing
    );
}

#[test]
fn king_group_says_a_king_with_guards_is_taken_only_with_them() {
    // King b5 and his guard c5, closed in on every side when the attacker arrives on d5.
    let diagram = "/7/1tt3t/tKT4/1tt4/7/7/7/";
    let rules = |group: bool| {
        variant(move |r| {
            r.king_strength = KingStrength::StrongAgainstEdge;
            r.king_group = group;
            r.encirclement = false; // the ring around the group would win first
        })
    };
    let mut g = game(rules(true), diagram, Side::Attackers);
    assert_eq!(
        play(&mut g, "g6-g5").1,
        Status::Ongoing,
        "d5 still open: the group is not closed in"
    );
    let mut g = game(rules(true), "/5T1/1tt4/tKT3t/1tt4/7/7/7/", Side::Attackers);
    assert_eq!(
        play(&mut g, "g5-d5").1,
        won(Side::Attackers, WinReason::KingCaptured)
    );
    let mut g = game(rules(false), "/5T1/1tt4/tKT3t/1tt4/7/7/7/", Side::Attackers);
    assert_eq!(play(&mut g, "g5-d5").1, Status::Ongoing);
}

#[test]
fn shield_walls_take_a_row_on_the_edge() {
    let row = "/7/7/7/3K3/7/2tt3/1tTT3/";
    let corner = "/7/7/7/3K3/7/1tt4/1TT4/";
    let walls = |mode: ShieldWalls| variant(move |r| r.shield_walls = mode);
    for (mode, in_row, at_corner) in [
        (ShieldWalls::None, false, false),
        (ShieldWalls::CornersClose, true, true),
        (ShieldWalls::CornersDoNotClose, true, false),
    ] {
        // The row c1 d1 closed by b1 and the attacker arriving on e1.
        let mut g = game(
            walls(mode),
            &row.replace("3K3/7/2tt3", "3K3/4t2/2tt3"),
            Side::Attackers,
        );
        assert_eq!(
            play(&mut g, "e3-e1").0.count() == 2,
            in_row,
            "{mode:?} in a row"
        );
        // The row b1 c1 closed by the corner a1 and the attacker arriving on d1.
        let mut g = game(
            walls(mode),
            &corner.replace("3K3/7/", "3K3/3t3/"),
            Side::Attackers,
        );
        assert_eq!(
            play(&mut g, "d3-d1").0.count() == 2,
            at_corner,
            "{mode:?} at a corner"
        );
    }
}

#[test]
fn exit_forts_end_the_game_only_where_the_rules_have_them() {
    // The Copenhagen fort of core/tests/forts.rs: king f11 inside e11 g11 e10 g10 f9, the
    // supporter arriving on e9.
    for forts in [true, false] {
        let mut rules = VariantKind::Copenhagen.data().clone();
        rules.exit_forts = forts;
        let v = Variant::leak(VariantKind::Copenhagen, rules).expect("compiles");
        let pos = Position::from_parts(
            v,
            squares(v, "e8 f8 a5 k5"),
            squares(v, "e11 g11 e10 g10 f9 c9"),
            sq(v, "f11"),
            Side::Defenders,
        )
        .expect("valid");
        let mut g = Game::from_position(pos, RuleOptions::default());
        let expected = if forts {
            won(Side::Defenders, WinReason::ExitFort)
        } else {
            Status::Ongoing
        };
        assert_eq!(play(&mut g, "c9-e9").1, expected);
    }
}

#[test]
fn encirclement_wins_only_where_the_rules_have_it() {
    // Attackers ring the block c3-e5 around the king; the last one arrives on e6.
    let diagram = "/7/2tt2t/1t3t1/1t1K1t1/1t3t1/2ttt2/7/";
    for (ring, expected) in [
        (true, won(Side::Attackers, WinReason::Encircled)),
        (false, Status::Ongoing),
    ] {
        let mut g = game(variant(|r| r.encirclement = ring), diagram, Side::Attackers);
        assert_eq!(play(&mut g, "g6-e6").1, expected);
    }
}

#[test]
fn repetition_decides_the_third_occurrence() {
    // b2-b3 f6-f5 b3-b2 f5-f6, twice: the starting position comes up a third time after the
    // eighth ply, brought about by the side that moves second.
    let shuffle = ["b2-b3", "f6-f5", "b3-b2", "f5-f6"];
    let draw = Status::Over(Outcome::Draw {
        reason: DrawReason::Repetition,
    });
    let by_defenders = "/7/5K1/7/7/7/1t5/7/";
    let by_attackers = "/7/5K1/7/7/7/1t5/7/";
    for (rule, when_defenders_repeat, when_attackers_repeat) in [
        (
            Repetition::DefendersLose,
            won(Side::Attackers, WinReason::Repetition),
            won(Side::Attackers, WinReason::Repetition),
        ),
        (
            Repetition::MoverLoses,
            won(Side::Attackers, WinReason::Repetition),
            won(Side::Defenders, WinReason::Repetition),
        ),
        (
            Repetition::MoverWins,
            won(Side::Defenders, WinReason::Repetition),
            won(Side::Attackers, WinReason::Repetition),
        ),
        (Repetition::Draw, draw, draw),
        (Repetition::Ignored, Status::Ongoing, Status::Ongoing),
    ] {
        let v = variant(|r| r.repetition = rule);
        for (diagram, first, expected) in [
            (by_defenders, Side::Attackers, when_defenders_repeat),
            (by_attackers, Side::Defenders, when_attackers_repeat),
        ] {
            let mut g = game(v, diagram, first);
            let order: Vec<&str> = if first == Side::Attackers {
                shuffle.to_vec()
            } else {
                vec![shuffle[1], shuffle[0], shuffle[3], shuffle[2]]
            };
            let mut last = Status::Ongoing;
            for mv in order.iter().cycle().take(8) {
                last = play(&mut g, mv).1;
            }
            assert_eq!(last, expected, "{rule:?}, {first:?} first");
        }
    }
}

#[test]
fn draw_plies_is_the_move_limit() {
    let diagram = "/7/5K1/7/7/7/1t5/7/";
    let moves = ["b2-b3", "f6-f7", "b3-b4", "f7-e7"];
    let mut g = game(variant(|r| r.draw_plies = 4), diagram, Side::Attackers);
    let statuses: Vec<Status> = moves.iter().map(|m| play(&mut g, m).1).collect();
    assert_eq!(statuses[2], Status::Ongoing);
    assert_eq!(
        statuses[3],
        Status::Over(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    let mut g = game(variant(|r| r.draw_plies = 0), diagram, Side::Attackers);
    for m in moves {
        assert_eq!(play(&mut g, m).1, Status::Ongoing);
    }
}
