//! How long the apps wait for a puzzle move to be judged (`puzzles::judge`, the work behind
//! the puzzle screen).
//!
//! - `puzzle judge`: the main line's first move and a wrong first move, for the hardest
//!   shipped puzzle of each game (the one with the highest grade: the biggest proof).
//! - `refutation`: a wrong first move answered by the longest defence, for every shipped
//!   puzzle. A first pass times each puzzle's wrong first moves once (up to five each, the
//!   ones `core/tests/refutations.rs` checks) and prints the slowest, the median and how many
//!   took a second or more; criterion then times the slowest of each game and the median one.

// The wrong first moves the puzzle tests pick, picked the same way here.
#[path = "../tests/common/puzzle_tries.rs"]
mod puzzle_tries;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use puzzle_tries::{refuted_move, wrong_moves};
use tafl_core::learning::puzzles::{self, Puzzle, judge};
use tafl_core::{Move, VariantKind};

/// The app's budget (`app::puzzle::JUDGE_BUDGET`).
const BUDGET: u64 = 30_000_000;

const GAMES: [VariantKind; 3] = [
    VariantKind::Copenhagen,
    VariantKind::Brandubh,
    VariantKind::Tablut,
];

fn hardest(kind: VariantKind) -> &'static Puzzle {
    puzzles::shipped()
        .iter()
        .filter(|p| p.game.variant().kind == kind)
        .max_by_key(|p| p.rating)
        .expect("the game has puzzles")
}

fn bench_judge(c: &mut Criterion) {
    let mut group = c.benchmark_group("puzzle judge");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for kind in GAMES {
        let p = hardest(kind);
        let wrong = refuted_move(p, BUDGET);
        let name = kind.name();
        group.bench_function(
            format!("{name} (rated {}), right first move", p.rating),
            |b| b.iter(|| black_box(judge(&p.game, p.plies, p.first, BUDGET))),
        );
        group.bench_function(
            format!("{name} (rated {}), wrong first move", p.rating),
            |b| b.iter(|| black_box(judge(&p.game, p.plies, wrong, BUDGET))),
        );
    }
    group.finish();
}

/// One judged wrong move: how long it took once, the puzzle (its line in the file) and the move.
struct Timed {
    seconds: f64,
    line: usize,
    mv: Move,
}

fn bench_refutation(c: &mut Criterion) {
    let mut timed: Vec<Timed> = Vec::new();
    for (i, p) in puzzles::shipped().iter().enumerate() {
        for mv in wrong_moves(p) {
            let start = Instant::now();
            black_box(judge(&p.game, p.plies, mv, BUDGET));
            timed.push(Timed {
                seconds: start.elapsed().as_secs_f64(),
                line: i,
                mv,
            });
        }
    }
    timed.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let median = &timed[timed.len() / 2];
    let slowest = timed.last().expect("wrong moves");
    let over = timed.iter().filter(|t| t.seconds >= 1.0).count();
    let name = |t: &Timed| {
        let p = &puzzles::shipped()[t.line];
        format!(
            "{} rated {} ({} {})",
            p.game.variant().kind.name(),
            p.rating,
            p.plies,
            if p.plies == 1 { "ply" } else { "plies" }
        )
    };
    eprintln!(
        "refutation, one pass over {} wrong first moves of {} puzzles: median {:.1} ms ({}), \
         slowest {:.0} ms ({}), {over} at 1 s or more",
        timed.len(),
        puzzles::shipped().len(),
        median.seconds * 1e3,
        name(median),
        slowest.seconds * 1e3,
        name(slowest)
    );
    let mut group = c.benchmark_group("refutation");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let mut cases: Vec<(String, &Timed)> = vec![(format!("median, {}", name(median)), median)];
    for kind in GAMES {
        if let Some(t) = timed
            .iter()
            .rev()
            .find(|t| puzzles::shipped()[t.line].game.variant().kind == kind)
        {
            cases.push((format!("slowest of {}, {}", kind.name(), name(t)), t));
        }
    }
    for (label, t) in cases {
        let p = &puzzles::shipped()[t.line];
        group.bench_function(label, |b| {
            b.iter(|| black_box(judge(&p.game, p.plies, t.mv, BUDGET)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_judge, bench_refutation);
criterion_main!(benches);
