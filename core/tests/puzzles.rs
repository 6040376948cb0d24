//! The proven puzzles (`core/data/puzzles.csv`) and the tactics suite, re-proved.
//!
//! Each run re-proves a fixed sample of the puzzles, spread over the three games, and every
//! distance of the tactics suite; the whole file is the slower check
//! `tafl puzzle --check core/data/puzzles.csv` (see `docs/puzzles.md`).

mod common;

use std::collections::HashMap;

use tafl_core::engine::notation::{format_move, parse_position};
use tafl_core::learning::puzzles::{
    self, HEADER, Prover, Row, Theme, Uniqueness, check_row, is_skipped, parse_row,
    rules_are_symmetric, symmetry_key,
};
use tafl_core::{Game, RuleOptions, Side, VariantKind};

const PUZZLES: &str = include_str!("../data/puzzles.csv");
const SUITE: &str = include_str!("data/tactics.csv");
const BUDGET: u64 = 50_000_000;

fn rows(text: &str) -> Vec<Row> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !is_skipped(l))
        .map(|(i, l)| parse_row(i + 1, l).unwrap_or_else(|e| panic!("line {}: {e}", i + 1)))
        .collect()
}

#[test]
fn the_puzzle_file_has_its_header_and_enough_puzzles_of_each_game() {
    assert_eq!(PUZZLES.lines().next(), Some(HEADER));
    let rows = rows(PUZZLES);
    assert!(rows.len() >= 1500, "{} puzzles", rows.len());
    // The three games of the app's first release; the rest of the family has none yet.
    for kind in [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ] {
        let n = rows.iter().filter(|r| r.kind() == kind).count();
        assert!(n >= 50, "{kind:?}: {n} puzzles");
    }
    // Every row is a whole puzzle, and no two are the same position up to symmetry.
    let mut seen = HashMap::new();
    for row in &rows {
        assert!(
            row.puzzle().is_some(),
            "line {}: not a puzzle row",
            row.line
        );
        if let Some(first) = seen.insert(symmetry_key(&row.game), row.line) {
            panic!("line {} repeats line {first} up to symmetry", row.line);
        }
    }
    // A spread of distances, not only wins in one.
    for plies in [1, 3, 5] {
        let n = rows.iter().filter(|r| r.plies == plies).count();
        assert!(n >= 100, "{n} puzzles win in {plies} plies");
    }
}

/// Every k-th puzzle of each game: 40 in all.
fn sample() -> Vec<Row> {
    let rows = rows(PUZZLES);
    let mut out = Vec::new();
    for (kind, n) in [
        (VariantKind::Copenhagen, 12),
        (VariantKind::Brandubh, 14),
        (VariantKind::Tablut, 14),
    ] {
        let of_kind: Vec<&Row> = rows.iter().filter(|r| r.kind() == kind).collect();
        let step = (of_kind.len() / n).max(1);
        out.extend(of_kind.into_iter().step_by(step).take(n).cloned());
    }
    out
}

