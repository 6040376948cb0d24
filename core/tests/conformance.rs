//! Conformance: real games from public records replay move by move with the exact captures.
//! The data files are copies of `shared/conformance/` (see tests/data/README.md).
//!
//! Each line is `moves,attacker_captures,defender_captures,result`. Strict on every move: a
//! move must be legal, capture exactly the squares it lists, and capture nothing when it lists
//! none (the replay routine checks this). The king's capture is never listed: it ends the game
//! instead of removing him. The two count columns must agree with our engine's captures per
//! side over the whole game; the site counts a square it lists twice in one move twice (a piece
//! taken both by custody and in a shield wall), so such repeats are added to our count.

use std::collections::BTreeMap;

use tafl_core::engine::replay::replay_line;
use tafl_core::{Game, Outcome, Position, RuleOptions, Side, Status, VariantKind};

struct Summary {
    games: usize,
    ended_early: BTreeMap<String, usize>,
    decided_as_recorded: BTreeMap<String, usize>,
    /// Games whose count columns were compared (all but those our engine ended early).
    counted: usize,
    /// Capture marks the records list twice within one move.
    repeated_marks: usize,
}

/// One line of the data.
struct Line<'a> {
    moves: &'a str,
    attacker_captures: usize,
    defender_captures: usize,
    result: &'a str,
}

fn parse_line(line: &str) -> Line<'_> {
    let fields: Vec<&str> = line.split(',').collect();
    let count = |i: usize| -> usize {
        fields[i]
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("count column {i} of {line}"))
    };
    assert_eq!(fields.len(), 4, "{line}");
    Line {
        moves: fields[0],
        attacker_captures: count(1),
        defender_captures: count(2),
        result: fields[3],
    }
}

fn recorded_outcome(result: &str) -> Option<Option<Side>> {
    match result.trim() {
        "White" => Some(Some(Side::Defenders)),
        "Black" => Some(Some(Side::Attackers)),
        "Draw" => Some(None),
        _ => None,
    }
}

fn outcome_name(outcome: Outcome) -> String {
    Status::Over(outcome).to_string()
}

/// Pieces our engine captured over the game, per side: (by the attackers, by the defenders).
fn captures_by_side(game: &Game) -> (usize, usize) {
    let first = game.start().side_to_move();
    let mut totals = (0, 0);
    for (i, (_, captured)) in game.moves().enumerate() {
        let mover = if i % 2 == 0 { first } else { first.other() };
        match mover {
            Side::Attackers => totals.0 += captured.count() as usize,
            Side::Defenders => totals.1 += captured.count() as usize,
        }
    }
    totals
}

/// Marks a record lists more than once within one move, per side (attackers move first).
fn repeated_marks(moves: &str) -> (usize, usize) {
    let mut repeats = (0, 0);
    let plies = moves
        .split_whitespace()
        .take_while(|t| !t.eq_ignore_ascii_case("timeout"));
    for (i, text) in plies.enumerate() {
        let Some((_, list)) = text.split_once(['x', 'X']) else {
            continue;
        };
        let marks: Vec<&str> = list.split(['/', 'x', 'X']).collect();
        let mut distinct = marks.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let extra = marks.len() - distinct.len();
        if i % 2 == 0 {
            repeats.0 += extra;
        } else {
            repeats.1 += extra;
        }
    }
    repeats
}

fn replay_file(kind: VariantKind, csv: &str) -> Summary {
    let start = Position::start(kind);
    let mut summary = Summary {
        games: 0,
        ended_early: BTreeMap::new(),
        decided_as_recorded: BTreeMap::new(),
        counted: 0,
        repeated_marks: 0,
    };
    for (n, text) in csv
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let line = parse_line(text);
        let where_ = format!("{kind:?} line {}", n + 1);
        summary.games += 1;
        let replayed = replay_line(&start, RuleOptions::default(), line.moves)
            .unwrap_or_else(|e| panic!("{where_}: {e}"));
        let game = &replayed.game;
        if replayed.ended_early_at.is_none() {
            // The whole record was played: its totals are ours, repeats added back.
            let ours = captures_by_side(game);
            let repeats = repeated_marks(line.moves);
            assert_eq!(
                (ours.0 + repeats.0, ours.1 + repeats.1),
                (line.attacker_captures, line.defender_captures),
                "{where_}: captures by (attackers, defenders)"
            );
            summary.counted += 1;
            summary.repeated_marks += repeats.0 + repeats.1;
        }
        match (game.status(), replayed.ended_early_at) {
            (status, Some(_)) => *summary.ended_early.entry(status.to_string()).or_default() += 1,
            (Status::Over(outcome), None) => {
                // Our engine ended the game exactly where the record does: same result.
                let ours = match outcome {
                    Outcome::Win { winner, .. } => Some(winner),
                    Outcome::Draw { .. } => None,
                };
                assert_eq!(
                    recorded_outcome(line.result),
                    Some(ours),
                    "{where_}: result {} but ours {outcome:?}",
                    line.result
                );
                *summary
                    .decided_as_recorded
                    .entry(outcome_name(outcome))
                    .or_default() += 1;
            }
            (Status::Ongoing, None) => {}
        }
    }
    println!(
        "{kind:?}: {} games; decided by our engine where the record ends: {:?}; ended early: \
         {:?}; capture counts compared in {} games ({} repeated marks)",
        summary.games,
        summary.decided_as_recorded,
        summary.ended_early,
        summary.counted,
        summary.repeated_marks
    );
    summary
}

#[test]
fn copenhagen_games_replay_with_exact_captures() {
    let s = replay_file(
        VariantKind::Copenhagen,
        include_str!("data/copenhagen-games.csv"),
    );
    assert_eq!(s.games, 876);
    // Figures of this engine, reported in docs/engine.md.
    assert_eq!(s.decided_as_recorded.values().sum::<usize>(), 192);
    // Three of them exit forts held by a supporter outside the wall (lines 111, 429, 689).
    assert_eq!(s.decided_as_recorded["defenders:exit-fort"], 27);
    assert_eq!(s.ended_early.values().sum::<usize>(), 5);
    assert_eq!(s.counted, 871);
}

#[test]
fn brandubh_games_replay_with_exact_captures() {
    let s = replay_file(
        VariantKind::Brandubh,
        include_str!("data/brandubh-games.csv"),
    );
    assert_eq!(s.games, 261);
    assert_eq!(s.decided_as_recorded.values().sum::<usize>(), 52);
    assert_eq!(s.ended_early.values().sum::<usize>(), 1);
    assert_eq!(s.counted, 260);
}

#[test]
fn repeated_marks_are_counted_per_side() {
    // Ply 1 (attackers) lists a10 twice; ply 2 (defenders) lists two squares once each.
    assert_eq!(repeated_marks("a9-a10xa10xa10 b2-b3xc3/d3"), (1, 0));
    assert_eq!(
        repeated_marks("a1-a2 b1-b2xc2/c2/c2 timeout a3-a4xa5xa5"),
        (0, 2)
    );
}
