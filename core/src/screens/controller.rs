//! The app's one state machine: events in, frames out, and work to run behind.
//!
//! [`Controller::handle`] and [`Controller::finish`] change the state and collect the effects
//! to play and the work to start; [`Controller::frame`] describes the screen. Nothing here
//! blocks or waits: the runtime ([`super::runtime`]) or the scenario runner runs the work.

use std::collections::HashSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::session::Session;
use crate::engine::variant::{RuleOptions, VariantKind};
use crate::learning::lessons::{self, LessonRun};
use crate::learning::puzzles::runs::RunKind;
use crate::learning::puzzles::{self, PuzzleRun};
use crate::learning::rating::Rating;
use crate::screens::look::Look;
use crate::store::{
    FinishedGameSummary, GameRecords, LessonProgress, ModeKind, Settings, StoreError,
};
use crate::texts::{Label, Language};

use super::config::{AppConfig, EngineConfig};
use super::context::{Ctx, Display, Outbox};
use super::frame::*;
use super::game_clock::GameClock;
use super::play_screen::GameScreen;
use super::review_screen::{Origin, ReviewScreen};
use super::reviewed_game::{self, GameReview, ImportError};
use super::run_screen::{RunScreen, SavedRun};
use super::saved_exercise::{SavedLesson, SavedPuzzle};
use super::setup::Setup;
use super::showing::{Page, Showing};
use super::storage::{TaflStore, next_token};
use super::ticks::{Shown, Ticks};
use super::types::{Coord, StoreNotice};
use super::work::{Done, Opened, PuzzleRecords, ReadResult, StoreRead, Work};
use super::{pages, words};

/// Where the screens stood, kept by the platform across the death of the app's process.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct SavedState {
    screen: Option<ScreenKind>,
    setup: Option<Setup>,
    rules: Option<VariantKind>,
    selected: Option<Coord>,
    review_game: Option<i64>,
    review_ply: Option<u32>,
    import_text: String,
    lesson: Option<SavedLesson>,
    puzzle: Option<SavedPuzzle>,
    /// The streak or storm around the puzzle, when one is on show.
    run: Option<SavedRun>,
    // No clock here: a game's clock is kept by the store with the game (written with each
    // move and when the game leaves the screen), so it comes back with or without this state.
}

/// What the last event or result changed on screen, when it was less than the whole screen
/// (the frame is then sent as a patch: see [`Controller::update`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Changed {
    /// Anything: the whole frame is built.
    Screen,
    /// The board's moving parts: the lifted piece, the square under it, the window.
    Board,
    /// The review's chart and the analysis line.
    Chart,
    /// A game clock's faces (a tick that changed the time shown).
    Clock,
    /// Nothing on screen (a save written): only whether work runs behind.
    Nothing,
    /// Nothing at all, not even whether work runs (a tick that changed nothing a person
    /// sees): nothing is sent.
    Untouched,
}

/// The longest import text (in bytes) kept in the saved state: a long game is a few kB.
pub const SAVED_IMPORT_LIMIT: usize = 32 * 1024;

/// What the start screen says about the saved data.
#[derive(Clone, PartialEq, Debug)]
enum Notice {
    Store(StoreNotice),
    StorageFailed,
}

/// The time now, in seconds since 1970 (UTC). The state machine reads no clock of its own:
/// the runtime gives it the system's, a test may give it a fixed one.
pub type Clock = fn() -> i64;

pub struct Controller {
    clock: Clock,
    engine: EngineConfig,
    utc_offset_minutes: i32,
    language: Language,
    dark: bool,
    settings: Settings,
    /// Settings the person changed before the store was read: they win over the stored ones.
    changed_settings: Vec<(SettingKind, bool)>,
    store: Option<Arc<TaflStore>>,
    loading: bool,
    notice: Option<Notice>,
    /// The screen on show, with what only it holds.
    showing: Showing,
    setup: Setup,
    can_resume: bool,
    records: Vec<GameRecords>,
    puzzle_records: PuzzleRecords,
    history: Vec<FinishedGameSummary>,
    /// The player's game, on show or waiting to be resumed.
    game: Option<GameScreen>,
    /// The player's progress through the lessons, as the store keeps it.
    lesson_progress: Vec<LessonProgress>,
    /// The player has finished a game (the start screen then offers no first lesson).
    played: bool,
    /// The player's puzzle rating and the puzzles played to a result, as the store keeps them.
    puzzle_rating: Rating,
    puzzles_played: HashSet<String>,
    import_text: String,
    import_error: Option<ImportError>,
    importing: Option<u64>,
    /// The store read that the screen waits for (only the latest one counts).
    reading: Option<(u64, StoreRead)>,
    /// The read that brings back the screen the app was on when the system ended it (the app
    /// is starting while it is the one under way).
    restoring: Option<u64>,
    background: bool,
    /// The shell's ticks, counted while something timed is on show (see [`super::ticks`]).
    ticks: Ticks,
    revision: u64,
    changed: Changed,
    in_flight: usize,
    out: Outbox,
    restore: Option<SavedState>,
    /// The selection to give back once the game read from the store is on screen again.
    restore_selection: Option<Coord>,
    restore_ply: Option<u32>,
}

impl Controller {
    /// A new app on the system's clock: the store opens behind (the first work to run).
    pub fn new(config: AppConfig) -> Controller {
        Controller::with_clock(config, crate::store::now)
    }

