//! A puzzle streak or a puzzle storm on show: the run's rules (`learning::puzzles::runs`)
//! around the screen of its puzzle on show. The run chooses its puzzles (rising in rating,
//! new in the run and, while there are such, to the player), takes each puzzle's result from
//! the puzzle screen, and says the score, the time left and what the last answer did to them
//! above the puzzle's own lines. A run moves no puzzle rating; its score, once it ends, is
//! handed to the store, which keeps the best per run and game.
//!
//! The storm reads no clock: its time is the time it spent on screen, which the controller
//! counts from the shell's ticks (`super::ticks`: the first tick after the storm opens or the
//! app comes back only sets where the time runs from, so a storm in the background is
//! paused).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::engine::variant::VariantKind;
use crate::learning::puzzles::runs::{self, RunKind, Storm, Streak, TimeChange};
use crate::learning::puzzles::{self, Puzzle, PuzzleRun};
use crate::texts::{Catalog, Label};

use super::context::Display;
use super::frame::*;
use super::play_screen::GameScreen;
use super::puzzle_mode::PuzzleMode;

/// How often the shell is asked to tick while a storm's clock runs: four times a second, so
/// that the seconds shown change on time and an answer is timed to a quarter of a second.
pub(crate) const STORM_TICK_MS: u32 = 250;

/// The rules of the run, with its state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Rules {
    Streak(Streak),
    Storm(Storm),
}

/// What the last answer did, said under the board until the next one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Note {
    Solved,
    Skipped,
    /// A storm's combo gave time.
    Bonus {
        combo: u32,
        ms: u64,
    },
    /// A storm's miss took time.
    Penalty {
        ms: u64,
    },
}

/// A run in progress or ended.
pub(crate) struct RunScreen {
    /// The puzzle on show.
    pub screen: GameScreen,
    pub rules: Rules,
    pub game: VariantKind,
    chooser: Chooser,
    /// The best score of this run's kind and game before it.
    best: u32,
    /// The storm's next puzzle, chosen while the one on show is played.
    next: Option<&'static Puzzle>,
    note: Option<Note>,
    /// The time the run has spent on screen: the storm's clock.
    clock_ms: u64,
    /// The run's score went to the store.
    recorded: bool,
}

/// Chooses a run's puzzles: by the run's seed and how many it chose before, near the rating
/// asked for, new in the run and, while there are such, to the player.
struct Chooser {
    game: VariantKind,
    seed: u64,
    turn: u64,
    /// The puzzles met in this run, and the player's played ones (`choose` avoids them).
    done: HashSet<String>,
    /// The keys met in this run only (kept through the app's end with the run).
    met: Vec<String>,
}

impl Chooser {
    fn choose(&mut self, rating: u32) -> Option<&'static Puzzle> {
        let found = puzzles::choose(
            self.game,
            f64::from(rating),
            &self.done,
            self.seed.wrapping_add(self.turn),
        );
        self.turn += 1;
        let p = found?;
        self.done.insert(p.key());
        self.met.push(p.key());
        Some(p)
    }
}

/// A run as the saved state keeps it, for the app's process to come back to after it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct SavedRun {
    rules: Rules,
    game: VariantKind,
    seed: u64,
    turn: u64,
    met: Vec<String>,
    /// The storm's next puzzle, already chosen.
    next: Option<String>,
    best: u32,
    note: Option<Note>,
    clock_ms: u64,
    recorded: bool,
}

impl RunScreen {
    /// A new run of `kind` in `game`, its puzzles chosen by `seed` and new to the player while
    /// there are such (`played`); `best` is the best so far. None for a game without puzzles.
    pub fn start(
        kind: RunKind,
        game: VariantKind,
        seed: u64,
        played: &HashSet<String>,
        best: u32,
    ) -> Option<RunScreen> {
        let rules = match kind {
            RunKind::Streak => Rules::Streak(Streak::new()),
            RunKind::Storm => Rules::Storm(Storm::start(0)),
        };
        let mut chooser = Chooser {
            game,
            seed,
            turn: 0,
            done: played.clone(),
            met: Vec::new(),
        };
        let first = chooser.choose(runs::FIRST_RATING)?;
        let mut run = RunScreen {
            screen: puzzle_screen(first),
            rules,
            game,
            chooser,
            best,
            next: None,
            note: None,
            clock_ms: 0,
            recorded: false,
        };
        run.prepare();
        Some(run)
    }

