//! The per-move autosave: `Store::save_current` on a database file, as the app calls it after
//! every move (one INSERT) and every undo (one DELETE), each its own committed transaction;
//! and the backup's copy of a well-used database (`write_backup`, `restore_backup`).

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tafl_core::ai::rng::Rng;
use tafl_core::store::{Store, restore_backup, write_backup};
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

/// Finished games a player who plays a lot has kept: random Brandubh games to their end.
const FINISHED: usize = 200;

fn random_finished(rng: &mut Rng) -> Game {
    let mut game = Game::new(VariantKind::Brandubh);
    while !game.status().is_over() {
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
    }
    game
}

/// The backup's copy of a database with 200 finished games (their records and history), and
/// that copy put back over it: what the backup agent does before a backup and after a restore.
fn backup(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("hnefi.db");
    let copy = dir.path().join("hnefi-backup.db");
    let (mut store, _) = Store::open(&db).expect("the store opens");
    let mut rng = Rng::new(7);
    for _ in 0..FINISHED {
        store
            .record_finished(MODE, &random_finished(&mut rng))
            .expect("recorded");
    }
    let mut group = c.benchmark_group("store");
    group.sample_size(20);
    group.bench_function("backup_write_200_games", |b| {
        b.iter(|| write_backup(&db, &copy).expect("written"))
    });
    let size = std::fs::metadata(&copy).map(|m| m.len()).unwrap_or(0);
    println!("store/backup: the copy of {FINISHED} finished games is {size} bytes");
    group.bench_function("backup_restore_200_games", |b| {
        b.iter(|| restore_backup(&copy, &db).expect("restored"))
    });
    group.finish();
    drop(store);
}

criterion_group!(benches, autosave, backup);
criterion_main!(benches);
