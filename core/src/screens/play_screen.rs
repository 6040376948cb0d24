//! The game screen: what a tap, a drag, undo, resign and hint do; when the computer thinks;
//! what moves and fades; what is refused and said; and the view of it all.

use std::sync::Arc;
use std::time::Duration;

use crate::ai::{Control, Engine, SearchSettings};
use crate::engine::bits::{Bits, Square};
use crate::engine::game::Game;
use crate::engine::mode::{Level, Mode};
use crate::engine::movegen::Move;
use crate::engine::notation::format_move;
use crate::engine::position::Piece;
use crate::engine::session::{self, Feedback, Session, SessionError};
use crate::learning::lessons::{Attempt, LessonRun, Wrong};
use crate::learning::puzzles::{Applied, PuzzleRun, Verdict};
use crate::learning::rating::Rating;
use crate::store::{GameToken, SaveReport};
use crate::texts::{Catalog, Label};

use super::board_layout::Layout;
use super::board_plan::{self, BoardInput, DragMarks};
use super::config::EngineConfig;
use super::context::{Ctx, Display, Outbox};
use super::frame::*;
use super::game_clock::{self, CLOCK_TICK_MS, GameClock, Ran};
use super::look::Look;
use super::plan::Point;
use super::puzzle_mode::{JUDGE_BUDGET, Judging, PuzzleMode, PuzzleResult};
use super::storage::TaflStore;
use super::ticks::Shown;
use super::types::{Coord, GameSnapshot};
use super::view::{self, Extras};
use super::zoom::Zoom;

/// How long a hint may think by default: long enough for a good move, short enough to wait.
const HINT_TIME: Duration = Duration::from_millis(1500);
/// A hint's table: a hint thinks for a second or two, with an engine of its own.
const HINT_TABLE_BYTES: usize = 8 << 20;

/// A search running behind, known by its id so that only its own answer counts.
struct Running {
    id: u64,
    control: Control,
}

impl Running {
    fn stop(self) {
        self.control.cancel();
    }
}

/// A piece being dragged.
#[derive(Clone, Copy)]
struct Drag {
    from: Coord,
    piece: Piece,
    at: Point,
}

/// Why a message flashes over the board; its words follow the language of the moment.
#[derive(Clone)]
enum FlashReason {
    /// Why a piece cannot be picked up, and whether the computer's search was running.
    Refusal(session::Refusal, bool),
    Error(SessionError),
    /// A move that does not answer the lesson's step.
    Lesson(Wrong),
}

/// One move of a motion, in squares.
#[derive(Clone)]
struct Step {
    piece: Piece,
    from: Coord,
    to: Coord,
    taken: Vec<(Coord, Piece)>,
}

#[derive(Clone)]
struct Motion {
    id: u64,
    steps: Vec<Step>,
    backwards: bool,
    slide: bool,
}

pub(crate) struct GameScreen {
    session: Session,
    pub(crate) token: GameToken,
    report: SaveReport,
    concluded: bool,
    /// Grows with every change of the position: an answer for an older one is dropped.
    generation: u64,
    selected: Option<Coord>,
    drag: Option<Drag>,
    hint: Option<Move>,
    search: Option<Running>,
    hint_search: Option<Running>,
    /// The computer's engine, kept between its moves; out while it thinks.
    engine: Option<Box<Engine>>,
    resign_question: bool,
    flash: Option<(u64, FlashReason)>,
    motion: Option<Motion>,
    /// The part of the board on screen.
    zoom: Zoom,
    /// What the board plays: the player's game, a lesson or a puzzle.
    play: Play,
}

/// What a game screen's board plays.
enum Play {
    /// The player's own game: saved as it goes, with undo, hint and resign.
    Game,
    /// A lesson's steps (see [`Lesson`]).
    Lesson(Box<Lesson>),
    /// A puzzle (see `super::puzzle_mode`).
    Puzzle(Box<PuzzleMode>),
}

/// The game screen in lesson mode: the board is the lesson's, every move is tried against the
/// step ([`LessonRun::try_move`]), nothing is saved as a game, and the store keeps the progress.
pub(crate) struct Lesson {
    run: LessonRun,
    /// What the right move did, once the step is solved.
    solved: Option<crate::learning::lessons::Solved>,
    /// The last wrong move's reason, until the next move.
    wrong: Option<Wrong>,
    /// A solved step not yet handed to the store: (lesson, step, the lesson is finished).
    pending: Option<(String, u32, bool)>,
}

impl GameScreen {
    pub fn new(session: Session, token: GameToken) -> GameScreen {
        GameScreen {
            session,
            token,
            report: SaveReport::new(),
            concluded: false,
            generation: 0,
            selected: None,
            drag: None,
            hint: None,
            search: None,
            hint_search: None,
            engine: None,
            resign_question: false,
            flash: None,
            motion: None,
            zoom: Zoom::default(),
            play: Play::Game,
        }
    }

    /// The game's clock, if it is played on one.
    pub fn clock(&self) -> Option<&GameClock> {
        self.session.clock()
    }

    /// The screen of a puzzle, at its position; `daily` is (its day, today) for the day's
    /// puzzle, `rating` the player's puzzle rating now, and `rated` whether the result moves
    /// it (not for a puzzle played before).
    pub fn puzzle(
        run: PuzzleRun,
        daily: Option<(i64, i64)>,
        rating: Rating,
        rated: bool,
    ) -> GameScreen {
        GameScreen::puzzle_in(PuzzleMode::new(run, daily, rating, rated))
    }

    /// The screen of a puzzle in the state `mode` holds (a new one, or one brought back).
    pub(crate) fn puzzle_in(mode: PuzzleMode) -> GameScreen {
        let session = Session::from_game(mode.run.game().clone(), Mode::TwoPlayers);
        let mut screen = GameScreen::new(session, crate::store::GameToken::fresh());
        screen.play = Play::Puzzle(Box::new(mode));
        screen
    }

