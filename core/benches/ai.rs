//! The computer opponent's speed: nodes per second (Copenhagen, and the openings of 13x13 and
//! 19x19), the depth hard reaches in its 3 s budget
//! (from the opening and from a middlegame), how closely it keeps the budget, how fast a
//! cancelled search returns, how much sooner two threads reach a depth, and how much of the
//! tactics suite hard solves at 100 ms and 1 s a position.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tafl_core::ai::rng::Rng;
use tafl_core::ai::tactics::{Puzzle, parse_suite};
use tafl_core::ai::{self, Control, Engine, SearchSettings};
use tafl_core::{Game, Level, VariantKind};

/// A middlegame: 40 random plies from the opening (seeded, so always the same position).
fn middlegame() -> Game {
    let mut game = Game::new(VariantKind::Copenhagen);
    let mut rng = Rng::new(2024);
    while game.plies() < 40 {
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
        if game.status().is_over() {
            game = Game::new(VariantKind::Copenhagen);
        }
    }
    game
}

fn fixed_depth(depth: u32) -> SearchSettings {
    let mut s = SearchSettings::for_level(Level::Hard).with_time(Duration::from_secs(600));
    s.max_depth = depth;
    s
}

fn nodes_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, game) in [
        ("opening", Game::new(VariantKind::Copenhagen)),
        ("middlegame", middlegame()),
    ] {
        let settings = fixed_depth(5);
        let nodes = Engine::default()
            .think(&game, &settings, &Control::new())
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        let mut engine = Engine::default();
        group.bench_function(format!("copenhagen_{name}_depth_5"), |b| {
            b.iter(|| engine.think(black_box(&game), &settings, &Control::new()))
        });
    }
    // The wide boards: 13x13 searched in three words, 19x19 in six.
    for (kind, depth) in [
        (VariantKind::Hnefatafl13, 5),
        (VariantKind::AleaEvangelii, 3),
    ] {
        let game = Game::new(kind);
        let settings = fixed_depth(depth);
        let nodes = Engine::default()
            .think(&game, &settings, &Control::new())
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        let mut engine = Engine::default();
        group.bench_function(format!("{}_opening_depth_{depth}", kind.name()), |b| {
            b.iter(|| engine.think(black_box(&game), &settings, &Control::new()))
        });
    }
    group.finish();
}

fn hard_in_three_seconds(c: &mut Criterion) {
    let mut group = c.benchmark_group("hard_3s");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(35));
    for (name, game) in [
        ("opening", Game::new(VariantKind::Copenhagen)),
        ("middlegame", middlegame()),
    ] {
        let settings = SearchSettings::for_level(Level::Hard);
        let mut engine = Engine::default();
        let r = engine.think(&game, &settings, &Control::new());
        eprintln!(
            "hard, 3 s, copenhagen {name}: depth {} ({} nodes, {:.0} nodes/s, {} ms)",
            r.depth,
            r.nodes,
            r.nodes as f64 / r.elapsed.as_secs_f64(),
            r.elapsed.as_millis()
        );
        // The time is the measurement: how close to the 3 s budget the search returns.
        group.bench_function(format!("copenhagen_{name}_elapsed"), |b| {
            b.iter(|| engine.think(black_box(&game), &settings, &Control::new()))
        });
    }
    group.finish();
}

fn cancel_latency(c: &mut Criterion) {
    let mut group = c.benchmark_group("cancel");
    group.sample_size(20);
    group.bench_function("hard_search_cancel_to_return", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let control = Control::new();
                let settings =
                    SearchSettings::for_level(Level::Hard).with_time(Duration::from_secs(60));
                let handle = ai::spawn(middlegame(), settings, control.clone());
                std::thread::sleep(Duration::from_millis(30));
                let start = Instant::now();
                control.cancel();
                let result = handle.join().expect("search thread");
                total += start.elapsed();
                assert!(result.cancelled);
            }
            total
        })
    });
    group.finish();
}

/// Time to complete depth 7 from the middlegame with one thread and with two.
fn threads_to_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("threads");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    let game = middlegame();
    for threads in [1, 2] {
        let settings = fixed_depth(7).with_threads(threads);
        let mut engine = Engine::default();
        group.bench_function(
            format!("copenhagen_middlegame_depth_7_threads_{threads}"),
            |b| b.iter(|| engine.think(black_box(&game), &settings, &Control::new())),
        );
    }
    group.finish();
}

fn tactics_suite() -> Vec<Puzzle> {
    let text = include_str!("../tests/data/tactics.csv");
    parse_suite(text).expect("the suite reads")
}

/// Hard on every puzzle of the tactics suite at 100 ms and 1 s a position: the solve rate is
/// printed, and the time of the whole pass is the measurement.
fn tactics_solve_rate(c: &mut Criterion) {
    let puzzles = tactics_suite();
    let mut group = c.benchmark_group("tactics");
    group.sample_size(10);
    for ms in [100, 1000] {
        let settings = SearchSettings::for_level(Level::Hard).with_time(Duration::from_millis(ms));
        let mut engine = Engine::default();
        let mut pass = || {
            puzzles
                .iter()
                .filter(|p| p.solved_by(&engine.think(&p.game, &settings, &Control::new())))
                .count()
        };
        let solved = pass();
        eprintln!(
            "tactics at {ms} ms a position: solved {solved} of {} ({:.1} %)",
            puzzles.len(),
            100.0 * solved as f64 / puzzles.len() as f64
        );
        group.bench_function(format!("suite_{ms}ms"), |b| b.iter(&mut pass));
    }
    group.finish();
}

/// The fixed-node benchmark of `tafl bench`: every position at its default node budget.
fn fixed_nodes(c: &mut Criterion) {
    let mut group = c.benchmark_group("bench");
    group.sample_size(10);
    let nodes = ai::bench::run(ai::bench::DEFAULT_NODES, &mut |_| {})
        .map(|r| r.total_nodes())
        .unwrap_or(0);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("fixed_nodes", |b| {
        b.iter(|| ai::bench::run(black_box(ai::bench::DEFAULT_NODES), &mut |_| {}))
    });
    group.finish();
}

criterion_group!(
    benches,
    fixed_nodes,
    nodes_per_second,
    hard_in_three_seconds,
    cancel_latency,
    threads_to_depth,
    tactics_solve_rate
);
criterion_main!(benches);
