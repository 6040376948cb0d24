//! The tactics suite: every position of `data/tactics.csv` has a forced win within 5 plies,
//! proved by exhaustive search (see `tafl tactics collect`). Hard must find each one within a
//! fixed node budget, on one thread, so the result is the same on every machine.

use std::time::Duration;

use tafl_core::ai::tactics::{Puzzle, parse_suite};
use tafl_core::ai::{Control, Engine, SearchSettings};
use tafl_core::{Level, VariantKind};

/// Enough for every puzzle of the suite (measured with `tafl tactics solve --nodes`).
const NODES: u64 = 2_000_000;

fn suite() -> Vec<Puzzle> {
    parse_suite(include_str!("data/tactics.csv")).expect("the suite reads")
}

#[test]
fn the_suite_covers_all_three_games() {
    let puzzles = suite();
    assert!(puzzles.len() >= 200, "{} puzzles", puzzles.len());
    for kind in [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ] {
        let n = puzzles
            .iter()
            .filter(|p| p.game.variant().kind == kind)
            .count();
        assert!(n >= 20, "{kind:?}: {n} puzzles");
    }
}

#[test]
fn hard_finds_every_forced_win_within_its_node_budget() {
    let settings = SearchSettings::for_level(Level::Hard)
        .with_time(Duration::from_secs(600))
        .with_nodes(NODES);
    let mut engine = Engine::new(8 << 20);
    let missed: Vec<String> = suite()
        .iter()
        .filter(|p| !p.solved_by(&engine.think(&p.game, &settings, &Control::new())))
        .map(Puzzle::to_line)
        .collect();
    assert!(missed.is_empty(), "missed:\n{}", missed.join("\n"));
}