    pub fn kind(&self) -> RunKind {
        match self.rules {
            Rules::Streak(_) => RunKind::Streak,
            Rules::Storm(_) => RunKind::Storm,
        }
    }

    pub fn score(&self) -> u32 {
        match &self.rules {
            Rules::Streak(s) => s.score(),
            Rules::Storm(s) => s.score(),
        }
    }

    /// The first miss ended the streak, or the storm's time is up.
    pub fn over(&self) -> bool {
        match &self.rules {
            Rules::Streak(s) => s.is_over(),
            Rules::Storm(s) => s.is_over(),
        }
    }

    /// How often the shell should tick: while a storm's clock can run.
    pub fn tick_ms(&self) -> Option<u32> {
        match &self.rules {
            Rules::Storm(s) if !s.is_over() => Some(STORM_TICK_MS),
            _ => None,
        }
    }

    /// Puts `puzzle` on show, and prepares the next.
    fn show(&mut self, puzzle: &'static Puzzle) {
        self.screen = puzzle_screen(puzzle);
        self.prepare();
    }

    /// A storm chooses its next puzzle as soon as one is on show, so that it is ready before
    /// that one is answered (a streak's next depends on the answer: a skip keeps the rating).
    fn prepare(&mut self) {
        if let Rules::Storm(s) = self.rules {
            if !s.is_over() {
                self.next = self.chooser.choose(s.next_rating());
            }
        }
    }

    /// The next puzzle: the storm's prepared one, or one at the rating the run is at.
    fn advance(&mut self) {
        let prepared = self.next.take();
        let rating = match &self.rules {
            Rules::Streak(s) => s.next_rating(),
            Rules::Storm(s) => s.rating(),
        };
        if let Some(p) = prepared.or_else(|| self.chooser.choose(rating)) {
            self.show(p);
        }
    }

    /// Takes in the result of the puzzle on show, once it has one: solved, or missed. A storm
    /// goes on to its next puzzle at once; a streak waits for "Next puzzle", or ends.
    pub fn take_result(&mut self, texts: &Catalog, out: &mut super::context::Outbox) {
        let Some(solved) = self.screen.take_run_result() else {
            return;
        };
        if self.over() {
            // The storm's time ran out while the answer was judged: it comes too late.
            return;
        }
        let now = self.clock_ms;
        match &mut self.rules {
            Rules::Streak(s) => {
                s.answer(solved);
                self.note = solved.then_some(Note::Solved);
            }
            Rules::Storm(s) => {
                self.note = match s.answer(solved, now) {
                    TimeChange::Bonus(ms) => Some(Note::Bonus {
                        combo: s.combo(),
                        ms,
                    }),
                    TimeChange::Penalty(ms) => Some(Note::Penalty { ms }),
                    TimeChange::None => solved.then_some(Note::Solved),
                };
                if !s.is_over() {
                    self.advance();
                }
            }
        }
        out.announce(self.said(texts), false);
    }

    /// "Next puzzle", once the streak's puzzle on show is solved.
    pub fn next_puzzle(&mut self, texts: &Catalog, out: &mut super::context::Outbox) {
        let solved = self.screen.puzzle_mode().is_some_and(PuzzleMode::solved);
        if matches!(self.rules, Rules::Streak(_)) && solved && !self.over() {
            self.note = None;
            self.advance();
            out.announce(self.said(texts), false);
        }
    }

    /// The streak's one skip: another puzzle of the same rating.
    pub fn skip(&mut self, texts: &Catalog, out: &mut super::context::Outbox) {
        let Rules::Streak(s) = &mut self.rules else {
            return;
        };
        let solved = self
            .screen
            .puzzle_mode()
            .is_some_and(|p| p.solved() || p.judging.is_some());
        if solved || !s.skip() {
            return;
        }
        self.note = Some(Note::Skipped);
        self.advance();
        out.announce(self.said(texts), false);
    }

