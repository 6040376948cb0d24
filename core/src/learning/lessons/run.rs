//! A lesson in progress: the step the player is on, its board, and what a move does there.

use crate::engine::explain::{self, Capture};
use crate::engine::game::{Game, MoveError, Status};
use crate::engine::moves::Move;
use crate::texts::Catalog;

use super::catalogue::find;
use super::lesson::{Lesson, LessonError, Step, Topic};

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
