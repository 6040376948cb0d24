//! A lesson or a puzzle on show, as the saved state keeps it across the death of the app's
//! process: enough to build the same screen again. The store has every result already (a
//! solved step, a puzzle's rating), so a screen brought back hands nothing to it again.
//!
//! Moves are kept in the game's notation, ratings as their three numbers; anything that does
//! not read back (an unknown lesson or puzzle, a move the position refuses, a rating out of
//! range) brings nothing back, and the controller falls back to the list or the start page.

use serde::{Deserialize, Serialize};

use crate::engine::game::Game;
use crate::engine::movegen::Move;
use crate::engine::notation::{format_move, parse_move};
use crate::learning::lessons::{self, Attempt, LessonRun};
use crate::learning::puzzles::{self, Holds, Progress, PuzzleRun, Refutation};
use crate::learning::rating::Rating;

use super::play_screen::GameScreen;
use super::puzzle_mode::{LastAnswer, PuzzleMode};

/// The lesson on show: its id, the step the player is on, and the move that solved that step
/// once it is solved (the player had not yet gone on to the next one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct SavedLesson {
    id: String,
    step: u32,
    answer: Option<String>,
}

impl SavedLesson {
    pub fn of(screen: &GameScreen) -> Option<SavedLesson> {
        let run = screen.lesson_run()?;
        Some(SavedLesson {
            id: run.lesson().id(),
            step: u32::try_from(run.step_index()).ok()?,
            answer: screen.lesson_answer().map(|mv| name(run.game(), mv)),
        })
    }

    /// The lesson's screen as it was, or `None` when the saved lesson does not read back.
    pub fn screen(&self) -> Option<GameScreen> {
        let lesson = lessons::find(&self.id)?;
        let mut run = LessonRun::start_at(lesson, usize::try_from(self.step).ok()?).ok()?;
        let solved = match &self.answer {
            None => None,
            Some(text) => match run.try_move(read(run.game(), text)?) {
                Attempt::Correct(solved) | Attempt::LessonDone(solved) => Some(solved),
                Attempt::Wrong(_) => return None,
            },
        };
        Some(GameScreen::lesson_at(run, solved))
    }
}

/// A rating's three numbers.
type SavedRating = [f64; 3];

/// The puzzle on show: which one (and the day, for the day's puzzle), the moves played in it
/// (both sides'), whether a wrong move came and what the last one came to, and the rating state: the player's rating when it
/// opened, after its result once that counted, and whether the result counts at all.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct SavedPuzzle {
    key: String,
    daily: Option<i64>,
    played: Vec<String>,
    missed: bool,
    /// What the last judged move came to, as the lines under the board say it.
    last: Option<SavedAnswer>,
    rating: SavedRating,
    after: Option<SavedRating>,
    rated: bool,
    /// A streak's or a storm's puzzle (the run is kept beside it).
    #[serde(default)]
    in_run: bool,
}

/// What the last judged move of a puzzle came to (see [`LastAnswer`]), its moves in notation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum SavedAnswer {
    Wrong {
        mv: String,
        refutation: Option<(String, Holds)>,
    },
    Unproven,
    Replied {
        reply: String,
    },
}

impl SavedAnswer {
    fn of(last: LastAnswer, game: &Game) -> SavedAnswer {
        match last {
            LastAnswer::Wrong { mv, refutation } => SavedAnswer::Wrong {
                mv: name(game, mv),
                refutation: refutation.map(|r| (name(game, r.reply), r.holds)),
            },
            LastAnswer::Unproven => SavedAnswer::Unproven,
            LastAnswer::Replied { reply } => SavedAnswer::Replied {
                reply: name(game, reply),
            },
        }
    }

    fn answer(&self, game: &Game) -> Option<LastAnswer> {
        Some(match self {
            SavedAnswer::Wrong { mv, refutation } => LastAnswer::Wrong {
                mv: read(game, mv)?,
                refutation: match refutation {
                    Some((reply, holds)) => Some(Refutation {
                        reply: read(game, reply)?,
                        holds: *holds,
                    }),
                    None => None,
                },
            },
            SavedAnswer::Unproven => LastAnswer::Unproven,
            SavedAnswer::Replied { reply } => LastAnswer::Replied {
                reply: read(game, reply)?,
            },
        })
    }
}

impl SavedPuzzle {
    pub fn of(screen: &GameScreen) -> Option<SavedPuzzle> {
        let mode = screen.puzzle_mode()?;
        let run = &mode.run;
        let puzzle = run.puzzle();
        let mut game = puzzle.game.clone();
        let mut played = Vec::with_capacity(run.played().len());
        for &mv in run.played() {
            played.push(name(&game, mv));
            game.play(mv).ok()?;
        }
        Some(SavedPuzzle {
            key: puzzle.key(),
            daily: mode.daily.map(|(day, _)| day),
            played,
            missed: matches!(
                run.progress(),
                Progress::Retrying | Progress::Solved { first_try: false }
            ),
            last: mode.last.map(|last| SavedAnswer::of(last, &puzzle.game)),
            rating: numbers(mode.rating),
            after: mode.after.map(numbers),
            rated: mode.rated,
            in_run: mode.in_run,
        })
    }

    /// The puzzle's screen as it was (a daily puzzle named against `today`), or `None` when the
    /// saved puzzle does not read back.
    /// A run's puzzle comes back as one only `with_run` (its run kept beside it); without it, as
    /// a plain puzzle with its controls.
    pub fn screen(&self, today: i64, with_run: bool) -> Option<GameScreen> {
        let puzzle = puzzles::find(&self.key)?.clone();
        let mut game = puzzle.game.clone();
        let mut moves = Vec::with_capacity(self.played.len());
        for text in &self.played {
            let mv = read(&game, text)?;
            game.play(mv).ok()?;
            moves.push(mv);
        }
        let run = PuzzleRun::replayed(puzzle, &moves, self.missed)?;
        let mut mode = PuzzleMode::new(
            run,
            self.daily.map(|day| (day, today)),
            rating(self.rating)?,
            self.rated,
        );
        mode.in_run = self.in_run && with_run;
        mode.last = match &self.last {
            Some(last) => Some(last.answer(&game)?),
            None => None,
        };
        mode.after = match self.after {
            Some(after) => Some(rating(after)?),
            None => None,
        };
        Some(GameScreen::puzzle_in(mode))
    }
}

/// A move in notation, on the board of `game`.
fn name(game: &Game, mv: Move) -> String {
    format_move(&game.variant().geometry, mv, Default::default())
}

/// A move read back in `game`, when its text names one.
fn read(game: &Game, text: &str) -> Option<Move> {
    parse_move(&game.variant().geometry, text)
        .ok()
        .map(|(mv, _)| mv)
}

fn numbers(r: Rating) -> SavedRating {
    [r.rating, r.deviation, r.volatility]
}

fn rating([r, d, v]: SavedRating) -> Option<Rating> {
    Rating::checked(r, d, v)
}
