//! The review's analysis of a 100-ply Copenhagen game at the default budget: the whole game,
//! and the time until the first point is there to draw.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tafl_core::ai::Control;
use tafl_core::ai::analysis::{Budget, analyse};
use tafl_core::engine::import::read_game;
use tafl_core::{Game, VariantKind};

/// The first real game of the corpus with at least 100 plies, cut to 100.
fn hundred_plies() -> Game {
    let data = include_str!("../tests/data/copenhagen-games.csv");
    for line in data.lines() {
        let moves: Vec<&str> = line
            .split(',')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .take_while(|m| *m != "timeout")
            .collect();
        if moves.len() < 100 {
            continue;
        }
        if let Ok(game) = read_game(&moves[..100].join(" "), Some(VariantKind::Copenhagen)) {
            if game.plies() == 100 {
                return game;
            }
        }
    }
    panic!("the corpus has a game of 100 plies");
}

fn bench(c: &mut Criterion) {
    let game = hundred_plies();
    let budget = Budget::default();
    let mut group = c.benchmark_group("analysis");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("copenhagen 100 plies, default budget", |b| {
        b.iter(|| black_box(analyse(&game, &budget, &Control::new(), &mut |_, _| {})))
    });
    group.bench_function("copenhagen, time to the first point", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let control = Control::new();
                let start = Instant::now();
                let mut first = None;
                analyse(&game, &budget, &control, &mut |_, _| {
                    first.get_or_insert_with(|| start.elapsed());
                    control.cancel();
                });
                total += first.unwrap_or_default();
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
