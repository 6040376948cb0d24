//! What a game reports beside its rules: the repetition warning, the names its result and its
//! errors are written with, and the rule options a record carries.

mod common;

use common::play;
use tafl_core::engine::notation::GameRecord;
use tafl_core::{
    DrawReason, Game, Move, MoveError, Outcome, RuleOptions, Side, Status, VariantKind, WinReason,
};

/// Plays a space-separated list of moves that must all be legal.
fn play_all(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        play(game, text);
    }
}

#[test]
fn no_warning_while_no_move_can_repeat_a_position_twice_seen() {
    let mut game = Game::new(VariantKind::Brandubh);
    assert!(!game.repetition_looms(), "attackers to move");
    play_all(&mut game, "b4-b3");
    // Defenders to move, and every position so far has occurred once.
    assert_eq!(game.side_to_move(), Side::Defenders);
    assert!(!game.repetition_looms());
    // Once round a cycle: the position on the board has now occurred twice, and the
    // defenders' next move in the cycle (d5-e5) would bring its successor a second time only.
    play_all(&mut game, "d5-e5 b3-b2 e5-d5 b2-b3");
    assert!(!game.repetition_looms());
}

#[test]
fn the_defenders_are_warned_only_when_their_move_would_make_a_third_occurrence() {
    // A cycle that starts from the opening, with the attackers to move: the defenders close it.
    let mut game = Game::new(VariantKind::Brandubh);
    play_all(&mut game, "b4-b3 d5-e5 b3-b4 e5-d5 b4-b3 d5-e5");
    assert!(!game.repetition_looms(), "attackers to move");
    play_all(&mut game, "b3-b4");
    // e5-d5 would bring the opening position up for the third time.
    assert_eq!(game.side_to_move(), Side::Defenders);
    assert!(game.repetition_looms());
    // Moving elsewhere takes the warning away.
    play_all(&mut game, "e5-e6");
    assert!(!game.repetition_looms());
}

/// Brandubh from the opening: the attackers' first move stands outside the cycle, so the
/// defenders begin it and the attackers close it. Next, b2-b3 would bring the position after
/// b4-b3 up for the third time.
const ATTACKERS_CLOSE_A_CYCLE: &str = "b4-b3 d5-e5 b3-b2 e5-d5 b2-b3 d5-e5 b3-b2 e5-d5";

#[test]
fn the_attackers_get_no_warning_even_when_their_move_would_repeat() {
    let mut game = Game::new(VariantKind::Brandubh);
    play_all(&mut game, ATTACKERS_CLOSE_A_CYCLE);
    assert_eq!(game.side_to_move(), Side::Attackers);
    assert!(!game.repetition_looms());
    // The repetition is real: playing it ends the game.
    play_all(&mut game, "b2-b3");
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Win {
            winner: Side::Attackers,
            reason: WinReason::Repetition,
        })
    );
    assert!(!game.repetition_looms(), "the game is over");
}

#[test]
fn results_are_written_with_their_names() {
    let draw = Status::Over(Outcome::Draw {
        reason: DrawReason::MoveLimit,
    });
    assert_eq!(draw.to_string(), "draw:move-limit");
    let escape = Status::Over(Outcome::Win {
        winner: Side::Defenders,
        reason: WinReason::KingEscaped,
    });
    assert_eq!(escape.to_string(), "defenders:king-escaped");
    assert_eq!(escape.winner(), Some(Side::Defenders));
    assert_eq!(draw.winner(), None);
    assert_eq!(Status::Ongoing.winner(), None);
}

#[test]
fn every_move_error_says_what_is_wrong_in_its_own_words() {
    let square =
        tafl_core::engine::notation::parse_square(&VariantKind::Brandubh.rules().geometry, "a1")
            .expect("a square");
    let errors = [
        MoveError::GameOver,
        MoveError::OffBoard,
        MoveError::NoPiece(square),
        MoveError::NotYourPiece(square),
        MoveError::NotInLine,
        MoveError::Blocked(square),
        MoveError::Restricted(square),
    ];
    let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
    for (error, text) in errors.iter().zip(&texts) {
        assert!(text.len() > 5, "{error:?} has no message: {text:?}");
    }
    let mut distinct = texts.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), texts.len(), "{texts:?}");
}

#[test]
fn a_record_keeps_the_rule_options_it_was_played_with() {
    for exit_forts in [false, true] {
        let options = RuleOptions { exit_forts };
        let mut game =
            Game::from_position(tafl_core::Position::start(VariantKind::Copenhagen), options);
        play_all(&mut game, "d1-d3 f4-c4");
        assert_eq!(game.options(), options);
        let text = GameRecord::from_game(&game).to_text();
        let expected = format!("[exit-forts \"{}\"]", if exit_forts { "on" } else { "off" });
        assert!(text.contains(&expected), "{text}");
        let replayed = GameRecord::parse_text(&text)
            .expect("a record")
            .replay()
            .expect("a game");
        assert_eq!(replayed.options(), options);
        assert_eq!(replayed.position(), game.position());
    }
}

#[test]
fn a_move_with_either_end_off_the_board_is_refused_as_such() {
    let game = Game::new(VariantKind::Brandubh);
    let on = common::square(VariantKind::Brandubh, "d1"); // an attacker, to move
    // 7x7 squares are numbered 0-48; 60 still fits the bit board but is not on it.
    let off = tafl_core::Square::from_index(60);
    for mv in [Move { from: on, to: off }, Move { from: off, to: on }] {
        assert_eq!(game.check(mv), Err(MoveError::OffBoard), "{mv:?}");
    }
    assert!(game.targets(off).is_empty());
}

#[test]
fn a_finished_game_offers_no_moves() {
    let mut game = Game::new(VariantKind::Brandubh);
    play_all(&mut game, ATTACKERS_CLOSE_A_CYCLE);
    play_all(&mut game, "b2-b3"); // the third occurrence: the attackers win
    assert!(game.status().is_over());
    let mover = game.side_to_move();
    for from in game.position().pieces(mover) {
        assert!(game.targets(from).is_empty(), "{from:?}");
    }
    assert!(game.movable().is_empty());
    assert!(game.legal_moves().is_empty());
}
