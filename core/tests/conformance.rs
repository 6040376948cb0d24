//! Conformance: real games from public records replay move by move with the exact captures.
//! The data files are copies of `shared/conformance/` (see tests/data/README.md).

use std::collections::BTreeMap;

use tafl_core::replay::replay_line;
use tafl_core::{Outcome, Position, RuleOptions, Side, Status, VariantKind};

struct Summary {
    games: usize,
    ended_early: BTreeMap<String, usize>,
    decided_as_recorded: BTreeMap<String, usize>,
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

fn replay_file(kind: VariantKind, csv: &str) -> Summary {
    let start = Position::start(kind);
    let mut summary = Summary {
        games: 0,
        ended_early: BTreeMap::new(),
        decided_as_recorded: BTreeMap::new(),
    };
    for (n, line) in csv
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(',').collect();
        summary.games += 1;
        let replayed = replay_line(&start, RuleOptions::default(), fields[0])
            .unwrap_or_else(|e| panic!("{kind:?} line {}: {e}", n + 1));
        match (replayed.game.status(), replayed.ended_early_at) {
            (status, Some(_)) => *summary.ended_early.entry(status.to_string()).or_default() += 1,
            (Status::Over(outcome), None) => {
                // Our engine ended the game exactly where the record does: same result.
                let ours = match outcome {
                    Outcome::Win { winner, .. } => Some(winner),
                    Outcome::Draw { .. } => None,
                };
                let recorded = recorded_outcome(fields[3]);
                assert_eq!(
                    recorded,
                    Some(ours),
                    "{kind:?} line {}: result {} but ours {outcome:?}",
                    n + 1,
                    fields[3]
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
        "{kind:?}: {} games; decided by our engine where the record ends: {:?}; ended early: {:?}",
        summary.games, summary.decided_as_recorded, summary.ended_early
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
    // Figures of this engine, reported in docs/rules-conformance.md.
    assert_eq!(s.decided_as_recorded.values().sum::<usize>(), 189);
    assert_eq!(s.ended_early.values().sum::<usize>(), 5);
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
}
