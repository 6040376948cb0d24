//! The computer opponent.
//!
//! - **Easy** looks one move ahead: it takes an immediate win, and otherwise picks at random
//!   among the moves that look nearly as good as the best, so games differ and a beginner can
//!   win.
//! - **Normal** searches up to three plies, within a second.
//! - **Hard** deepens as far as its time allows (3 s by default) with a principal variation
//!   search, a transposition table, and move ordering by table move, captures, killers and
//!   history, on as many threads as [`SearchSettings::threads`] says.
//!
//! Searches on one thread are deterministic for a given seed and depth or node limit (a time
//! limit makes the depth reached depend on the machine, and several threads depend on their
//! timing). They stop promptly when their [`Control`] is
//! cancelled, from any thread.

pub mod analysis;
pub mod bench;
mod control;
pub mod eval;
mod path;
pub mod proof;
pub mod rng;
mod score;
mod search;
pub mod tactics;
mod tt;
pub mod tune;
mod variety;
pub mod verdicts;
pub mod weights;

use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::ai::rng::Rng;
use crate::engine::bits::{Bits11, Bits13};
use crate::engine::board::BitBoard;
use crate::engine::game::{Game, GameOf, Outcome, Status};
use crate::engine::mode::Level;
use crate::engine::movegen::Move;
use crate::engine::variant::VariantKind;

pub use control::Control;
pub use score::{Score, winning_chance};
pub use search::{Iteration, Judge, Judgement, MATE, MATE_BOUND, SearchResult};
pub use variety::Variety;
pub use weights::{WeightSet, Weights};

/// Default size of the transposition table.
pub const DEFAULT_TABLE_BYTES: usize = 32 << 20;

/// How a search is limited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchSettings {
    pub level: Level,
    /// The time budget; the search returns within it (plus a few milliseconds).
    pub time: Duration,
    /// The deepest iteration, in plies.
    pub max_depth: u32,
    /// Stop after about this many nodes (for reproducible tests and matches).
    pub max_nodes: u64,
    /// Memory for the transposition table.
    pub table_bytes: usize,
    /// Seeds the easy level's choices.
    pub seed: u64,
    /// Threads searching together (hard and normal); 1 searches deterministically.
    pub threads: usize,
    /// The evaluation's weights; `None` for the shipped ones ([`weights::shipped`]).
    pub weights: Option<Arc<WeightSet>>,
    /// Normal and hard choose among the moves within a margin of the best ([`Variety`]).
    pub variety: Option<Variety>,
    /// The review's question, answered beside the best move by the same search: what is the
    /// played move worth? Easy ignores it.
    pub judge: Option<Judge>,
}

/// How far below its best normal may play, all game long.
pub const NORMAL_MARGIN: Score = 30;
/// How far below its best hard may play in the opening ...
pub const HARD_MARGIN: Score = 15;
/// ... which lasts this many plies.
pub const HARD_OPENING_PLIES: usize = 16;

/// More threads than this gain nothing on a phone and only cost memory.
pub const MAX_THREADS: usize = 16;

impl SearchSettings {
    /// The product's settings for a level.
    pub fn for_level(level: Level) -> SearchSettings {
        let (time, max_depth) = match level {
            Level::Easy => (Duration::from_millis(200), 1),
            Level::Normal => (Duration::from_millis(1000), 3),
            Level::Hard => (Duration::from_millis(3000), 64),
        };
        SearchSettings {
            level,
            time,
            max_depth,
            max_nodes: u64::MAX,
            table_bytes: DEFAULT_TABLE_BYTES,
            seed: 0,
            threads: 1,
            weights: None,
            variety: None,
            judge: None,
        }
    }

    /// The settings of a game's move at `ply`: the game's own seed (drawn when it began and
    /// kept with it) mixed with the ply, and the level's variety. Easy picks at random among
    /// the nearly best with that seed; normal chooses within [`NORMAL_MARGIN`] of its best all
    /// game; hard within [`HARD_MARGIN`] for the first [`HARD_OPENING_PLIES`] plies, then
    /// plays its best.
    pub fn for_game_move(level: Level, game_seed: u64, ply: usize) -> SearchSettings {
        let seed = mix_seed(game_seed, ply as u64);
        let margin = match level {
            Level::Easy => 0,
            Level::Normal => NORMAL_MARGIN,
            Level::Hard if ply < HARD_OPENING_PLIES => HARD_MARGIN,
            Level::Hard => 0,
        };
        let settings = SearchSettings::for_level(level).with_seed(seed);
        match margin {
            0 => settings,
            margin => settings.with_variety(Variety { seed, margin }),
        }
    }

