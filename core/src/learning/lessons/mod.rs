//! Lessons: short interactive lessons on a real board, one set per game (Copenhagen, Brandubh
//! and Tablut), each a few steps in which the player must make the move asked for.
//!
//! A lesson is data ([`Lesson`], [`Step`]): a position in the project's position text (the
//! OpenTafl piece placement of [`crate::engine::notation`], with the side to move), moves played
//! before the step begins (to show repetition), the moves that answer it, and what the
//! engine must make of them (the squares taken and the game's status). Nothing is decided
//! here: [`LessonRun`] plays the player's move through [`Game::play`], so an illegal move is
//! refused with the engine's own [`MoveError`] (worded by [`Catalog::move_error`]), a legal
//! move that is not the answer gets the step's hint, and the outcome shown after the right
//! move is the engine's ([`explain::captures`] and the game's status). The test
//! `core/tests/lessons.rs` plays every step of every lesson and checks that the engine agrees
//! with the data; `docs/lessons.md` says more.
//!
//! The words are in the text tables (`core/texts/*.txt`, keys `lesson.*`): each step names a
//! text (`lesson.<text>.prompt` and `lesson.<text>.hint`), several games sharing one where the
//! rule is the same. Texts name squares through placeholders filled from the step
//! (`{from}`, `{to}`: the first answer; `{squares}`: the squares it takes; `{limit}`: the
//! game's move limit), never by hand.

mod data;

use std::fmt;

use crate::engine::bits::Bits;
use crate::engine::explain::{self, Capture};
use crate::engine::game::{Game, MoveError, Status};
use crate::engine::moves::Move;
use crate::engine::notation::{parse_move, parse_position, square_name};
use crate::engine::position::Side;
use crate::engine::variant::{RuleOptions, VariantKind};
use crate::texts::Catalog;

/// What a lesson teaches. Each game has the lessons whose rule it plays, in this order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Topic {
    /// How pieces move, and the squares only the king may stop on.
    Moving,
    /// Custodial capture, the armed king.
    Capture,
    /// Corners and the throne as the far side of a trap.
    HostileSquares,
    /// How the king is taken in this game.
    KingCapture,
    /// Where the king wins.
    Escape,
    /// Rows along the edge taken at once (Copenhagen).
    ShieldWall,
    /// The king's unbreakable fort on the edge (Copenhagen).
    ExitFort,
    /// The attackers' ring around every defender (Copenhagen, Brandubh).
    Encirclement,
    /// A position a third time, and the move-limit draw.
    Repetition,
    /// A side that cannot move loses.
    NoMoves,
}

impl Topic {
    pub const ALL: [Topic; 10] = [
        Topic::Moving,
        Topic::Capture,
        Topic::HostileSquares,
        Topic::KingCapture,
        Topic::Escape,
        Topic::ShieldWall,
        Topic::ExitFort,
        Topic::Encirclement,
        Topic::Repetition,
        Topic::NoMoves,
    ];

    /// The name in lesson ids (`copenhagen/capture`) and text keys.
    pub const fn name(self) -> &'static str {
        match self {
            Topic::Moving => "moving",
            Topic::Capture => "capture",
            Topic::HostileSquares => "hostile",
            Topic::KingCapture => "king",
            Topic::Escape => "escape",
            Topic::ShieldWall => "shield_wall",
            Topic::ExitFort => "fort",
            Topic::Encirclement => "encirclement",
            Topic::Repetition => "repetition",
            Topic::NoMoves => "no_moves",
        }
    }

    pub fn parse(s: &str) -> Option<Topic> {
        let s = s.trim().replace('-', "_");
        Topic::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(&s))
    }

    /// The key of the lesson's title.
    pub fn title_key(self) -> String {
        format!("lesson.title.{}", self.name())
    }
}

impl fmt::Display for Topic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One lesson of one game.
#[derive(Debug)]
pub struct Lesson {
    pub kind: VariantKind,
    pub topic: Topic,
    pub steps: &'static [Step],
}

