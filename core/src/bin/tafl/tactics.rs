//! `tafl tactics`: builds the tactics suite from recorded games, and measures how much of it a
//! level solves.
//!
//! - `collect` replays games (one a line, moves first as in the conformance files; `--lines`
//!   takes the first N), takes the positions of each game's last plies, and proves with the exhaustive search
//!   ([`tafl_core::ai::proof`], no evaluation) which of them the side to move wins by force
//!   within 5 plies. It prints them as suite lines.
//! - `solve` runs a level on every puzzle of a suite and counts the wins it finds.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use tafl_core::ai::proof::shortest_win_within;
use tafl_core::ai::tactics::{HEADER, MAX_PLIES, Puzzle, parse_suite};
use tafl_core::ai::{Control, Engine, SearchSettings};
use tafl_core::engine::lock::lock;
use tafl_core::engine::notation::{format_position, parse_move};
use tafl_core::{Game, Position, RuleOptions, VariantKind};

use crate::ai_cmds::{level, number, settings};
use crate::args::{Args, Stop, Usage, help};

pub const USAGE: &str = "tafl tactics collect --variant V --games FILE [--lines N] [--last N] \
                         [--budget MOVES] [--jobs N]\n  \
                         tafl tactics solve FILE --level L [--ms N] [--nodes N] [--threads N]";

/// `tafl tactics`, as its arguments ask.
pub enum TacticsArgs {
    Collect(CollectArgs),
    Solve(SolveArgs),
}

pub struct CollectArgs {
    kind: VariantKind,
    /// The file of recorded games.
    path: String,
    /// How many games to read from the top of the file.
    lines: usize,
    /// How many of each game's last positions are candidates.
    last: usize,
    jobs: usize,
    /// Moves one proof may play before the position is left out (and counted).
    budget: u64,
}

pub struct SolveArgs {
    /// The suite's file.
    path: String,
    settings: SearchSettings,
}

impl TacticsArgs {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<TacticsArgs, Stop> {
        match args.split_first() {
            Some((sub, rest)) if sub == "collect" => Ok(TacticsArgs::Collect(collect_args(rest)?)),
            Some((sub, rest)) if sub == "solve" => Ok(TacticsArgs::Solve(solve_args(rest)?)),
            _ if args.iter().any(|a| a == "--help" || a == "-h") => Err(Stop::Help(help(USAGE))),
            _ => Err(Usage(format!("usage: {USAGE}")).into()),
        }
    }
}

pub fn command(args: &[String]) -> Result<u8, Stop> {
    match TacticsArgs::from_args(args)? {
        TacticsArgs::Collect(args) => collect(args),
        TacticsArgs::Solve(args) => solve(args),
    }
}

fn collect_args(args: &[String]) -> Result<CollectArgs, Stop> {
    let args = Args::parse(
        args,
        &help(USAGE),
        &[],
        &["variant", "games", "lines", "last", "budget", "jobs"],
    )?;
    Ok(CollectArgs {
        kind: args.variant()?,
        path: args
            .get("games")
            .ok_or_else(|| Usage("--games FILE is required".into()))?
            .to_string(),
        lines: number(&args, "lines")?.unwrap_or(usize::MAX),
        last: number(&args, "last")?.unwrap_or(8),
        // No more workers than processors: a huge --jobs must not ask for a million threads.
        jobs: number(&args, "jobs")?.unwrap_or(1).clamp(1, processors()),
        budget: number(&args, "budget")?.unwrap_or(20_000_000),
    })
}

fn solve_args(args: &[String]) -> Result<SolveArgs, Stop> {
    let args = Args::parse(
        args,
        &help(USAGE),
        &[],
        &["level", "ms", "nodes", "depth", "threads", "seed"],
    )?;
    let [path] = &args.positional[..] else {
        return Err(Usage(format!("usage: {USAGE}")).into());
    };
    Ok(SolveArgs {
        path: path.clone(),
        settings: settings(&args, level(&args, "level")?, "")?,
    })
}

