//! The game screen in puzzle mode: the player moves for the side that wins, the prover judges
//! each move away from the event thread, the longest defence answers, a wrong move is refused
//! with the defence that refutes it drawn on the board, and the first result moves the
//! player's puzzle rating. The moves themselves go through the game screen ([`GameScreen`]).
//!
//! [`GameScreen`]: super::play_screen::GameScreen

use crate::ai::Control;
use crate::engine::movegen::Move;
use crate::engine::notation::format_move;
use crate::learning::puzzles::{self, Applied, Progress, PuzzleRun, Refutation, format_line};
use crate::learning::rating::Rating;
use crate::texts::Catalog;

use super::frame::*;

/// Moves the prover may play to judge one move: the budget the shipped puzzles were proven
/// within, so that none of their lines is too big to judge.
pub(crate) const JUDGE_BUDGET: u64 = 30_000_000;

/// A move the prover is judging.
pub(crate) struct Judging {
    pub id: u64,
    pub mv: Move,
    pub slide: bool,
    /// Stops the proof.
    pub control: Control,
}

/// A judging dropped unanswered (the player left the puzzle, or another opened) stops its
/// proof, which could otherwise go on for seconds for nobody; dropped once answered, it stops
/// a proof that is over already.
impl Drop for Judging {
    fn drop(&mut self) {
        self.control.cancel();
    }
}

/// What the last judged move came to, for the lines under the board.
#[derive(Clone, Copy)]
pub(crate) enum LastAnswer {
    /// Refused: the move and the defence that holds out longest against it (drawn on the
    /// board), with what it comes to.
    Wrong {
        mv: Move,
        refutation: Option<Refutation>,
    },
    /// The proof ran over its budget: nothing played.
    Unproven,
    /// Played, and answered.
    Replied { reply: Move },
}

/// A puzzle's result, for the store: the puzzle's key, its grade, solved at the first try.
pub(crate) type PuzzleResult = (String, u32, bool);

pub(crate) struct PuzzleMode {
    pub run: PuzzleRun,
    /// The day of a daily puzzle (days since 1970-01-01), with today's day to name it.
    pub daily: Option<(i64, i64)>,
    pub judging: Option<Judging>,
    pub last: Option<LastAnswer>,
    /// The rating when the puzzle opened, and after its result once it counted.
    pub rating: Rating,
    pub after: Option<Rating>,
    /// The result not yet handed to the store.
    pub pending: Option<PuzzleResult>,
    /// Whether the result moves the rating: not for a puzzle played before (the day's puzzle
    /// opened again, or every puzzle of the game played once), which cannot be met fresh.
    pub rated: bool,
    /// A puzzle of a streak or a storm: the run keeps the score, so no rating shows or moves,
    /// and the run gives the controls.
    pub in_run: bool,
    /// In a run, the puzzle's result not yet handed to the run: solved, or missed.
    pub run_result: Option<bool>,
}

impl PuzzleMode {
    pub fn new(
        run: PuzzleRun,
        daily: Option<(i64, i64)>,
        rating: Rating,
        rated: bool,
    ) -> PuzzleMode {
        PuzzleMode {
            run,
            daily,
            judging: None,
            last: None,
            rating,
            after: None,
            pending: None,
            rated,
            in_run: false,
            run_result: None,
        }
    }

    /// A puzzle of a streak or a storm (see `super::run_screen`).
    pub fn in_run(run: PuzzleRun) -> PuzzleMode {
        PuzzleMode {
            in_run: true,
            ..PuzzleMode::new(run, None, Rating::NEW, false)
        }
    }

    pub fn solved(&self) -> bool {
        self.run.is_over()
    }

    /// Takes in the run's answer to a judged move. The rating moves once, with the first
    /// result: a wrong move, or the puzzle solved without one. True when this answer moved it.
    pub fn answered(&mut self, mv: Move, applied: &Applied) -> bool {
        self.last = match *applied {
            Applied::Refused { refutation, .. } => Some(LastAnswer::Wrong { mv, refutation }),
            Applied::Unproven => Some(LastAnswer::Unproven),
            Applied::Played { reply: Some(reply) } => Some(LastAnswer::Replied { reply }),
            Applied::Played { reply: None } => None,
        };
        let result = match (applied, self.run.progress()) {
            (Applied::Refused { counts: true, .. }, _) => Some(false),
            (Applied::Played { .. }, Progress::Solved { first_try: true }) => Some(true),
            _ => None,
        };
        if self.in_run {
            self.run_result = result;
            return false;
        }
        if !self.rated {
            return false;
        }
        if let Some(solved) = result {
            let p = self.run.puzzle();
            self.after = Some(self.rating.after_puzzle(p.rating, solved));
            self.pending = Some((p.key(), p.rating, solved));
        }
        result.is_some()
    }

