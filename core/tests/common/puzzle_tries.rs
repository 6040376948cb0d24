//! Wrong first moves of a shipped puzzle, picked the same way by the puzzle tests and the
//! puzzle benchmark (which takes this file through a `#[path]` module).

use tafl_core::Move;
use tafl_core::learning::puzzles::{Puzzle, Verdict, judge};

/// Up to five wrong first moves, spread over the generator's order.
pub fn wrong_moves(p: &Puzzle) -> Vec<Move> {
    let others: Vec<Move> = p
        .game
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| m != p.first)
        .collect();
    let mut picked: Vec<Move> = (0..5).map(|i| others[i * others.len() / 5]).collect();
    picked.dedup();
    picked
}

/// The first move, in the generator's order, that the prover refutes within `budget`.
pub fn refuted_move(p: &Puzzle, budget: u64) -> Move {
    p.game
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| matches!(judge(&p.game, p.plies, m, budget), Verdict::Wrong { .. }))
        .expect("a first move the prover refutes")
}
