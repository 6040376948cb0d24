//! Patches: a drag step, a pinch or pan step, an analysis point and a save written reach the
//! shells as patches of the frame before, and a patch applied to the frame before is the
//! frame the app would have sent whole, on every board size.

mod common;

use std::path::Path;

use common::app::{analysis_id, clocked_two_player_start, config, quick_engine};
use tafl_core::engine::notation::GameRecord;
use tafl_core::ffi::{frame_bytes, update_bytes};
use tafl_core::screens::board_layout::Layout;
use tafl_core::screens::look::{Theme, look};
use tafl_core::screens::types::Coord;
use tafl_core::screens::work::{Done, perform};
use tafl_core::screens::{
    Controller, Event, Frame, Patch, Point, ScreenView, TimeControl, TouchPhase, Update,
};
use tafl_core::texts::Language;
use tafl_core::{Game, VariantKind};

/// An app driven as the runtime drives it, holding the frame a shell holds: every update is
/// taken as the shell takes it (a frame replaces, a patch applies), and after each one the
/// frame held must be the whole frame the app describes now.
struct Shell {
    app: Controller,
    held: Frame,
    patches: usize,
    frames: usize,
    /// Updates with nothing to send.
    unsent: usize,
}

impl Shell {
    fn new(db: Option<&Path>) -> Shell {
        let mut app = Controller::new(config(db, Language::English, quick_engine(200)));
        let held = app.frame();
        let mut shell = Shell {
            app,
            held,
            patches: 0,
            frames: 0,
            unsent: 0,
        };
        shell.settle();
        shell
    }

    /// Takes the app's update for the last change and checks the frame held against the
    /// whole frame. Returns the update's size in bytes and whether it was a patch.
    fn take(&mut self) -> (usize, Option<Patch>) {
        let update = self.app.update();
        let bytes = update_bytes(update.clone());
        let Some(update) = update else {
            // Nothing sent: the frame held must still be the app's.
            self.unsent += 1;
            self.check();
            return (bytes, None);
        };
        let patch = match update {
            Update::Frame(frame) => {
                self.held = *frame;
                self.frames += 1;
                None
            }
            Update::Patch(patch) => {
                assert_eq!(
                    patch.revision,
                    self.held.revision + 1,
                    "a patch of the frame held"
                );
                patch.apply(&mut self.held);
                self.patches += 1;
                Some(patch.patch)
            }
        };
        self.check();
        (bytes, patch)
    }

    /// The frame held is the whole frame the app describes now (whose building takes a
    /// revision: the frame held takes it too, so that the next patch follows it).
    fn check(&mut self) {
        let mut whole = self.app.frame();
        let revision = whole.revision;
        whole.effects.clear();
        whole.revision = self.held.revision;
        let mut held = self.held.clone();
        held.effects.clear();
        assert_eq!(held, whole, "the frame held is the app's frame");
        self.held.revision = revision;
    }

    fn send(&mut self, event: Event) -> (usize, Option<Patch>) {
        self.app.handle(event);
        let taken = self.take();
        self.settle();
        taken
    }

    /// Runs the work behind, taking the update of each result.
    fn settle(&mut self) {
        loop {
            let jobs = self.app.take_work();
            if jobs.is_empty() {
                return;
            }
            self.app.started(jobs.len());
            let mut done = Vec::new();
            for job in jobs {
                perform(job, &mut |d| done.push(d));
            }
            for d in done {
                self.app.finish(d);
                self.take();
            }
        }
    }

    fn game(&self) -> &tafl_core::screens::GameView {
        match &self.held.screen {
            ScreenView::Game { game } => game,
            other => panic!("no game on screen: {other:?}"),
        }
    }
}

const BOARDS: [VariantKind; 3] = [
    VariantKind::Brandubh,
    VariantKind::Copenhagen,
    VariantKind::AleaEvangelii,
];

fn layout(kind: VariantKind) -> Layout {
    let size = tafl_core::Position::start(kind).variant().size();
    Layout::new(size, true, &look(Theme::Light, false).metrics)
}

fn new_game(shell: &mut Shell, kind: VariantKind) {
    for event in [
        Event::ChooseVariant { variant: kind },
        Event::ChooseOpponent { vs_computer: false },
        Event::NewGame,
    ] {
        shell.send(event);
    }
}

/// A square of a piece the side to move can move.
fn movable(kind: VariantKind) -> Coord {
    let game = Game::new(kind);
    let g = &game.position().variant().geometry;
    let mv = game.legal_moves()[0];
    Coord {
        file: g.file(mv.from),
        rank: g.rank(mv.from),
    }
}