fn processors() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A position to prove, and where it comes from.
struct Candidate {
    position: Position,
    source: String,
}

fn collect(args: CollectArgs) -> Result<u8, Stop> {
    let CollectArgs {
        kind,
        path,
        lines,
        last,
        jobs,
        budget,
    } = args;
    let text = std::fs::read_to_string(&path).map_err(|e| Stop::Io(format!("{path}: {e}")))?;
    let name = std::path::Path::new(&path)
        .file_name()
        .map_or(path.clone(), |n| n.to_string_lossy().into_owned());

    // The last plies of every game, each distinct position once.
    let mut seen = HashSet::new();
    let mut candidates = Vec::new();
    for (i, line) in text.lines().take(lines).enumerate() {
        for (ply, position) in last_positions(kind, line, last) {
            let id = (format_position(&position), position.side_to_move());
            if seen.insert(id) {
                candidates.push(Candidate {
                    position,
                    source: format!("{name}:{}@{ply}", i + 1),
                });
            }
        }
    }

    // Prove them on `jobs` threads; print in the order of the games.
    let next = AtomicUsize::new(0);
    let given_up = AtomicUsize::new(0);
    let found = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(c) = candidates.get(i) else { break };
                    let game = Game::from_position(c.position.clone(), RuleOptions::default());
                    let Ok(proved) = shortest_win_within(&game, MAX_PLIES, budget) else {
                        given_up.fetch_add(1, Ordering::Relaxed);
                        continue;
                    };
                    if let Some(proof) = proved {
                        let puzzle = Puzzle {
                            game,
                            proof,
                            source: c.source.clone(),
                        };
                        let mut found = lock(&found);
                        found.push((i, puzzle.to_line()));
                    }
                }
            });
        }
    });
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found.sort();
    println!("{HEADER}");
    for (_, line) in &found {
        println!("{line}");
    }
    eprintln!(
        "{} of {} positions have a forced win within {MAX_PLIES} plies ({} left out: over \
         the budget of {budget} moves)",
        found.len(),
        candidates.len(),
        given_up.into_inner()
    );
    Ok(0)
}

/// The positions before each of the last `last` plies of a game-file line (its moves up to the
/// first comma, until a word that is no move, an illegal move or the end of the game), with
/// their ply numbers, oldest first.
pub fn last_positions(kind: VariantKind, line: &str, last: usize) -> Vec<(usize, Position)> {
    let moves = line
        .split(',')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .take_while(|t| !t.eq_ignore_ascii_case("timeout"));
    let mut game = Game::new(kind);
    let mut positions = Vec::new();
    for text in moves {
        let Ok((mv, _)) = parse_move(&game.variant().geometry, text) else {
            break;
        };
        if game.status().is_over() {
            break;
        }
        positions.push((game.plies(), game.position().clone()));
        if game.play(mv).is_err() {
            break;
        }
    }
    let from = positions.len().saturating_sub(last);
    positions.split_off(from)
}

fn solve(args: SolveArgs) -> Result<u8, Stop> {
    let SolveArgs { path, settings } = args;
    let text = std::fs::read_to_string(&path).map_err(|e| Stop::Io(format!("{path}: {e}")))?;
    let puzzles = parse_suite(&text).map_err(|e| Usage(format!("{path}: {e}")))?;
    let mut engine = Engine::new(settings.table_bytes);
    let start = Instant::now();
    let (mut solved, mut nodes) = (0, 0);
    for puzzle in &puzzles {
        let result = engine.think(&puzzle.game, &settings, &Control::new());
        nodes += result.nodes;
        if puzzle.solved_by(&result) {
            solved += 1;
        } else {
            println!("missed {}", puzzle.to_line());
        }
    }
    println!(
        "solved {solved} of {} ({:.1} %) in {:.1} s, {nodes} nodes",
        puzzles.len(),
        100.0 * solved as f64 / puzzles.len().max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    Ok(0)
}
