//! The per-move autosave: `Store::save_current` on a database file, as the app calls it after
//! every move (one INSERT) and every undo (one DELETE), each its own committed transaction.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tafl_core::ai::rng::Rng;
use tafl_core::store::Store;
use tafl_core::{Game, Level, Mode, Side, VariantKind};

const PLIES: usize = 40;

const MODE: Mode = Mode::VsComputer {
    level: Level::Normal,
    human: Side::Defenders,
};

/// The states of one Copenhagen game of 40 random plies, from the opening on.
fn states() -> Vec<Game> {
    let mut rng = Rng::new(2024);
    let mut game = Game::new(VariantKind::Copenhagen);
    let mut out = vec![game.clone()];
    while out.len() <= PLIES {
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
        if game.status().is_over() {
            game.unmake();
            continue;
        }
        out.push(game.clone());
    }
    out
}

fn autosave(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (mut store, _) = Store::open(dir.path().join("bench.db")).expect("the store opens");
    let states = states();
    let mut group = c.benchmark_group("store");
    group.measurement_time(Duration::from_secs(8));

    // Saves after a move: the game goes forward ply by ply through the 40 plies; starting
    // over (a new game, a bigger write) is done outside the timed part.
    group.bench_function("autosave_move", |b| {
        let mut next = 1;
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                if next == states.len() {
                    store.save_current(MODE, &states[0]).expect("saved");
                    next = 1;
                }
                let start = Instant::now();
                store.save_current(MODE, &states[next]).expect("saved");
                total += start.elapsed();
                next += 1;
            }
            total
        });
    });

    // Saves after an undo: from the full game back one ply.
    group.bench_function("autosave_undo", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                store.save_current(MODE, &states[PLIES]).expect("saved");
                let start = Instant::now();
                store.save_current(MODE, &states[PLIES - 1]).expect("saved");
                total += start.elapsed();
            }
            total
        });
    });
    group.finish();
}

criterion_group!(benches, autosave);
criterion_main!(benches);
