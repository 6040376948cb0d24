//! What one event costs the core, from the event to what crosses the FFI, on a small, the
//! usual and the largest board (Brandubh 7 x 7, Copenhagen 11 x 11, Alea Evangelii 19 x 19):
//! a tap, a drag step, a pinch step, a move, the computer's reply, an analysis point and a tick
//! of a game's clock.
//!
//! Each event is timed twice, side by side: `frame` handles it and builds the whole frame (what
//! every event sent before patches), `sent` handles it and builds what the app sends for it
//! now (a patch when the event changed only part of the screen). Both are then lowered as
//! UniFFI lowers them for the shell, and the bytes each takes are printed before the timings
//! ("bytes EVENT SIZE frame=N sent=M").

// The tests' app helpers: the same settings as the app's tests.
#[path = "../tests/common/app.rs"]
#[allow(dead_code)]
mod app;

use std::hint::black_box;
use std::time::{Duration, Instant};

use app::{analysis_id, clocked_two_player_start, config, quick_engine};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use tafl_core::ai::rng::Rng;
use tafl_core::engine::notation::GameRecord;
use tafl_core::ffi::{frame_bytes, update_bytes};
use tafl_core::screens::board_layout::Layout;
use tafl_core::screens::look::{Theme, look};
use tafl_core::screens::types::Coord;
use tafl_core::screens::work::{Done, perform};
use tafl_core::screens::{Controller, Event, Point, TimeControl, TouchPhase};
use tafl_core::texts::Language;
use tafl_core::{Game, VariantKind};

const BOARDS: [(VariantKind, &str); 3] = [
    (VariantKind::Brandubh, "7x7"),
    (VariantKind::Copenhagen, "11x11"),
    (VariantKind::AleaEvangelii, "19x19"),
];

/// Runs the work the app asked for until none is left.
fn settle(app: &mut Controller) {
    loop {
        let jobs = app.take_work();
        if jobs.is_empty() {
            return;
        }
        app.started(jobs.len());
        for job in jobs {
            perform(job, &mut |done| app.finish(done));
        }
        app.frame();
    }
}

/// A new game of `kind` on screen, against the computer or between two players.
fn game(kind: VariantKind, vs_computer: bool) -> Controller {
    let mut app = Controller::new(config(None, Language::English, quick_engine(200)));
    settle(&mut app);
    for event in [
        Event::ChooseVariant { variant: kind },
        Event::ChooseOpponent { vs_computer },
        Event::ChooseSide {
            side: tafl_core::Side::Attackers,
        },
        Event::NewGame,
    ] {
        app.handle(event);
        settle(&mut app);
        app.frame();
    }
    app
}

/// The board's layout as the app draws it (coordinates on, as they start; the light look).
fn layout(kind: VariantKind) -> Layout {
    let size = tafl_core::Position::start(kind).variant().size();
    Layout::new(size, true, &look(Theme::Light, false).metrics)
}

/// The first move of the start position with the longest slide, as squares.
fn long_move(kind: VariantKind) -> (Coord, Coord) {
    let game = Game::new(kind);
    let g = &game.position().variant().geometry;
    let moves = game.legal_moves();
    let mv = moves
        .iter()
        .copied()
        .max_by_key(|m| {
            let d = |a: u8, b: u8| a.abs_diff(b);
            d(g.file(m.from), g.file(m.to)) + d(g.rank(m.from), g.rank(m.to))
        })
        .expect("a first move");
    (
        Coord {
            file: g.file(mv.from),
            rank: g.rank(mv.from),
        },
        Coord {
            file: g.file(mv.to),
            rank: g.rank(mv.to),
        },
    )
}

/// What crosses the FFI for the last change, both ways: (the whole frame, what is sent now).
#[derive(Clone, Copy)]
enum Out {
    Frame,
    Sent,
}

fn out(app: &mut Controller, how: Out) -> usize {
    match how {
        Out::Frame => frame_bytes(app.frame()),
        Out::Sent => update_bytes(app.update()),
    }
}

