//! The app object against what a shell or a person may throw at it: a listener that fails,
//! points that are no points, a page of garbage pasted as a game, a stale id. Each case was
//! found by the Kotlin suite's reproducers (tests/kotlin) and is pinned here on the Rust API.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tafl_core::screens::{
    AppConfig, Event, Frame, FramePatch, Listener, PageItem, Point, Runtime, ScreenKind,
    ScreenView, TouchPhase,
};
use tafl_core::texts::Language;
use tafl_core::{Side, VariantKind};

#[derive(Default)]
struct Frames {
    all: Mutex<Vec<Frame>>,
    /// Fail (panic, as a shell's exception unwinds through UniFFI) on the next frame.
    fail_next: AtomicBool,
}

struct Shared(Arc<Frames>);

impl Listener for Shared {
    fn frame(&self, frame: Frame) {
        if self.0.fail_next.swap(false, Ordering::SeqCst) {
            panic!("the shell's callback threw");
        }
        self.0.all.lock().unwrap().push(frame);
    }

    /// A patch makes the next frame of the newest one, as a shell makes it.
    fn patch(&self, patch: FramePatch) {
        let mut all = self.0.all.lock().unwrap();
        if let Some(mut frame) = all.last().cloned() {
            patch.apply(&mut frame);
            all.push(frame);
        }
    }
}

fn start() -> (Arc<Runtime>, Arc<Frames>) {
    let frames = Arc::new(Frames::default());
    let config = AppConfig {
        database_path: None,
        language: Language::English,
        dark: false,
        utc_offset_minutes: 0,
        engine: common::app::quick_engine(500),
        saved_state: None,
    };
    let runtime = Runtime::start(config, Box::new(Shared(frames.clone())));
    settled(&frames);
    (runtime, frames)
}

fn newest(frames: &Frames) -> Option<Frame> {
    frames
        .all
        .lock()
        .unwrap()
        .iter()
        .max_by_key(|f| f.revision)
        .cloned()
}

fn settled(frames: &Frames) -> Frame {
    let end = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(f) = newest(frames).filter(|f| !f.busy) {
            return f;
        }
        assert!(Instant::now() < end, "the app never settled");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn moves_played(frame: &Frame) -> usize {
    match &frame.screen {
        ScreenView::Game { game } => game.moves.rows.iter().map(|r| r.cells.len()).sum(),
        other => panic!("the game screen was expected, not {other:?}"),
    }
}

#[test]
fn a_listener_that_fails_loses_one_frame_not_the_app() {
    let (app, frames) = start();
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::ChooseOpponent { vs_computer: true });
    app.send(Event::ChooseSide {
        side: Side::Defenders,
    });
    // The frame of "Start" fails in the shell; the computer must still make its first move.
    frames.fail_next.store(true, Ordering::SeqCst);
    app.send(Event::NewGame);
    // The lost frame was the last for a moment: wait for the computer's move to arrive.
    let end = Instant::now() + Duration::from_secs(60);
    let after = loop {
        let f = settled(&frames);
        if matches!(f.screen, ScreenView::Game { .. }) {
            break f;
        }
        assert!(Instant::now() < end, "the computer's move never came");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(moves_played(&after), 1, "the computer moved first");
    assert!(!app.frame().busy, "no work is left counted");
}

#[test]
fn points_that_are_no_points_change_nothing() {
    let (app, frames) = start();
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::ChooseOpponent { vs_computer: false });
    app.send(Event::NewGame);
    let before = settled(&frames);
    // A drag that starts on a piece, then wanders to points no screen has.
    app.send(Event::Touch {
        phase: TouchPhase::DragStart,
        at: Point { x: 3.5, y: 1.5 },
    });
    for at in [
        Point {
            x: f32::NAN,
            y: 1.0,
        },
        Point {
            x: 2.0,
            y: f32::INFINITY,
        },
    ] {
        app.send(Event::Touch {
            phase: TouchPhase::DragMove,
            at,
        });
        let frame = app.frame();
        if let ScreenView::Game { game } = &frame.screen
            && let Some(lifted) = &game.board.plan.lifted
        {
            assert!(
                lifted.at.x.is_finite() && lifted.at.y.is_finite(),
                "the lifted piece is drawn at a real point, not {:?}",
                lifted.at
            );
        }
    }
    app.send(Event::Touch {
        phase: TouchPhase::DragEnd,
        at: Point {
            x: f32::NAN,
            y: f32::NAN,
        },
    });
    app.send(Event::Touch {
        phase: TouchPhase::Tap,
        at: Point {
            x: f32::NEG_INFINITY,
            y: 0.0,
        },
    });
    let after = settled(&frames);
    assert_eq!(
        moves_played(&after),
        moves_played(&before),
        "no move was made"
    );
    if let ScreenView::Game { game } = &after.screen {
        assert!(game.board.plan.lifted.is_none(), "the drag ended");
    }
}

