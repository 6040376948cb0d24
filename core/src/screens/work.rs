//! Work that must not run where events are handled: searches, the store's reads and opening,
//! analyses and imports. The controller asks for it as [`Work`]; whoever runs the app runs it
//! (on threads of its own in the apps, in order in the scenario runner) and hands back what
//! came of it as [`Done`]. Every piece of work ends with exactly one final `Done`.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use crate::ai::{Control, Engine, SearchSettings};
use crate::engine::game::Game;
use crate::engine::mode::Mode;
use crate::engine::movegen::Move;
use crate::engine::variant::VariantKind;
use crate::learning::puzzles::dashboard::PlayedPuzzle;
use crate::learning::puzzles::runs::RunKind;
use crate::learning::puzzles::{self, Verdict};
use crate::learning::rating::Rating;
use crate::store::{FinishedGameSummary, GameRecords, LessonProgress, Settings, StoreError};

use super::reviewed_game::{AnalysisView, GameReview, ImportError, import};
use super::storage::{TaflStore, next_token};
use super::types::StoreNotice;

/// A store read the screens wait for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StoreRead {
    Records,
    History,
    /// The unfinished game, to play on.
    Resume,
    /// A finished game, for review.
    Review(i64),
}

pub enum Work {
    /// Opens the database (or none: the app plays in memory) and reads what the start screen
    /// needs.
    OpenStore {
        path: Option<String>,
    },
    /// The computer's move, after a pause that lets the person's move be seen.
    Think {
        id: u64,
        game: Box<Game>,
        settings: SearchSettings,
        control: Control,
        pause: Duration,
        engine: Box<Engine>,
    },
    Hint {
        id: u64,
        game: Box<Game>,
        settings: SearchSettings,
        control: Control,
    },
    /// A puzzle move judged by the prover (see `puzzles::judge`).
    Judge {
        id: u64,
        game: Box<Game>,
        left: u32,
        mv: Move,
        budget: u64,
        /// Cancelled when the player leaves the puzzle: the verdict is then not wanted.
        control: Control,
    },
    Analyse {
        id: u64,
        review: Arc<GameReview>,
        control: Control,
    },
    Read {
        id: u64,
        store: Arc<TaflStore>,
        read: StoreRead,
    },
    Import {
        id: u64,
        text: String,
    },
    /// Waits until everything queued for the database is written.
    Flush {
        store: Arc<TaflStore>,
    },
}

/// What the store holds for the start screen.
pub struct Opened {
    pub store: Option<Arc<TaflStore>>,
    pub settings: Settings,
    pub records: Vec<GameRecords>,
    /// What the records page shows of the puzzles: each game's dashboard and bests.
    pub puzzle_records: PuzzleRecords,
    pub can_resume: bool,
    /// The player's progress through the lessons.
    pub lessons: Vec<LessonProgress>,
    /// The player has finished a game.
    pub played: bool,
    /// The player's puzzle rating, and the puzzles played to a result.
    pub puzzle_rating: Rating,
    pub puzzles_played: HashSet<String>,
    pub notice: Option<StoreNotice>,
    pub failed: bool,
}

/// A game taken up again from the store.
pub struct Resumed {
    pub game: Game,
    pub mode: Mode,
    pub hints: u32,
    pub seed: u64,
    /// Its clock as the store kept it.
    pub clock: Option<crate::engine::clock::GameClock>,
    pub token: crate::store::GameToken,
}

/// The puzzles the player has played (oldest first, with the rating after each) and the best
/// score of each run in each game: what the records page shows of the puzzles.
#[derive(Clone, Default, Debug)]
pub struct PuzzleRecords {
    pub results: Vec<PlayedPuzzle>,
    /// The best streak and the best storm of each game that has any.
    pub bests: Vec<(VariantKind, RunKind, u32)>,
}

impl PuzzleRecords {
    fn read(s: &crate::store::Store) -> Result<PuzzleRecords, StoreError> {
        let mut bests = Vec::new();
        for kind in VariantKind::ALL {
            for run in [RunKind::Streak, RunKind::Storm] {
                let best = s.best_run(run, kind)?;
                if best > 0 {
                    bests.push((kind, run, best));
                }
            }
        }
        Ok(PuzzleRecords {
            results: s.puzzle_results()?,
            bests,
        })
    }