    /// A new app whose days come from `clock`.
    pub fn with_clock(config: AppConfig, clock: Clock) -> Controller {
        let settings = Settings::default();
        let restore = config
            .saved_state
            .as_deref()
            .and_then(|s| serde_json::from_str::<SavedState>(s).ok());
        let mut c = Controller {
            clock,
            engine: config.engine,
            utc_offset_minutes: config.utc_offset_minutes,
            language: config.language,
            dark: config.dark,
            setup: Setup::from_settings(&settings),
            settings,
            changed_settings: Vec::new(),
            store: None,
            loading: true,
            notice: None,
            showing: Showing::start(),
            can_resume: false,
            records: Vec::new(),
            puzzle_records: PuzzleRecords::default(),
            history: Vec::new(),
            game: None,
            lesson_progress: Vec::new(),
            played: false,
            puzzle_rating: Rating::NEW,
            puzzles_played: HashSet::new(),
            import_text: String::new(),
            import_error: None,
            importing: None,
            reading: None,
            restoring: None,
            background: false,
            ticks: Ticks::default(),
            revision: 0,
            changed: Changed::Screen,
            in_flight: 0,
            out: Outbox::default(),
            restore,
            restore_selection: None,
            restore_ply: None,
        };
        c.start_work(Work::OpenStore {
            path: config.database_path,
        });
        c
    }

    /// The work the last event or result asked for, to run now.
    pub fn take_work(&mut self) -> Vec<Work> {
        std::mem::take(&mut self.out.work)
    }

    /// Work is running behind.
    pub fn busy(&self) -> bool {
        self.in_flight > 0 || !self.out.work.is_empty()
    }

    fn start_work(&mut self, work: Work) {
        self.out.work(work);
    }

    /// The context, the player's game and the screen on show, borrowed apart: the one place a
    /// `Ctx` is built.
    fn parts(&mut self) -> (Ctx<'_>, Option<&mut GameScreen>, &mut Showing) {
        self.out.allow(&self.settings, self.background);
        (
            Ctx {
                display: self.display(),
                store: self.store.as_ref(),
                engine: &self.engine,
                out: &mut self.out,
            },
            self.game.as_mut(),
            &mut self.showing,
        )
    }

    /// How the screens are drawn now.
    fn display(&self) -> Display {
        Display::new(self.language, self.dark, &self.settings)
    }

    /// The outbox, playing what the settings allow now.
    fn outbox(&mut self) -> &mut Outbox {
        self.out.allow(&self.settings, self.background);
        &mut self.out
    }

