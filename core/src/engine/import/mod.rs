//! Reading a game given as text, wherever players publish them: OpenTafl notation as the apps
//! export it (tags and numbered moves), OpenTafl's own game records (their rules string gives
//! the game), the PGN of hnefatafl.org's client, the JSON of hnefatafl.org's server, of
//! PlayTaflOnline and of aagenielsen.dk's published games, a line of aagenielsen.dk's CSV sets,
//! or moves pasted from anywhere, with move numbers, comments, results and odd spacing or case.
//! Each source is first rewritten as a record of this notation ([`json`], [`text`]); then every
//! move is replayed and checked, captures included, and the first bad one is named. The apps'
//! import and `tafl analyse` both read games here (`docs/api.md`, "Import").

mod bytes;
mod json;
mod problem;
mod text;

use crate::engine::game::Game;
use crate::engine::notation::{GameRecord, NotationError, format_move, parse_move, parse_position};
use crate::engine::position::Position;
use crate::engine::replay::{PlyError, ReplayError};
use crate::engine::variant::VariantKind;

pub use bytes::text_of_bytes;
pub use problem::ImportProblem;

/// Reads a game. A `[variant "..."]` tag names the game; without one, `default` does, and
/// without that the game whose rules replay every move is taken (Copenhagen, then Tablut,
/// then Brandubh). When none does, the problem of the one that got furthest is reported.
///
/// A text that marks its captures (`e4-e2xd2`) must mark every one; a text that marks none
/// (a plain list of moves) has them worked out.
pub fn read_game(text: &str, default: Option<VariantKind>) -> Result<Game, ImportProblem> {
    let text = rewrite(text)?;
    read_record(&text, default)
}

/// A text from any source as a record of this notation.
fn rewrite(text: &str) -> Result<String, ImportProblem> {
    if text.trim_start().starts_with('{') {
        return json::rewrite(text);
    }
    if let Some(line) = json::aagenielsen_line(text) {
        return line.map(|record| text::clean(&record));
    }
    Ok(text::clean(text))
}

/// Reads a record of this notation (see [`read_game`]).
fn read_record(text: &str, default: Option<VariantKind>) -> Result<Game, ImportProblem> {
    // Our records name their game; OpenTafl's give its rules.
    let tagged = text.lines().any(|l| {
        let l = l.trim_start().to_ascii_lowercase();
        l.starts_with("[variant") || l.starts_with("[rules")
    });
    let candidates: Vec<Option<VariantKind>> = match (tagged, default) {
        (true, _) => vec![None],
        (false, Some(kind)) => vec![Some(kind)],
        (false, None) => [
            VariantKind::Copenhagen,
            VariantKind::Tablut,
            VariantKind::Brandubh,
        ]
        .map(Some)
        .to_vec(),
    };
    let mut furthest: Option<(usize, ImportProblem)> = None;
    for kind in candidates {
        let full = match kind {
            Some(k) => format!("[variant \"{}\"]\n{text}", k.name()),
            None => text.to_string(),
        };
        let mut record =
            GameRecord::parse_text(&full).map_err(|e| ImportProblem::BadRecord(e.to_string()))?;
        if record.moves.is_empty() {
            return Err(ImportProblem::Empty);
        }
        if !record.moves.iter().any(|m| m.contains(['x', 'X'])) {
            if let Err((reached, problem)) = mark_captures(&mut record) {
                if furthest.as_ref().is_none_or(|(r, _)| reached > *r) {
                    furthest = Some((reached, problem));
                }
                continue;
            }
        }
        match record.replay() {
            Ok(game) => return Ok(game),
            Err(e) => {
                let (reached, problem) = problem_of(e);
                if furthest.as_ref().is_none_or(|(r, _)| reached > *r) {
                    furthest = Some((reached, problem));
                }
            }
        }
    }
    Err(furthest.map_or(ImportProblem::Empty, |(_, p)| p))
}

/// Writes each move of a record that marks no captures with the captures it makes, so that
/// the strict replay accepts it. Fails like a replay, with the moves played before.
fn mark_captures(record: &mut GameRecord) -> Result<(), (usize, ImportProblem)> {
    let v = record
        .game_variant()
        .map_err(|e| (0, ImportProblem::BadRecord(e.to_string())))?;
    let start = match &record.start {
        None => Position::initial(v),
        Some(s) => parse_position(v, &s.position, s.turn)
            .map_err(|e| (0, ImportProblem::BadRecord(e.to_string())))?,
    };
    let mut game = Game::from_position(start, record.options);
    for (i, text) in record.moves.iter_mut().enumerate() {
        let (mv, _) = parse_move(&v.geometry, text).map_err(|_| {
            (
                i,
                ImportProblem::BadSquare {
                    ply: i + 1,
                    text: text.clone(),
                },
            )
        })?;
        let played = game.play(mv).map_err(|error| {
            (
                i,
                ImportProblem::IllegalMove {
                    ply: i + 1,
                    text: text.clone(),
                    error,
                },
            )
        })?;
        *text = format_move(&v.geometry, mv, played.captured);
    }
    Ok(())
}