impl Lesson {
    /// The lesson's id, as the store keeps it: `copenhagen/capture`.
    pub fn id(&self) -> String {
        format!("{}/{}", self.kind.name(), self.topic.name())
    }

    /// The lesson's title in a language.
    pub fn title(&self, c: &Catalog) -> &'static str {
        c.text(&self.topic.title_key())
    }

    /// Its place among its game's lessons (0 for the first).
    pub fn index(&self) -> usize {
        lessons(self.kind)
            .position(|l| l.topic == self.topic)
            .unwrap_or(0)
    }
}

/// One step of a lesson. The fields are text, as written in the data; [`Step::game`] and the
/// other methods read them, with typed errors (the test suite requires none).
#[derive(Debug)]
pub struct Step {
    /// The step's text: `lesson.<text>.prompt` and `lesson.<text>.hint`.
    pub text: &'static str,
    /// The piece placement, top rank first (see [`crate::engine::notation::parse_position`]).
    pub position: &'static str,
    /// The side to move in the position (before `setup`).
    pub turn: Side,
    /// Moves played before the step begins; the player moves after them.
    pub setup: &'static [&'static str],
    /// The draw counter starts one quiet move short of the move limit.
    pub last_quiet_move: bool,
    /// The moves that answer the step, each with the same outcome; the first is the one the
    /// texts name.
    pub answers: &'static [&'static str],
    /// The squares the answer takes (the king is never removed: see `result`).
    pub captures: &'static [&'static str],
    /// The game's status after the answer, as [`Status`] prints it: `ongoing`,
    /// `attackers:king-captured`, `draw:move-limit`...
    pub result: &'static str,
    /// Moves that are not the answer (illegal, or legal but not asked for), for the tests.
    pub wrong: &'static [&'static str],
}

impl Step {
    /// A step with every field empty, for the data's `..Step::EMPTY`.
    pub const EMPTY: Step = Step {
        text: "",
        position: "",
        turn: Side::Attackers,
        setup: &[],
        last_quiet_move: false,
        answers: &[],
        captures: &[],
        result: "ongoing",
        wrong: &[],
    };

    /// The game at the start of the step: the position, the draw counter and the setup moves
    /// played.
    pub fn game(&self, kind: VariantKind) -> Result<Game, StepError> {
        let variant = kind.rules();
        let position = parse_position(variant, self.position, self.turn)
            .map_err(|e| StepError::Position(e.to_string()))?;
        let mut game = Game::from_position(position, RuleOptions::default());
        if self.last_quiet_move {
            game = game.with_quiet_plies(variant.draw_plies.saturating_sub(1));
        }
        for text in self.setup {
            let mv = self.read_move(kind, text)?;
            game.play(mv)
                .map_err(|e| StepError::Setup(format!("{text}: {e}")))?;
        }
        if game.status().is_over() {
            return Err(StepError::Setup(format!(
                "the game is over before the step ({})",
                game.status()
            )));
        }
        Ok(game)
    }

    /// The moves that answer the step.
    pub fn answers(&self, kind: VariantKind) -> Result<Vec<Move>, StepError> {
        if self.answers.is_empty() {
            return Err(StepError::Move("no answer".into()));
        }
        self.answers
            .iter()
            .map(|t| self.read_move(kind, t))
            .collect()
    }

    /// The sample wrong moves.
    pub fn wrong_moves(&self, kind: VariantKind) -> Result<Vec<Move>, StepError> {
        self.wrong.iter().map(|t| self.read_move(kind, t)).collect()
    }

    /// The squares the answer takes.
    pub fn expected_captures(&self, kind: VariantKind) -> Result<Bits, StepError> {
        let g = &kind.rules().geometry;
        let mut set = Bits::EMPTY;
        for name in self.captures {
            let sq = crate::engine::notation::parse_square(g, name)
                .ok_or_else(|| StepError::Move(format!("'{name}' is not a square")))?;
            set.insert(sq);
        }
        Ok(set)
    }

