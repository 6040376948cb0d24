//! `tafl puzzle`: plays a proven puzzle at the terminal (`puzzle_play`), re-proves a puzzle
//! file (`--check`), and mines puzzles from recorded games (`--mine`). See `docs/puzzles.md`.

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use tafl_core::Game;
use tafl_core::engine::notation::format_move;
use tafl_core::learning::puzzles::{
    self, HEADER, Mined, Row, SUITE_HEADER, Uniqueness, check_row, is_skipped, parse_row,
    symmetry_key,
};

use tafl_core::learning::puzzles::runs::RunKind;

use crate::ai_cmds::number;
use crate::args::{Args, Stop, Usage, exit, help};

pub const USAGE: &str = "tafl puzzle [--db PATH | --no-db] [--variant V] [--lang en|fr|de] \
                         [--no-board]\n  \
                         tafl puzzle [--file FILE] [--variant V] [--theme T] [--rating N|LO-HI] \
                         [--seed S | --line N] [--lang en|fr|de] [--no-board]\n  \
                         tafl puzzle --dashboard [--db PATH] [--variant V] [--lang en|fr|de]\n  \
                         tafl puzzle --streak|--storm [--db PATH | --no-db] [--variant V] \
                         [--seed S] [--lang en|fr|de] [--no-board]\n  \
                         tafl puzzle --check FILE [--budget MOVES] [--fixed OUT]\n  \
                         tafl puzzle --mine --variant V --games FILE --out FILE [--label NAME] \
                         [--lines N] [--last N] [--max-plies P] [--budget MOVES]";

/// Moves one proof may play by default (mining and checking).
const BUDGET: u64 = 30_000_000;

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let args = Args::parse(
        args,
        &help(USAGE),
        &[
            "check",
            "mine",
            "no-board",
            "no-db",
            "dashboard",
            "streak",
            "storm",
        ],
        &[
            "file",
            "variant",
            "theme",
            "rating",
            "seed",
            "line",
            "budget",
            "fixed",
            "games",
            "out",
            "label",
            "lines",
            "last",
            "max-plies",
            "db",
            "lang",
        ],
    )?;
    let budget = number(&args, "budget")?.unwrap_or(BUDGET);
    if args.flag("check") {
        let [path] = &args.positional[..] else {
            return Err(Usage(format!("usage: {USAGE}")).into());
        };
        check(path, budget, args.get("fixed"))
    } else if args.flag("streak") || args.flag("storm") {
        if args.flag("streak") && args.flag("storm") || !args.positional.is_empty() {
            return Err(Usage(format!("usage: {USAGE}")).into());
        }
        let run = if args.flag("streak") {
            RunKind::Streak
        } else {
            RunKind::Storm
        };
        crate::puzzle_runs::play(&args, run, budget)
    } else if args.flag("dashboard") {
        crate::puzzle_play::dashboard(&args)
    } else if args.flag("mine") {
        mine(&args, budget)
    } else {
        if !args.positional.is_empty() {
            return Err(Usage(format!("usage: {USAGE}")).into());
        }
        crate::puzzle_play::play(&args, budget)
    }
}

fn read(path: &str) -> Result<String, Stop> {
    std::fs::read_to_string(path).map_err(|e| Stop::Io(format!("{path}: {e}")))
}

/// `--check FILE`: every row re-proved; each failure printed with its line number.
fn check(path: &str, budget: u64, fixed: Option<&str>) -> Result<u8, Stop> {
    let text = read(path)?;
    let start = Instant::now();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let (mut rows, mut failed, mut nodes) = (0usize, 0usize, 0u64);
    let mut kept: Vec<String> = Vec::new();
    let suite = text.lines().any(|l| l.trim() == SUITE_HEADER);
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if is_skipped(line) {
            continue;
        }
        rows += 1;
        let row = match parse_row(line_no, line) {
            Ok(row) => row,
            Err(reason) => {
                failed += 1;
                println!("line {line_no}: FAIL {reason}");
                continue;
            }
        };
        let key = symmetry_key(&row.game);
        if let Some(first) = seen.get(&key) {
            failed += 1;
            println!("line {line_no}: FAIL the same position as line {first} up to symmetry");
            continue;
        }
        seen.insert(key, line_no);
        let uniqueness = if row.solution.is_some() {
            Uniqueness::Required
        } else {
            Uniqueness::Tolerated
        };
        let checked = check_row(&row, uniqueness, budget);
        nodes += checked.nodes;
        for note in &checked.notes {
            println!("line {line_no}: note {note}");
        }
        for failure in &checked.failures {
            println!("line {line_no}: FAIL {failure}");
        }
        if checked.failures.is_empty() {
            kept.push(line.trim().to_string());
        } else {
            failed += 1;
            // A suite row whose distance changed is kept, corrected.
            if let (Some((plies, mv)), None) = (checked.corrected, &row.solution) {
                let fixed = corrected_row(&row, plies, mv);
                println!("line {line_no}: corrected to {fixed}");
                kept.push(fixed);
            }
        }
    }
    println!(
        "checked {rows} rows of {path} in {:.1} s: {} pass, {failed} fail ({nodes} moves played)",
        start.elapsed().as_secs_f64(),
        rows - failed
    );
    if let Some(out) = fixed {
        let header = if suite { SUITE_HEADER } else { HEADER };
        let mut text = format!("{header}\n");
        for line in &kept {
            text.push_str(line);
            text.push('\n');
        }
        std::fs::write(out, text).map_err(|e| Stop::Io(format!("{out}: {e}")))?;
        println!("wrote {} rows to {out}", kept.len());
    }
    Ok(if failed == 0 { exit::OK } else { exit::NO })
}

