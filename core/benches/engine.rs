//! Engine speed: perft(4) from the Copenhagen opening, and random playouts with every end check.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tafl_core::perft::perft;
use tafl_core::rng::Rng;
use tafl_core::{Game, VariantKind};

fn perft4(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(50_456_804));
    group.bench_function("copenhagen_perft_4", |b| {
        let mut game = Game::new(VariantKind::Copenhagen);
        b.iter(|| assert_eq!(perft(black_box(&mut game), 4), 50_456_804));
    });
    group.finish();
}

/// Plays random games to their end; returns the plies played.
fn playouts(kind: VariantKind, rng: &mut Rng, games: usize) -> u64 {
    let mut plies = 0;
    for _ in 0..games {
        let mut game = Game::new(kind);
        while !game.status().is_over() {
            let moves = game.legal_moves();
            game.make(moves[rng.below(moves.len())]);
            plies += 1;
        }
    }
    plies
}

fn random_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for kind in VariantKind::ALL {
        // Throughput in plies: measure the plies of the exact games the benchmark replays.
        let plies = playouts(kind, &mut Rng::new(1), 100);
        group.throughput(Throughput::Elements(plies));
        group.bench_function(format!("{}_100_random_games", kind.name()), |b| {
            b.iter(|| playouts(kind, &mut Rng::new(1), 100));
        });
    }
    group.finish();
}

criterion_group!(benches, perft4, random_playouts);
criterion_main!(benches);