    /// The puzzle in progress, in puzzle mode.
    pub fn puzzle_mode(&self) -> Option<&PuzzleMode> {
        match &self.play {
            Play::Puzzle(p) => Some(p),
            Play::Game | Play::Lesson(_) => None,
        }
    }

    /// The lesson in progress, in lesson mode.
    fn lesson_mode(&self) -> Option<&Lesson> {
        match &self.play {
            Play::Lesson(l) => Some(l),
            Play::Game | Play::Puzzle(_) => None,
        }
    }

    /// A puzzle's result since the last call, for the store: (key, grade, solved).
    pub fn take_puzzle_result(&mut self) -> Option<PuzzleResult> {
        match &mut self.play {
            Play::Puzzle(p) => p.pending.take(),
            Play::Game | Play::Lesson(_) => None,
        }
    }

    /// A run's puzzle's result since the last call, for the run: solved, or missed.
    pub fn take_run_result(&mut self) -> Option<bool> {
        match &mut self.play {
            Play::Puzzle(p) => p.run_result.take(),
            Play::Game | Play::Lesson(_) => None,
        }
    }

    /// A lesson or a puzzle: a board of exercises, not a game of the player's (no undo, hint
    /// or resign, nothing saved as a game).
    fn exercise(&self) -> bool {
        !matches!(self.play, Play::Game)
    }

    /// The screen of a lesson in progress, on its step's board.
    pub fn lesson(run: LessonRun) -> GameScreen {
        GameScreen::lesson_at(run, None)
    }

    /// The screen of a lesson whose step is `solved` by the move the run has played already
    /// (a lesson brought back after the app was ended: the store has that step already).
    pub fn lesson_at(
        run: LessonRun,
        solved: Option<crate::learning::lessons::Solved>,
    ) -> GameScreen {
        let session = Session::from_game(run.game().clone(), Mode::TwoPlayers);
        let mut screen = GameScreen::new(session, crate::store::GameToken::fresh());
        screen.play = Play::Lesson(Box::new(Lesson {
            run,
            solved,
            wrong: None,
            pending: None,
        }));
        screen
    }

    /// The move that solved the lesson's current step, once it is solved.
    pub fn lesson_answer(&self) -> Option<Move> {
        self.lesson_mode()
            .and_then(|l| l.solved.as_ref())
            .map(|s| s.mv)
    }

    /// The lesson in progress, in lesson mode.
    pub fn lesson_run(&self) -> Option<&LessonRun> {
        self.lesson_mode().map(|l| &l.run)
    }

    /// The step solved since the last call, for the store: (lesson id, step, finished).
    pub fn take_lesson_progress(&mut self) -> Option<(String, u32, bool)> {
        match &mut self.play {
            Play::Lesson(l) => l.pending.take(),
            Play::Game | Play::Puzzle(_) => None,
        }
    }

    /// Whether the lesson's current step is solved.
    pub fn lesson_solved(&self) -> bool {
        self.lesson_mode().is_some_and(|l| l.solved.is_some())
    }