#[test]
fn an_import_error_quotes_a_short_piece_of_the_text() {
    let (app, frames) = start();
    app.send(Event::Open {
        screen: ScreenKind::Import,
    });
    app.send(Event::ImportText {
        // 60 kB, within the import's limit (a longer text is refused as too long).
        text: format!("1. {}", "é".repeat(30_000)),
    });
    app.send(Event::Import);
    let frame = settled(&frames);
    let ScreenView::Page { page } = &frame.screen else {
        panic!("the import page stays open");
    };
    let error = page
        .items
        .iter()
        .find_map(|item| match item {
            PageItem::Error { text } => Some(text.clone()),
            _ => None,
        })
        .expect("an error says why the text is no game");
    assert!(
        error.chars().count() < 300,
        "the error is a sentence, not the pasted page ({} characters)",
        error.chars().count()
    );
    assert!(
        error.contains("éé"),
        "it still quotes the start of the bad move: {error}"
    );
}

#[test]
fn an_unknown_game_opens_nothing_and_alarms_no_one() {
    let (app, frames) = start();
    app.send(Event::OpenReview { id: 424_242 });
    let frame = settled(&frames);
    assert!(
        frame.notice.is_none(),
        "nothing failed to save: {:?}",
        frame.notice
    );
    assert!(matches!(frame.screen, ScreenView::Page { .. }));
}

/// A pasted import text comes back after the process is killed when it is of a sensible size;
/// a huge one (a page of anything) is not kept, so that the saved state stays small enough for
/// the platform to carry (Android throws TransactionTooLargeException beyond about 1 MB).
#[test]
fn the_saved_state_keeps_an_import_text_within_the_limit_and_drops_a_huge_one() {
    use tafl_core::screens::{Controller, SAVED_IMPORT_LIMIT};
    let config = |saved: Option<String>| AppConfig {
        database_path: None,
        language: Language::English,
        dark: false,
        utc_offset_minutes: 0,
        engine: common::app::quick_engine(500),
        saved_state: saved,
    };
    let import_field = |frame: &Frame| match &frame.screen {
        ScreenView::Page { page } => page
            .items
            .iter()
            .find_map(|i| match i {
                PageItem::TextField { field } => Some(field.text.clone()),
                _ => None,
            })
            .expect("the import page's text field"),
        other => panic!("not a page: {other:?}"),
    };
    for (text, kept) in [
        ("1. d1-d3 e5-e3".repeat(100), true),
        ("b4-b1 ".repeat(SAVED_IMPORT_LIMIT), false),
    ] {
        let mut app = Controller::new(config(None));
        common::app::settle(&mut app);
        app.handle(Event::Open {
            screen: ScreenKind::Import,
        });
        app.handle(Event::ImportText { text: text.clone() });
        common::app::settle(&mut app);
        let saved = app.saved_state();
        assert!(
            saved.len() <= SAVED_IMPORT_LIMIT + 4096,
            "{} bytes saved",
            saved.len()
        );
        let mut again = Controller::new(config(Some(saved)));
        let frame = common::app::settle(&mut again);
        assert_eq!(
            import_field(&frame) == text,
            kept,
            "{} bytes pasted",
            text.len()
        );
        if !kept {
            assert_eq!(import_field(&frame), "");
        }
    }
}
