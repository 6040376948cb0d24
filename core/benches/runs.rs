//! What a puzzle storm's next puzzle costs on the event thread (`core/src/screens/run_screen.rs`):
//! the storm chooses its next puzzle as soon as one is on show, so the answer that moves on
//! only puts the prepared one on screen and chooses the one after it.
//!
//! - `storm choose`: `puzzles::choose` near a storm's rating with 40 puzzles met, for each game
//!   with puzzles (the preparation itself).
//! - `storm start`: `Event::StartRun` to the frame (the first puzzle and the next chosen).
//! - `storm answer`: the right move of a storm's first puzzle (its answer is in the puzzle, so
//!   no proof runs) to the frame of the next puzzle, with the one after it chosen.

// The tests' app helpers: the same settings and the same way of running the app's work.
#[path = "../tests/common/app.rs"]
#[allow(dead_code)]
mod app;

use std::collections::HashSet;
use std::hint::black_box;

use app::{config, quick_engine, settle};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use tafl_core::VariantKind;
use tafl_core::learning::puzzles::runs::{RunKind, run_rating};
use tafl_core::learning::puzzles::{self, Puzzle};
use tafl_core::screens::types::Coord;
use tafl_core::screens::{Controller, Event};
use tafl_core::texts::Language;

/// The app on the start page with `kind` chosen.
fn start_page(kind: VariantKind) -> Controller {
    let mut app = Controller::new(config(None, Language::English, quick_engine(200)));
    settle(&mut app);
    app.handle(Event::ChooseVariant { variant: kind });
    app.frame();
    app
}

/// The games with shipped puzzles.
fn games() -> Vec<VariantKind> {
    let mut kinds: Vec<VariantKind> = puzzles::shipped()
        .iter()
        .map(|p| p.game.variant().kind)
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

fn choose(c: &mut Criterion) {
    let mut group = c.benchmark_group("storm choose");
    for kind in games() {
        let mut met = HashSet::new();
        for turn in 0..40u64 {
            if let Some(p) = puzzles::choose(kind, f64::from(run_rating(turn as u32)), &met, turn) {
                met.insert(p.key());
            }
        }
        group.bench_function(format!("{} with 40 met", kind.name()), |b| {
            b.iter(|| black_box(puzzles::choose(kind, f64::from(run_rating(41)), &met, 41)))
        });
    }
    group.finish();
}

fn start(c: &mut Criterion) {
    c.bench_function("storm start", |b| {
        b.iter_batched(
            || start_page(VariantKind::Brandubh),
            |mut app| {
                app.handle(Event::StartRun {
                    run: RunKind::Storm,
                });
                black_box(app.frame())
            },
            BatchSize::SmallInput,
        )
    });
}

/// The first puzzle of a Brandubh storm (seed 0, nothing met), as the app chooses it.
fn first_puzzle() -> &'static Puzzle {
    puzzles::choose(
        VariantKind::Brandubh,
        f64::from(run_rating(0)),
        &HashSet::new(),
        0,
    )
    .expect("a puzzle")
}

fn answer(c: &mut Criterion) {
    let p = first_puzzle();
    let g = &p.game.variant().geometry;
    let at = |sq| Coord {
        file: g.file(sq),
        rank: g.rank(sq),
    };
    let (from, to) = (at(p.solution[0].from), at(p.solution[0].to));
    c.bench_function("storm answer", |b| {
        b.iter_batched(
            || {
                let mut app = start_page(VariantKind::Brandubh);
                app.handle(Event::StartRun {
                    run: RunKind::Storm,
                });
                app.handle(Event::ActivateSquare { square: from });
                app.frame();
                app
            },
            |mut app| {
                app.handle(Event::ActivateSquare { square: to });
                black_box(settle(&mut app))
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, choose, start, answer);
criterion_main!(benches);