    fn read_move(&self, kind: VariantKind, text: &str) -> Result<Move, StepError> {
        parse_move(&kind.rules().geometry, text)
            .map(|(mv, _)| mv)
            .map_err(|e| StepError::Move(e.to_string()))
    }

    /// The values the step's texts are filled with.
    fn args(&self, c: &Catalog, kind: VariantKind) -> [(&'static str, String); 4] {
        let g = &kind.rules().geometry;
        let (from, to) = self
            .answers(kind)
            .ok()
            .and_then(|a| a.first().copied())
            .map(|mv| (square_name(g, mv.from), square_name(g, mv.to)))
            .unwrap_or_default();
        [
            ("from", from),
            ("to", to),
            ("squares", c.list(self.captures)),
            ("limit", kind.rules().draw_plies.to_string()),
        ]
    }

    fn fill(&self, c: &Catalog, kind: VariantKind, part: &str) -> String {
        let args = self.args(c, kind);
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        c.fill(&format!("lesson.{}.{part}", self.text), &args)
    }

    /// What the player is asked to do.
    pub fn prompt(&self, c: &Catalog, kind: VariantKind) -> String {
        self.fill(c, kind, "prompt")
    }

    /// What the player is told after a legal move that is not the answer.
    pub fn hint(&self, c: &Catalog, kind: VariantKind) -> String {
        self.fill(c, kind, "hint")
    }

    /// The text keys of the step.
    pub fn keys(&self) -> [String; 2] {
        [
            format!("lesson.{}.prompt", self.text),
            format!("lesson.{}.hint", self.text),
        ]
    }
}

/// Why a step's data cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StepError {
    /// The position does not parse.
    Position(String),
    /// A setup move does not parse or cannot be played, or the game ends before the step.
    Setup(String),
    /// An answer, a wrong move or a captured square does not parse.
    Move(String),
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Position(why) => write!(f, "the position: {why}"),
            StepError::Setup(why) => write!(f, "the moves before the step: {why}"),
            StepError::Move(why) => write!(f, "a move of the step: {why}"),
        }
    }
}

impl std::error::Error for StepError {}

/// Why a lesson cannot be started or go on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LessonError {
    /// No lesson has this id.
    Unknown(String),
    /// The lesson has no such step.
    NoStep { lesson: String, step: usize },
    /// A step's data is wrong (the tests rule this out).
    BadStep {
        lesson: String,
        step: usize,
        error: StepError,
    },
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LessonError::Unknown(id) => write!(f, "no lesson '{id}'"),
            LessonError::NoStep { lesson, step } => {
                write!(f, "lesson {lesson} has no step {}", step + 1)
            }
            LessonError::BadStep {
                lesson,
                step,
                error,
            } => write!(f, "lesson {lesson}, step {}: {error}", step + 1),
        }
    }
}

impl std::error::Error for LessonError {}

/// Every lesson of every game, the games in the apps' order, each game's lessons in the order
/// of [`Topic::ALL`].
pub fn all() -> &'static [Lesson] {
    data::LESSONS
}

/// The lessons of one game (none for the games without lessons).
pub fn lessons(kind: VariantKind) -> impl Iterator<Item = &'static Lesson> {
    all().iter().filter(move |l| l.kind == kind)
}

/// The games that have lessons.
pub const GAMES: [VariantKind; 3] = [
    VariantKind::Copenhagen,
    VariantKind::Brandubh,
    VariantKind::Tablut,
];

/// The lesson with this id (`copenhagen/capture`).
pub fn find(id: &str) -> Option<&'static Lesson> {
    all()
        .iter()
        .find(|l| l.id().eq_ignore_ascii_case(id.trim()))
}

/// The lesson to offer next in a game: the first one not among `finished` (lesson ids, as
/// the store keeps them); `None` once every lesson of the game is finished. A new player is
/// offered the game's first lesson.
pub fn next_lesson<S: AsRef<str>>(kind: VariantKind, finished: &[S]) -> Option<&'static Lesson> {
    lessons(kind).find(|l| {
        let id = l.id();
        !finished.iter().any(|f| f.as_ref() == id)
    })
}