    /// A run's score, kept as the best when it is higher (as the store keeps it).
    pub fn note_best(&mut self, kind: VariantKind, run: RunKind, score: u32) {
        match self
            .bests
            .iter_mut()
            .find(|(k, r, _)| *k == kind && *r == run)
        {
            Some(best) => best.2 = best.2.max(score),
            None if score > 0 => self.bests.push((kind, run, score)),
            None => {}
        }
    }

    /// The best score of `run` in `kind`, 0 when none.
    pub fn best(&self, kind: VariantKind, run: RunKind) -> u32 {
        self.bests
            .iter()
            .find(|(k, r, _)| *k == kind && *r == run)
            .map_or(0, |b| b.2)
    }
}

pub enum ReadResult {
    Records(Vec<GameRecords>, PuzzleRecords),
    History(Vec<FinishedGameSummary>),
    /// Boxed: a game holds positions of the widest board (19 x 19), several hundred bytes.
    Resume(Option<Box<Resumed>>),
    Review(Arc<GameReview>),
}

pub enum Done {
    StoreOpened(Box<Opened>),
    Thought {
        id: u64,
        best: Option<Move>,
        engine: Box<Engine>,
    },
    Hinted {
        id: u64,
        best: Option<Move>,
    },
    Judged {
        id: u64,
        verdict: Verdict,
    },
    /// One position of an analysis judged (not final).
    AnalysisPoint {
        id: u64,
        ply: u32,
        chance: f64,
    },
    Analysed {
        id: u64,
        view: AnalysisView,
    },
    Read {
        id: u64,
        result: Result<ReadResult, StoreError>,
    },
    Imported {
        id: u64,
        result: Result<Arc<GameReview>, ImportError>,
    },
    Flushed,
}

impl Done {
    /// Whether this ends its piece of work (everything but an analysis's points).
    pub fn is_final(&self) -> bool {
        !matches!(self, Done::AnalysisPoint { .. })
    }
}

/// Does the work, reporting as it goes; blocks until it is done.
///
/// A piece of work that panics (a bug: no input is known to make one) still ends with its one
/// final `Done`, a harmless stand-in for what it could not compute, so that no screen waits
/// for it forever and the frame does not stay busy.
pub fn perform(work: Work, report: &mut dyn FnMut(Done)) {
    match work {
        Work::OpenStore { path } => {
            let opened = guarded(|| open_store(path), || Opened::empty(true));
            report(Done::StoreOpened(Box::new(opened)))
        }
        Work::Think {
            id,
            game,
            settings,
            control,
            pause,
            mut engine,
        } => {
            if !pause.is_zero() {
                sleep_unless_cancelled(pause, &control);
            }
            let best = if control.is_cancelled() {
                None
            } else {
                let thought = guarded(
                    || {
                        let result = engine.think(&game, &settings, &control);
                        Some(result.best.filter(|_| !result.cancelled))
                    },
                    || None,
                );
                thought.unwrap_or_else(|| {
                    // The search fell over, and may have left its table half written: a fresh
                    // engine for the next move, and a legal move now rather than a computer
                    // that never answers (asking again would fall over again).
                    *engine = Engine::new(settings.table_bytes);
                    game.legal_moves().first().copied()
                })
            };
            report(Done::Thought { id, best, engine });
        }
        Work::Hint {
            id,
            game,
            settings,
            control,
        } => {
            let best = guarded(
                || {
                    let result =
                        Engine::new(settings.table_bytes).think(&game, &settings, &control);
                    result.best.filter(|_| !result.cancelled)
                },
                || None,
            );
            report(Done::Hinted { id, best });
        }
        Work::Judge {
            id,
            game,
            left,
            mv,
            budget,
            control,
        } => report(Done::Judged {
            id,
            verdict: guarded(
                || puzzles::judge_until(&game, left, mv, budget, &control),
                || Verdict::Unproven,
            ),
        }),
        Work::Analyse {
            id,
            review,
            control,
        } => {
            let view = guarded(
                || {
                    review.analyse_with(&control, &mut |ply, chance| {
                        report(Done::AnalysisPoint { id, ply, chance })
                    })
                },
                // Incomplete: the review shows the analysis stopped, and offers it again.
                AnalysisView::default,
            );
            report(Done::Analysed { id, view });
        }
        Work::Read { id, store, read } => report(Done::Read {
            id,
            result: guarded(
                || read_store(&store, read),
                || Err(StoreError::Io("the read failed inside the app".into())),
            ),
        }),
        Work::Import { id, text } => report(Done::Imported {
            id,
            result: guarded(
                || import(&text).map(GameReview::imported),
                || {
                    Err(ImportError::BadRecord {
                        reason: "the record could not be read".into(),
                    })
                },
            ),
        }),
        Work::Flush { store } => {
            guarded(|| store.flush(), || ());
            report(Done::Flushed);
        }
    }
}