    /// Chooses among the moves within the variety's margin of the best.
    pub fn with_variety(mut self, variety: Variety) -> SearchSettings {
        self.variety = Some(variety);
        self
    }

    /// Judges this move beside the best ([`SearchResult::judgement`]).
    pub fn judging(mut self, judge: Judge) -> SearchSettings {
        self.judge = Some(judge);
        self
    }

    /// Evaluates with these weights instead of the shipped ones.
    pub fn with_weights(mut self, weights: Arc<WeightSet>) -> SearchSettings {
        self.weights = Some(weights);
        self
    }

    /// The weights this search evaluates `kind` with. Only hard knows each game's level
    /// ([`Weights::level`]): easy and normal judge a draw by the terms alone, as they always
    /// have, so that normal stays the opponent hard is measured against.
    pub fn weights_for(&self, kind: VariantKind) -> Weights {
        let weights = self
            .weights
            .as_deref()
            .unwrap_or(weights::shipped())
            .get(kind);
        match self.level {
            Level::Hard => weights.clone(),
            Level::Easy | Level::Normal => Weights {
                level: 0,
                ..weights.clone()
            },
        }
    }

    pub fn with_time(mut self, time: Duration) -> SearchSettings {
        self.time = time;
        self
    }

    pub fn with_seed(mut self, seed: u64) -> SearchSettings {
        self.seed = seed;
        self
    }

    /// Threads to search with (at least 1, at most [`MAX_THREADS`]).
    pub fn with_threads(mut self, threads: usize) -> SearchSettings {
        self.threads = threads.clamp(1, MAX_THREADS);
        self
    }

    /// A node budget: with one thread the result repeats exactly on every machine, so this is
    /// the budget for analysis and tests (give a generous time too, or the clock may cut in).
    pub fn with_nodes(mut self, nodes: u64) -> SearchSettings {
        self.max_nodes = nodes;
        self
    }

    /// The deepest iteration, in plies.
    pub fn with_depth(mut self, depth: u32) -> SearchSettings {
        self.max_depth = depth;
        self
    }
}

/// A computer player. It keeps its transposition table between moves (cleared at each search,
/// so that results do not depend on earlier searches): make one per game and let it think for
/// every move.
pub struct Engine {
    table: tt::Table,
    /// The size asked for (the table rounds it down to a power of two).
    requested_bytes: usize,
}

impl Engine {
    pub fn new(table_bytes: usize) -> Engine {
        Engine {
            table: tt::Table::new(table_bytes),
            requested_bytes: table_bytes,
        }
    }

    /// Bytes the transposition table uses.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Chooses a move for the side to move.
    pub fn think(
        &mut self,
        game: &Game,
        settings: &SearchSettings,
        control: &Control,
    ) -> SearchResult {
        self.think_with_progress(game, settings, control, &mut |_| {})
    }

    /// Like [`Engine::think`], reporting each completed iteration.
    pub fn think_with_progress(
        &mut self,
        game: &Game,
        settings: &SearchSettings,
        control: &Control,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> SearchResult {
        let start = Instant::now();
        if self.requested_bytes != settings.table_bytes {
            *self = Engine::new(settings.table_bytes);
        }
        let mut result = if game.status().is_over() {
            SearchResult {
                best: None,
                score: 0,
                depth: 0,
                nodes: 0,
                elapsed: Duration::ZERO,
                cancelled: false,
                judgement: None,
                earlier: None,
            }
        } else if settings.level == Level::Easy {
            easy_move(
                game,
                settings.seed,
                &settings.weights_for(game.variant().kind),
            )
        } else {
            self.table.clear();
            // Leave a margin for returning: the search checks the clock every few hundred nodes.
            let deadline = start + settings.time.mul_f64(0.97);
            let soft_limit = settings.time.mul_f64(0.45);
            let weights = settings.weights_for(game.variant().kind);
            let shared = search::Shared::new(
                &self.table,
                control,
                deadline,
                settings.max_nodes,
                settings.max_depth,
                settings.threads.clamp(1, MAX_THREADS),
                &weights,
            )
            .with_root(search::RootChoice {
                variety: settings.variety,
                judge: settings.judge,
            });
            // The search runs in the narrowest board width that holds the board: a 13x13
            // game searched in three words instead of six runs 1.6 times as many nodes a second.
            let found = if let Some(small) = game.narrow::<Bits11>() {
                search_threads(small, &shared, settings, start, soft_limit, on_iteration)
            } else if let Some(middle) = game.narrow::<Bits13>() {
                search_threads(middle, &shared, settings, start, soft_limit, on_iteration)
            } else {
                search_threads(
                    game.clone(),
                    &shared,
                    settings,
                    start,
                    soft_limit,
                    on_iteration,
                )
            };
            SearchResult {
                best: found.best,
                score: found.score,
                depth: found.depth,
                nodes: shared.nodes(),
                elapsed: Duration::ZERO,
                cancelled: false,
                judgement: found.judgement,
                earlier: found.earlier,
            }
        };
        if control.is_cancelled() {
            result.best = None;
            result.cancelled = true;
        }
        result.elapsed = start.elapsed();
        result
    }
}

/// Searches `game` on `settings.threads` threads sharing `shared`; this thread leads.
fn search_threads<B: BitBoard>(
    game: GameOf<B>,
    shared: &search::Shared<'_>,
    settings: &SearchSettings,
    start: Instant,
    soft_limit: Duration,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> search::Found {
    std::thread::scope(|scope| {
        for id in 1..settings.threads.clamp(1, MAX_THREADS) {
            let game = game.clone();
            // A helper the system refuses is one helper fewer: the search is the same, slower.
            let _ = std::thread::Builder::new()
                .name(format!("tafl-ai-{id}"))
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    search::Searcher::new(game, shared, id).run(start, soft_limit, None)
                });
        }
        // This thread leads: it reports, decides when to stop, and stops the helpers.
        search::Searcher::new(game, shared, 0).run(start, soft_limit, Some(on_iteration))
    })
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(DEFAULT_TABLE_BYTES)
    }
}

