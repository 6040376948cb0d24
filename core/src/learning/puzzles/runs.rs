//! Puzzle streak and puzzle storm, as players know them from chess: the rules of a run, as
//! state machines fed with the player's answers and, for the storm, the shell's clock.
//!
//! A streak offers puzzles rising in rating; one puzzle may be skipped; the first miss ends
//! it, and its score is the puzzles solved. A storm is three minutes of puzzles rising in
//! rating: a miss costs ten seconds, a run of right answers (a combo) gives time back, and the
//! score is the puzzles solved when the time is up. The storm never reads a clock: the shell
//! passes its monotonic time (milliseconds from any fixed moment) with each event, and a storm
//! in the background is paused, so that its time does not run.

use serde::{Deserialize, Serialize};

/// The rating of a run's first puzzle.
pub const FIRST_RATING: u32 = 600;
/// How much the rating rises with each puzzle answered.
pub const RATING_STEP: u32 = 50;
/// The highest rating a run asks for (the hardest shipped puzzles are about there).
pub const TOP_RATING: u32 = 2800;

/// The rating of a run's puzzle after `answered` puzzles.
pub fn run_rating(answered: u32) -> u32 {
    FIRST_RATING
        .saturating_add(RATING_STEP.saturating_mul(answered))
        .min(TOP_RATING)
}

/// Which kind of run: each keeps its own best score per game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "kebab-case")]
pub enum RunKind {
    Streak,
    Storm,
}

impl RunKind {
    pub const fn name(self) -> &'static str {
        match self {
            RunKind::Streak => "streak",
            RunKind::Storm => "storm",
        }
    }
}

/// A puzzle streak.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Streak {
    solved: u32,
    skipped: bool,
    over: bool,
}

impl Streak {
    pub fn new() -> Streak {
        Streak::default()
    }

    /// The puzzles solved: the score.
    pub fn score(&self) -> u32 {
        self.solved
    }

    /// Whether the first miss has ended it.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether the one skip is still there.
    pub fn can_skip(&self) -> bool {
        !self.skipped && !self.over
    }

    /// The rating of the next puzzle (a skipped one is replaced by one of the same rating).
    pub fn next_rating(&self) -> u32 {
        run_rating(self.solved)
    }

    /// The player's answer to the puzzle on show: solved, or missed (which ends the streak).
    pub fn answer(&mut self, solved: bool) {
        if self.over {
            return;
        }
        if solved {
            self.solved += 1;
        } else {
            self.over = true;
        }
    }

    /// Skips the puzzle on show, once per streak; false when the skip was used.
    pub fn skip(&mut self) -> bool {
        let can = self.can_skip();
        self.skipped = true;
        can
    }
}

/// The storm's time at the start.
pub const STORM_MS: u64 = 180_000;
/// The time a miss costs.
pub const MISS_MS: u64 = 10_000;

/// The time a combo gives when it reaches `combo` right answers in a row: 3 s at 5, 5 s at
/// 12, 7 s at 20, 10 s at 30 and at every 10 after.
pub fn combo_bonus_ms(combo: u32) -> u64 {
    match combo {
        5 => 3_000,
        12 => 5_000,
        20 => 7_000,
        c if c >= 30 && c % 10 == 0 => 10_000,
        _ => 0,
    }
}

/// A puzzle storm.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Storm {
    left_ms: u64,
    /// The shell's time of the last event while running; `None` while paused.
    running_since: Option<u64>,
    solved: u32,
    answered: u32,
    combo: u32,
    best_combo: u32,
}

/// What an answer did to the storm's time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TimeChange {
    None,
    /// A combo gave this many milliseconds.
    Bonus(u64),
    /// A miss took this many.
    Penalty(u64),
}

impl Storm {
    /// A storm that starts at the shell's time `now_ms`.
    pub fn start(now_ms: u64) -> Storm {
        Storm {
            left_ms: STORM_MS,
            running_since: Some(now_ms),
            solved: 0,
            answered: 0,
            combo: 0,
            best_combo: 0,
        }
    }

    /// Lets the clock run up to `now_ms` (the shell's ticks); time going backwards counts as
    /// none.
    pub fn tick(&mut self, now_ms: u64) {
        if let Some(since) = self.running_since {
            self.left_ms = self.left_ms.saturating_sub(now_ms.saturating_sub(since));
            self.running_since = (self.left_ms > 0).then_some(now_ms.max(since));
        }
    }

    /// The app went to the background: the clock stops at `now_ms`.
    pub fn pause(&mut self, now_ms: u64) {
        self.tick(now_ms);
        self.running_since = None;
    }

    /// The app came back: the clock runs from `now_ms`.
    pub fn resume(&mut self, now_ms: u64) {
        if self.running_since.is_none() && !self.is_over() {
            self.running_since = Some(now_ms);
        }
    }

    pub fn is_paused(&self) -> bool {
        self.running_since.is_none() && !self.is_over()
    }

    /// Whether the time is up.
    pub fn is_over(&self) -> bool {
        self.left_ms == 0
    }

    /// The time left, in milliseconds.
    pub fn left_ms(&self) -> u64 {
        self.left_ms
    }

    /// The puzzles solved: the score.
    pub fn score(&self) -> u32 {
        self.solved
    }

    /// The longest run of right answers.
    pub fn best_combo(&self) -> u32 {
        self.best_combo
    }

    /// The right answers in a row now.
    pub fn combo(&self) -> u32 {
        self.combo
    }

    /// The rating of the next puzzle: rising with every puzzle answered, so that the shell can
    /// have it ready before the one on show is answered.
    pub fn next_rating(&self) -> u32 {
        run_rating(self.answered + 1)
    }

    /// The rating of the puzzle on show.
    pub fn rating(&self) -> u32 {
        run_rating(self.answered)
    }

    /// The player's answer at the shell's time `now_ms`; nothing once the time is up.
    pub fn answer(&mut self, solved: bool, now_ms: u64) -> TimeChange {
        self.tick(now_ms);
        if self.is_over() {
            return TimeChange::None;
        }
        self.answered += 1;
        if solved {
            self.solved += 1;
            self.combo += 1;
            self.best_combo = self.best_combo.max(self.combo);
            match combo_bonus_ms(self.combo) {
                0 => TimeChange::None,
                bonus => {
                    self.left_ms += bonus;
                    TimeChange::Bonus(bonus)
                }
            }
        } else {
            self.combo = 0;
            let penalty = MISS_MS.min(self.left_ms);
            self.left_ms -= penalty;
            if self.left_ms == 0 {
                self.running_since = None;
            }
            TimeChange::Penalty(penalty)
        }
    }
}
