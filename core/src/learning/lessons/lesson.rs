//! A lesson as data: what it teaches, its steps, and what the engine must make of each.

use std::fmt;

use crate::engine::bits::Bits;
use crate::engine::game::Game;
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
