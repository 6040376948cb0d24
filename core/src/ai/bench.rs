//! A fixed-node benchmark: the same positions searched to the same node budget on one thread,
//! so that the node counts and moves change only when the search changes, and the time tells
//! the speed. `tafl bench` prints it; `core/tests/bench.rs` pins its signature.
//!
//! The positions: for Copenhagen, Brandubh and Tablut, the start and two positions a few plies
//! into recorded games (`core/tests/data`: the public Copenhagen and Brandubh games, and the
//! engine's Tablut games).

use std::fmt;
use std::time::{Duration, Instant};

use crate::engine::game::Game;
use crate::engine::movegen::Move;
use crate::engine::position::Position;
use crate::engine::replay::replay_line;
use crate::engine::variant::{RuleOptions, VariantKind};

use super::{Control, Engine, SearchSettings};
use crate::engine::mode::Level;

/// The node budget of each position by default (about a tenth of a second each).
pub const DEFAULT_NODES: u64 = 100_000;

/// One position of the benchmark: a game, the moves played from its start, and a name.
#[derive(Clone, Copy, Debug)]
pub struct BenchPosition {
    pub name: &'static str,
    pub kind: VariantKind,
    /// Moves from the start, as recorded (`from-to` with `x<square>` for captures).
    pub moves: &'static str,
}

/// The benchmark's positions, in the order they are searched.
pub const POSITIONS: [BenchPosition; 9] = [
    BenchPosition {
        name: "copenhagen-start",
        kind: VariantKind::Copenhagen,
        moves: "",
    },
    BenchPosition {
        name: "copenhagen-game3-ply8",
        kind: VariantKind::Copenhagen,
        moves: "d1-d3 h6-h3 k4-k3 g7-g9 h11-i11 g6-i6 h1-i1 g5-j5",
    },
    BenchPosition {
        name: "copenhagen-game40-ply20",
        kind: VariantKind::Copenhagen,
        moves: "d1-d3 f8-c8 d11-c11 e7-e10 g11-g9 e10-b10 a8-a10 f7-b7 f10-c10xb10 f6-f9 \
                a7-a9 h6-h9xg9 k8-k9 g7-j7 j6-h6xg6 j7-j10 k7-i7 h9-h7 h11-h8xh7 f9-j9",
    },
    BenchPosition {
        name: "brandubh-start",
        kind: VariantKind::Brandubh,
        moves: "",
    },
    BenchPosition {
        name: "brandubh-game3-ply8",
        kind: VariantKind::Brandubh,
        moves: "b4-b3 d5-b5 f4-f5 c4-c2 d6-d5 e4-e2xd2 d7-c7 e2-e5",
    },
    BenchPosition {
        name: "brandubh-game40-ply20",
        kind: VariantKind::Brandubh,
        moves: "d2-e2 c4-c2 d6-c6 d3-f3 e2-f2xf3 e4-e1 d1-c1 c2-b2 c1-d1 d4-c4 d1-c1 e1-d1 \
                b4-b3 d5-c5 f2-c2 d1-d2xc2 c1-c2 c4-e4 c2-c1 d2-d1",
    },
    BenchPosition {
        name: "tablut-start",
        kind: VariantKind::Tablut,
        moves: "",
    },
    BenchPosition {
        name: "tablut-game1-ply8",
        kind: VariantKind::Tablut,
        moves: "i6-h6 c5-c2 a6-c6 d5-d2 d9-d6 e5-d5 f9-f6xe6 e7-d7xd6",
    },
    BenchPosition {
        name: "tablut-game5-ply20",
        kind: VariantKind::Tablut,
        moves: "e2-g2 e3-d3 f1-f3 e4-b4 d1-b1 e5-e4 b1-b3xb4 d5-d8 i4-g4 e4-c4 b3-c3 f5-f8xe8 \
                i6-g6xg5 d3-d7 f3-f7xf8 c4-e4 h5-d5xc5 e4-e5 g6-h6 e5-e4",
    },
];

/// A benchmark position that does not replay (a bug in the table above).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchError {
    pub position: &'static str,
    pub reason: String,
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bench position {}: {}", self.position, self.reason)
    }
}

