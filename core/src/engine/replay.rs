//! Replaying recorded moves, one routine for every caller: `tafl replay` and the conformance
//! tests (a line of moves), and [`GameRecord::replay`] (the store and exported games).
//!
//! A recorded move states its captures (`g3-e3xe2`); a move written without any claims that it
//! captures nothing. Every move must be legal and capture exactly what it states. The king is
//! never listed (his capture ends the game instead of removing him), and a square listed twice
//! counts once.

use std::fmt;

use crate::engine::bits::Bits;
use crate::engine::game::{Game, MoveError};
use crate::engine::geometry::{Geometry, square_name};
use crate::engine::notation::{GameRecord, NotationError, parse_move, parse_position};
use crate::engine::position::{Position, Side};
use crate::engine::variant::{RuleOptions, Variant};

/// A replayed game.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game after the last move played.
    pub game: Game,
    /// When the rules ended the game while the record goes on: the plies played until then.
    pub ended_early_at: Option<usize>,
}

/// Why a recorded move cannot be played as written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlyError {
    /// The text is not a move.
    Unreadable(NotationError),
    /// The move breaks the rules.
    Illegal(MoveError),
    /// The move captures other pieces than it states (square names, lowest first).
    WrongCaptures {
        claimed: Vec<String>,
        actual: Vec<String>,
    },
}

impl fmt::Display for PlyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |names: &[String]| {
            if names.is_empty() {
                "nothing".to_string()
            } else {
                names.join("/")
            }
        };
        match self {
            PlyError::Unreadable(e) => e.fmt(f),
            PlyError::Illegal(e) => e.fmt(f),
            PlyError::WrongCaptures { claimed, actual } => write!(
                f,
                "the record captures {}, the rules capture {}",
                list(claimed),
                list(actual)
            ),
        }
    }
}