/// Where to resume a lesson: the first step not among `solved` (steps from 0), or the first
/// step when every one is solved (the lesson is taken again).
pub fn resume_step(lesson: &Lesson, solved: &[u32]) -> usize {
    (0..lesson.steps.len())
        .find(|&i| !solved.iter().any(|&s| s as usize == i))
        .unwrap_or(0)
}

/// Every text key the lessons use (titles and steps, plus the words of a lesson in progress),
/// for the text tests.
pub fn text_keys() -> Vec<String> {
    let mut keys: Vec<String> = Topic::ALL.iter().map(|t| t.title_key()).collect();
    for lesson in all() {
        for step in lesson.steps {
            keys.extend(step.keys());
        }
    }
    keys.extend(GENERAL_KEYS.iter().map(|k| k.to_string()));
    keys.sort();
    keys.dedup();
    keys
}

/// The words of the lesson screens that belong to no step.
const GENERAL_KEYS: [&str; 14] = [
    "lesson.list_title",
    "lesson.button_progress",
    "lesson.offer",
    "lesson.next_step",
    "lesson.finish",
    "lesson.status_done",
    "lesson.status_steps",
    "lesson.none",
    "lesson.quiet",
    "lesson.step",
    "lesson.correct",
    "lesson.done",
    "lesson.wrong",
    "lesson.next",
];

/// The right move of a step, as the engine played it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solved {
    pub mv: Move,
    /// Every capture of the move, with how it happened.
    pub captures: Vec<Capture>,
    /// The game's status after it.
    pub status: Status,
}

/// Why a move does not answer the step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wrong {
    /// The engine refuses the move.
    Illegal(MoveError),
    /// The move is legal, but not the one the step asks for.
    NotAsked,
    /// The step is already solved: go on to the next one.
    AlreadySolved,
}

/// What a move made in a lesson did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Attempt {
    /// The step is solved; more steps follow ([`LessonRun::next_step`]).
    Correct(Solved),
    /// The last step is solved: the lesson is done.
    LessonDone(Solved),
    /// The move does not answer the step; the board is unchanged.
    Wrong(Wrong),
}

/// A lesson in progress: the step the player is on and its board.
#[derive(Clone, Debug)]
pub struct LessonRun {
    lesson: &'static Lesson,
    step: usize,
    game: Game,
    solved: bool,
}

impl LessonRun {
    /// The lesson from its first step.
    pub fn start(lesson: &'static Lesson) -> Result<LessonRun, LessonError> {
        LessonRun::start_at(lesson, 0)
    }

    /// The lesson with this id from its first step.
    pub fn start_id(id: &str) -> Result<LessonRun, LessonError> {
        let lesson = find(id).ok_or_else(|| LessonError::Unknown(id.to_string()))?;
        LessonRun::start(lesson)
    }

    /// The lesson from a given step (0 for the first), to resume it.
    pub fn start_at(lesson: &'static Lesson, step: usize) -> Result<LessonRun, LessonError> {
        Ok(LessonRun {
            lesson,
            step,
            game: step_game(lesson, step)?,
            solved: false,
        })
    }

