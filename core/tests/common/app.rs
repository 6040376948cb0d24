//! The app object run for real in a test, as a shell runs it: events sent from the test's
//! thread, work on the runtime's threads, every frame kept. Helpers read the frames.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tafl_core::engine::notation::parse_move;
use tafl_core::engine::variant::VariantKind;
use tafl_core::screens::types::Coord;
use tafl_core::screens::work::{Work, perform};
use tafl_core::screens::{
    AppConfig, ButtonView, Controller, EngineConfig, Event, Frame, FramePatch, GameView, InfoKind,
    Listener, PageItem, PageView, Point, Runtime, ScreenView, TimeControl, TouchPhase,
};
use tafl_core::texts::Language;

/// Keeps every frame the app hands over.
#[derive(Default)]
struct Frames(Mutex<Vec<Frame>>);

/// The listener the app owns, sharing the frames with the test.
struct Shared(Arc<Frames>);

impl Listener for Shared {
    fn frame(&self, frame: Frame) {
        self.0.0.lock().unwrap().push(frame);
    }

    /// A patch makes the next frame of the newest one, as a shell makes it.
    fn patch(&self, patch: FramePatch) {
        let mut all = self.0.0.lock().unwrap();
        let newest = all.iter().max_by_key(|f| f.revision).cloned();
        if let Some(mut frame) = newest {
            patch.apply(&mut frame);
            all.push(frame);
        }
    }
}

pub struct App {
    runtime: Arc<Runtime>,
    frames: Arc<Frames>,
}

/// A computer that answers at once and the same way on every machine (a node budget).
pub fn quick_engine(nodes: u64) -> EngineConfig {
    EngineConfig {
        think_ms: None,
        think_nodes: Some(nodes),
        hint_ms: None,
        hint_nodes: Some(nodes),
        pause_ms: 0,
        threads: 1,
        vary_games: false,
    }
}

/// An app's settings for a test: light, on UTC, no saved screens.
pub fn config(db: Option<&Path>, language: Language, engine: EngineConfig) -> AppConfig {
    AppConfig {
        database_path: db.map(|p| p.display().to_string()),
        language,
        dark: false,
        utc_offset_minutes: 0,
        engine,
        saved_state: None,
    }
}

impl App {
    /// The app with a quick computer, once its store is open.
    pub fn open(db: Option<&Path>, language: Language) -> App {
        App::start(config(db, language, quick_engine(300)))
    }

    /// The app, once the work its start asked for (opening the store) is done.
    pub fn start(config: AppConfig) -> App {
        let app = App::launch(config);
        app.settled();
        app
    }

    /// The app at once, its store perhaps still opening behind.
    pub fn launch(config: AppConfig) -> App {
        let frames = Arc::new(Frames::default());
        let runtime = Runtime::start(config, Box::new(Shared(frames.clone())));
        App { runtime, frames }
    }

    /// Sends an event and waits for the work it started.
    pub fn send(&self, event: Event) -> Frame {
        self.send_now(event);
        self.settled()
    }

    /// Sends an event without waiting for anything behind it.
    pub fn send_now(&self, event: Event) {
        self.runtime.send(event);
    }

