//! Engine speed: perft(4) from the Copenhagen opening in each board width, and random playouts
//! with every end check.
//!
//! The engine is compiled once per board width (`tafl_core::engine::board`). `perft/` measures what the
//! engine does (11x11 runs in `Bits11`, one `u128`, as before boards grew); `boards/` runs the
//! same perft(4) in each width side by side, which is how the width per board size was chosen.
//! `core/benches/compare-boards.sh` builds the engine from before boards grew and runs both
//! benches alternately in one run (docs/engine.md, "Boards up to 19x19").

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tafl_core::ai::rng::Rng;
use tafl_core::engine::bits::{Bits11, Bits13, Bits19};
use tafl_core::engine::board::BitBoard;
use tafl_core::engine::game::GameOf;
use tafl_core::engine::perft::{perft, perft_in};
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

/// perft(4) of the Copenhagen opening in one board width.
fn perft4_in<B: BitBoard>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    mut game: GameOf<B>,
) {
    group.bench_function(name, |b| {
        b.iter(|| assert_eq!(perft_in(black_box(&mut game), 4), 50_456_804));
    });
}

fn board_widths(c: &mut Criterion) {
    let mut group = c.benchmark_group("boards");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(50_456_804));
    let game = Game::new(VariantKind::Copenhagen);
    perft4_in(
        &mut group,
        "copenhagen_perft_4_bits11",
        game.narrow::<Bits11>().expect("11x11"),
    );
    perft4_in(
        &mut group,
        "copenhagen_perft_4_bits13",
        game.narrow::<Bits13>().expect("11x11"),
    );
    perft4_in::<Bits19>(&mut group, "copenhagen_perft_4_bits19", game);
    group.finish();

    // The larger boards: 13x13 fits in Bits13 and Bits19, 19x19 only in Bits19.
    let mut group = c.benchmark_group("boards_large");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let hnefatafl = Game::new(VariantKind::Hnefatafl13);
    let leaves = perft_in(&mut hnefatafl.clone(), 3);
    group.throughput(Throughput::Elements(leaves));
    let mut narrow = hnefatafl.narrow::<Bits13>().expect("13x13");
    group.bench_function("hnefatafl_13_perft_3_bits13", |b| {
        b.iter(|| assert_eq!(perft_in(black_box(&mut narrow), 3), leaves));
    });
    let mut wide = hnefatafl;
    group.bench_function("hnefatafl_13_perft_3_bits19", |b| {
        b.iter(|| assert_eq!(perft_in(black_box(&mut wide), 3), leaves));
    });
    let mut alea = Game::new(VariantKind::AleaEvangelii);
    let leaves = perft_in(&mut alea, 3);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("alea_evangelii_perft_3_bits19", |b| {
        b.iter(|| assert_eq!(perft_in(black_box(&mut alea), 3), leaves));
    });
    group.finish();
}

/// Plays random games to their end; returns the plies played. The games run in the engine's
/// width for their board, as the search's do.
fn playouts(kind: VariantKind, rng: &mut Rng, games: usize) -> u64 {
    let mut plies = 0;
    for _ in 0..games {
        let mut game = Game::new(kind)
            .narrow::<Bits11>()
            .expect("boards up to 11x11");
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
    for kind in [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ] {
        // Throughput in plies: measure the plies of the exact games the benchmark replays.
        let plies = playouts(kind, &mut Rng::new(1), 100);
        group.throughput(Throughput::Elements(plies));
        group.bench_function(format!("{}_100_random_games", kind.name()), |b| {
            b.iter(|| playouts(kind, &mut Rng::new(1), 100));
        });
    }
    group.finish();
}

criterion_group!(benches, perft4, board_widths, random_playouts);
criterion_main!(benches);