/// Times `event` on `app` (prepared by `before`, put back by `after`, neither timed) and
/// returns the bytes each way sends for it.
fn bench_event(
    c: &mut Criterion,
    name: &str,
    board: &str,
    app: &mut Controller,
    mut before: impl FnMut(&mut Controller, u64),
    mut event: impl FnMut(u64) -> Event,
    mut after: impl FnMut(&mut Controller),
) {
    let mut bytes = [0usize; 2];
    for (slot, how) in [(0, Out::Frame), (1, Out::Sent)] {
        before(app, 0);
        app.handle(event(0));
        bytes[slot] = out(app, how);
        after(app);
    }
    println!("bytes {name} {board} frame={} sent={}", bytes[0], bytes[1]);
    let mut group = c.benchmark_group(format!("{name}/{board}"));
    group.measurement_time(Duration::from_secs(3));
    group.warm_up_time(Duration::from_millis(500));
    group.sample_size(20);
    for (label, how) in [("frame", Out::Frame), ("sent", Out::Sent)] {
        group.bench_function(label, |b| {
            let mut n = 0u64;
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    n += 1;
                    before(app, n);
                    let e = event(n);
                    let start = Instant::now();
                    app.handle(e);
                    black_box(out(app, how));
                    total += start.elapsed();
                    after(app);
                }
                total
            });
        });
    }
    group.finish();
}

fn board_events(c: &mut Criterion) {
    for (kind, board) in BOARDS {
        let l = layout(kind);
        let (from, to) = long_move(kind);
        let mut app = game(kind, false);

        // A tap on a piece that can move: picked up, then put down by the next tap.
        bench_event(
            c,
            "tap",
            board,
            &mut app,
            |_, _| {},
            |_| Event::Touch {
                phase: TouchPhase::Tap,
                at: l.centre(from),
            },
            |_| {},
        );

        // A drag step: the lifted piece follows the finger across the board.
        app.handle(Event::Touch {
            phase: TouchPhase::DragStart,
            at: l.centre(from),
        });
        app.frame();
        let a = l.centre(from);
        let b = l.centre(to);
        bench_event(
            c,
            "drag-step",
            board,
            &mut app,
            |_, _| {},
            |n| {
                let t = (n % 64) as f32 / 64.0;
                Event::Touch {
                    phase: TouchPhase::DragMove,
                    at: Point {
                        x: a.x + (b.x - a.x) * t,
                        y: a.y + (b.y - a.y) * t,
                    },
                }
            },
            |_| {},
        );
        app.handle(Event::Touch {
            phase: TouchPhase::DragCancel,
            at: a,
        });
        app.frame();

        // A pinch step: the board grows and shrinks about its centre.
        let centre = Point {
            x: l.extent() / 2.0,
            y: l.extent() / 2.0,
        };
        bench_event(
            c,
            "pinch-step",
            board,
            &mut app,
            |_, _| {},
            |n| Event::Zoom {
                centre,
                factor: if n % 2 == 0 { 1.05 } else { 1.0 / 1.05 },
                pan: Point { x: 0.0, y: 0.0 },
            },
            |_| {},
        );

        // A move between two players: the piece picked up (not timed), the tap that plays it,
        // then taken back (not timed).
        let mut two = game(kind, false);
        bench_event(
            c,
            "move",
            board,
            &mut two,
            |app, _| {
                app.handle(Event::ActivateSquare { square: from });
                app.frame();
            },
            |_| Event::ActivateSquare { square: to },
            |app| {
                settle(app);
                app.handle(Event::Undo);
                settle(app);
                app.frame();
            },
        );
    }
}

/// The computer's reply: the person's move and the search are not timed, only the reply's
/// arrival (`Controller::finish`) and what it sends.
fn reply(c: &mut Criterion) {
    for (kind, board) in BOARDS {
        let (from, to) = long_move(kind);
        let prepare = || {
            let mut app = game(kind, true);
            app.handle(Event::ActivateSquare { square: from });
            app.frame();
            app.handle(Event::ActivateSquare { square: to });
            app.frame();
            let mut done = Vec::new();
            let jobs = app.take_work();
            app.started(jobs.len());
            for job in jobs {
                perform(job, &mut |d| done.push(d));
            }
            (app, done)
        };
        let mut bytes = [0usize; 2];
        for (slot, how) in [(0, Out::Frame), (1, Out::Sent)] {
            let (mut app, done) = prepare();
            for d in done {
                app.finish(d);
            }
            bytes[slot] = out(&mut app, how);
        }
        println!("bytes reply {board} frame={} sent={}", bytes[0], bytes[1]);
        let mut group = c.benchmark_group(format!("reply/{board}"));
        group.measurement_time(Duration::from_secs(3));
        group.sample_size(10);
        for (label, how) in [("frame", Out::Frame), ("sent", Out::Sent)] {
            group.bench_function(label, |b| {
                b.iter_batched(
                    prepare,
                    |(mut app, done)| {
                        for d in done {
                            app.finish(d);
                        }
                        black_box(out(&mut app, how));
                        app
                    },
                    BatchSize::LargeInput,
                );
            });
        }
        group.finish();
    }
}