fn corrected_row(row: &Row, plies: u32, mv: tafl_core::Move) -> String {
    let pos = row.game.position();
    format!(
        "{},{},{},{plies},{},{}",
        pos.variant().kind.name(),
        pos.placement(),
        pos.side_to_move(),
        format_move(&pos.variant().geometry, mv, Default::default()),
        row.source
    )
}

/// `--mine`: the positions of each game's last plies, proved; new puzzles appended to `--out`.
///
/// The positions are taken from the end of each game backwards; once a position of a side has
/// no forced win (or its proof runs over the budget), that side's earlier positions in the
/// game are not tried.
fn mine(args: &Args, budget: u64) -> Result<u8, Stop> {
    let kind = args.variant()?;
    let path = args
        .get("games")
        .ok_or_else(|| Usage("--games FILE is required".into()))?;
    let out = args
        .get("out")
        .ok_or_else(|| Usage("--out FILE is required".into()))?;
    let label = args.get("label").map_or_else(
        || {
            std::path::Path::new(path)
                .file_name()
                .map_or(path.to_string(), |n| n.to_string_lossy().into_owned())
        },
        str::to_string,
    );
    let lines: usize = number(args, "lines")?.unwrap_or(usize::MAX);
    let last: usize = number(args, "last")?.unwrap_or(12);
    let max_plies: u32 = number(args, "max-plies")?.unwrap_or(5);
    let text = read(path)?;
    let existing = std::fs::read_to_string(out).unwrap_or_default();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in existing.lines().enumerate() {
        if !is_skipped(line)
            && let Ok(row) = parse_row(i + 1, line)
        {
            seen.insert(symmetry_key(&row.game));
        }
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| Stop::Io(format!("{out}: {e}")))?;
    if existing.trim().is_empty() {
        writeln!(file, "{HEADER}").map_err(|e| Stop::Io(format!("{out}: {e}")))?;
    }
    let start = Instant::now();
    let mut counts: HashMap<&'static str, usize> = HashMap::new();
    for (i, line) in text.lines().take(lines).enumerate() {
        let mut stopped = [false; 2];
        for (ply, position) in crate::tactics::last_positions(kind, line, last)
            .into_iter()
            .rev()
        {
            let side = position.side_to_move() as usize;
            if stopped[side] {
                continue;
            }
            let game = Game::from_position(position, Default::default());
            let key = symmetry_key(&game);
            if seen.contains(&key) {
                *counts.entry("seen").or_default() += 1;
                continue;
            }
            let source = format!("{label}:{}@{ply}", i + 1);
            match puzzles::mine(&game, max_plies, budget, &source) {
                Mined::Puzzle(p) => {
                    seen.insert(key);
                    writeln!(file, "{}", p.to_line())
                        .map_err(|e| Stop::Io(format!("{out}: {e}")))?;
                    *counts.entry("puzzles").or_default() += 1;
                }
                Mined::NoWin => {
                    stopped[side] = true;
                    *counts.entry("no win").or_default() += 1;
                }
                Mined::OutOfBudget => {
                    stopped[side] = true;
                    *counts.entry("over budget").or_default() += 1;
                }
                Mined::NotUnique { .. } => {
                    *counts.entry("not unique").or_default() += 1;
                }
            }
        }
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort();
    let counts: Vec<String> = counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
    eprintln!(
        "{path}: {} in {:.1} s",
        counts.join(", "),
        start.elapsed().as_secs_f64()
    );
    Ok(exit::OK)
}