    /// The refutation of the last wrong move, to draw on the board (until the next move).
    pub fn refutation(&self) -> Option<Move> {
        match self.last {
            Some(LastAnswer::Wrong { refutation, .. }) => refutation.map(|r| r.reply),
            _ => None,
        }
    }

    /// The title above the board.
    pub fn title(&self, texts: &Catalog) -> String {
        match self.daily {
            Some((day, today)) => {
                texts.fill("puzzle.daily_title", &[("date", &texts.day(day, today))])
            }
            None => {
                let kind = self.run.puzzle().game.variant().kind;
                texts.fill("puzzle.title", &[("game", texts.variant(kind))])
            }
        }
    }

    /// The lines under the board: what to do, the grades, what the last move came to, and,
    /// once solved, the whole line.
    pub fn info(&self, texts: &Catalog) -> Vec<InfoLine> {
        let run = &self.run;
        let puzzle = run.puzzle();
        let g = &puzzle.game.variant().geometry;
        let name = |mv: Move| format_move(g, mv, Default::default());
        let mut out = Vec::new();
        let mut add = |kind: InfoKind, text: String| out.push(InfoLine { kind, text });
        if !self.solved() {
            let moves = u64::from(run.left().div_ceil(2));
            add(
                InfoKind::Prompt,
                texts.count(
                    "puzzle.prompt",
                    moves,
                    &[("side", texts.side_noun(run.winner()))],
                ),
            );
        }
        if !self.in_run {
            add(
                InfoKind::Rating,
                texts.fill(
                    "puzzle.grade",
                    &[
                        ("grade", &puzzle.rating.to_string()),
                        ("rating", &rounded(self.rating.rating)),
                        ("deviation", &rounded(self.rating.deviation)),
                    ],
                ),
            );
            if !self.rated {
                add(InfoKind::Rating, texts.text("puzzle.unrated").to_string());
            }
        }
        if self.judging.is_some() {
            add(InfoKind::Hint, texts.text("puzzle.checking").to_string());
        }
        match self.last {
            Some(LastAnswer::Wrong { mv, refutation }) => {
                let defence = run.winner().other();
                add(
                    InfoKind::Wrong,
                    puzzles::words::wrong_move(texts, g, mv, refutation, defence, run.left()),
                );
            }
            Some(LastAnswer::Unproven) => {
                add(InfoKind::Wrong, texts.text("puzzle.unproven").to_string())
            }
            Some(LastAnswer::Replied { reply }) if !self.solved() => add(
                InfoKind::LastMove,
                texts.fill("puzzle.reply", &[("reply", &name(reply))]),
            ),
            _ => {}
        }
        if self.solved() {
            let line = format_line(&puzzle.game, run.played());
            add(
                InfoKind::Ending,
                texts.fill("puzzle.solved", &[("line", &line)]),
            );
        }
        if let Some(after) = self.after {
            let words = [
                ("before", rounded(self.rating.rating)),
                ("after", rounded(after.rating)),
            ];
            let args: Vec<(&str, &str)> = words.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let key = match self.run.progress() {
                Progress::Solved { first_try: true } => "puzzle.rating_change",
                _ => "puzzle.missed",
            };
            add(InfoKind::Rating, texts.fill(key, &args));
        }
        out
    }

    /// What a screen reader says after a judged move: what the move came to and, when this
    /// move's result `counted`, the rating's change (the prompt and the grade were said
    /// before).
    pub fn announcement(&self, texts: &Catalog, counted: bool) -> String {
        let lines = self.info(texts);
        let change = counted
            .then(|| lines.iter().rfind(|l| l.kind == InfoKind::Rating))
            .flatten();
        lines
            .iter()
            .filter(|l| {
                matches!(
                    l.kind,
                    InfoKind::Wrong | InfoKind::LastMove | InfoKind::Ending
                )
            })
            .chain(change)
            .map(|l| l.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Next puzzle once solved, and the way back (a run gives its own).
    pub fn controls(&self, texts: &Catalog) -> Vec<ButtonView> {
        let mut out = Vec::new();
        if self.in_run {
            return out;
        }
        if self.solved() {
            let mut next = button(
                "nextPuzzle",
                texts.text("puzzle.next"),
                true,
                Event::NextPuzzle,
            );
            next.primary = true;
            out.push(next);
        }
        out.push(button(
            "menu",
            texts.label(crate::texts::Label::ActionMenu),
            true,
            Event::Back,
        ));
        out
    }
}

/// A rating as players read it: whole points.
fn rounded(x: f64) -> String {
    format!("{}", x.round() as i64)
}