    /// `ms` more on screen: a storm's clock runs. True when what is shown changed (the
    /// seconds, or the end).
    pub fn elapse(&mut self, ms: u32, texts: &Catalog, out: &mut super::context::Outbox) -> bool {
        let Rules::Storm(s) = &mut self.rules else {
            return false;
        };
        if s.is_over() {
            return false;
        }
        let before = s.left_ms().div_ceil(1000);
        self.clock_ms = self.clock_ms.saturating_add(u64::from(ms));
        s.tick(self.clock_ms);
        if s.is_over() {
            // The time is up: an answer being judged comes too late.
            self.note = None;
            out.announce(self.said(texts), true);
            return true;
        }
        before != s.left_ms().div_ceil(1000)
    }

    /// The run's score for the store, once, when the run has ended (or is left).
    pub fn take_record(&mut self, left: bool) -> Option<(RunKind, VariantKind, u32)> {
        if self.recorded || !(self.over() || left) {
            return None;
        }
        self.recorded = true;
        Some((self.kind(), self.game, self.score()))
    }

    /// The score as it stands, for the store to keep while the run goes on (none before the
    /// first solved puzzle, or once the run's end was recorded).
    pub fn standing(&self) -> Option<(RunKind, VariantKind, u32)> {
        (!self.recorded && self.score() > 0).then(|| (self.kind(), self.game, self.score()))
    }

    /// What a screen reader says as the run opens: its title, its rules and the first prompt.
    pub fn opening(&self, texts: &Catalog) -> String {
        format!("{} {}", self.title(texts), self.said(texts))
    }

    fn title(&self, texts: &Catalog) -> String {
        let key = match self.kind() {
            RunKind::Streak => "run.streak.title",
            RunKind::Storm => "run.storm.title",
        };
        texts.fill(key, &[("game", texts.variant(self.game))])
    }

    /// The run's title, lines and controls around the puzzle's view.
    pub fn view(&self, display: &Display) -> GameView {
        let texts = display.texts();
        let mut view = self.screen.view(display);
        view.turn.text = self.title(texts);
        let mut info = self.lines(texts);
        if !self.over() {
            info.append(&mut view.info);
        } else {
            // The puzzle's own lines that say what the last move came to stay.
            info.extend(
                view.info
                    .into_iter()
                    .filter(|l| matches!(l.kind, InfoKind::Wrong | InfoKind::Ending)),
            );
        }
        view.info = info;
        view.controls = self.controls(texts);
        if self.over() {
            // The board stays to be looked at: it takes no move.
            for square in &mut view.board.squares {
                square.actionable = false;
            }
        }
        view
    }

    /// The run's lines: the rules before the first answer, the score (and the storm's time),
    /// what the last answer did, and at the end the result and the best.
    fn lines(&self, texts: &Catalog) -> Vec<InfoLine> {
        let mut out = Vec::new();
        let mut add = |kind: InfoKind, text: String| out.push(InfoLine { kind, text });
        if self.over() {
            if matches!(self.rules, Rules::Storm(_)) {
                add(
                    InfoKind::Ending,
                    texts.text("run.storm.time_up").to_string(),
                );
            }
            let score = self.score();
            add(
                InfoKind::Ending,
                texts.count("run.over", u64::from(score), &[]),
            );
            let best = if score > self.best {
                texts.fill("run.new_best", &[("score", &score.to_string())])
            } else {
                texts.fill("run.best", &[("best", &self.best.to_string())])
            };
            add(InfoKind::Run, best);
            return out;
        }
        match &self.rules {
            Rules::Streak(s) => {
                if s.score() == 0 && self.note.is_none() && s.can_skip() {
                    add(InfoKind::Run, texts.text("run.streak.rules").to_string());
                }
                let skip = if s.can_skip() {
                    texts.text("run.streak.skip_left")
                } else {
                    texts.text("run.streak.no_skip")
                };
                let status = texts.fill("run.streak.status", &[("score", &s.score().to_string())]);
                add(InfoKind::Run, format!("{status} {skip}"));
            }
            Rules::Storm(s) => {
                if s.score() == 0 && self.note.is_none() {
                    add(
                        InfoKind::Run,
                        texts.fill(
                            "run.storm.rules",
                            &[
                                ("minutes", &(runs::STORM_MS / 60_000).to_string()),
                                ("penalty", &(runs::MISS_MS / 1000).to_string()),
                            ],
                        ),
                    );
                }
                add(InfoKind::Run, storm_status(texts, s));
            }
        }
        match self.note {
            Some(Note::Solved) => add(InfoKind::Run, texts.text("run.solved").to_string()),
            Some(Note::Skipped) => add(InfoKind::Run, texts.text("run.skipped").to_string()),
            Some(Note::Bonus { combo, ms }) => add(
                InfoKind::Run,
                texts.fill(
                    "run.storm.bonus",
                    &[
                        ("combo", &combo.to_string()),
                        ("seconds", &(ms / 1000).to_string()),
                    ],
                ),
            ),
            Some(Note::Penalty { ms }) => add(
                InfoKind::Wrong,
                texts.fill(
                    "run.storm.penalty",
                    &[("seconds", &(ms / 1000).to_string())],
                ),
            ),
            None => {}
        }
        out
    }