/// Why a record cannot be replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ReplayError {
    /// The starting position cannot be read.
    Start(NotationError),
    /// Ply `ply` (1-based), written `text`, cannot be played.
    Ply {
        ply: usize,
        text: String,
        error: PlyError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Start(e) => e.fmt(f),
            ReplayError::Ply { ply, text, error } => write!(f, "ply {ply} ({text}): {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays `moves` from `start`, checking each against the rules and the captures it states.
/// Stops without error when the rules end the game before the record does.
pub fn replay<'a>(
    start: Position,
    options: RuleOptions,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Replayed, ReplayError> {
    let g = &start.variant().geometry;
    let mut game = Game::from_position(start, options);
    for (i, text) in moves.into_iter().enumerate() {
        if game.status().is_over() {
            return Ok(Replayed {
                ended_early_at: Some(game.plies()),
                game,
            });
        }
        let fail = |error: PlyError| ReplayError::Ply {
            ply: i + 1,
            text: text.to_string(),
            error,
        };
        let (mv, claimed) = parse_move(g, text).map_err(|e| fail(PlyError::Unreadable(e)))?;
        let played = game.play(mv).map_err(|e| fail(PlyError::Illegal(e)))?;
        // A move written without captures claims that it captures nothing.
        let claimed = claimed.unwrap_or(Bits::EMPTY);
        if claimed != played.captured {
            return Err(fail(PlyError::WrongCaptures {
                claimed: names(g, claimed),
                actual: names(g, played.captured),
            }));
        }
    }
    Ok(Replayed {
        game,
        ended_early_at: None,
    })
}

/// Replays one line of space-separated moves, as in the conformance data: the word `timeout`
/// (a game lost on time) ends the moves.
pub fn replay_line(
    start: &Position,
    options: RuleOptions,
    line: &str,
) -> Result<Replayed, ReplayError> {
    let moves = line
        .split_whitespace()
        .take_while(|t| !t.eq_ignore_ascii_case("timeout"));
    replay(start.clone(), options, moves)
}

fn names(g: &Geometry, squares: Bits) -> Vec<String> {
    squares.iter().map(|sq| square_name(g, sq)).collect()
}

impl GameRecord {
    /// Replays the record, checking every move and every capture it states. Moves after the
    /// end of the game are an error: a record holds one game.
    ///
    /// A record without a rules string (the app's own) that today's rules do not replay as it
    /// was played, or not to the end it states, is tried under the readings of that game the
    /// app played before ([`crate::engine::variant::VariantKind::former_rules`]), newest first, so that
    /// a game saved by an older version resumes, and a finished one ends, as it was played.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let variant = self.game_variant().map_err(ReplayError::Start)?;
        let today = self.replay_as(variant);
        let as_recorded = |game: &Game| game.status().to_string() == self.result;
        if self.rules.is_some() || today.as_ref().is_ok_and(as_recorded) {
            return today;
        }
        let mut formers: Vec<Game> = self
            .variant
            .former_rules()
            .into_iter()
            .filter_map(|rules| Variant::custom(self.variant, rules).ok())
            .filter_map(|former| self.replay_as(former).ok())
            .collect();
        match formers.iter().position(as_recorded) {
            Some(i) => Ok(formers.swap_remove(i)),
            // No reading ends it as recorded: today's, unless only a former one plays it.
            None => today.or_else(|e| formers.into_iter().next().ok_or(e)),
        }
    }

    fn replay_as(&self, variant: &'static Variant) -> Result<Game, ReplayError> {
        let start = match &self.start {
            None => Position::initial(variant),
            Some(s) => parse_position(variant, &s.position, s.turn).map_err(ReplayError::Start)?,
        };
        let replayed = replay(start, self.options, self.moves.iter().map(String::as_str))?;
        let mut game = replayed.game;
        if let Some(plies) = replayed.ended_early_at {
            return Err(ReplayError::Ply {
                ply: plies + 1,
                text: self.moves.get(plies).cloned().unwrap_or_default(),
                error: PlyError::Illegal(MoveError::GameOver),
            });
        }
        // Resignations and losses on time leave no trace on the board: restore them from the
        // result (which names the winner).
        for side in [Side::Attackers, Side::Defenders] {
            if self
                .result
                .starts_with(&format!("{}:resignation", side.name()))
            {
                let _ = game.resign(side.other());
            }
            if self.result == format!("{}:time", side.name()) {
                let _ = game.lose_on_time(side.other());
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::StartPosition;
    use crate::engine::variant::VariantKind;

    /// Brandubh: the king walks out on the 10th ply once his guards step aside.
    const ESCAPE: &str = "b4-b3 d5-f5 b3-b4 d4-d5 b4-b3 d5-c5 b3-b4xc4 c5-c7 b4-b3 c7-a7";

    fn record(moves: &str) -> GameRecord {
        GameRecord {
            variant: VariantKind::Brandubh,
            options: RuleOptions::default(),
            rules: None,
            start: None,
            moves: moves.split_whitespace().map(str::to_string).collect(),
            result: "ongoing".into(),
        }
    }

    #[test]
    fn a_game_saved_under_a_former_reading_replays_under_it() {
        // c7-a7 slides two squares: an Ard Rí move before its pieces stepped one square.
        let saved = GameRecord {
            variant: VariantKind::ArdRi,
            ..record("c7-a7 c5-c6")
        };
        let game = saved.replay().expect("replays under the rook-move reading");
        assert_eq!(game.plies(), 2);
        assert!(!game.variant().is_preset());
        assert_eq!(game.variant().kind, VariantKind::ArdRi);
        // Today's reading is tried first: a game of steps stays the preset's.
        let today = GameRecord {
            variant: VariantKind::ArdRi,
            ..record("c7-b7 c5-c6")
        };
        assert!(today.replay().expect("replays").variant().is_preset());
        // A move no reading allows is still refused, with today's reason.
        let broken = GameRecord {
            variant: VariantKind::ArdRi,
            ..record("c7-c5")
        };
        assert!(matches!(
            broken.replay(),
            Err(ReplayError::Ply {
                ply: 1,
                error: PlyError::Illegal(MoveError::TooFar(1)),
                ..
            })
        ));
        // A record that states its rules is played by them alone.
        let stated = GameRecord {
            rules: Some(crate::engine::otn_rules::write_rules(
                VariantKind::ArdRi,
                VariantKind::ArdRi.data(),
            )),
            ..saved
        };
        assert!(stated.replay().is_err());
    }

    #[test]
    fn a_line_and_a_record_replay_alike() {
        let start = Position::start(VariantKind::Brandubh);
        let line = replay_line(&start, RuleOptions::default(), ESCAPE).unwrap();
        let game = record(ESCAPE).replay().unwrap();
        assert_eq!(line.ended_early_at, None);
        assert_eq!(line.game.position(), game.position());
        assert_eq!(game.status().winner(), Some(Side::Defenders));
        for bad in ["b4-b3 d5-d5", "b4-b3xb2", "b4-b3 zz"] {
            let from_line = replay_line(&start, RuleOptions::default(), bad).unwrap_err();
            assert_eq!(record(bad).replay().unwrap_err(), from_line, "{bad}");
        }
    }

    #[test]
    fn moves_after_the_end_stop_a_line_and_break_a_record() {
        let start = Position::start(VariantKind::Brandubh);
        let more = format!("{ESCAPE} b3-b4");
        let line = replay_line(&start, RuleOptions::default(), &more).unwrap();
        assert_eq!(line.ended_early_at, Some(10));
        assert_eq!(
            record(&more).replay().unwrap_err(),
            ReplayError::Ply {
                ply: 11,
                text: "b3-b4".into(),
                error: PlyError::Illegal(MoveError::GameOver),
            }
        );
        // `timeout` ends a line's moves.
        let timed_out = replay_line(&start, RuleOptions::default(), "b4-b3 timeout x").unwrap();
        assert_eq!(
            (timed_out.game.plies(), timed_out.ended_early_at),
            (1, None)
        );
    }

    #[test]
    fn a_move_written_without_captures_must_capture_nothing() {
        let start = Position::start(VariantKind::Brandubh);
        let quiet = "d6-e6 c4-c6 b4-c4 d5-b5 c4-c5 d4-c4";
        let err = replay_line(&start, RuleOptions::default(), quiet).unwrap_err();
        assert_eq!(
            err,
            ReplayError::Ply {
                ply: 6,
                text: "d4-c4".into(),
                error: PlyError::WrongCaptures {
                    claimed: vec![],
                    actual: vec!["c5".into()],
                },
            }
        );
        assert_eq!(record(quiet).replay().unwrap_err(), err);
        let marked = format!("{quiet}xc5");
        assert!(replay_line(&start, RuleOptions::default(), &marked).is_ok());
        // A square listed twice is one capture.
        assert!(replay_line(&start, RuleOptions::default(), &format!("{marked}xc5")).is_ok());
    }

    #[test]
    fn a_wrong_capture_names_both_sets_and_a_bad_start_is_reported() {
        let start = Position::start(VariantKind::Brandubh);
        let err = replay_line(&start, RuleOptions::default(), "b4-b3xb2").unwrap_err();
        assert_eq!(
            err.to_string(),
            "ply 1 (b4-b3xb2): the record captures b2, the rules capture nothing"
        );
        let mut bad_start = record("");
        bad_start.start = Some(StartPosition {
            position: "/7/".into(),
            turn: Side::Attackers,
        });
        assert!(matches!(
            bad_start.replay(),
            Err(ReplayError::Start(NotationError::BadPosition(_)))
        ));
    }
}
