//! The answer to a wrong move is the defence that holds out longest: every shipped puzzle's
//! wrong first moves (up to five each, spread over the move list) are judged as the apps and
//! the terminal judge them, and the refutation shown is checked against the prover asked
//! afresh about every reply.
//!
//! In release every puzzle is played; with debug assertions (`--profile ci-debug`) every
//! eighth, the same ones on every run.

mod common;

use common::puzzle_tries::wrong_moves;
use tafl_core::engine::game::{Game, Outcome, Status};
use tafl_core::engine::moves::Move;
use tafl_core::learning::puzzles::{self, Holds, Prover, Puzzle, Refutation, Verdict, judge};

/// The apps' budget for one judgement (`app::puzzle::JUDGE_BUDGET`).
const BUDGET: u64 = 30_000_000;

/// How a reply ends the game at once, if it does.
#[derive(Debug, PartialEq)]
enum AtOnce {
    Wins,
    Draws,
    Loses,
}

fn at_once(after_mv: &Game, reply: Move) -> Option<AtOnce> {
    let defence = after_mv.side_to_move();
    let mut g = after_mv.clone();
    g.play(reply).expect("a legal reply");
    match g.status() {
        Status::Ongoing => None,
        Status::Over(Outcome::Win { winner, .. }) if winner == defence => Some(AtOnce::Wins),
        Status::Over(Outcome::Win { .. }) => Some(AtOnce::Loses),
        Status::Over(Outcome::Draw { .. }) => Some(AtOnce::Draws),
    }
}

/// Whether, after `reply`, every move of the winner lets the defence win with its next move.
fn wins_next(after_mv: &Game, reply: Move) -> bool {
    let mut g = after_mv.clone();
    g.play(reply).expect("a legal reply");
    if g.status().is_over() {
        return false;
    }
    let defence = after_mv.side_to_move();
    g.legal_moves().iter().all(|&m| {
        let mut after = g.clone();
        after.play(m).expect("legal");
        match after.status() {
            Status::Over(Outcome::Win { winner, .. }) => winner == defence,
            Status::Over(Outcome::Draw { .. }) => false,
            Status::Ongoing => after.legal_moves().iter().any(|&d| {
                let mut end = after.clone();
                end.play(d).expect("legal");
                end.status().winner() == Some(defence)
            }),
        }
    })
}

/// The winner's shortest win after `reply` within `horizon` plies, asked of a fresh prover
/// (`Some(0)` when the reply loses at once).
fn beaten(after_mv: &Game, reply: Move, horizon: u32) -> Option<u32> {
    let mut g = after_mv.clone();
    g.play(reply).expect("a legal reply");
    if g.status().is_over() {
        return (at_once(after_mv, reply) == Some(AtOnce::Loses)).then_some(0);
    }
    let win = Prover::new(&g, u64::MAX)
        .shortest_win(horizon)
        .expect("no budget");
    win.map(|(plies, _)| plies)
}