    /// The newest frame once no work is running behind it.
    pub fn settled(&self) -> Frame {
        let end = Instant::now() + Duration::from_secs(60);
        loop {
            let newest = self
                .frames
                .0
                .lock()
                .unwrap()
                .iter()
                .max_by_key(|f| f.revision)
                .cloned();
            if let Some(f) = newest.filter(|f| !f.busy) {
                return f;
            }
            assert!(Instant::now() < end, "the app never settled");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Every frame handed over so far, oldest first.
    pub fn frames(&self) -> Vec<Frame> {
        let mut all = self.frames.0.lock().unwrap().clone();
        all.sort_by_key(|f| f.revision);
        all
    }

    /// Where the screens stand, as a shell keeps it when the app leaves the screen.
    pub fn saved_state(&self) -> String {
        self.runtime.saved_state()
    }

    /// Lets the work behind finish (the store's writes among it), as leaving the screen does.
    pub fn close(self) {
        self.send(Event::Background);
    }

    /// A tap on the middle of a square of the board on show.
    pub fn tap(&self, square: Coord) -> Frame {
        self.send(tap_on(&self.settled(), square))
    }

    /// A move by two taps, from and to.
    pub fn play(&self, kind: VariantKind, text: &str) -> Frame {
        let (from, to) = move_coords(kind, text);
        self.tap(from);
        self.tap(to)
    }
}

/// A tap on the middle of a square of the board in `frame`.
pub fn tap_on(frame: &Frame, square: Coord) -> Event {
    let node = game(frame)
        .board
        .squares
        .iter()
        .find(|n| n.square == square)
        .cloned()
        .expect("the square is on the board");
    Event::Touch {
        phase: TouchPhase::Tap,
        at: Point::new(node.x + 0.5, node.y + 0.5),
    }
}

/// Runs the work the controller asked for, and the work that work asks for, in order on this
/// thread (as the scenario runner does), and returns the frame once nothing is left.
pub fn settle(app: &mut Controller) -> Frame {
    loop {
        let jobs = app.take_work();
        if jobs.is_empty() {
            return app.frame();
        }
        app.started(jobs.len());
        for job in jobs {
            perform(job, &mut |done| app.finish(done));
        }
    }
}

/// The id of the analysis among `work`, which must hold one (a review starts it).
pub fn analysis_id(work: Vec<Work>) -> u64 {
    work.into_iter()
        .find_map(|w| match w {
            Work::Analyse { id, .. } => Some(id),
            _ => None,
        })
        .expect("the review starts an analysis")
}

/// Starts a two-player game of `kind` and plays `moves` (in notation) as a screen reader does,
/// settling after each step.
pub fn play_two_player_game(app: &mut Controller, kind: VariantKind, moves: &[&str]) {
    for event in [
        Event::ChooseVariant { variant: kind },
        Event::ChooseOpponent { vs_computer: false },
        Event::NewGame,
    ] {
        app.handle(event);
        settle(app);
    }
    for m in moves {
        let (from, to) = move_coords(kind, m);
        app.handle(Event::ActivateSquare { square: from });
        app.handle(Event::ActivateSquare { square: to });
        settle(app);
    }
}

/// The start page's events that begin a game of `kind` between two players on `clock`.
pub fn clocked_two_player_start(kind: VariantKind, clock: TimeControl) -> [Event; 4] {
    [
        Event::ChooseVariant { variant: kind },
        Event::ChooseOpponent { vs_computer: false },
        Event::ChooseClock { clock },
        Event::NewGame,
    ]
}

/// The squares a move in notation goes from and to.
pub fn move_coords(kind: VariantKind, text: &str) -> (Coord, Coord) {
    let g = &kind.rules().geometry;
    let (mv, _) = parse_move(g, text).unwrap_or_else(|e| panic!("{text} is no move: {e:?}"));
    let c = |sq| Coord {
        file: g.file(sq),
        rank: g.rank(sq),
    };
    (c(mv.from), c(mv.to))
}

pub fn page(frame: &Frame) -> &PageView {
    match &frame.screen {
        ScreenView::Page { page } => page,
        other => panic!("a page, not {other:?}"),
    }
}

pub fn game(frame: &Frame) -> &GameView {
    match &frame.screen {
        ScreenView::Game { game } => game,
        other => panic!("a board, not {other:?}"),
    }
}

/// The page's buttons, in rows or alone.
pub fn buttons(frame: &Frame) -> Vec<ButtonView> {
    page(frame)
        .items
        .iter()
        .flat_map(|item| match item {
            PageItem::Button { button } => vec![button.clone()],
            PageItem::Buttons { buttons } => buttons.clone(),
            _ => vec![],
        })
        .collect()
}

/// The game screen's info lines of one kind.
pub fn info(frame: &Frame, kind: InfoKind) -> Vec<String> {
    game(frame)
        .info
        .iter()
        .filter(|l| l.kind == kind)
        .map(|l| l.text.clone())
        .collect()
}

/// The game screen's control with this id.
pub fn control(frame: &Frame, id: &str) -> Option<ButtonView> {
    game(frame).controls.iter().find(|b| b.id == id).cloned()
}
