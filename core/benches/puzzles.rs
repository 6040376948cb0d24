//! How long the apps wait for a puzzle move to be judged (`puzzles::judge`, the work behind
//! the puzzle screen): the main line's first move and a wrong first move, for the hardest
//! shipped puzzle of each game (the one with the highest grade: the biggest proof).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tafl_core::VariantKind;
use tafl_core::learning::puzzles::{self, Puzzle, Verdict, judge};

/// The app's budget (`app::puzzle::JUDGE_BUDGET`).
const BUDGET: u64 = 30_000_000;

fn hardest(kind: VariantKind) -> &'static Puzzle {
    puzzles::shipped()
        .iter()
        .filter(|p| p.game.variant().kind == kind)
        .max_by_key(|p| p.rating)
        .expect("the game has puzzles")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("puzzle judge");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for kind in [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ] {
        let p = hardest(kind);
        let wrong = p
            .game
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| matches!(judge(&p.game, p.plies, m, BUDGET), Verdict::Wrong { .. }))
            .expect("a wrong first move");
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

criterion_group!(benches, bench);
criterion_main!(benches);
