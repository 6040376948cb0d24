//! The import reads a game from every source players publish in (`core/tests/data/imports`,
//! see its README for where each sample comes from), replays it move by move with its
//! captures, and names the first bad move of a damaged one.

use tafl_core::engine::game::{Outcome, Status, WinReason};
use tafl_core::engine::import::{ImportProblem, read_game};
use tafl_core::engine::notation::format_move;
use tafl_core::{Game, Side, VariantKind};

fn sample(name: &str) -> String {
    let path = format!("{}/tests/data/imports/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The moves of line `n` of the public Copenhagen games, captures included.
fn recorded(n: usize) -> Vec<String> {
    let path = format!(
        "{}/tests/data/copenhagen-games.csv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the games");
    let line = text.lines().nth(n - 1).expect("a line");
    let moves = line.split(',').next().expect("moves");
    moves
        .split_whitespace()
        .map(|m| {
            // The file may name a capture twice (c9-a9xa10xa10); the notation names it once.
            let (squares, captures) = m.split_once('x').unwrap_or((m, ""));
            let mut names: Vec<&str> = captures.split('x').filter(|c| !c.is_empty()).collect();
            names.sort();
            names.dedup();
            if names.is_empty() {
                squares.to_string()
            } else {
                format!("{squares}x{}", names.join("/"))
            }
        })
        .collect()
}

/// The game's moves in notation, captures included (sorted as `recorded` sorts them).
fn played(game: &Game) -> Vec<String> {
    let g = &game.variant().geometry;
    game.moves()
        .map(|(mv, captured)| {
            let text = format_move(g, mv, captured);
            let (squares, captures) = text.split_once('x').unwrap_or((&text, ""));
            let mut names: Vec<&str> = captures.split('/').filter(|c| !c.is_empty()).collect();
            names.sort();
            if names.is_empty() {
                squares.to_string()
            } else {
                format!("{squares}x{}", names.join("/"))
            }
        })
        .collect()
}

fn won(winner: Side, reason: WinReason) -> Status {
    Status::Over(Outcome::Win { winner, reason })
}

/// Each sample: its file, the line of the public games it holds, and how it ends.
const SAMPLES: &[(&str, usize, Side, WinReason)] = &[
    (
        "hnefatafl-org.pgn",
        17,
        Side::Defenders,
        WinReason::KingEscaped,
    ),
    (
        "hnefatafl-org.json",
        48,
        Side::Attackers,
        WinReason::KingCaptured,
    ),
    (
        "playtaflonline.json",
        22,
        Side::Defenders,
        WinReason::KingEscaped,
    ),
    (
        "aagenielsen.csv",
        72,
        Side::Attackers,
        WinReason::KingCaptured,
    ),
    (
        "aagenielsen.json",
        21,
        Side::Attackers,
        WinReason::Resignation,
    ),
    ("pasted.txt", 75, Side::Defenders, WinReason::KingEscaped),
];

#[test]
fn a_game_from_every_source_replays_with_its_captures_to_its_end() {
    for &(file, line, winner, reason) in SAMPLES {
        let game = read_game(&sample(file), None).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(game.variant().kind, VariantKind::Copenhagen, "{file}");
        assert_eq!(played(&game), recorded(line), "{file}");
        assert_eq!(game.status(), won(winner, reason), "{file}");
    }
}

#[test]
fn the_playtafl_pgn_example_reads_as_copenhagen() {
    let game = read_game(&sample("playtafl-com.pgn"), None).expect("imports");
    assert_eq!(game.variant().kind, VariantKind::Copenhagen);
    // The record writes no captures; the replay finds that h3-h2 takes g2 against f2.
    assert_eq!(played(&game), ["h1-h3", "g5-g2", "h3-h2xg2"]);
}

/// The sample with its `nth` move (0-based, in the order of the game) spelled `bad` instead.
fn damaged(file: &str, line: usize, nth: usize, bad: &str) -> String {
    let text = sample(file);
    let good = recorded(line)[nth].clone();
    let (from, to) = good.split('x').next().unwrap().split_once('-').unwrap();
    // Each source spells the move its own way; find the spelling in the file.
    let spellings = [
        format!("{from}{to}"),
        good.clone(),
        format!("{from}-{to}"),
        format!("{}-{}", from.to_uppercase(), to.to_uppercase()),
    ];
    for s in spellings {
        // A whole word, so that d1-d3 is not found inside d11-d3.
        let hits: Vec<usize> = text
            .match_indices(&s)
            .filter(|(i, _)| {
                let before = text[..*i].chars().last();
                let after = text[i + s.len()..].chars().next();
                !before.is_some_and(|c| c.is_ascii_alphanumeric())
                    && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == 'x')
            })
            .map(|(i, _)| i)
            .collect();
        if let Some(&at) = hits.first() {
            return format!("{}{bad}{}", &text[..at], &text[at + s.len()..]);
        }
    }
    panic!("{file}: move {nth} ({good}) not found");
}

#[test]
fn a_damaged_record_of_every_source_names_its_first_bad_move() {
    for &(file, line, _, _) in SAMPLES {
        if file == "playtaflonline.json" {
            continue; // its squares are numbers: damaged below
        }
        // The fifth move sent where it cannot go: through the throne's row of defenders.
        let text = damaged(file, line, 4, "a1-a11");
        let err = read_game(&text, Some(VariantKind::Copenhagen)).expect_err(file);
        assert!(
            matches!(&err, ImportProblem::IllegalMove { ply: 5, .. }),
            "{file}: {err:?}"
        );
        assert!(err.to_string().contains("move 5 ("), "{file}: {err}");
    }
    // PlayTaflOnline: the third move (from the end of the list) moved off its line.
    let mut value: serde_json::Value =
        serde_json::from_str(&sample("playtaflonline.json")).expect("JSON");
    let moves = value["Move"].as_array_mut().expect("moves");
    let n = moves.len();
    moves[n - 3]["MoveYTo"] = serde_json::json!(7);
    let err = read_game(&value.to_string(), None).expect_err("damaged");
    assert!(
        matches!(err, ImportProblem::IllegalMove { ply: 3, .. }),
        "{err:?}"
    );
}

#[test]
fn a_capture_the_record_gets_wrong_is_named() {
    // hnefatafl.org's JSON writes its captures: one claimed where none happens.
    let text = sample("hnefatafl-org.json").replacen("f4-f3", "f4-f3xf5", 1);
    let err = read_game(&text, None).expect_err("wrong captures");
    assert_eq!(
        err,
        ImportProblem::WrongCaptures {
            ply: 4,
            text: "f4-f3xf5".into()
        }
    );
}

#[test]
fn text_that_is_no_game_says_what_it_is() {
    for (text, why) in [
        ("{\"hello\": 1}", "not a game of hnefatafl.org"),
        ("{ not json", "JSON that cannot be read"),
        (
            "{\"Layout\": \"magpie\", \"Move\": []}",
            "'magpie' is not a game",
        ),
    ] {
        match read_game(text, None) {
            Err(ImportProblem::BadRecord(reason)) => assert!(reason.contains(why), "{reason}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let two = format!("{}{}", sample("aagenielsen.csv"), sample("aagenielsen.csv"));
    assert!(
        matches!(read_game(&two, None), Err(ImportProblem::BadRecord(r)) if r.contains("2 games"))
    );
}