/// The stack of every thread that searches: the search recurses, and a platform's default for
/// secondary threads (512 KiB on iOS, 2 MiB in Rust) is too small for its deepest lines.
pub const SEARCH_STACK_BYTES: usize = 8 << 20;

/// Runs a search on its own thread. Cancel it through `control`; `join` gives the result.
pub fn spawn(game: Game, settings: SearchSettings, control: Control) -> JoinHandle<SearchResult> {
    std::thread::Builder::new()
        .name("tafl-ai".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || Engine::new(settings.table_bytes).think(&game, &settings, &control))
        .expect("the system can start a thread")
}

/// A seed for one move of a game: the game's seed and the ply, spread (splitmix64's
/// finaliser) so that neighbouring plies and seeds draw unrelated numbers.
pub fn mix_seed(game_seed: u64, ply: u64) -> u64 {
    let mut z = game_seed ^ ply.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for a new game, drawn from the system (the clock and the process), so that two
/// games differ. The game keeps it, so that its moves can be replayed.
pub fn fresh_game_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // The hasher's own random keys (drawn from the system once per process) make two processes
    // started in the same nanosecond differ too.
    let keys = {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(nanos);
        h.finish()
    };
    mix_seed(
        nanos ^ keys ^ (u64::from(std::process::id()) << 40),
        COUNT.fetch_add(1, Ordering::Relaxed),
    )
}

/// How far below the best an easy move may be and still be chosen.
const EASY_MARGIN: Score = 60;

/// One ply: an immediate win if there is one, else a random move among the nearly best.
fn easy_move(game: &Game, seed: u64, weights: &Weights) -> SearchResult {
    let mut game = game.clone();
    let mover = game.side_to_move();
    let moves = game.legal_moves();
    let mut scored: Vec<(Move, Score)> = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        game.make(mv);
        let score = match game.status() {
            Status::Over(Outcome::Win { winner, .. }) if winner == mover => MATE,
            Status::Over(Outcome::Win { .. }) => -MATE,
            Status::Over(Outcome::Draw { .. }) => 0,
            Status::Ongoing => -eval::evaluate_with(game.position(), weights),
        };
        game.unmake();
        scored.push((mv, score));
    }
    let best = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
    let choice = if best >= MATE_BOUND {
        scored.iter().find(|&&(_, s)| s == best).map(|&(m, _)| m)
    } else {
        let good: Vec<Move> = scored
            .iter()
            .filter(|&&(_, s)| s >= best - EASY_MARGIN)
            .map(|&(m, _)| m)
            .collect();
        let mut rng = Rng::new(seed ^ game.position().hash());
        (!good.is_empty()).then(|| good[rng.below(good.len())])
    };
    SearchResult {
        best: choice,
        score: best,
        depth: 1,
        nodes: moves.len() as u64,
        elapsed: Duration::ZERO,
        cancelled: false,
        judgement: None,
        earlier: None,
    }
}