#[test]
fn drag_steps_are_patches_that_make_the_frame_on_every_board() {
    for kind in BOARDS {
        let mut shell = Shell::new(None);
        new_game(&mut shell, kind);
        let l = layout(kind);
        let from = movable(kind);
        let (_, patch) = shell.send(Event::Touch {
            phase: TouchPhase::DragStart,
            at: l.centre(from),
        });
        assert!(patch.is_none(), "lifting a piece changes the whole board");
        let whole = frame_bytes(shell.app.frame());
        shell.check();
        // Across the board and beyond its edges, then a point that is no point.
        let e = l.extent();
        let mut points: Vec<Point> = (0..=40)
            .map(|i| {
                let t = i as f32 / 40.0;
                Point::new(-1.0 + (e + 2.0) * t, e * (1.0 - t))
            })
            .collect();
        points.push(Point::new(f32::NAN, 1.0));
        for at in points {
            let (bytes, patch) = shell.send(Event::Touch {
                phase: TouchPhase::DragMove,
                at,
            });
            assert!(
                matches!(patch, Some(Patch::Board { .. })),
                "{kind:?}: a drag step is a board patch"
            );
            assert!(
                bytes * 10 <= whole,
                "{kind:?}: a drag step sends {bytes} bytes, the whole frame {whole}"
            );
        }
        let lifted = shell.game().board.plan.lifted;
        assert!(lifted.is_some(), "the piece is still up");
        // The drop ends the drag: a whole frame (the piece back, or the move).
        let (_, patch) = shell.send(Event::Touch {
            phase: TouchPhase::DragCancel,
            at: l.centre(from),
        });
        assert!(patch.is_none());
        assert!(shell.game().board.plan.lifted.is_none());
        assert!(shell.game().board.plan.drop.is_empty());
    }
}

#[test]
fn pinch_and_pan_steps_are_patches_that_make_the_frame() {
    for kind in BOARDS {
        let mut shell = Shell::new(None);
        new_game(&mut shell, kind);
        let l = layout(kind);
        let centre = Point::new(l.extent() / 2.0, l.extent() / 2.0);
        for factor in [1.5, 1.2, 0.9, 1.4, f32::NAN, 0.0, 3.0] {
            let (_, patch) = shell.send(Event::Zoom {
                centre,
                factor,
                pan: Point::new(0.3, -0.2),
            });
            assert!(matches!(patch, Some(Patch::Board { .. })), "{kind:?}");
        }
        let zoomed = shell.game().board.window;
        if kind == VariantKind::Brandubh {
            // Boards of 7 x 7 never zoom.
            assert_eq!(zoomed.side, l.extent());
            continue;
        }
        assert!(zoomed.side < l.extent(), "{kind:?}: the board is zoomed");
        // A drag from the margin lifts nothing: on a zoomed board it pans, step by step.
        let corner = Point::new(zoomed.x + 0.05, zoomed.y + 0.05);
        shell.send(Event::Touch {
            phase: TouchPhase::DragStart,
            at: corner,
        });
        for i in 1..=10 {
            let (_, patch) = shell.send(Event::Touch {
                phase: TouchPhase::DragMove,
                at: corner.offset_by(i as f32 * 0.2, i as f32 * 0.1),
            });
            assert!(matches!(patch, Some(Patch::Board { .. })), "{kind:?}");
        }
        shell.send(Event::Touch {
            phase: TouchPhase::DragEnd,
            at: corner,
        });
    }
}

trait Offset {
    fn offset_by(self, dx: f32, dy: f32) -> Point;
}

impl Offset for Point {
    fn offset_by(self, dx: f32, dy: f32) -> Point {
        Point::new(self.x + dx, self.y + dy)
    }
}

#[test]
fn analysis_points_are_chart_patches_that_make_the_frame() {
    let mut game = Game::new(VariantKind::Brandubh);
    for _ in 0..12 {
        let mv = game.legal_moves()[0];
        game.make(mv);
        if game.status().is_over() {
            game.unmake();
            break;
        }
    }
    let mut shell = Shell::new(None);
    shell.send(Event::ImportText {
        text: GameRecord::from_game(&game).to_text(),
    });
    // The import and the review it opens, without running the analysis it starts: its points
    // are made up here.
    shell.app.handle(Event::Import);
    shell.take();
    let jobs = shell.app.take_work();
    shell.app.started(jobs.len());
    for job in jobs {
        let mut done = Vec::new();
        perform(job, &mut |d| done.push(d));
        for d in done {
            shell.app.finish(d);
            shell.take();
        }
    }
    let id = analysis_id(shell.app.take_work());
    shell.app.started(1);
    shell.check();
    let plies = game.plies() as u32;
    for ply in 0..=plies {
        shell.app.finish(Done::AnalysisPoint {
            id,
            ply,
            chance: f64::from(ply) / f64::from(plies),
        });
        let (_, patch) = shell.take();
        assert!(matches!(patch, Some(Patch::Chart { .. })));
    }
    // Moving through the game is a whole frame again (the board changes).
    let (_, patch) = shell.send(Event::ReviewGoTo { ply: 3 });
    assert!(patch.is_none());
    match &shell.held.screen {
        ScreenView::Review { review } => {
            assert!(
                review.chart.value.is_some(),
                "the point at the cursor is known"
            );
            assert!(review.analysis.progress.is_some());
        }
        other => panic!("no review: {other:?}"),
    }
}