/// A game of `plies` random moves, as a record to import.
fn record(kind: VariantKind, plies: usize) -> String {
    let mut rng = Rng::new(46);
    let mut game = Game::new(kind);
    while game.plies() < plies {
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
        if game.status().is_over() {
            game.unmake();
            break;
        }
    }
    GameRecord::from_game(&game).to_text()
}

/// An analysis point arriving on the review screen of a game of 60 plies.
fn analysis_point(c: &mut Criterion) {
    for (kind, board) in BOARDS {
        let mut app = Controller::new(config(None, Language::English, quick_engine(200)));
        settle(&mut app);
        app.handle(Event::ImportText {
            text: record(kind, 60),
        });
        app.handle(Event::Import);
        let jobs = app.take_work();
        app.started(jobs.len());
        for job in jobs {
            perform(job, &mut |done| app.finish(done));
        }
        app.frame();
        // The analysis the review started: its points are made up here, not searched.
        let id = analysis_id(app.take_work());
        app.started(1);
        let frame = app.frame();
        assert!(matches!(
            frame.screen,
            tafl_core::screens::ScreenView::Review { .. }
        ));
        let mut bytes = [0usize; 2];
        for (slot, how) in [(0, Out::Frame), (1, Out::Sent)] {
            app.finish(Done::AnalysisPoint {
                id,
                ply: 1,
                chance: 0.5,
            });
            bytes[slot] = out(&mut app, how);
        }
        println!(
            "bytes analysis-point {board} frame={} sent={}",
            bytes[0], bytes[1]
        );
        let mut group = c.benchmark_group(format!("analysis-point/{board}"));
        group.measurement_time(Duration::from_secs(3));
        group.sample_size(20);
        for (label, how) in [("frame", Out::Frame), ("sent", Out::Sent)] {
            group.bench_function(label, |b| {
                let mut n = 0u32;
                b.iter(|| {
                    n += 1;
                    app.finish(Done::AnalysisPoint {
                        id,
                        ply: n % 60,
                        chance: f64::from(n % 100) / 100.0,
                    });
                    black_box(out(&mut app, how))
                });
            });
        }
        group.finish();
    }
}

/// A game between two players on the 30-minute clock, half a second in (29:59.5) at `now_ms`.
fn clocked_game(kind: VariantKind, now_ms: i64) -> Controller {
    let mut app = Controller::new(config(None, Language::English, quick_engine(200)));
    settle(&mut app);
    let ticks = [now_ms - 500, now_ms].map(|now_ms| Event::Tick { now_ms });
    for event in clocked_two_player_start(kind, TimeControl::Classical)
        .into_iter()
        .chain(ticks)
    {
        app.handle(event);
        settle(&mut app);
        app.frame();
    }
    app
}

/// A tick of a game's clock, every `step_ms`: a step of a second changes the time shown each
/// time (before: the whole frame; now: a patch of the clock's faces), a step of a millisecond
/// changes it once in a thousand ticks (before: a 13-byte patch of the busy flag; now: nothing
/// sent). A new game, not timed, every thousand ticks, so the clock never runs out.
fn clock_tick(c: &mut Criterion) {
    for (step_ms, name) in [(1_000, "clock-tick-shown"), (1, "clock-tick-unseen")] {
        for (kind, board) in BOARDS {
            let mut app = clocked_game(kind, -step_ms);
            bench_event(
                c,
                name,
                board,
                &mut app,
                |app, n| {
                    if n % 1_000 == 0 {
                        *app = clocked_game(kind, (n as i64 - 1) * step_ms);
                    }
                },
                |n| Event::Tick {
                    now_ms: n as i64 * step_ms,
                },
                |_| {},
            );
        }
    }
}

criterion_group!(benches, board_events, reply, analysis_point, clock_tick);
criterion_main!(benches);
