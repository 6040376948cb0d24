//! `tafl perft` and `tafl replay`: engine tools for tests and analysis.

use std::io::{self, BufRead, Write};

use tafl_core::engine::notation::format_move;
use tafl_core::engine::perft::{divide, perft};
use tafl_core::engine::replay::{ReplayError, replay_line};
use tafl_core::{Game, Position, RuleOptions, VariantKind};

use crate::args::{Args, Stop, Usage, exit, help};

pub const PERFT_USAGE: &str = "tafl perft DEPTH|--depth DEPTH [--variant V] \
                               [--position OTN --turn SIDE] [--moves \"M1 M2 ...\"] [--divide]";
pub const VARIANTS_USAGE: &str = "tafl variants";

/// `tafl variants`: every game, one a line: its name, its board and its rules string
/// (OpenTafl notation), separated by tabs.
pub fn variants_command(args: &[String]) -> Result<u8, Stop> {
    let args = Args::parse(args, &help(VARIANTS_USAGE), &[], &[])?;
    if !args.positional.is_empty() {
        return Err(Usage(format!("usage: {VARIANTS_USAGE}")).into());
    }
    let out = io::stdout();
    let mut out = out.lock();
    for kind in VariantKind::ALL {
        let size = kind.data().size;
        let rules = tafl_core::engine::otn_rules::write_rules(kind, kind.data());
        let _ = writeln!(out, "{}\t{size}x{size}\t{rules}", kind.name());
    }
    Ok(exit::OK)
}
pub const REPLAY_USAGE: &str =
    "tafl replay [--variant V] [--position OTN --turn SIDE] [--no-exit-forts] [FILE|-]";

/// `tafl perft`, as its arguments ask.
pub struct Perft {
    depth: u32,
    game: Game,
    divide: bool,
}

impl Perft {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<Perft, Stop> {
        let args = Args::parse(
            args,
            &help(PERFT_USAGE),
            &["divide"],
            &["variant", "position", "turn", "moves", "depth"],
        )?;
        let depth = match (args.positional.as_slice(), args.get("depth")) {
            ([depth], None) => depth.as_str(),
            ([], Some(depth)) => depth,
            _ => return Err(Usage(format!("usage: {PERFT_USAGE}")).into()),
        };
        let depth: u32 = depth
            .parse()
            .ok()
            .filter(|d| *d <= 12)
            .ok_or_else(|| Usage(format!("DEPTH is a number from 0 to 12, not '{depth}'")))?;
        let game = args.game(args.start_position()?)?;
        Ok(Perft {
            depth,
            game,
            divide: args.flag("divide"),
        })
    }

    fn run(mut self) -> u8 {
        let depth = self.depth;
        let out = io::stdout();
        let mut out = out.lock();
        let total = if self.divide && depth > 0 {
            let geometry = &self.game.variant().geometry;
            let mut total = 0;
            for (mv, n) in divide(&mut self.game, depth) {
                let _ = writeln!(out, "{} {n}", format_move(geometry, mv, Default::default()));
                total += n;
            }
            total
        } else {
            perft(&mut self.game, depth)
        };
        let _ = writeln!(out, "perft({depth}) = {total}");
        exit::OK
    }
}

pub fn perft_command(args: &[String]) -> Result<u8, Stop> {
    Ok(Perft::from_args(args)?.run())
}

/// `tafl replay`, as its arguments ask.
pub struct Replay {
    start: Position,
    options: RuleOptions,
    /// The file to read, or standard input.
    path: Option<String>,
}

impl Replay {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<Replay, Stop> {
        let args = Args::parse(
            args,
            &help(REPLAY_USAGE),
            &["no-exit-forts"],
            &["variant", "position", "turn"],
        )?;
        let path = match args.positional.as_slice() {
            [] => None,
            [path] if path == "-" => None,
            [path] => Some(path.clone()),
            _ => return Err(Usage(format!("usage: {REPLAY_USAGE}")).into()),
        };
        Ok(Replay {
            start: args.start_position()?,
            options: RuleOptions {
                exit_forts: !args.flag("no-exit-forts"),
            },
            path,
        })
    }
}

pub fn replay_command(args: &[String]) -> Result<u8, Stop> {
    let Replay {
        start,
        options,
        path,
    } = Replay::from_args(args)?;
    let input: Box<dyn BufRead> = match path {
        None => Box::new(io::stdin().lock()),
        Some(path) => Box::new(io::BufReader::new(
            std::fs::File::open(&path).map_err(|e| Stop::Io(format!("cannot read {path}: {e}")))?,
        )),
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