/// What `work` returns, or `fallback`'s stand-in when it panics.
fn guarded<T>(work: impl FnOnce() -> T, fallback: impl FnOnce() -> T) -> T {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).unwrap_or_else(|_| fallback())
}

/// Waits `pause`, waking early when the control is cancelled.
fn sleep_unless_cancelled(pause: Duration, control: &Control) {
    let step = Duration::from_millis(10);
    let mut waited = Duration::ZERO;
    while waited < pause && !control.is_cancelled() {
        std::thread::sleep(step.min(pause - waited));
        waited += step;
    }
}

impl Opened {
    /// No store: the app plays in memory (`failed` when a store was asked for).
    fn empty(failed: bool) -> Opened {
        Opened {
            store: None,
            settings: Settings::default(),
            records: Vec::new(),
            puzzle_records: PuzzleRecords::default(),
            can_resume: false,
            lessons: Vec::new(),
            played: false,
            puzzle_rating: Rating::NEW,
            puzzles_played: HashSet::new(),
            notice: None,
            failed,
        }
    }
}

fn open_store(path: Option<String>) -> Opened {
    let Some(path) = path else {
        return Opened::empty(false);
    };
    let store = match TaflStore::open(path) {
        Ok(store) => store,
        Err(_) => return Opened::empty(true),
    };
    let read = || -> Result<Opened, StoreError> {
        Ok(Opened {
            settings: store.writer.call(|s| s.settings())?,
            records: store.writer.call(|s| s.records_by_game())?,
            puzzle_records: store.writer.call(|s| PuzzleRecords::read(s))?,
            can_resume: store.has_unfinished_game()?,
            lessons: store.writer.call(|s| s.lesson_progress())?,
            played: store.writer.call(|s| s.has_finished_games())?,
            // A damaged rating starts again from a new player's, and the row stays for repair.
            puzzle_rating: store
                .writer
                .call(|s| s.puzzle_stats())
                .map_or(Rating::NEW, |s| s.rating),
            puzzles_played: store.writer.call(|s| s.puzzles_played())?,
            notice: store.notice(),
            store: None,
            failed: false,
        })
    };
    match read() {
        Ok(opened) => Opened {
            store: Some(store),
            ..opened
        },
        Err(_) => Opened {
            store: Some(store),
            ..Opened::empty(true)
        },
    }
}

fn read_store(store: &Arc<TaflStore>, read: StoreRead) -> Result<ReadResult, StoreError> {
    Ok(match read {
        StoreRead::Records => ReadResult::Records(
            store.writer.call(|s| s.records_by_game())?,
            store.writer.call(|s| PuzzleRecords::read(s))?,
        ),
        StoreRead::History => ReadResult::History(store.writer.call(|s| s.finished_games())?),
        StoreRead::Resume => {
            let token = next_token();
            let saved = store.writer.call(move |s| s.resume(token))?;
            ReadResult::Resume(saved.filter(|s| !s.game.status().is_over()).map(|s| {
                Box::new(Resumed {
                    game: s.game,
                    mode: s.mode,
                    hints: s.hints,
                    seed: s.seed,
                    clock: s.clock,
                    token,
                })
            }))
        }
        StoreRead::Review(id) => ReadResult::Review(GameReview::open(Arc::clone(store), id)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guarded_work_gives_its_result_or_the_stand_in_when_it_panics() {
        assert_eq!(guarded(|| 7, || 0), 7);
        // (The panic's message goes to the test's output: the default hook runs first.)
        assert_eq!(guarded(|| -> i32 { panic!("a bug in the work") }, || 0), 0);
    }
}