impl std::error::Error for BenchError {}

impl BenchPosition {
    /// The position as a game (its history included).
    pub fn game(&self) -> Result<Game, BenchError> {
        let replayed = replay_line(
            &Position::start(self.kind),
            RuleOptions::default(),
            self.moves,
        )
        .map_err(|e| BenchError {
            position: self.name,
            reason: e.to_string(),
        })?;
        if replayed.game.status().is_over() {
            return Err(BenchError {
                position: self.name,
                reason: "the game is over".into(),
            });
        }
        Ok(replayed.game)
    }
}

/// The settings of a fixed-node search: hard's search, one thread, `nodes` nodes, and a time
/// budget so generous that only the nodes decide.
pub fn fixed_node_settings(nodes: u64) -> SearchSettings {
    SearchSettings::for_level(Level::Hard)
        .with_nodes(nodes.max(1))
        .with_time(Duration::from_secs(24 * 3600))
        .with_threads(1)
}

/// What one position gave.
#[derive(Clone, Debug)]
pub struct BenchLine {
    pub position: BenchPosition,
    pub best: Option<Move>,
    pub score: super::Score,
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The whole benchmark's results.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub lines: Vec<BenchLine>,
}

impl BenchReport {
    pub fn total_nodes(&self) -> u64 {
        self.lines.iter().map(|l| l.nodes).sum()
    }

    pub fn total_time(&self) -> Duration {
        self.lines.iter().map(|l| l.elapsed).sum()
    }

    /// A hash of everything but the times (each position's best move, score, depth and
    /// nodes): it changes exactly when the search does.
    pub fn signature(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut feed = |x: u64| {
            for b in x.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        for l in &self.lines {
            let mv = l.best.map_or(u64::MAX, |m| {
                (m.from.index() as u64) << 16 | m.to.index() as u64
            });
            feed(mv);
            feed(l.score as i64 as u64);
            feed(u64::from(l.depth));
            feed(l.nodes);
        }
        h
    }
}

/// Nodes per second of a node count in a time.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> f64 {
    nodes as f64 / elapsed.as_secs_f64().max(1e-9)
}

/// Searches every position of [`POSITIONS`] to `nodes` nodes on one thread; `each` sees each
/// line as it is done.
pub fn run(nodes: u64, each: &mut dyn FnMut(&BenchLine)) -> Result<BenchReport, BenchError> {
    let games: Vec<Game> = POSITIONS
        .iter()
        .map(BenchPosition::game)
        .collect::<Result<_, _>>()?;
    let settings = fixed_node_settings(nodes);
    let mut engine = Engine::new(settings.table_bytes);
    let mut lines = Vec::with_capacity(games.len());
    for (position, game) in POSITIONS.iter().zip(&games) {
        let started = Instant::now();
        let result = engine.think(game, &settings, &Control::new());
        let line = BenchLine {
            position: *position,
            best: result.best,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            elapsed: started.elapsed(),
        };
        each(&line);
        lines.push(line);
    }
    Ok(BenchReport { lines })
}

/// The time a search takes to complete `depth` plies of `game` on `threads` threads.
#[derive(Clone, Debug)]
pub struct DepthTime {
    pub threads: usize,
    /// The depth completed (less than asked only if the game ends sooner or a win is forced).
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Searches `game` to `depth` plies on `threads` threads, without a node limit.
pub fn time_to_depth(game: &Game, depth: u32, threads: usize) -> DepthTime {
    let settings = SearchSettings::for_level(Level::Hard)
        .with_time(Duration::from_secs(24 * 3600))
        .with_depth(depth.max(1))
        .with_threads(threads);
    let mut engine = Engine::new(settings.table_bytes);
    let started = Instant::now();
    let result = engine.think(game, &settings, &Control::new());
    DepthTime {
        threads: settings.threads,
        depth: result.depth,
        nodes: result.nodes,
        elapsed: started.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_replays_and_is_ongoing() {
        for p in POSITIONS {
            let game = p.game().expect("replays");
            assert_eq!(game.variant().kind, p.kind);
        }
    }
}