/// The problem of a failed replay, with how many moves were played before it.
fn problem_of(e: ReplayError) -> (usize, ImportProblem) {
    match e {
        ReplayError::Start(why) => (0, ImportProblem::BadRecord(why.to_string())),
        ReplayError::Ply { ply, text, error } => {
            let problem = match error {
                PlyError::Unreadable(NotationError::BadSquare(_) | NotationError::BadMove(_)) => {
                    ImportProblem::BadSquare { ply, text }
                }
                PlyError::Unreadable(other) => ImportProblem::BadRecord(other.to_string()),
                PlyError::Illegal(error) => ImportProblem::IllegalMove { ply, text, error },
                PlyError::WrongCaptures { .. } => ImportProblem::WrongCaptures { ply, text },
            };
            (ply - 1, problem)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::MoveError;

    #[test]
    fn a_bare_move_list_finds_its_game() {
        let game = read_game("b4-b3 d5-b5 f4-f5", None).unwrap();
        assert_eq!(game.variant().kind, VariantKind::Brandubh);
        let game = read_game("d1-d3", Some(VariantKind::Copenhagen)).unwrap();
        assert_eq!(game.plies(), 1);
        assert_eq!(read_game("   ", None).unwrap_err(), ImportProblem::Empty);
    }

    #[test]
    fn a_list_that_marks_no_captures_has_them_worked_out() {
        // A real Brandubh game (brandubh-games.csv, line 3) with its four captures unmarked:
        // the king escapes at ply 20.
        let moves = "b4-b3 d5-b5 f4-f5 c4-c2 d6-d5 e4-e2 d7-c7 e2-e5 d1-f1 b5-c5 \
                     f5-f6 e5-e1 g4-e4 d3-f3 a4-c4 d4-d1 b3-b1 d1-c1 c4-b4 c1-a1";
        let game = read_game(moves, None).unwrap();
        assert_eq!(game.variant().kind, VariantKind::Brandubh);
        assert_eq!(game.plies(), 20);
        assert_eq!(
            game.status().winner(),
            Some(crate::engine::position::Side::Defenders)
        );
        assert_eq!(
            game.position().attackers().count(),
            8 - 4,
            "d2, d5, f1 and b1 taken"
        );
    }

    #[test]
    fn without_a_tag_the_game_that_got_furthest_is_blamed() {
        // Brandubh plays three moves before b9, off its board; the other two fail at once.
        let err = read_game("b4-b3 d5-b5 f4-f5 b3-b9", None).unwrap_err();
        assert_eq!(
            err,
            ImportProblem::BadSquare {
                ply: 4,
                text: "b3-b9".into()
            }
        );
        // The same with captures marked, so that the strict replay reports it.
        let err = read_game("b4-b3 d5-b5 f4-f5 e4-e5xf5", None).unwrap_err();
        assert_eq!(
            err,
            ImportProblem::WrongCaptures {
                ply: 4,
                text: "e4-e5xf5".into()
            }
        );
        // Copenhagen gets further than Tablut, which gets further than Brandubh.
        let err = read_game("d1-d3 f4-c4 d3-d1 c4-f4 d1-a1", None).unwrap_err();
        assert!(
            matches!(err, ImportProblem::IllegalMove { ply: 5, .. }),
            "{err:?}"
        );
    }

    #[test]
    fn when_every_game_fails_equally_the_first_tried_is_blamed() {
        // b2 is empty on all three boards: Copenhagen, tried first, names the square (b2's
        // number differs between the boards). With a capture marked, the strict replay fails
        // the same way.
        let b2 =
            crate::engine::notation::parse_square(&VariantKind::Copenhagen.rules().geometry, "b2")
                .expect("a square");
        for text in ["b2-b3", "b2-b3xc3"] {
            assert_eq!(
                read_game(text, None).unwrap_err(),
                ImportProblem::IllegalMove {
                    ply: 1,
                    text: text.into(),
                    error: MoveError::NoPiece(b2),
                }
            );
        }
    }

    #[test]
    fn every_problem_names_its_move() {
        for problem in [
            ImportProblem::BadSquare {
                ply: 4,
                text: "b3-b9".into(),
            },
            ImportProblem::IllegalMove {
                ply: 4,
                text: "b3-b9".into(),
                error: MoveError::NotInLine,
            },
            ImportProblem::WrongCaptures {
                ply: 4,
                text: "b3-b9".into(),
            },
        ] {
            let text = problem.to_string();
            assert!(text.contains("move 4 (b3-b9)"), "{text}");
        }
        assert!(!ImportProblem::Empty.to_string().is_empty());
        assert!(
            ImportProblem::BadRecord("why".into())
                .to_string()
                .ends_with("why")
        );
    }

    #[test]
    fn a_tag_in_the_text_names_the_game_whatever_the_default() {
        let game = read_game(
            "[variant \"brandubh\"]\nb4-b3",
            Some(VariantKind::Copenhagen),
        );
        assert_eq!(game.unwrap().variant().kind, VariantKind::Brandubh);
        // OpenTafl's records give only their rules (`[rules:...]`); ours can too.
        let kind = VariantKind::Hnefatafl13;
        let rules = crate::engine::otn_rules::write_rules(kind, kind.data());
        for tag in [format!("[rules:{rules}]"), format!("[rules \"{rules}\"]")] {
            let text = format!("{tag}\n1. g2-h2 h7-h6\n");
            for default in [None, Some(VariantKind::Brandubh)] {
                let game = read_game(&text, default).unwrap();
                assert_eq!(game.variant().kind, kind, "{tag} {default:?}");
                assert_eq!(game.plies(), 2);
            }
        }
    }

    #[test]
    fn the_first_bad_move_is_named() {
        let err = read_game("[variant \"brandubh\"]\nb4-b3 d5-b5 b3-b6", None).unwrap_err();
        assert!(
            matches!(err, ImportProblem::IllegalMove { ply: 3, .. }),
            "{err:?}"
        );
        let err = read_game("[variant \"brandubh\"]\nb4-b3 zz-b9", None).unwrap_err();
        assert_eq!(
            err,
            ImportProblem::BadSquare {
                ply: 2,
                text: "zz-b9".into()
            }
        );
    }
}