    /// What a screen reader says after an answer: the run's lines, then the new puzzle's
    /// prompt when one came.
    fn said(&self, texts: &Catalog) -> String {
        let mut lines = self.lines(texts);
        if let Some(p) = self.screen.puzzle_mode() {
            if !self.over() {
                lines.extend(
                    p.info(texts)
                        .into_iter()
                        .filter(|l| l.kind == InfoKind::Prompt),
                );
            }
        }
        lines
            .iter()
            .map(|l| l.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Skip (a streak's, while it is there), next puzzle (a streak's solved puzzle), play
    /// again (an ended run), and the way back.
    fn controls(&self, texts: &Catalog) -> Vec<ButtonView> {
        let mut out = Vec::new();
        let puzzle = self.screen.puzzle_mode();
        let solved = puzzle.is_some_and(PuzzleMode::solved);
        let judging = puzzle.is_some_and(|p| p.judging.is_some());
        if self.over() {
            let mut again = button(
                "runAgain",
                texts.label(Label::ActionPlayAgain),
                true,
                Event::StartRun { run: self.kind() },
            );
            again.primary = true;
            out.push(again);
        } else if let Rules::Streak(s) = &self.rules {
            if solved {
                let mut next = button(
                    "nextPuzzle",
                    texts.text("puzzle.next"),
                    true,
                    Event::NextPuzzle,
                );
                next.primary = true;
                out.push(next);
            } else if s.can_skip() {
                out.push(button(
                    "skipPuzzle",
                    texts.text("run.skip"),
                    !judging,
                    Event::SkipPuzzle,
                ));
            }
        }
        out.push(button(
            "menu",
            texts.label(Label::ActionMenu),
            true,
            Event::Back,
        ));
        out
    }

    /// The run for the saved state.
    pub fn saved(&self) -> SavedRun {
        SavedRun {
            rules: self.rules,
            game: self.game,
            seed: self.chooser.seed,
            turn: self.chooser.turn,
            met: self.chooser.met.clone(),
            next: self.next.map(Puzzle::key),
            best: self.best,
            note: self.note,
            clock_ms: self.clock_ms,
            recorded: self.recorded,
        }
    }
}

impl SavedRun {
    /// The run brought back around its puzzle's `screen` (from the saved state), with the
    /// player's `played` puzzles; the storm's clock goes on from where it was.
    pub fn run(&self, screen: GameScreen, played: &HashSet<String>) -> RunScreen {
        let mut done = played.clone();
        done.extend(self.met.iter().cloned());
        RunScreen {
            screen,
            rules: self.rules,
            game: self.game,
            chooser: Chooser {
                game: self.game,
                seed: self.seed,
                turn: self.turn,
                done,
                met: self.met.clone(),
            },
            best: self.best,
            next: self.next.as_deref().and_then(puzzles::find),
            note: self.note,
            clock_ms: self.clock_ms,
            recorded: self.recorded,
        }
    }
}

/// The screen of a run's puzzle.
fn puzzle_screen(puzzle: &'static Puzzle) -> GameScreen {
    GameScreen::puzzle_in(PuzzleMode::in_run(PuzzleRun::new(puzzle.clone())))
}

/// "2:41 left · 3 solved · 2 in a row".
fn storm_status(texts: &Catalog, storm: &Storm) -> String {
    let secs = storm.left_ms().div_ceil(1000);
    texts.fill(
        "run.storm.status",
        &[
            ("time", &format!("{}:{:02}", secs / 60, secs % 60)),
            ("score", &storm.score().to_string()),
            ("combo", &storm.combo().to_string()),
        ],
    )
}