#[test]
fn a_save_written_is_a_patch_of_nothing_but_the_busy_flag() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let mut shell = Shell::new(Some(&db));
    new_game(&mut shell, VariantKind::Copenhagen);
    let from = movable(VariantKind::Copenhagen);
    shell.send(Event::ActivateSquare { square: from });
    let game = Game::new(VariantKind::Copenhagen);
    let mv = game.legal_moves()[0];
    let g = &game.position().variant().geometry;
    let to = Coord {
        file: g.file(mv.to),
        rank: g.rank(mv.to),
    };
    // The move is a whole frame; the save behind it ends in a patch.
    shell.app.handle(Event::ActivateSquare { square: to });
    let (_, patch) = shell.take();
    assert!(patch.is_none(), "a move is a whole frame");
    assert!(shell.held.busy, "the save runs behind");
    let before = shell.patches;
    shell.settle();
    assert!(shell.patches > before, "the save written came as a patch");
    assert!(!shell.held.busy);
}

/// A move against the computer reaches the screen in two whole frames, the ones its motions
/// need: the person's move and the computer's reply. The saves written behind each are patches
/// of the busy flag alone.
#[test]
fn a_move_against_the_computer_is_two_whole_frames() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let mut shell = Shell::new(Some(&db));
    for event in [
        Event::ChooseVariant {
            variant: VariantKind::Copenhagen,
        },
        Event::ChooseOpponent { vs_computer: true },
        Event::ChooseSide {
            side: tafl_core::Side::Attackers,
        },
        Event::NewGame,
    ] {
        shell.send(event);
    }
    let game = Game::new(VariantKind::Copenhagen);
    let g = &game.position().variant().geometry;
    let mv = game.legal_moves()[0];
    let at = |sq| Coord {
        file: g.file(sq),
        rank: g.rank(sq),
    };
    shell.send(Event::ActivateSquare {
        square: at(mv.from),
    });
    let (frames, patches) = (shell.frames, shell.patches);
    shell.send(Event::ActivateSquare { square: at(mv.to) });
    assert!(!shell.held.busy, "the reply came");
    assert_eq!(
        shell.game().moves.rows[0].cells.len(),
        2,
        "the move and the reply"
    );
    assert_eq!(shell.frames - frames, 2, "the move's frame and the reply's");
    assert!(shell.patches - patches >= 2, "the two saves, as patches");
}

/// A game on a clock: a tick that changes the time shown is a patch of the clock's faces alone
/// (a few hundred bytes, where the whole frame is thousands), and the frame it makes is the
/// app's; a tick that changes nothing a person sees sends nothing at all. A tick that says
/// something (low time) or ends the game is a whole frame.
#[test]
fn clock_ticks_are_clock_patches_and_a_tick_that_shows_nothing_sends_nothing() {
    for kind in BOARDS {
        let mut shell = Shell::new(None);
        for event in clocked_two_player_start(kind, TimeControl::Blitz) {
            shell.send(event);
        }
        let whole = frame_bytes(shell.app.frame());
        shell.check();
        let mut now = 0;
        shell.send(Event::Tick { now_ms: now });
        let (frames, unsent) = (shell.frames, shell.unsent);
        let mut patched = 0;
        // 5:00 down to 0:11 in steps of 100 ms: one time shown a second.
        while now < 289_000 {
            now += 100;
            let (bytes, patch) = shell.send(Event::Tick { now_ms: now });
            match patch {
                Some(Patch::Clock { clock }) => {
                    patched += 1;
                    assert_eq!(Some(&clock), shell.game().clock.as_ref());
                    assert!(
                        bytes * 10 <= whole,
                        "{kind:?}: a clock patch of {bytes} bytes, the frame {whole}"
                    );
                }
                None => assert_eq!(bytes, 0, "{kind:?}: nothing shown, nothing sent"),
                Some(other) => panic!("{kind:?}: a tick made {other:?}"),
            }
        }
        assert_eq!(patched, 289, "{kind:?}: one patch a second");
        assert_eq!(
            shell.unsent - unsent,
            2890 - 289,
            "{kind:?}: the other ticks"
        );
        assert_eq!(shell.frames, frames, "{kind:?}: no whole frame");
        // At 10 s the warning is said: a whole frame with its announcement.
        let (_, patch) = shell.send(Event::Tick {
            now_ms: now + 1_000,
        });
        assert!(
            patch.is_none() && shell.frames == frames + 1,
            "{kind:?}: low time"
        );
        // Under 10 s the tenths show: each tick of 100 ms is a patch.
        let (_, patch) = shell.send(Event::Tick {
            now_ms: now + 1_100,
        });
        assert!(
            matches!(patch, Some(Patch::Clock { .. })),
            "{kind:?}: tenths"
        );
        assert_eq!(shell.game().clock.as_ref().unwrap().faces[0].time, "9.9");
        // The flag: the whole frame (the game is over).
        shell.send(Event::Tick {
            now_ms: now + 9_000,
        });
        let (_, patch) = shell.send(Event::Tick {
            now_ms: now + 11_000,
        });
        assert!(patch.is_none(), "{kind:?}: the flag fell");
        assert!(
            shell
                .game()
                .clock
                .as_ref()
                .unwrap()
                .faces
                .iter()
                .all(|f| !f.running)
        );
    }
}