/// Checks that `r` is the first of the longest-holding replies to `mv`: nothing earlier holds
/// as long, and nothing at all holds longer. A reply that wins at once is best, then one after
/// which the defence wins with its next move whatever is played, then a draw, then a reply the
/// winner cannot beat within the horizon shown, then the reply beaten last.
fn check(p: &Puzzle, mv: Move, r: Refutation) -> Result<(), String> {
    let mut after = p.game.clone();
    after.play(mv).expect("a legal move");
    let replies: Vec<Move> = after.legal_moves().iter().copied().collect();
    let at = replies
        .iter()
        .position(|&m| m == r.reply)
        .ok_or("the refutation is no legal reply")?;
    let (earlier, later) = (&replies[..at], &replies[at + 1..]);
    let fail = |what: String| Err(format!("shown as {:?}: {what}", r.holds));
    let some_wins = |moves: &[Move]| {
        moves
            .iter()
            .copied()
            .find(|&m| at_once(&after, m) == Some(AtOnce::Wins))
    };
    let some_wins_next = |moves: &[Move]| moves.iter().copied().find(|&m| wins_next(&after, m));
    let some_draws = |moves: &[Move]| {
        moves
            .iter()
            .copied()
            .find(|&m| at_once(&after, m) == Some(AtOnce::Draws))
    };
    // Anything better than a defence that holds without ending the game.
    let ends_better = || {
        some_wins(&replies)
            .or_else(|| some_wins_next(&replies))
            .or_else(|| some_draws(&replies))
    };
    match r.holds {
        Holds::Wins(_) => {
            if at_once(&after, r.reply) != Some(AtOnce::Wins) {
                return fail("it does not win".into());
            }
            if let Some(m) = some_wins(earlier) {
                return fail(format!("{m:?} before it wins too"));
            }
        }
        Holds::WinsNext => {
            if !wins_next(&after, r.reply) {
                return fail("the defence does not win next".into());
            }
            if let Some(m) = some_wins(&replies).or_else(|| some_wins_next(earlier)) {
                return fail(format!("{m:?} holds at least as well"));
            }
        }
        Holds::Draws => {
            if at_once(&after, r.reply) != Some(AtOnce::Draws) {
                return fail("it does not draw".into());
            }
            if let Some(m) = some_wins(&replies)
                .or_else(|| some_wins_next(&replies))
                .or_else(|| some_draws(earlier))
            {
                return fail(format!("{m:?} holds at least as well"));
            }
        }
        Holds::NoWinWithin { plies } => {
            if plies < p.plies.saturating_sub(2).max(1) {
                return fail("the horizon is short of the puzzle's plies".into());
            }
            if let Some(m) = ends_better() {
                return fail(format!("{m:?} holds better"));
            }
            if let Some(n) = beaten(&after, r.reply, plies) {
                return fail(format!("the prover wins after it in {n}"));
            }
            // The later replies hold as long at best: the first of equals is shown.
            if let Some(&m) = earlier
                .iter()
                .find(|&&m| beaten(&after, m, plies).is_none())
            {
                return fail(format!("{m:?}, before it, holds as long"));
            }
        }
        Holds::LosesIn { plies } => {
            if let Some(m) = ends_better() {
                return fail(format!("{m:?} holds better"));
            }
            if beaten(&after, r.reply, plies) != Some(plies) {
                return fail("the prover's shortest win after it differs".into());
            }
            if let Some(&m) = later.iter().find(|&&m| beaten(&after, m, plies).is_none()) {
                return fail(format!("{m:?} holds longer"));
            }
            let sooner = plies.saturating_sub(2);
            if let Some(&m) = earlier
                .iter()
                .find(|&&m| beaten(&after, m, plies).is_none_or(|n| n > sooner))
            {
                return fail(format!("{m:?}, before it, holds as long or longer"));
            }
        }
    }
    Ok(())
}

#[test]
fn every_wrong_first_move_is_answered_by_the_longest_defence() {
    let every = if cfg!(debug_assertions) { 8 } else { 1 };
    let chosen: Vec<&Puzzle> = puzzles::shipped().iter().step_by(every).collect();
    // Two threads, each every other puzzle: the test machine has two cores.
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|k| {
                let chosen = &chosen;
                s.spawn(move || judge_and_check(chosen.iter().skip(k).step_by(2).copied()))
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker"))
            .collect()
    });
    let checked: usize = results.iter().map(|(n, _)| n).sum();
    let failures: Vec<&String> = results.iter().flat_map(|(_, f)| f).collect();
    assert!(checked >= chosen.len() * 4, "{checked} wrong moves");
    assert!(
        failures.is_empty(),
        "{} of {checked} wrong moves:\n{}",
        failures.len(),
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Judges each puzzle's wrong first moves and checks the refutations: how many were judged,
/// and what failed.
fn judge_and_check<'a>(puzzles: impl Iterator<Item = &'a Puzzle>) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut checked = 0;
    for p in puzzles {
        for mv in wrong_moves(p) {
            match judge(&p.game, p.plies, mv, BUDGET) {
                Verdict::Wrong {
                    refutation: Some(r),
                } => {
                    if let Err(e) = check(p, mv, r) {
                        failures.push(format!("{} {mv:?}: {e}", p.key()));
                    }
                }
                other => failures.push(format!("{} {mv:?}: {other:?}", p.key())),
            }
            checked += 1;
        }
    }
    (checked, failures)
}