    pub fn lesson(&self) -> &'static Lesson {
        self.lesson
    }

    /// The step the player is on (0 for the first).
    pub fn step_index(&self) -> usize {
        self.step
    }

    pub fn step(&self) -> &'static Step {
        &self.lesson.steps[self.step]
    }

    /// The board: the step's position, and after the right move the position it made.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether the current step is solved.
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// Whether the current step is the lesson's last.
    pub fn is_last_step(&self) -> bool {
        self.step + 1 >= self.lesson.steps.len()
    }

    /// Tries the player's move. A right move is played on the board; anything else leaves
    /// the board as it was.
    pub fn try_move(&mut self, mv: Move) -> Attempt {
        if self.solved {
            return Attempt::Wrong(Wrong::AlreadySolved);
        }
        if let Err(e) = self.game.check(mv) {
            return Attempt::Wrong(Wrong::Illegal(e));
        }
        let kind = self.lesson.kind;
        let asked = self
            .step()
            .answers(kind)
            .is_ok_and(|answers| answers.contains(&mv));
        if !asked {
            return Attempt::Wrong(Wrong::NotAsked);
        }
        let captures = explain::captures(self.game.position(), mv);
        let status = match self.game.play(mv) {
            Ok(played) => played.status,
            // Checked just above; kept as a refusal rather than a panic.
            Err(e) => return Attempt::Wrong(Wrong::Illegal(e)),
        };
        self.solved = true;
        let solved = Solved {
            mv,
            captures,
            status,
        };
        if self.is_last_step() {
            Attempt::LessonDone(solved)
        } else {
            Attempt::Correct(solved)
        }
    }

    /// Goes on to the next step once this one is solved. `Ok(false)`: the lesson has no
    /// further step, or this one is not solved yet (nothing changes then).
    pub fn next_step(&mut self) -> Result<bool, LessonError> {
        if !self.solved || self.is_last_step() {
            return Ok(false);
        }
        self.game = step_game(self.lesson, self.step + 1)?;
        self.step += 1;
        self.solved = false;
        Ok(true)
    }

    /// Starts the current step again from its position.
    pub fn restart_step(&mut self) -> Result<(), LessonError> {
        self.game = step_game(self.lesson, self.step)?;
        self.solved = false;
        Ok(())
    }

    /// What the player is asked to do now.
    pub fn prompt(&self, c: &Catalog) -> String {
        self.step().prompt(c, self.lesson.kind)
    }

    /// "Step 2 of 4".
    pub fn progress(&self, c: &Catalog) -> String {
        c.fill(
            "lesson.step",
            &[
                ("step", &(self.step + 1).to_string()),
                ("steps", &self.lesson.steps.len().to_string()),
            ],
        )
    }

    /// Why a move was not the answer, in words: the engine's refusal for an illegal move,
    /// the step's hint for a legal one.
    pub fn wrong_text(&self, c: &Catalog, wrong: Wrong) -> String {
        let reason = match wrong {
            Wrong::Illegal(e) => c.move_error(e).to_string(),
            Wrong::NotAsked => self.step().hint(c, self.lesson.kind),
            Wrong::AlreadySolved => c.text("lesson.next").to_string(),
        };
        c.fill("lesson.wrong", &[("reason", &reason)])
    }

    /// What the right move did, in words: each capture and how, then the result when the
    /// game ended (or that nothing happened, where a step shows a rule not applying), then
    /// "Well done." or "Lesson complete.".
    pub fn solved_text(&self, c: &Catalog, solved: &Solved) -> Vec<String> {
        let v = self.lesson.kind.rules();
        let mut lines: Vec<String> = solved
            .captures
            .iter()
            .map(|cap| c.capture(&v.geometry, cap))
            .collect();
        match solved.status {
            Status::Over(outcome) => {
                lines.push(c.result(outcome, crate::engine::mode::Mode::TwoPlayers, v.draw_plies));
            }
            // Where a step shows that a rule does *not* apply, say so; a plain move of the
            // first lesson needs no such line.
            Status::Ongoing if lines.is_empty() && self.lesson.topic != Topic::Moving => {
                lines.push(c.text("lesson.quiet").to_string());
            }
            Status::Ongoing => {}
        }
        lines.push(
            c.text(if self.is_last_step() {
                "lesson.done"
            } else {
                "lesson.correct"
            })
            .to_string(),
        );
        lines
    }
}

fn step_game(lesson: &'static Lesson, step: usize) -> Result<Game, LessonError> {
    let s = lesson.steps.get(step).ok_or_else(|| LessonError::NoStep {
        lesson: lesson.id(),
        step,
    })?;
    s.game(lesson.kind).map_err(|error| LessonError::BadStep {
        lesson: lesson.id(),
        step,
        error,
    })
}