    /// Runs `f` on the player's game (on show or not), with its context.
    fn with_game(&mut self, f: impl FnOnce(&mut GameScreen, &mut Ctx<'_>)) {
        let (mut ctx, game, _) = self.parts();
        if let Some(game) = game {
            f(game, &mut ctx);
        }
    }

    /// Runs `f` on the lesson on show, with its context, then hands a solved step to the
    /// store (behind, on its writer's thread) and to the progress on show.
    fn with_lesson(&mut self, f: impl FnOnce(&mut GameScreen, &mut Ctx<'_>)) {
        let (mut ctx, _, showing) = self.parts();
        let Showing::Lesson(lesson) = showing else {
            return;
        };
        f(lesson, &mut ctx);
        if let Some((id, step, finished)) = lesson.take_lesson_progress() {
            if let Some(store) = &self.store {
                store.writer.save_lesson_step(&id, step, finished);
            }
            note_progress(&mut self.lesson_progress, id, step, finished);
        }
    }

    /// Runs `f` on the puzzle on show, with its context, then hands a result to the store
    /// (behind) and to the rating on show.
    fn with_puzzle(&mut self, f: impl FnOnce(&mut GameScreen, &mut Ctx<'_>)) {
        let (mut ctx, _, showing) = self.parts();
        let Showing::Puzzle(puzzle) = showing else {
            return;
        };
        f(puzzle, &mut ctx);
        if let Some((key, grade, solved)) = puzzle.take_puzzle_result() {
            if let Some(store) = &self.store {
                store.writer.record_puzzle(&key, grade, solved);
            }
            self.puzzle_rating = self.puzzle_rating.after_puzzle(grade, solved);
            self.puzzles_played.insert(key);
        }
    }

    /// Runs `f` on the run on show, with its context, then hands its puzzle's result to the
    /// run and, once the run is over, its score to the store.
    fn with_run(&mut self, f: impl FnOnce(&mut RunScreen, &mut Ctx<'_>)) {
        let (mut ctx, _, showing) = self.parts();
        let Showing::Run(run) = showing else {
            return;
        };
        f(run, &mut ctx);
        run.take_result(ctx.display.texts(), ctx.out);
        if let Showing::Run(run) = &mut self.showing {
            record_run(self.store.as_ref(), &mut self.puzzle_records, run, false);
        }
    }

    /// Runs `f` on the screen with a board on show: the lesson's, the puzzle's or the run's,
    /// else the player's game.
    fn with_board(&mut self, f: impl FnOnce(&mut GameScreen, &mut Ctx<'_>)) {
        match self.showing {
            Showing::Lesson(_) => self.with_lesson(f),
            Showing::Puzzle(_) => self.with_puzzle(f),
            Showing::Run(_) => self.with_run(|r, ctx| f(&mut r.screen, ctx)),
            _ => self.with_game(f),
        }
    }

    /// Runs `f` on the review on show, with its context.
    fn with_review(&mut self, f: impl FnOnce(&mut ReviewScreen, &mut Ctx<'_>)) {
        let (mut ctx, _, showing) = self.parts();
        if let Showing::Review(review) = showing {
            f(review, &mut ctx);
        }
    }

    /// Handles one event.
    pub fn handle(&mut self, event: Event) {
        self.changed = self.changes(&event);
        match event {
            Event::ChooseVariant { variant } => self.setup.variant = variant,
            Event::ChooseOpponent { vs_computer } => self.setup.vs_computer = vs_computer,
            Event::ChooseLevel { level } => self.setup.level = level,
            Event::ChooseSide { side } => self.setup.side = side,
            Event::ChooseClock { clock } => self.setup.clock = clock,
            Event::NewGame => {
                if self.loading {
                } else if self.can_resume {
                    if let Showing::Start { confirm_new_game } = &mut self.showing {
                        *confirm_new_game = true;
                    }
                } else {
                    self.new_game();
                }
            }
            Event::Resume => self.resume(),
            Event::Open { screen } => self.open(screen),
            Event::ShowRules { variant } => self.show(Showing::Page(Page::Rules(variant))),
            Event::Back => self.back(),
            Event::Answer { yes } => self.answer(yes),
            Event::OpenLesson { lesson } => self.open_lesson(&lesson),
            Event::NextStep => self.next_step(),
            Event::OpenPuzzle { daily } => self.open_puzzle(daily),
            Event::NextPuzzle if matches!(self.showing, Showing::Run(_)) => {
                self.with_run(|r, ctx| r.next_puzzle(ctx.display.texts(), ctx.out))
            }
            Event::NextPuzzle => self.next_puzzle(),
            Event::StartRun { run } => self.start_run(run),
            Event::SkipPuzzle => self.with_run(|r, ctx| r.skip(ctx.display.texts(), ctx.out)),
            Event::Touch { phase, at } if self.has_board() => {
                match (phase, at.x.is_finite() && at.y.is_finite()) {
                    (_, true) => self.with_board(|g, ctx| g.touch(phase, at, ctx)),
                    // A point that is no point (a shell's division by zero): a drag that ends
                    // there is cancelled, anything else is ignored.
                    (TouchPhase::DragEnd | TouchPhase::DragCancel, false) => {
                        self.with_board(|g, ctx| {
                            g.touch(TouchPhase::DragCancel, super::Point::new(0.0, 0.0), ctx)
                        })
                    }
                    (_, false) => {}
                }
            }
            Event::ActivateSquare { square } if self.has_board() => {
                self.with_board(|g, ctx| g.tap(square, ctx))
            }
            Event::Zoom {
                centre,
                factor,
                pan,
            } if self.has_board() => {
                self.with_board(|g, ctx| g.pinch(centre, factor, pan, &ctx.display))
            }
            Event::Touch { .. } | Event::ActivateSquare { .. } | Event::Zoom { .. } => {}
            Event::Undo => self.with_board(|g, ctx| g.undo(ctx)),
            Event::Resign => self.with_board(|g, _| g.ask_resign()),
            Event::Hint => self.with_board(|g, ctx| g.hint(ctx.engine, ctx.out)),
            Event::PlayAgain
                if matches!(
                    self.showing,
                    Showing::Lesson(_) | Showing::Puzzle(_) | Showing::Run(_)
                ) => {}
            Event::PlayAgain => self.new_game(),
            Event::FlashExpired { id } => self.with_board(|g, _| g.flash_expired(id)),
            Event::ReviewMove { ply } => self.review_own_game(ply),
            Event::SetSetting { setting, on } => self.set(setting, on),
            Event::DismissNotice => self.notice = None,
            Event::OpenReview { id } => self.read(StoreRead::Review(id)),
            Event::ReviewGoTo { ply } => self.with_review(|r, _| r.go_to(ply)),
            Event::ChartTouch { fraction } => {
                self.with_review(|r, _| {
                    let plies = r.review.info().plies;
                    r.go_to(super::chart_plan::ply_at(fraction, plies));
                });
            }
            Event::Analyse => self.with_review(|r, ctx| r.analyse(ctx.out)),
            Event::CancelAnalysis => self.with_review(|r, _| r.stop()),
            Event::Share => self.share(),
            Event::ImportText { text } => {
                self.import_text = text;
                self.import_error = None;
            }
            Event::Import => self.import(),
            Event::Received { bytes } => self.received(bytes.as_deref()),
            Event::LanguageChanged { language } => self.language = language,
            Event::ThemeChanged { dark } => self.dark = dark,
            Event::Background => self.go_background(),
            Event::Foreground => {
                self.background = false;
                // The first tick back only sets the baseline: time away is not charged.
                self.ticks.pause();
                self.with_game(|g, ctx| g.start_computer_if_due(ctx.engine, ctx.out));
                // What leaving stopped goes on: the computer's turn, and a review's analysis.
                self.with_review(|r, ctx| r.resume(ctx.out));
            }
            Event::Tick { now_ms } => self.tick(now_ms),
        }
        self.pause_ticks_if_untimed();
    }

    /// A tick of the shell's clock: the time since the tick before goes to what is timed on
    /// show. A tick while nothing is timed (a late one, after the frame stopped asking) or
    /// while the app is away counts nothing and sets no baseline.
    fn tick(&mut self, now_ms: i64) {
        if self.tick_ms().is_none() {
            return;
        }
        let ms = self.ticks.tick(now_ms);
        let mut shown = Shown::Nothing;
        if ms > 0 {
            match self.showing {
                Showing::Run(_) => self.with_run(|r, ctx| {
                    if r.elapse(ms, ctx.display.texts(), ctx.out) {
                        shown = Shown::Screen;
                    }
                }),
                _ => self.with_board(|g, ctx| shown = g.elapse(ms, ctx)),
            }
        }
        if !self.out.effects.is_empty() {
            shown = Shown::Screen;
        }
        self.changed = match shown {
            Shown::Nothing => Changed::Untouched,
            Shown::Clock => Changed::Clock,
            Shown::Screen => Changed::Screen,
        };
    }

    /// How often the shell should tick (`Frame::tick_ms`): while the app is on screen and the
    /// screen on show has something timed.
    fn tick_ms(&self) -> Option<u32> {
        if self.background {
            return None;
        }
        match &self.showing {
            Showing::Game => self.game.as_ref().and_then(GameScreen::tick_ms),
            Showing::Lesson(screen) | Showing::Puzzle(screen) => screen.tick_ms(),
            Showing::Run(run) => run.tick_ms(),
            _ => None,
        }
    }

    /// Once nothing timed is on show, time stops counting: the first tick when something timed
    /// is back only sets the baseline, so time spent elsewhere is never charged.
    fn pause_ticks_if_untimed(&mut self) {
        if self.tick_ms().is_none() {
            self.ticks.pause();
        }
    }

    /// What an event changes on screen: a drag step or a pinch step on a board changes only the
    /// board's moving parts (a drag step moves the lifted piece, or the window while the board
    /// is panned; a pinch moves the window); anything else may change anything.
    fn changes(&self, event: &Event) -> Changed {
        match event {
            Event::Touch {
                phase: TouchPhase::DragMove,
                ..
            }
            | Event::Zoom { .. }
                if self.has_board() =>
            {
                Changed::Board
            }
            // A tick changes the screen only when what is timed shows it (`Controller::tick`).
            Event::Tick { .. } => Changed::Untouched,
            _ => Changed::Screen,
        }
    }

    /// Takes in what a piece of work came to.
    pub fn finish(&mut self, done: Done) {
        self.changed = match &done {
            Done::AnalysisPoint { .. } if matches!(self.showing, Showing::Review(_)) => {
                Changed::Chart
            }
            // A save written shows only when it failed.
            Done::Flushed if !self.save_failed() => Changed::Nothing,
            _ => Changed::Screen,
        };
        if done.is_final() {
            self.in_flight = self.in_flight.saturating_sub(1);
        }
        match done {
            Done::StoreOpened(opened) => self.opened(*opened),
            Done::Thought { id, best, engine } => {
                self.with_game(|g, ctx| g.thought(id, best, engine, ctx))
            }
            Done::Hinted { id, best } => self.with_game(|g, ctx| g.hinted(id, best, ctx)),
            Done::Judged { id, verdict } => {
                self.with_board(|g, ctx| g.judged(id, verdict, &ctx.display, ctx.out))
            }
            Done::AnalysisPoint { id, ply, chance } => {
                self.with_review(|r, _| r.point(id, ply, chance))
            }
            Done::Analysed { id, view } => self.with_review(|r, _| r.analysed(id, view)),
            Done::Read { id, result } => self.read_done(id, result),
            Done::Imported { id, result } => self.imported(id, result),
            Done::Flushed => {}
        }
        self.pause_ticks_if_untimed();
    }

    /// A save of a game on show has failed (its line under the board says so).
    fn save_failed(&self) -> bool {
        self.game
            .iter()
            .chain(self.showing.exercise())
            .any(GameScreen::save_failed)
    }

    /// Counts the work handed out, so that the frame knows it is busy.
    pub fn started(&mut self, count: usize) {
        self.in_flight += count;
    }

    // --- the store ---

    fn opened(&mut self, opened: Opened) {
        self.loading = false;
        let mut settings = opened.settings;
        // What the person changed while the store was opening wins, and is saved.
        for (kind, on) in std::mem::take(&mut self.changed_settings) {
            apply(&mut settings, kind, on);
        }
        self.settings = settings;
        self.store = opened.store;
        if let Some(store) = &self.store {
            store.writer.save_settings(self.settings);
        }
        self.setup = Setup::from_settings(&self.settings);
        if let Showing::Page(Page::Rules(variant)) = &mut self.showing {
            *variant = self.setup.variant;
        }
        self.records = opened.records;
        self.puzzle_records = opened.puzzle_records;
        self.lesson_progress = opened.lessons;
        self.played = opened.played;
        self.puzzle_rating = opened.puzzle_rating;
        self.puzzles_played = opened.puzzles_played;
        self.can_resume = opened.can_resume;
        self.notice = if opened.failed {
            Some(Notice::StorageFailed)
        } else {
            opened.notice.map(Notice::Store)
        };
        if let Some(saved) = self.restore.take() {
            self.apply_saved(saved);
        }
    }

    fn read(&mut self, read: StoreRead) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let id = self.out.next_id();
        self.reading = Some((id, read));
        self.start_work(Work::Read { id, store, read });
    }

    fn read_done(&mut self, id: u64, result: Result<ReadResult, StoreError>) {
        if self.reading.is_none_or(|(r, _)| r != id) {
            return;
        }
        self.reading = None;
        match result {
            // A finished game that is not there (an old link, a stale id) is no failure of the
            // store: there is simply nothing to open.
            Err(StoreError::NotFound(_)) => {}
            Err(_) => self.notice = Some(Notice::StorageFailed),
            Ok(ReadResult::Records(rows, puzzles)) => {
                self.records = rows;
                self.puzzle_records = puzzles;
            }
            Ok(ReadResult::History(games)) => self.history = games,
            Ok(ReadResult::Resume(None)) => self.can_resume = false,
            Ok(ReadResult::Resume(Some(r))) => {
                let session = Session::from_game(r.game, r.mode)
                    .with_hints(r.hints)
                    .with_seed(r.seed)
                    .with_clock(r.clock);
                self.drop_game();
                self.game = Some(GameScreen::new(session, r.token));
                let selected = self.restore_selection.take();
                self.show(Showing::Game);
                self.with_game(|g, ctx| {
                    if let Some(c) = selected {
                        g.restore_selection(c);
                    }
                    g.start_computer_if_due(ctx.engine, ctx.out);
                });
            }
            Ok(ReadResult::Review(review)) => {
                let ply = self.restore_ply.take();
                self.open_review(review, Origin::History, ply);
            }
        }
    }

    // --- navigation ---

    /// Puts `next` on show. The screen it replaces ends: a review's analysis stops.
    /// Puts `next` on show. The screen it replaces ends: a review's analysis stops, a run's
    /// score counts as it stands.
    fn show(&mut self, next: Showing) {
        match std::mem::replace(&mut self.showing, next) {
            Showing::Review(mut left) => left.stop(),
            Showing::Run(mut left) => record_run(
                self.store.as_ref(),
                &mut self.puzzle_records,
                &mut left,
                true,
            ),
            _ => {}
        }
    }

    fn open(&mut self, screen: ScreenKind) {
        let page = match screen {
            ScreenKind::Records => {
                self.read(StoreRead::Records);
                Page::Records
            }
            ScreenKind::History => {
                self.read(StoreRead::History);
                Page::History
            }
            ScreenKind::Rules => Page::Rules(self.setup.variant),
            ScreenKind::Settings => Page::Settings,
            ScreenKind::Import => Page::Import,
            // A lesson opens by its id (`Event::OpenLesson`); by its kind, the list.
            ScreenKind::Lessons | ScreenKind::Lesson => Page::Lessons,
            ScreenKind::Start => return self.show(Showing::start()),
            ScreenKind::Game => return self.resume(),
            ScreenKind::Puzzle => return self.open_puzzle(false),
            // A review opens by its game (`Event::OpenReview`).
            ScreenKind::Review => return,
        };
        self.show(Showing::Page(page));
    }

    /// Back one screen; a question open on the screen closes first.
    fn back(&mut self) {
        match &self.showing {
            Showing::Game => {
                if self.game.as_ref().is_some_and(GameScreen::has_question) {
                    self.with_game(|g, ctx| g.answer(false, ctx));
                    return;
                }
                self.leave_game();
                self.show(Showing::start());
                self.read(StoreRead::Records);
            }
            Showing::Review(review) => match review.origin {
                Origin::History => {
                    self.show(Showing::Page(Page::History));
                    self.read(StoreRead::History);
                }
                Origin::Import => self.show(Showing::Page(Page::Import)),
                Origin::Game => self.show(Showing::Game),
            },
            Showing::Lesson(_) => self.close_lesson(),
            // Leaving ends a run: its score so far counts (`Controller::show`).
            Showing::Start { .. } | Showing::Puzzle(_) | Showing::Run(_) | Showing::Page(_) => {
                self.show(Showing::start())
            }
        }
    }

    /// Whether Back does something in the app (otherwise it leaves it, as the system says).
    fn handles_back(&self) -> bool {
        !matches!(
            self.showing,
            Showing::Start {
                confirm_new_game: false
            }
        )
    }

    fn answer(&mut self, yes: bool) {
        match self.showing {
            Showing::Start {
                confirm_new_game: true,
            } => {
                self.show(Showing::start());
                if yes {
                    self.new_game();
                }
            }
            Showing::Game => {
                self.with_game(|g, ctx| g.answer(yes, ctx));
                self.can_resume = self.game.as_ref().is_some_and(|g| !g.over());
            }
            _ => {}
        }
    }

    // --- games ---

    fn new_game(&mut self) {
        if self.loading {
            return;
        }
        self.drop_game();
        let mode = self.setup.mode();
        // The seed of a game that varies is drawn here, like its token: from the system.
        let seed = if self.engine.vary_games {
            crate::ai::fresh_game_seed()
        } else {
            0
        };
        let session = Session::new(
            self.setup.variant,
            RuleOptions {
                exit_forts: self.settings.exit_forts,
            },
            mode,
        )
        .with_seed(seed)
        .with_clock(GameClock::new(self.setup.time_control()));
        let game = GameScreen::new(session, next_token());
        if let Some(store) = &self.store {
            game.begin(store);
        }
        self.game = Some(game);
        self.settings.last_variant = self.setup.variant;
        self.settings.last_mode = if self.setup.vs_computer {
            ModeKind::VsComputer
        } else {
            ModeKind::TwoPlayers
        };
        self.settings.last_level = self.setup.level;
        self.settings.last_side = self.setup.side;
        self.settings.last_time_control = self.setup.clock;
        self.save_settings();
        self.can_resume = false;
        self.show(Showing::Game);
        self.with_game(|g, ctx| g.start_computer_if_due(ctx.engine, ctx.out));
    }

    fn resume(&mut self) {
        if self.loading {
            return;
        }
        if self.game.as_ref().is_some_and(|g| !g.over()) {
            self.show(Showing::Game);
            self.with_game(|g, ctx| g.start_computer_if_due(ctx.engine, ctx.out));
            return;
        }
        self.read(StoreRead::Resume);
    }

    /// The game on screen is left for another: a finished one is recorded, searches stop.
    /// The game on show is left: its search stops, an unfinished one is kept to resume, a
    /// finished one is recorded and let go.
    fn leave_game(&mut self) {
        self.with_game(|g, ctx| g.leave(ctx.store));
        self.can_resume = self.game.as_ref().is_some_and(|g| !g.over());
        if self.game.as_ref().is_some_and(GameScreen::over) {
            self.drop_game();
        }
    }

    fn drop_game(&mut self) {
        if self.game.as_ref().is_some_and(GameScreen::over) {
            self.played = true;
        }
        self.with_game(|g, ctx| g.leave(ctx.store));
        self.game = None;
    }

    // --- lessons ---

    fn has_board(&self) -> bool {
        self.showing.has_board()
    }

    /// A lesson, from the first step the player has not solved (from the start once it is
    /// finished). An unknown id or a step that cannot be set up opens nothing.
    fn open_lesson(&mut self, id: &str) {
        let Some(lesson) = lessons::find(id) else {
            return;
        };
        let progress = self
            .lesson_progress
            .iter()
            .find(|p| p.lesson == lesson.id());
        let step = match progress {
            Some(p) if !p.finished => lessons::resume_step(lesson, &p.steps),
            _ => 0,
        };
        let Ok(run) = LessonRun::start_at(lesson, step) else {
            return;
        };
        // The player's game stops thinking while the lesson is on (it stays to resume).
        self.with_game(|g, ctx| g.leave(ctx.store));
        self.can_resume = self.can_resume || self.game.as_ref().is_some_and(|g| !g.over());
        if self.game.as_ref().is_some_and(GameScreen::over) {
            self.drop_game();
        }
        self.setup.variant = lesson.kind;
        let screen = GameScreen::lesson(run);
        let prompt = screen
            .lesson_run()
            .map(|r| r.prompt(self.language.catalog()));
        self.show(Showing::Lesson(Box::new(screen)));
        if let Some(text) = prompt {
            self.outbox().announce(text, false);
        }
    }

    /// "Next step", or "Finish" after the last: back to the list of lessons.
    fn next_step(&mut self) {
        if !matches!(self.showing, Showing::Lesson(_)) {
            return;
        }
        let mut moved = false;
        self.with_lesson(|l, ctx| moved = l.next_step(ctx.texts(), ctx.out));
        let done = self.showing.exercise().is_some_and(|l| {
            l.lesson_solved() && l.lesson_run().is_some_and(LessonRun::is_last_step)
        });
        if !moved && done {
            self.close_lesson();
        }
    }

    fn close_lesson(&mut self) {
        self.show(Showing::Page(Page::Lessons));
    }

    // --- puzzles ---

    /// A puzzle of the chosen game: the day's, or one near the player's rating that the player
    /// has not met (the choice follows how many were played, so it is the same on any device
    /// for the same history). A game without puzzles opens nothing.
    fn open_puzzle(&mut self, daily: bool) {
        if self.loading {
            return;
        }
        let kind: crate::engine::variant::VariantKind = self.setup.variant;
        let today = self.today();
        let found = if daily {
            puzzles::daily(kind, today)
        } else {
            let seed = self.puzzles_played.len() as u64;
            puzzles::choose(kind, self.puzzle_rating.rating, &self.puzzles_played, seed)
        };
        let Some(puzzle) = found else {
            return;
        };
        self.set_game_aside();
        let screen = GameScreen::puzzle(
            PuzzleRun::new(puzzle.clone()),
            daily.then_some((today, today)),
            self.puzzle_rating,
            !self.puzzles_played.contains(&puzzle.key()),
        );
        let texts = self.language.catalog();
        let said = screen
            .puzzle_mode()
            .map(|p| {
                let lines = p.info(texts);
                lines
                    .iter()
                    .map(|l| l.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        self.show(Showing::Puzzle(Box::new(screen)));
        self.outbox().announce(said, false);
    }

    /// The player's game stops thinking while a puzzle or a run is on (it stays to resume).
    fn set_game_aside(&mut self) {
        self.with_game(|g, ctx| g.leave(ctx.store));
        self.can_resume = self.can_resume || self.game.as_ref().is_some_and(|g| !g.over());
        if self.game.as_ref().is_some_and(GameScreen::over) {
            self.drop_game();
        }
    }

    /// A puzzle streak or storm of the chosen game, from its first puzzle. Its puzzles come
    /// by a seed drawn from the system when games vary (the apps), else always the same ones
    /// (tests). A game without puzzles opens nothing.
    fn start_run(&mut self, kind: RunKind) {
        if self.loading {
            return;
        }
        let game = self.setup.variant;
        let seed = if self.engine.vary_games {
            crate::ai::fresh_game_seed()
        } else {
            0
        };
        let best = self.puzzle_records.best(game, kind);
        let Some(run) = RunScreen::start(kind, game, seed, &self.puzzles_played, best) else {
            return;
        };
        self.set_game_aside();
        let said = run.opening(self.language.catalog());
        self.show(Showing::Run(Box::new(run)));
        self.outbox().announce(said, false);
    }

    /// "Next puzzle", once the one on show is solved.
    fn next_puzzle(&mut self) {
        let solved = match &self.showing {
            Showing::Puzzle(screen) => screen.puzzle_mode().is_some_and(|p| p.solved()),
            _ => false,
        };
        if solved {
            self.open_puzzle(false);
        }
    }

    /// A move of the finished game's list: its position in a review of this game.
    fn review_own_game(&mut self, ply: u32) {
        let Some(game) = &self.game else {
            return;
        };
        if !game.over() {
            return;
        }
        let s = game.session();
        let review = GameReview::of_game(s.game().clone(), s.mode());
        self.open_review(review, Origin::Game, Some(ply));
    }

    /// A review on show; one on show before ends first (its analysis stops).
    fn open_review(&mut self, review: Arc<GameReview>, origin: Origin, ply: Option<u32>) {
        if let Showing::Review(left) = &mut self.showing {
            left.stop();
        }
        let screen = ReviewScreen::open(review, origin, ply, self.outbox());
        self.show(Showing::Review(Box::new(screen)));
    }

    fn share(&mut self) {
        if let Showing::Review(r) = &self.showing {
            let text = crate::engine::notation::GameRecord::from_game(r.review.game()).to_text();
            let title = self
                .language
                .catalog()
                .label(Label::ActionShare)
                .to_string();
            self.out.effects.push(Effect::Share { text, title });
        }
    }

    /// A text or file from outside: what the person just did wins over the screen on show (a
    /// game is left as Back leaves it, kept to resume; a review's analysis stops) and over a
    /// screen that a restore would still bring back; the import shows the text and reads it.
    /// What cannot be a text (too long, not text) leaves the field as it was, with the error.
    fn received(&mut self, bytes: Option<&[u8]>) {
        if let Some(saved) = self.restore.take() {
            if let Some(setup) = saved.setup {
                self.setup = setup;
            }
        }
        if matches!(
            self.reading,
            Some((_, StoreRead::Resume | StoreRead::Review(_)))
        ) {
            self.reading = None;
        }
        self.restoring = None;
        self.restore_ply = None;
        self.restore_selection = None;
        if matches!(self.showing, Showing::Game) {
            self.leave_game();
        }
        self.show(Showing::Page(Page::Import));
        // An import under way is superseded: its result is dropped when it comes.
        self.importing = None;
        match bytes.map_or(Err(ImportError::Unreadable), reviewed_game::received_text) {
            Ok(text) => {
                self.import_text = text;
                self.import();
            }
            Err(e) => self.import_failed(e),
        }
    }

    fn import(&mut self) {
        if self.importing.is_some() {
            return;
        }
        let id = self.out.next_id();
        self.importing = Some(id);
        self.import_error = None;
        self.start_work(Work::Import {
            id,
            text: self.import_text.clone(),
        });
    }

    fn imported(&mut self, id: u64, result: Result<Arc<GameReview>, ImportError>) {
        if self.importing != Some(id) {
            return;
        }
        self.importing = None;
        match result {
            Ok(review) => self.open_review(review, Origin::Import, None),
            Err(e) => self.import_failed(e),
        }
    }

    /// The import's error on its page, said at once.
    fn import_failed(&mut self, e: ImportError) {
        let text = words::import_error(self.language.catalog(), &e);
        self.import_error = Some(e);
        self.outbox().announce(text, true);
    }

    // --- settings and the device ---

    fn set(&mut self, kind: SettingKind, on: bool) {
        apply(&mut self.settings, kind, on);
        if self.loading {
            self.changed_settings.push((kind, on));
        }
        self.save_settings();
    }

    fn save_settings(&self) {
        if let Some(store) = &self.store {
            store.writer.save_settings(self.settings);
        }
    }

    fn go_background(&mut self) {
        self.background = true;
        self.ticks.pause();
        if let Showing::Run(run) = &self.showing {
            // The score so far is kept now: a run that the system ends in the background
            // and that is never brought back still counts.
            if let (Some(store), Some((kind, game, score))) = (&self.store, run.standing()) {
                store.writer.record_run(kind, game, score);
            }
        }
        if let Some(g) = &mut self.game {
            g.background(self.store.as_ref());
        }
        if let Showing::Review(r) = &mut self.showing {
            r.pause();
        }
        if let Some(store) = self.store.clone() {
            self.start_work(Work::Flush { store });
        }
    }

    // --- saved state ---

    /// Where the screens stand, for the platform to keep if it kills the app in the background.
    pub fn saved_state(&self) -> String {
        let review = match &self.showing {
            Showing::Review(r) => Some(r),
            _ => None,
        };
        let state = SavedState {
            screen: Some(self.showing.kind()),
            setup: Some(self.setup),
            rules: match self.showing {
                Showing::Page(Page::Rules(variant)) => Some(variant),
                _ => None,
            },
            selected: self.game.as_ref().and_then(GameScreen::selected),
            review_game: review.and_then(|r| r.review.info().game_id),
            review_ply: review.map(|r| r.ply()),
            // A pasted text within the limit comes back; a larger one is not kept (the
            // platform's saved state travels through a binder transaction of about 1 MB in
            // all on Android: it would kill the app as it goes to the background).
            import_text: if self.import_text.len() <= SAVED_IMPORT_LIMIT {
                self.import_text.clone()
            } else {
                String::new()
            },
            lesson: match &self.showing {
                Showing::Lesson(screen) => SavedLesson::of(screen),
                _ => None,
            },
            puzzle: match &self.showing {
                Showing::Puzzle(screen) => SavedPuzzle::of(screen),
                Showing::Run(run) => SavedPuzzle::of(&run.screen),
                _ => None,
            },
            run: match &self.showing {
                Showing::Run(run) => Some(run.saved()),
                _ => None,
            },
        };
        serde_json::to_string(&state).unwrap_or_default()
    }

    fn apply_saved(&mut self, saved: SavedState) {
        if let Some(setup) = saved.setup {
            self.setup = setup;
        }
        self.import_text = saved.import_text;
        match saved.screen {
            Some(ScreenKind::Game) if self.can_resume => {
                self.restore_selection = saved.selected;
                self.read(StoreRead::Resume);
            }
            Some(ScreenKind::Review) => match saved.review_game {
                Some(id) => {
                    self.restore_ply = saved.review_ply;
                    self.read(StoreRead::Review(id));
                }
                None => self.show(Showing::start()),
            },
            Some(ScreenKind::Rules) => {
                let variant = saved.rules.unwrap_or(self.setup.variant);
                self.show(Showing::Page(Page::Rules(variant)))
            }
            Some(ScreenKind::Lesson) => match saved.lesson.as_ref().and_then(SavedLesson::screen) {
                Some(screen) => self.show(Showing::Lesson(Box::new(screen))),
                None => self.open(ScreenKind::Lessons),
            },
            Some(ScreenKind::Puzzle) => {
                let today = self.today();
                let screen = saved
                    .puzzle
                    .as_ref()
                    .and_then(|p| p.screen(today, saved.run.is_some()));
                match (screen, &saved.run) {
                    (Some(screen), Some(run)) => {
                        let run = run.run(screen, &self.puzzles_played);
                        self.show(Showing::Run(Box::new(run)))
                    }
                    (Some(screen), None) => self.show(Showing::Puzzle(Box::new(screen))),
                    (None, _) => self.show(Showing::start()),
                }
            }
            Some(
                kind @ (ScreenKind::Records
                | ScreenKind::Lessons
                | ScreenKind::History
                | ScreenKind::Settings
                | ScreenKind::Import),
            ) => self.open(kind),
            _ => self.show(Showing::start()),
        }
        self.restoring = self.reading.as_ref().map(|(id, _)| *id);
    }

    /// The store is opening, or the saved screen is being read back (`Frame::starting`).
    fn starting(&self) -> bool {
        self.loading
            || (self.restoring.is_some()
                && self.reading.as_ref().map(|(id, _)| *id) == self.restoring)
    }

    // --- the frame ---

    /// The screen as it is now, with the effects gathered since the last frame.
    pub fn frame(&mut self) -> Frame {
        self.revision += 1;
        let effects = std::mem::take(&mut self.out.effects);
        let busy = self.busy();
        let keep_awake = self.in_play();
        let display = self.display();
        let drawn = match &self.showing {
            Showing::Game => self.game.as_ref().map(|g| ScreenView::Game {
                game: g.view(&display),
            }),
            Showing::Lesson(screen) | Showing::Puzzle(screen) => Some(ScreenView::Game {
                game: screen.view(&display),
            }),
            Showing::Run(run) => Some(ScreenView::Game {
                game: run.view(&display),
            }),
            Showing::Review(r) => Some(ScreenView::Review {
                review: r.view(&display),
            }),
            Showing::Start { .. } | Showing::Page(_) => None,
        };
        let look = display.look;
        let screen = drawn.unwrap_or_else(|| ScreenView::Page {
            page: pages::page(&self.page_data(&look)),
        });
        let c = self.language.catalog();
        Frame {
            revision: self.revision,
            language: self.language,
            look,
            screen,
            notice: self.notice.as_ref().map(|n| NoticeView {
                text: c
                    .label(match n {
                        Notice::Store(_) => Label::NoticeDataReset,
                        Notice::StorageFailed => Label::NoticeStorageFailed,
                    })
                    .into(),
                dismiss: button(
                    "dismissNotice",
                    c.label(Label::ActionOk),
                    true,
                    Event::DismissNotice,
                ),
            }),
            handles_back: self.handles_back(),
            effects,
            busy,
            starting: self.starting(),
            keep_awake,
            tick_ms: self.tick_ms(),
        }
    }

    /// The day it is where the person is, by the clock given.
    fn today(&self) -> i64 {
        words::local_day((self.clock)(), self.utc_offset_minutes)
    }

    /// What to hand the shells after the last event or result: nothing when it changed
    /// nothing at all (a tick within the same tenth or second shown), a patch of the frame
    /// before when the change left the rest of the screen as it was and played nothing, else
    /// the whole frame. Applying the patch to the frame before gives the frame
    /// [`Controller::frame`] would have built (`core/tests/app_patches.rs` checks it).
    pub fn update(&mut self) -> Option<Update> {
        let changed = std::mem::replace(&mut self.changed, Changed::Screen);
        if self.out.effects.is_empty() {
            if changed == Changed::Untouched {
                return None;
            }
            if let Some(patch) = self.patch(changed) {
                self.revision += 1;
                return Some(Update::Patch(Box::new(FramePatch {
                    revision: self.revision,
                    busy: self.busy(),
                    patch,
                })));
            }
        }
        Some(Update::Frame(Box::new(self.frame())))
    }

    /// The part of the screen that `changed`, built alone; none when the whole frame is needed.
    fn patch(&self, changed: Changed) -> Option<Patch> {
        let display = self.display();
        match (changed, &self.showing) {
            (Changed::Screen, _) => None,
            (Changed::Nothing, _) => Some(Patch::Busy),
            (Changed::Board, Showing::Game) => self.game.as_ref().map(|g| g.board_patch(&display)),
            (Changed::Board, Showing::Lesson(screen) | Showing::Puzzle(screen)) => {
                Some(screen.board_patch(&display))
            }
            (Changed::Board, Showing::Run(run)) => Some(run.screen.board_patch(&display)),
            (Changed::Chart, Showing::Review(r)) => Some(r.chart_patch(&display)),
            (Changed::Clock, Showing::Game) => self
                .game
                .as_ref()
                .and_then(|g| g.clock_view(&display))
                .map(|clock| Patch::Clock { clock }),
            (Changed::Board | Changed::Chart | Changed::Clock | Changed::Untouched, _) => None,
        }
    }

    /// Whether a game, a lesson or a puzzle on show is still in play.
    fn in_play(&self) -> bool {
        match &self.showing {
            Showing::Game => self.game.as_ref().is_some_and(|g| !g.over()),
            Showing::Lesson(screen) | Showing::Puzzle(screen) => !screen.over(),
            Showing::Run(run) => !run.over(),
            _ => false,
        }
    }

    fn page_data<'a>(&'a self, look: &'a Look) -> pages::PageData<'a> {
        pages::PageData {
            texts: self.language.catalog(),
            look,
            screen: self.showing.kind(),
            loading: self.loading,
            setup: &self.setup,
            settings: &self.settings,
            can_resume: self.can_resume,
            confirm_new_game: self.showing.confirming_new_game(),
            records: &self.records,
            puzzle_records: &self.puzzle_records,
            rules: match self.showing {
                Showing::Page(Page::Rules(variant)) => variant,
                _ => self.setup.variant,
            },
            history: &self.history,
            utc_offset_minutes: self.utc_offset_minutes,
            today: self.today(),
            import_text: &self.import_text,
            import_error: self.import_error.as_ref(),
            importing: self.importing.is_some(),
            lesson_progress: &self.lesson_progress,
            new_player: !self.played && self.lesson_progress.is_empty(),
        }
    }
}

/// A solved step added to the progress on show (as the store adds it).
fn note_progress(progress: &mut Vec<LessonProgress>, id: String, step: u32, finished: bool) {
    let entry = match progress.iter().position(|p| p.lesson == id) {
        Some(i) => &mut progress[i],
        None => {
            progress.push(LessonProgress {
                lesson: id,
                steps: Vec::new(),
                finished: false,
            });
            let last = progress.len() - 1;
            &mut progress[last]
        }
    };
    if !entry.steps.contains(&step) {
        entry.steps.push(step);
        entry.steps.sort_unstable();
    }
    entry.finished |= finished;
}

/// Hands the score of `run` to the store and to the records on show once it is over (or
/// `left`), once.
fn record_run(
    store: Option<&Arc<TaflStore>>,
    records: &mut PuzzleRecords,
    run: &mut RunScreen,
    left: bool,
) {
    if let Some((kind, game, score)) = run.take_record(left) {
        if let Some(store) = store {
            store.writer.record_run(kind, game, score);
        }
        records.note_best(game, kind, score);
    }
}

/// A setting switched in the settings record.
fn apply(s: &mut Settings, kind: SettingKind, on: bool) {
    match kind {
        SettingKind::Sound => s.sound = on,
        SettingKind::Haptics => s.haptics = on,
        SettingKind::ColourBlind => s.colour_blind_palette = on,
        SettingKind::Threats => s.show_threats = on,
        SettingKind::Coordinates => s.coordinates = on,
        SettingKind::FaceToFace => s.face_to_face = on,
    }
}