    /// On to the lesson's next step. `false`: no further step (the lesson is done) or the
    /// step is not solved yet.
    pub fn next_step(&mut self, texts: &Catalog, out: &mut Outbox) -> bool {
        let Play::Lesson(lesson) = &mut self.play else {
            return false;
        };
        if lesson.solved.is_none() || lesson.run.is_last_step() {
            return false;
        }
        match lesson.run.next_step() {
            Ok(true) => {}
            Ok(false) | Err(_) => return false,
        }
        lesson.solved = None;
        lesson.wrong = None;
        self.session = Session::from_game(lesson.run.game().clone(), Mode::TwoPlayers);
        self.selected = None;
        self.drag = None;
        self.flash = None;
        self.motion = None;
        self.generation += 1;
        let prompt = lesson.run.prompt(texts);
        out.announce(prompt, false);
        true
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn over(&self) -> bool {
        self.session.game().status().is_over()
    }

    pub fn selected(&self) -> Option<Coord> {
        self.selected
    }

    /// The last save of this game failed.
    pub fn save_failed(&self) -> bool {
        self.report.error().is_some()
    }

    pub fn has_question(&self) -> bool {
        self.resign_question
    }

    /// The first save of a new game (the store ends the unfinished one it replaces).
    pub fn begin(&self, store: &TaflStore) {
        store.writer.begin(self.token, &self.session, &self.report);
    }

    // --- the board ---

    /// Shows a motion, and brings the squares it ends on into view.
    fn start_motion(&mut self, motion: Motion, display: &Display) {
        let squares: Vec<Coord> = motion
            .steps
            .iter()
            .flat_map(|s| {
                let end = if motion.backwards { s.from } else { s.to };
                std::iter::once(end).chain(s.taken.iter().map(|&(c, _)| c))
            })
            .collect();
        self.zoom.follow(&self.layout(display), &squares);
        self.motion = Some(motion);
    }

    /// A pinch on the board.
    pub fn pinch(&mut self, centre: Point, factor: f32, pan: Point, display: &Display) {
        let extent = self.layout(display).extent();
        self.zoom.pinch(extent, centre, factor, pan);
    }

    /// A touch on the board, at a point of its plan.
    pub fn touch(&mut self, phase: TouchPhase, at: Point, ctx: &mut Ctx<'_>) {
        let layout = self.layout(&ctx.display);
        match phase {
            TouchPhase::Tap => {
                // A piece to pick up, the piece picked up, or a square it can go to (its
                // targets found once, not once for each square looked at).
                let selected = self.selected;
                let targets = selected.map(|s| self.targets(s)).unwrap_or_default();
                let useful = |c| self.movable(c) || selected == Some(c) || targets.contains(&c);
                if let Some(c) = layout.aim(at, useful) {
                    self.tap(c, ctx);
                }
            }
            TouchPhase::DragStart => {
                self.flash = None;
                let aimed = layout.aim(at, |c| self.movable(c));
                let lifted = aimed.and_then(|c| {
                    let piece = self.piece(c).filter(|_| self.movable(c))?;
                    Some((c, piece))
                });
                match (lifted, aimed) {
                    (Some((c, piece)), _) => {
                        self.selected = Some(c);
                        self.drag = Some(Drag { from: c, piece, at });
                    }
                    // On a zoomed board, a drag that lifts nothing moves the board.
                    (None, _) if self.zoom.start_pan() => {}
                    (None, Some(c)) => {
                        self.refuse(c, ctx.texts(), ctx.out);
                        self.selected = None;
                    }
                    (None, None) => {}
                }
            }
            TouchPhase::DragMove if self.zoom.is_panning() => {
                self.zoom.pan_to(layout.extent(), at);
            }
            TouchPhase::DragMove => {
                if let Some(d) = &mut self.drag {
                    d.at = at;
                }
            }
            TouchPhase::DragEnd | TouchPhase::DragCancel if self.zoom.is_panning() => {
                self.zoom.end_pan();
            }
            TouchPhase::DragEnd => {
                let Some(d) = self.drag.take() else {
                    return;
                };
                let targets = self.targets(d.from);
                let to = layout.aim(at, |c| targets.contains(&c));
                match to {
                    Some(to) if targets.contains(&to) => self.play(d.from, to, false, ctx),
                    // Anywhere else the piece goes back and stays picked up.
                    _ => self.selected = Some(d.from),
                }
            }
            TouchPhase::DragCancel => {
                if let Some(d) = self.drag.take() {
                    self.selected = Some(d.from);
                }
            }
        }
    }

    /// A square tapped or activated: pick up, put down, play, or say why not.
    pub fn tap(&mut self, c: Coord, ctx: &mut Ctx<'_>) {
        self.flash = None;
        self.drag = None;
        let from = self.selected;
        if let Some(from) = from {
            if self.targets(from).contains(&c) {
                self.play(from, c, true, ctx);
                return;
            }
            if from == c {
                self.selected = None;
                return;
            }
            // In a lesson, a move the piece cannot make is tried all the same: the engine's
            // refusal says why.
            if self.lesson_mode().is_some() && !self.movable(c) {
                self.play(from, c, true, ctx);
                return;
            }
        }
        if self.movable(c) {
            self.selected = Some(c);
            return;
        }
        self.selected = None;
        // A person who had a piece picked up changed their mind: nothing to say. Once a
        // lesson's step is solved, the board waits for the next step.
        if from.is_none() && !self.lesson_solved() {
            self.refuse(c, ctx.texts(), ctx.out);
        }
    }

    fn sq(&self, c: Coord) -> Option<Square> {
        c.square(&self.session.game().variant().geometry)
    }

    fn movable(&self, c: Coord) -> bool {
        if self.lesson_solved() || self.puzzle_waits() {
            return false;
        }
        self.sq(c)
            .is_some_and(|s| self.session.movable().contains(s))
    }

    fn targets(&self, from: Coord) -> Vec<Coord> {
        let g = &self.session.game().variant().geometry;
        self.sq(from)
            .map(|s| {
                self.session
                    .targets(s)
                    .iter()
                    .map(|t| Coord::of(g, t))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The piece on a square, read off the position.
    fn piece(&self, c: Coord) -> Option<Piece> {
        let position = self.session.game().position();
        self.sq(c).and_then(|s| position.piece_at(s))
    }

    fn refuse(&mut self, c: Coord, texts: &Catalog, out: &mut Outbox) {
        let Some(sq) = self.sq(c) else {
            return;
        };
        let Some(reason) = self.session.refusal(sq) else {
            return;
        };
        self.show_flash(
            FlashReason::Refusal(reason, self.search.is_some()),
            texts,
            out,
        );
    }

    fn show_flash(&mut self, reason: FlashReason, texts: &Catalog, out: &mut Outbox) {
        let id = out.next_id();
        self.flash = Some((id, reason.clone()));
        let text = self.flash_text(&reason, texts);
        out.announce(text, true);
    }

    pub fn flash_expired(&mut self, id: u64) {
        if self.flash.as_ref().is_some_and(|(f, _)| *f == id) {
            self.flash = None;
        }
    }

    // --- moves ---

    fn play(&mut self, from: Coord, to: Coord, slide: bool, ctx: &mut Ctx<'_>) {
        self.stop_hint();
        self.selected = None;
        self.drag = None;
        let g = &self.session.game().variant().geometry;
        let (Some(f), Some(t)) = (from.square(g), to.square(g)) else {
            return;
        };
        let mv = Move::new(f, t);
        if self.lesson_mode().is_some() {
            return self.try_lesson_move(mv, slide, &ctx.display, ctx.out);
        }
        if self.puzzle_mode().is_some() {
            return self.try_puzzle_move(mv, slide, &ctx.display, ctx.out);
        }
        let before = self.session.game().clone();
        match self.session.play(mv) {
            Ok(played) => {
                self.after_move(&before, mv, played.captured, slide, ctx);
            }
            Err(e) => self.show_flash(FlashReason::Error(e), ctx.texts(), ctx.out),
        }
    }

    /// A move in a lesson: played when it answers the step, refused with the reason otherwise.
    fn try_lesson_move(&mut self, mv: Move, slide: bool, display: &Display, out: &mut Outbox) {
        let Play::Lesson(lesson) = &mut self.play else {
            return;
        };
        let before = self.session.game().clone();
        let solved = match lesson.run.try_move(mv) {
            Attempt::Correct(solved) => solved,
            Attempt::LessonDone(solved) => solved,
            Attempt::Wrong(wrong) => {
                lesson.wrong = Some(wrong);
                return self.show_flash(FlashReason::Lesson(wrong), display.texts(), out);
            }
        };
        let captured: Bits = solved
            .captures
            .iter()
            .filter(|c| !c.kind.is_king())
            .map(|c| c.square)
            .collect();
        let done = lesson.run.is_last_step();
        lesson.pending = Some((
            lesson.run.lesson().id(),
            lesson.run.step_index() as u32,
            done,
        ));
        let words = lesson.run.solved_text(display.texts(), &solved).join(" ");
        lesson.solved = Some(solved);
        lesson.wrong = None;
        self.session = Session::from_game(lesson.run.game().clone(), Mode::TwoPlayers);
        let id = out.next_id();
        self.start_motion(
            Motion {
                id,
                steps: vec![step(&before, mv)],
                backwards: false,
                slide,
            },
            display,
        );
        self.generation += 1;
        let feedback = if captured.is_empty() {
            Feedback::Move
        } else {
            Feedback::Capture
        };
        out.feel(feedback);
        out.announce(words, false);
    }

    /// The puzzle is solved, or a move of it is being judged: the board takes no move.
    fn puzzle_waits(&self) -> bool {
        self.puzzle_mode()
            .is_some_and(|p| p.solved() || p.judging.is_some())
    }

    /// A move in a puzzle: refused at once when illegal, otherwise judged by the prover
    /// behind (the piece stays where it is meanwhile).
    fn try_puzzle_move(&mut self, mv: Move, slide: bool, display: &Display, out: &mut Outbox) {
        if self.puzzle_waits() {
            return;
        }
        if let Err(e) = self.session.game().check(mv) {
            return self.show_flash(FlashReason::Error(e.into()), display.texts(), out);
        }
        let Play::Puzzle(p) = &mut self.play else {
            return;
        };
        let id = out.next_id();
        let control = Control::new();
        p.judging = Some(Judging {
            id,
            mv,
            slide,
            control: control.clone(),
        });
        p.last = None;
        self.hint = None;
        // The main line's move needs no search: its answer is in the puzzle.
        if let Some(verdict) = p.run.known(mv) {
            return self.judged(id, verdict, display, out);
        }
        out.work(super::work::Work::Judge {
            id,
            game: Box::new(self.session.game().clone()),
            left: p.run.left(),
            mv,
            budget: JUDGE_BUDGET,
            control,
        });
    }

    /// The prover's verdict on the puzzle move it was judging: the move and the longest
    /// defence slide, or the move is refused with its refutation drawn as the board's hint.
    pub fn judged(&mut self, id: u64, verdict: Verdict, display: &Display, out: &mut Outbox) {
        let Play::Puzzle(p) = &mut self.play else {
            return;
        };
        let Some(j) = p.judging.take_if(|j| j.id == id) else {
            return;
        };
        let before = self.session.game().clone();
        let applied = p.run.apply(j.mv, verdict);
        let counted = p.answered(j.mv, &applied);
        let said = p.announcement(display.texts(), counted);
        match applied {
            Applied::Played { reply } => {
                let mut steps = vec![step(&before, j.mv)];
                if let Some(r) = reply {
                    let mut after_move = before.clone();
                    if after_move.play(j.mv).is_ok() {
                        steps.push(step(&after_move, r));
                    }
                }
                let took = steps.iter().any(|s| !s.taken.is_empty());
                let feedback = if p.solved() {
                    Feedback::Win
                } else if took {
                    Feedback::Capture
                } else {
                    Feedback::Move
                };
                self.session = Session::from_game(p.run.game().clone(), Mode::TwoPlayers);
                let id = out.next_id();
                self.start_motion(
                    Motion {
                        id,
                        steps,
                        backwards: false,
                        slide: j.slide,
                    },
                    display,
                );
                self.generation += 1;
                self.hint = None;
                out.feel(feedback);
                out.announce(said, false);
            }
            Applied::Refused { .. } => out.announce(said, true),
            Applied::Unproven => out.announce(said, true),
        }
    }

    /// What follows any move: the motion, the effects, the save, the computer's turn.
    fn after_move(
        &mut self,
        before: &Game,
        mv: Move,
        captured: Bits,
        slide: bool,
        ctx: &mut Ctx<'_>,
    ) {
        let id = ctx.out.next_id();
        self.start_motion(
            Motion {
                id,
                steps: vec![step(before, mv)],
                backwards: false,
                slide,
            },
            &ctx.display,
        );
        self.changed(ctx.store, ctx.out);
        let feedback = self.session.feedback(captured);
        ctx.out.feel(feedback);
        if let Some(words) = view::announcement(&self.session, ctx.texts()) {
            ctx.out.announce(words, false);
        }
        self.start_computer_if_due(ctx.engine, ctx.out);
    }

    /// Takes back a move (never in a game on a clock: see `Session::can_undo`).
    pub fn undo(&mut self, ctx: &mut Ctx<'_>) {
        if self.exercise() {
            return;
        }
        self.flash = None;
        self.drag = None;
        self.selected = None;
        let mut old = self.session.game().clone();
        let Ok(undone) = self.session.undo() else {
            return;
        };
        let mut steps = Vec::with_capacity(undone.len());
        for &mv in &undone {
            old.unmake();
            steps.push(step(&old, mv));
        }
        let id = ctx.out.next_id();
        self.start_motion(
            Motion {
                id,
                steps,
                backwards: true,
                slide: true,
            },
            &ctx.display,
        );
        self.changed(ctx.store, ctx.out);
        self.start_computer_if_due(ctx.engine, ctx.out);
    }

    pub fn ask_resign(&mut self) {
        if !self.over() && !self.exercise() {
            self.resign_question = true;
        }
    }

    /// The answer to "Resign this game?".
    pub fn answer(&mut self, yes: bool, ctx: &mut Ctx<'_>) {
        if !self.resign_question {
            return;
        }
        self.resign_question = false;
        if !yes {
            return;
        }
        self.selected = None;
        if self.session.resign().is_ok() {
            self.changed(ctx.store, ctx.out);
            let feedback = self.session.feedback(Bits::EMPTY);
            ctx.out.feel(feedback);
            let text = self.snapshot(&ctx.display).texts.turn_bar;
            ctx.out.announce(text, false);
        }
    }

    /// Asks the engine for a move for the person; asked again while it looks, cancels.
    pub fn hint(&mut self, engine: &EngineConfig, out: &mut Outbox) {
        if self.hint_search.is_some() {
            self.stop_hint();
            return;
        }
        if self.over() || self.session.computer_to_move() || self.exercise() {
            return;
        }
        let id = out.next_id();
        let control = Control::new();
        let time = engine
            .hint_ms
            .map_or(HINT_TIME, |ms| Duration::from_millis(u64::from(ms.max(1))));
        let mut settings = SearchSettings::for_level(Level::Hard)
            .with_time(time)
            .with_seed(self.generation)
            .with_threads(engine.search_threads());
        if let Some(nodes) = engine.hint_nodes {
            // A fixed amount of work and no clock: the same move on any machine.
            settings = settings
                .with_nodes(nodes)
                .with_threads(1)
                .with_time(Duration::from_secs(3600));
        }
        settings.table_bytes = HINT_TABLE_BYTES;
        out.work(super::work::Work::Hint {
            id,
            game: Box::new(self.session.game().clone()),
            settings,
            control: control.clone(),
        });
        self.hint_search = Some(Running { id, control });
    }

    pub fn hinted(&mut self, id: u64, best: Option<Move>, ctx: &mut Ctx<'_>) {
        if self.hint_search.as_ref().is_none_or(|r| r.id != id) {
            return;
        }
        self.hint_search = None;
        let Some(mv) = best else {
            return;
        };
        self.hint = Some(mv);
        self.session.note_hint();
        self.save(ctx.store, ctx.out);
        if let Some(words) = self.snapshot(&ctx.display).texts.hint_announcement {
            ctx.out.announce(words, false);
        }
    }

    /// Starts the computer's move when it is its turn and the app is on screen.
    pub fn start_computer_if_due(&mut self, engine: &EngineConfig, out: &mut Outbox) {
        if out.away() || self.search.is_some() || !self.session.computer_to_move() {
            return;
        }
        let Mode::VsComputer { level, .. } = self.session.mode() else {
            return;
        };
        let id = out.next_id();
        let control = Control::new();
        // A game that varies chooses by its own seed and the ply, so that undo and resume
        // bring the same choices back; otherwise the computer plays as it always has.
        let mut settings = if engine.vary_games {
            SearchSettings::for_game_move(level, self.session.seed(), self.session.game().plies())
        } else {
            SearchSettings::for_level(level).with_seed(self.generation)
        };
        if level == Level::Hard {
            settings = settings.with_threads(engine.search_threads());
        }
        if let Some(ms) = engine.think_ms {
            settings = settings.with_time(Duration::from_millis(u64::from(ms.max(1))));
        }
        if let Some(nodes) = engine.think_nodes {
            // A fixed amount of work and no clock: the same move on any machine.
            settings = settings
                .with_nodes(nodes)
                .with_threads(1)
                .with_time(Duration::from_secs(3600));
        }
        // The person's move slides first.
        let pause = Duration::from_millis(u64::from(engine.pause_ms));
        out.work(super::work::Work::Think {
            id,
            game: Box::new(self.session.game().clone()),
            settings,
            control: control.clone(),
            pause,
            engine: self.engine.take().unwrap_or_default(),
        });
        self.search = Some(Running { id, control });
    }

    pub fn thought(&mut self, id: u64, best: Option<Move>, engine: Box<Engine>, ctx: &mut Ctx<'_>) {
        if self.engine.is_none() {
            self.engine = Some(engine);
        }
        if self.search.as_ref().is_none_or(|r| r.id != id) {
            return;
        }
        self.search = None;
        let Some(mv) = best else {
            // Stopped (the app left the screen): the turn starts again when it comes back.
            self.start_computer_if_due(ctx.engine, ctx.out);
            return;
        };
        let before = self.session.game().clone();
        if let Ok(played) = self.session.play_computer(mv) {
            self.after_move(&before, mv, played.captured, true, ctx);
        }
    }

    /// How often the shell should tick while this screen is on show (`Frame::tick_ms`): none
    /// while nothing on it is timed.
    pub fn tick_ms(&self) -> Option<u32> {
        (self.clock().is_some() && !self.over()).then_some(CLOCK_TICK_MS)
    }

    /// `ms` milliseconds passed on screen (see `super::ticks`): the side to move's clock runs
    /// (its low time said once, its flag falling ends the game). What of the screen changed.
    pub fn elapse(&mut self, ms: u32, ctx: &mut Ctx<'_>) -> Shown {
        if self.over() {
            return Shown::Nothing;
        }
        let side = self.session.game().side_to_move();
        let Some(clock) = self.session.clock_mut() else {
            return Shown::Nothing;
        };
        let texts = ctx.texts();
        let before = clock.shown(side, texts);
        match clock.run(side, ms) {
            // The shown time is all of the faces that moves: their labels and colours follow
            // from it (a face turns low as its time goes to 10 s or under).
            Ran::On if clock.shown(side, texts) != before => Shown::Clock,
            Ran::On => Shown::Nothing,
            Ran::Low(side) => {
                ctx.out
                    .announce(game_clock::low_time_text(side, texts), false);
                Shown::Screen
            }
            Ran::FlagFell(_) => {
                self.flag_fell(ctx);
                Shown::Screen
            }
        }
    }

    /// The side to move ran out of time: the game ends as its loss on time, as a resignation
    /// does (saved, then recorded when the players leave it), and the result is said.
    fn flag_fell(&mut self, ctx: &mut Ctx<'_>) {
        if self.session.lose_on_time().is_err() {
            return;
        }
        self.selected = None;
        self.drag = None;
        self.resign_question = false;
        self.changed(ctx.store, ctx.out);
        ctx.out.feel(self.session.feedback(Bits::EMPTY));
        let text = self.snapshot(&ctx.display).texts.turn_bar;
        ctx.out.announce(text, false);
    }

    /// The app left the screen: the searches stop (the computer's starts again on return; the
    /// hint is dropped), nothing more plays, and a clock's times are saved.
    pub fn background(&mut self, store: Option<&Arc<TaflStore>>) {
        if let Some(r) = self.search.take() {
            r.stop();
        }
        self.stop_hint();
        self.drag = None;
        self.keep_clock(store);
    }

    /// A game on a clock leaves the screen (the app goes to the background, the players to
    /// the menu): its times are saved with it. Each move saved them as they stood then; the
    /// time since is saved now, so that a game resumed after its process ended with no saved
    /// state (swiped away) comes back with the times it had. Ticks are never saved: a write
    /// ten times a second would cost more than the little it could keep.
    fn keep_clock(&self, store: Option<&Arc<TaflStore>>) {
        if self.exercise() || self.over() || self.clock().is_none() {
            return;
        }
        if let Some(store) = store {
            store
                .writer
                .persist(self.token, &self.session, &self.report);
        }
    }

    /// The players leave the game for the menu: the searches stop, a finished game is recorded.
    pub fn leave(&mut self, store: Option<&Arc<TaflStore>>) {
        if let Some(r) = self.search.take() {
            r.stop();
        }
        self.stop_hint();
        self.selected = None;
        self.drag = None;
        self.resign_question = false;
        self.flash = None;
        self.motion = None;
        self.keep_clock(store);
        self.conclude(store);
    }

    /// A finished game is handed to the store to record (once).
    pub fn conclude(&mut self, store: Option<&Arc<TaflStore>>) {
        if self.concluded || !self.over() || self.exercise() {
            return;
        }
        if let Some(store) = store {
            store
                .writer
                .conclude(self.token, &self.session, &self.report);
        }
        self.concluded = true;
    }

    /// Restores a selection (after the app was killed in the background).
    pub fn restore_selection(&mut self, c: Coord) {
        if self.movable(c) {
            self.selected = Some(c);
        }
    }

    fn stop_hint(&mut self) {
        if let Some(r) = self.hint_search.take() {
            r.stop();
        }
    }

    /// After any change of the position: the searches for the old one stop, its hint goes, and
    /// the game is saved behind.
    fn changed(&mut self, store: Option<&Arc<TaflStore>>, out: &mut Outbox) {
        self.generation += 1;
        self.hint = None;
        if let Some(r) = self.search.take() {
            r.stop();
        }
        self.stop_hint();
        self.save(store, out);
    }

    fn save(&self, store: Option<&Arc<TaflStore>>, out: &mut Outbox) {
        // A lesson's or a puzzle's board is no game of the player's: only the progress is kept.
        if self.exercise() {
            return;
        }
        if let Some(store) = store {
            store
                .writer
                .persist(self.token, &self.session, &self.report);
            // The save's outcome is known only once the writer has written it: waiting for
            // that behind makes a frame follow, which shows a failed save (another app took
            // the game over, a full disk) without waiting for the next event.
            let store = Arc::clone(store);
            out.work(super::work::Work::Flush { store });
        }
    }

    // --- the view ---

    fn layout(&self, display: &Display) -> Layout {
        Layout::new(
            self.session.game().variant().geometry.size,
            display.coordinates,
            &display.look.metrics,
        )
    }

    fn snapshot(&self, display: &Display) -> GameSnapshot {
        let g = &self.session.game().variant().geometry;
        view::snapshot(
            &self.session,
            Extras {
                language: display.language,
                selected: self.selected.and_then(|c| c.square(g)),
                thinking: self.search.is_some(),
                hint: self.hint,
                refutation: self.puzzle_mode().and_then(PuzzleMode::refutation),
                show_threats: display.show_threats,
                save_failed: self.report.error().is_some(),
            },
        )
    }

    fn drag_marks(&self, layout: &Layout) -> Option<DragMarks> {
        self.drag.map(|d| DragMarks {
            from: d.from,
            piece: d.piece,
            at: d.at,
            over: layout.square_at(d.at),
        })
    }

    /// The board's moving parts alone, for a drag or pinch step (see [`Patch::Board`]).
    pub fn board_patch(&self, display: &Display) -> Patch {
        let layout = self.layout(display);
        let look = &display.look;
        let drag = self.drag_marks(&layout);
        Patch::Board {
            window: self.zoom.window(layout.extent()),
            drop: board_plan::drop_marks(&layout, look, drag),
            lifted: board_plan::lifted(look, drag),
        }
    }

    pub fn view(&self, display: &Display) -> GameView {
        let texts = display.texts();
        let snapshot = self.snapshot(display);
        let board = self.board_view(&snapshot, display);
        let flash = self.flash.as_ref().map(|(id, reason)| FlashView {
            id: *id,
            text: self.flash_text(reason, texts),
        });
        if let Some(lesson) = self.lesson_mode() {
            return lesson_view(lesson, board, flash, self.session.game(), texts);
        }
        if let Some(puzzle) = self.puzzle_mode() {
            return self.puzzle_view(puzzle, board, flash, texts);
        }
        self.game_view(&snapshot, board, flash, display)
    }

    /// The board: its plan, its squares (actionable while a move can be made), the motion to
    /// play and the window on screen.
    fn board_view(&self, snapshot: &GameSnapshot, display: &Display) -> BoardView {
        let layout = self.layout(display);
        let (plan, mut squares) = board_plan::plan(&BoardInput {
            size: snapshot.size,
            squares: &snapshot.squares,
            look: &display.look,
            show_threats: display.show_threats,
            coordinates: display.coordinates,
            drag: self.drag_marks(&layout),
        });
        let waits = self.over() || self.lesson_solved() || self.puzzle_waits();
        for node in &mut squares {
            node.actionable = !waits && !self.session.computer_to_move();
        }
        BoardView {
            plan,
            squares,
            label: snapshot.texts.board.clone(),
            motion: self.motion_plan(&layout, &display.look),
            interactive: true,
            window: self.zoom.window(layout.extent()),
        }
    }

    /// The motion on show, in the board's units, with the look's timings.
    fn motion_plan(&self, layout: &Layout, look: &Look) -> Option<MotionPlan> {
        self.motion.as_ref().map(|m| MotionPlan {
            id: m.id,
            steps: m
                .steps
                .iter()
                .map(|s| MotionStep {
                    piece: s.piece,
                    from: layout.centre(s.from),
                    to: layout.centre(s.to),
                    from_square: s.from,
                    to_square: s.to,
                    taken: s
                        .taken
                        .iter()
                        .map(|&(square, piece)| TakenPiece {
                            square,
                            piece,
                            at: layout.centre(square),
                        })
                        .collect(),
                })
                .collect(),
            backwards: m.backwards,
            slide: m.slide,
            slide_ms: look.motion.slide_ms,
            fade_ms: look.motion.fade_ms,
        })
    }

    /// A puzzle: what to find, the prover's answers, the puzzle's controls.
    fn puzzle_view(
        &self,
        puzzle: &PuzzleMode,
        board: BoardView,
        flash: Option<FlashView>,
        texts: &Catalog,
    ) -> GameView {
        let game = self.session.game();
        GameView {
            turn: TurnBarView {
                text: puzzle.title(texts),
                top_text: None,
                busy: puzzle.judging.is_some(),
            },
            clock: None,
            board,
            info: puzzle.info(texts),
            moves: move_list(game, game.plies(), None, texts),
            taken: taken(game, texts),
            controls: puzzle.controls(texts),
            question: None,
            flash,
        }
    }

    /// The faces of the game's clock, if it is played on one (in the game's view, and alone in
    /// a patch after a tick).
    pub fn clock_view(&self, display: &Display) -> Option<ClockView> {
        let face_to_face = self.face_to_face(display);
        let game = self.session.game();
        self.clock().map(|c| {
            let to_move = game.side_to_move();
            // The side that moved first sits at the bottom, the other across the table.
            let second = if game.plies() % 2 == 0 {
                to_move.other()
            } else {
                to_move
            };
            c.view(
                (!self.over()).then_some(to_move),
                face_to_face.then_some(second),
                display.texts(),
                &display.look,
            )
        })
    }

    /// Two players facing each other: the top player's texts and clock turn towards them.
    fn face_to_face(&self, display: &Display) -> bool {
        display.face_to_face && self.session.mode() == Mode::TwoPlayers && !self.exercise()
    }

    /// The player's game: whose turn (said to the top player too, face to face), the info
    /// lines, the moves (which open a review once the game is over), the controls and the
    /// question to resign.
    fn game_view(
        &self,
        snapshot: &GameSnapshot,
        board: BoardView,
        flash: Option<FlashView>,
        display: &Display,
    ) -> GameView {
        let texts = display.texts();
        let turn_text = if self.search.is_some() && self.session.computer_to_move() {
            texts.label(Label::TurnThinking).to_string()
        } else {
            snapshot.texts.turn_bar.clone()
        };
        let face_to_face = self.face_to_face(display);
        let game = self.session.game();
        let clock = self.clock_view(display);
        GameView {
            turn: TurnBarView {
                top_text: face_to_face.then(|| turn_text.clone()),
                text: turn_text,
                busy: self.search.is_some() || self.hint_search.is_some(),
            },
            clock,
            board,
            info: info_lines(snapshot, self.hint_search.is_some(), texts),
            // Once the game is over, a move opens its position for review.
            moves: move_list(
                game,
                game.plies(),
                self.over()
                    .then_some((|ply| Event::ReviewMove { ply }) as fn(u32) -> Event),
                texts,
            ),
            taken: taken(game, texts),
            controls: self.controls(snapshot, texts),
            question: self
                .resign_question
                .then(|| resign_question(snapshot, texts)),
            flash,
        }
    }

    fn flash_text(&self, reason: &FlashReason, texts: &Catalog) -> String {
        match (reason, self.lesson_mode()) {
            (FlashReason::Lesson(wrong), Some(l)) => l.run.wrong_text(texts, *wrong),
            _ => flash_text(reason, texts),
        }
    }

    /// Undo, Hint, Resign and Menu while playing; Undo, New game and Menu once it is over.
    fn controls(&self, snapshot: &GameSnapshot, texts: &Catalog) -> Vec<ButtonView> {
        let mut out = vec![button(
            "undo",
            texts.label(Label::ActionUndo),
            snapshot.can_undo,
            Event::Undo,
        )];
        if self.over() {
            let mut again = button(
                "playAgain",
                texts.label(Label::ActionPlayAgain),
                true,
                Event::PlayAgain,
            );
            again.primary = true;
            out.push(again);
        } else {
            let may_hint = !self.session.computer_to_move() || self.hint_search.is_some();
            out.push(button(
                "hint-button",
                texts.label(Label::ActionHint),
                may_hint,
                Event::Hint,
            ));
            out.push(button(
                "resign",
                texts.label(Label::ActionResign),
                true,
                Event::Resign,
            ));
        }
        out.push(button(
            "menu",
            texts.label(Label::ActionMenu),
            true,
            Event::Back,
        ));
        out
    }
}

/// A move from `before`, with the pieces it takes and their kinds.
fn step(before: &Game, mv: Move) -> Step {
    let pos = before.position();
    let g = &pos.variant().geometry;
    let captures = crate::engine::explain::captures(pos, mv);
    Step {
        piece: pos.piece_at(mv.from).map_or(Piece::Attacker, Piece::from),
        from: Coord::of(g, mv.from),
        to: Coord::of(g, mv.to),
        taken: captures
            .iter()
            .filter(|c| !c.kind.is_king())
            .filter_map(|c| pos.piece_at(c.square).map(|p| (Coord::of(g, c.square), p)))
            .collect(),
    }
}

fn flash_text(reason: &FlashReason, texts: &Catalog) -> String {
    match reason {
        FlashReason::Refusal(r, thinking) => texts.refusal(*r, *thinking),
        FlashReason::Error(e) => texts.session_error(*e).to_string(),
        // Worded with the lesson (see `GameScreen::flash_text`); never without one.
        FlashReason::Lesson(_) => texts.text("lesson.next").to_string(),
    }
}

/// A lesson's screen: the lesson and its step above the board, the step's prompt, why the
/// last move was wrong or what the right one did, and the way on.
fn lesson_view(
    lesson: &Lesson,
    board: BoardView,
    flash: Option<FlashView>,
    game: &Game,
    texts: &Catalog,
) -> GameView {
    let run = &lesson.run;
    let mut info = vec![InfoLine {
        kind: InfoKind::Prompt,
        text: run.prompt(texts),
    }];
    if let Some(wrong) = lesson.wrong {
        info.push(InfoLine {
            kind: InfoKind::Wrong,
            text: run.wrong_text(texts, wrong),
        });
    }
    let mut controls = Vec::new();
    if let Some(solved) = &lesson.solved {
        let lines = run.solved_text(texts, solved);
        let last = lines.len().saturating_sub(1);
        for (i, text) in lines.into_iter().enumerate() {
            let kind = if i == last {
                InfoKind::Ending
            } else {
                InfoKind::Capture
            };
            info.push(InfoLine { kind, text });
        }
        let (id, label) = if run.is_last_step() {
            ("finishLesson", "lesson.finish")
        } else {
            ("nextStep", "lesson.next_step")
        };
        let mut next = button(id, texts.text(label), true, Event::NextStep);
        next.primary = true;
        controls.push(next);
    }
    controls.push(button(
        "lessons",
        texts.text("lesson.list_title"),
        true,
        Event::Back,
    ));
    let title = format!("{} · {}", run.lesson().title(texts), run.progress(texts));
    GameView {
        turn: TurnBarView {
            text: title,
            top_text: None,
            busy: false,
        },
        clock: None,
        board,
        info,
        moves: move_list(game, game.plies(), None, texts),
        taken: taken(game, texts),
        controls,
        question: None,
        flash,
    }
}

/// The lines under the board, in the order they matter: the last move, the hint, how pieces
/// were taken, how the game ended, then the warnings.
fn info_lines(s: &GameSnapshot, hint_pending: bool, texts: &Catalog) -> Vec<InfoLine> {
    let mut out = Vec::new();
    let mut add = |kind: InfoKind, text: Option<String>| {
        if let Some(text) = text {
            out.push(InfoLine { kind, text });
        }
    };
    add(InfoKind::LastMove, s.texts.last_move.clone());
    let hint = if hint_pending {
        Some(texts.label(Label::TurnHintThinking).to_string())
    } else {
        s.texts.hint.clone()
    };
    add(InfoKind::Hint, hint);
    for c in &s.texts.captures {
        add(InfoKind::Capture, Some(c.clone()));
    }
    add(InfoKind::Ending, s.texts.ending.clone());
    add(InfoKind::OpenLines, s.texts.open_lines.clone());
    add(InfoKind::DrawCountdown, s.texts.draw_countdown.clone());
    add(InfoKind::Repetition, s.texts.repetition_warning.clone());
    add(InfoKind::HintsUsed, s.texts.hints_used.clone());
    add(
        InfoKind::SaveError,
        s.save_failed
            .then(|| texts.label(Label::NoticeStorageFailed).to_string()),
    );
    out
}

/// The moves in pairs, numbered from the first mover's; `current` after ply `at`; `open` is
/// what a tap on a move sends, if anything.
pub(crate) fn move_list(
    game: &Game,
    at: usize,
    open: Option<fn(u32) -> Event>,
    texts: &Catalog,
) -> MoveListView {
    let mut replay = Game::from_position(game.start().clone(), game.options());
    let mut rows: Vec<MoveRow> = Vec::new();
    for (i, (mv, _)) in game.moves().enumerate() {
        let before = replay.position().clone();
        replay.make(mv);
        let captured: Bits = crate::engine::explain::captures(&before, mv)
            .iter()
            .filter(|c| !c.kind.is_king())
            .map(|c| c.square)
            .collect();
        let ply = i as u32 + 1;
        let cell = MoveCell {
            ply,
            text: format_move(&before.variant().geometry, mv, captured),
            current: i + 1 == at,
            event: open.map(|e| e(ply)),
        };
        if i % 2 == 0 {
            rows.push(MoveRow {
                number: (i / 2) as u32 + 1,
                cells: vec![cell],
            });
        } else if let Some(row) = rows.last_mut() {
            row.cells.push(cell);
        }
    }
    // The row of the move on screen: the latest in a game, the position's in a review (the
    // first row for the start position).
    let reveal = (!rows.is_empty()).then(|| (at.max(1) as u32 - 1) / 2 + rows[0].number);
    MoveListView {
        title: texts.label(Label::GameMoves).into(),
        rows,
        reveal,
    }
}

/// The pieces each side has lost since the start.
fn taken(game: &Game, texts: &Catalog) -> TakenView {
    let start = game.start();
    let now = game.position();
    let lost = |side: crate::engine::position::Side| {
        start
            .pieces(side)
            .count()
            .saturating_sub(now.pieces(side).count())
    };
    let attackers = lost(crate::engine::position::Side::Attackers);
    let defenders = lost(crate::engine::position::Side::Defenders);
    TakenView {
        attackers,
        defenders,
        attackers_text: texts.taken(crate::engine::position::Side::Attackers, attackers),
        defenders_text: texts.taken(crate::engine::position::Side::Defenders, defenders),
    }
}

/// "Resign this game?", with its answers.
fn resign_question(snapshot: &GameSnapshot, texts: &Catalog) -> QuestionView {
    QuestionView {
        id: "resign".into(),
        title: texts.label(Label::ResignTitle).into(),
        text: snapshot.texts.resign_question.clone(),
        confirm: button(
            "resignYes",
            texts.label(Label::ResignConfirm),
            true,
            Event::Answer { yes: true },
        ),
        cancel: button(
            "resignNo",
            texts.label(Label::ActionCancel),
            true,
            Event::Answer { yes: false },
        ),
    }
}
