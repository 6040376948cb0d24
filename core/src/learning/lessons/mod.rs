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

mod catalogue;
mod data;
mod lesson;
mod run;

pub use catalogue::{GAMES, all, find, lessons, next_lesson, resume_step, text_keys};
pub use lesson::{Lesson, LessonError, Step, StepError, Topic};
pub use run::{Attempt, LessonRun, Solved, Wrong};