#[test]
fn a_sample_of_the_puzzles_is_re_proved() {
    let sample = sample();
    assert_eq!(sample.len(), 40);
    let failures: Vec<String> = sample
        .iter()
        .flat_map(|row| {
            let checked = check_row(row, Uniqueness::Required, BUDGET);
            checked
                .failures
                .into_iter()
                .map(move |f| format!("line {}: {f}", row.line))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_puzzle_whose_first_move_is_changed_fails_the_check() {
    for row in sample().iter().take(6) {
        let g = &row.game.variant().geometry;
        let other = row
            .game
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != row.first)
            .expect("another move");
        let line = PUZZLES.lines().nth(row.line - 1).expect("the line");
        let mut fields: Vec<String> = line.split(',').map(str::to_string).collect();
        let first = format_move(g, other, Default::default());
        fields[4] = first.clone();
        let changed = parse_row(row.line, &fields.join(",")).expect("still reads");
        let checked = check_row(&changed, Uniqueness::Required, BUDGET);
        assert!(
            !checked.failures.is_empty(),
            "line {} with {first} passes",
            row.line
        );
        // The solution changed to start with it fails as well.
        let mut solution: Vec<&str> = fields[6].split(' ').collect();
        solution[0] = &first;
        fields[6] = solution.join(" ");
        let changed = parse_row(row.line, &fields.join(",")).expect("still reads");
        assert!(
            !check_row(&changed, Uniqueness::Required, BUDGET)
                .failures
                .is_empty()
        );
    }
}

#[test]
fn every_distance_of_the_tactics_suite_is_re_proved() {
    let rows = rows(SUITE);
    assert!(rows.len() >= 500, "{} rows", rows.len());
    let mut seen = HashMap::new();
    let mut failures = Vec::new();
    for row in &rows {
        if let Some(first) = seen.insert(symmetry_key(&row.game), row.line) {
            failures.push(format!("line {} repeats line {first}", row.line));
        }
        let mut prover = Prover::new(&row.game, BUDGET);
        let shortest = prover.shortest_win(row.plies).expect("within the budget");
        if shortest.map(|(p, _)| p) != Some(row.plies) {
            failures.push(format!(
                "line {}: the shortest win is {shortest:?}, not {}",
                row.line, row.plies
            ));
        }
        if !prover
            .move_wins_within(row.first, row.plies)
            .expect("within the budget")
        {
            failures.push(format!("line {}: the move does not win in time", row.line));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The position of the old row 37 of the tactics suite (line 38), proved a win in 3 before the
/// rule for exit forts held by supporters outside the wall, a win in 1 with it: the check
/// reports the changed distance and its correction.
#[test]
fn a_rule_change_that_alters_a_distance_fails_the_check() {
    let placement = "/3tttt4/1t7t1/11/2t2T4t/t3T1T3t/t2T6t/8TTt/5t5/t2tTT1t3/1ttTKTt2t1/\
                     2T2Ttt3/";
    let pos =
        parse_position(VariantKind::Copenhagen.rules(), placement, Side::Defenders).expect("reads");
    let line = format!("copenhagen,{placement},defenders,3,e2-e1,old-row-37");
    let row = parse_row(1, &line).expect("reads");
    let checked = check_row(&row, Uniqueness::Tolerated, BUDGET);
    assert!(
        checked.failures.iter().any(|f| f.contains("wins faster")),
        "{:?}",
        checked.failures
    );
    assert_eq!(checked.corrected.map(|(p, _)| p), Some(1));
    // The fort rule decides it: without exit forts there is no win within 5 plies at all.
    let no_forts = Game::from_position(pos, RuleOptions { exit_forts: false });
    let shortest = Prover::new(&no_forts, BUDGET).shortest_win(5).unwrap();
    assert_eq!(shortest, None);
}

#[test]
fn the_three_games_look_the_same_under_every_symmetry_of_the_square() {
    for kind in VariantKind::ALL {
        assert!(rules_are_symmetric(kind), "{kind:?}");
    }
}

#[test]
fn positions_equal_up_to_symmetry_share_a_key_and_others_do_not() {
    // Brandubh: a position and its mirror image (files reversed), then a different one.
    let v = VariantKind::Brandubh.rules();
    let a = parse_position(v, "/7/1tT1t2/1T5/2K1Tt1/T6/2t3t/3t3/", Side::Defenders).unwrap();
    let b = parse_position(v, "/7/2t1Tt1/5T1/1tT1K2/6T/t3t2/3t3/", Side::Defenders).unwrap();
    let c = a.clone().with_side_to_move(Side::Attackers);
    let key = |p| symmetry_key(&Game::from_position(p, RuleOptions::default()));
    assert_eq!(key(a.clone()), key(b));
    assert_ne!(key(a), key(c));
}

#[test]
fn themes_and_ratings_read_back() {
    for theme in Theme::ALL {
        assert_eq!(Theme::parse(theme.name()), Some(theme));
    }
    let rows = rows(PUZZLES);
    for row in &rows {
        let p = row.puzzle().expect("a puzzle");
        assert!((400..=2800).contains(&p.rating), "line {}", row.line);
        assert_eq!(p.solution.len() as u32, p.plies, "line {}", row.line);
        assert_eq!(puzzles::theme_of(&row.game, &p.solution), Some(p.theme));
    }
}

fn tafl(args: &[&str], stdin: &str) -> (i32, String) {
    let out = common::cli::tafl(args, stdin);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn the_check_reports_a_changed_first_move_with_its_line_number() {
    let row = &sample()[0];
    let line = PUZZLES.lines().nth(row.line - 1).unwrap();
    let other = row
        .game
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != row.first)
        .unwrap();
    let mut fields: Vec<String> = line.split(',').map(str::to_string).collect();
    fields[4] = format_move(&row.game.variant().geometry, other, Default::default());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.csv");
    std::fs::write(&path, format!("{HEADER}\n{line}\n{}\n", fields.join(","))).unwrap();
    let (status, out) = tafl(&["puzzle", "--check", path.to_str().unwrap()], "");
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("line 3: FAIL"), "{out}");
    assert!(!out.contains("line 2: FAIL"), "{out}");
    assert!(out.contains("1 pass, 1 fail"), "{out}");
}

#[test]
fn a_puzzle_is_played_at_the_terminal_to_its_end() {
    let row = &sample()[1];
    let p = row.puzzle().unwrap();
    let g = &row.game.variant().geometry;
    // The winner's moves of the main line; the defence answers with a longest defence, which
    // is the main line's when the player follows it.
    let moves: Vec<String> = p
        .solution
        .iter()
        .step_by(2)
        .map(|&m| format_move(g, m, Default::default()))
        .collect();
    let line_arg = row.line.to_string();
    let (status, out) = tafl(
        &["puzzle", "--line", &line_arg, "--no-board"],
        &(moves.join("\n") + "\n"),
    );
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("\nSolved. The whole line: "), "{out}");
    // A wrong first move is refused, with the solution.
    let wrong = row
        .game
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != row.first)
        .unwrap();
    let (status, out) = tafl(
        &["puzzle", "--line", &line_arg, "--no-board"],
        &format!("{}\n", format_move(g, wrong, Default::default())),
    );
    assert_eq!(status, 1, "{out}");
    assert!(out.contains(" does not force the win in time."), "{out}");
    assert!(out.contains("\nThe solution: "), "{out}");
}
