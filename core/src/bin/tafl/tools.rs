//! `tafl perft` and `tafl replay`: engine tools for tests and analysis.

use std::io::{self, BufRead, Write};

use tafl_core::notation::{format_move, parse_move};
use tafl_core::perft::{divide, perft};
use tafl_core::replay::{ReplayError, replay_line};
use tafl_core::{Game, RuleOptions};

use crate::args::{Args, Stop, Usage, exit, help};

pub const PERFT_USAGE: &str = "tafl perft DEPTH [--variant V] [--position OTN --turn SIDE] \
                               [--moves \"M1 M2 ...\"] [--divide]";
pub const REPLAY_USAGE: &str =
    "tafl replay [--variant V] [--position OTN --turn SIDE] [--no-exit-forts] [FILE|-]";

pub fn perft_command(args: &[String]) -> Result<u8, Stop> {
    let args = Args::parse(
        args,
        &help(PERFT_USAGE),
        &["divide"],
        &["variant", "position", "turn", "moves"],
    )?;
    let [depth] = args.positional.as_slice() else {
        return Err(Usage(format!("usage: {PERFT_USAGE}")).into());
    };
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|d| *d <= 12)
        .ok_or_else(|| Usage(format!("DEPTH is a number from 0 to 12, not '{depth}'")))?;
    let mut game = Game::from_position(args.start_position()?, RuleOptions::default());
    let geometry = &game.variant().geometry;
    for text in args.get("moves").unwrap_or("").split_whitespace() {
        let (mv, _) = parse_move(geometry, text).map_err(|e| Usage(e.to_string()))?;
        game.play(mv)
            .map_err(|e| Usage(format!("--moves: {text} is illegal: {e}")))?;
    }
    let out = io::stdout();
    let mut out = out.lock();
    let total = if args.flag("divide") && depth > 0 {
        let mut total = 0;
        for (mv, n) in divide(&mut game, depth) {
            let _ = writeln!(out, "{} {n}", format_move(geometry, mv, Default::default()));
            total += n;
        }
        total
    } else {
        perft(&mut game, depth)
    };
    let _ = writeln!(out, "perft({depth}) = {total}");
    Ok(exit::OK)
}

pub fn replay_command(args: &[String]) -> Result<u8, Stop> {
    let args = Args::parse(
        args,
        &help(REPLAY_USAGE),
        &["no-exit-forts"],
        &["variant", "position", "turn"],
    )?;
    let start = args.start_position()?;
    let options = RuleOptions {
        exit_forts: !args.flag("no-exit-forts"),
    };
    let input: Box<dyn BufRead> = match args.positional.as_slice() {
        [] => Box::new(io::stdin().lock()),
        [path] if path == "-" => Box::new(io::stdin().lock()),
        [path] => Box::new(io::BufReader::new(
            std::fs::File::open(path).map_err(|e| Stop::Io(format!("cannot read {path}: {e}")))?,
        )),
        _ => return Err(Usage(format!("usage: {REPLAY_USAGE}")).into()),
    };
    let out = io::stdout();
    let mut out = out.lock();
    let mut all_legal = true;
    for (n, line) in input.lines().enumerate() {
        let line = line.map_err(|e| Stop::Io(format!("cannot read input: {e}")))?;
        let moves = line.split(',').next().unwrap_or("");
        if moves.trim().is_empty() {
            continue;
        }
        let text = match replay_line(&start, options, moves) {
            Ok(replayed) => {
                let game = &replayed.game;
                let annotated: Vec<String> = game
                    .moves()
                    .map(|(mv, captured)| format_move(&game.variant().geometry, mv, captured))
                    .collect();
                let early = replayed
                    .ended_early_at
                    .map(|p| format!(" ended-early-at {p}"))
                    .unwrap_or_default();
                format!(
                    "{} ok {} {} {}{early}",
                    n + 1,
                    game.plies(),
                    game.status(),
                    annotated.join(" ")
                )
            }
            Err(ReplayError::Ply { ply, text, error }) => {
                all_legal = false;
                format!("{} illegal {ply} {text} {error}", n + 1)
            }
            Err(e @ ReplayError::Start(_)) => {
                all_legal = false;
                format!("{} illegal 0 - {e}", n + 1)
            }
        };
        if writeln!(out, "{text}").is_err() {
            break; // the reader went away (say, `| head`)
        }
    }
    Ok(if all_legal { exit::OK } else { exit::NO })
}
