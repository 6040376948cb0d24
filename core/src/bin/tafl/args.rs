//! A small command-line parser: positional arguments and `--name value` options, `--help` and
//! `-h` for every command, and every mistake reported as a usage error (exit status 2).

use std::collections::HashMap;
use std::fmt;

use tafl_core::engine::notation::{parse_move, parse_position};
use tafl_core::{Game, Position, RuleOptions, Side, VariantKind};

/// The exit statuses of `tafl` (listed in `tafl help`).
pub mod exit {
    /// The command did what was asked.
    pub const OK: u8 = 0;
    /// The command ran, and its answer is no: `tafl replay` met an illegal move, `tafl export`
    /// has no game with that number.
    pub const NO: u8 = 1;
    /// A mistake on the command line.
    pub const USAGE: u8 = 2;
    /// A file or the database could not be opened, read or written.
    pub const IO: u8 = 3;
}

/// A usage error: the message is printed and the program exits with status 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub fn usage<T>(msg: impl Into<String>) -> Result<T, Usage> {
    Err(Usage(msg.into()))
}

/// The text `--help` prints for a command with this usage line.
pub fn help(usage: &str) -> String {
    format!("usage: {usage}\n(tafl help lists every command and the exit statuses)\n")
}

/// Why a command stopped before doing its work.
#[derive(Debug)]
pub enum Stop {
    /// `--help` or `-h`: the command's help, printed on standard output (status 0).
    Help(String),
    /// A mistake on the command line (status 2).
    Usage(Usage),
    /// A file or the database could not be opened, read or written (status 3).
    Io(String),
}

impl From<Usage> for Stop {
    fn from(u: Usage) -> Stop {
        Stop::Usage(u)
    }
}

impl Stop {
    /// The exit status this stop ends the program with.
    pub fn status(&self) -> u8 {
        match self {
            Stop::Help(_) => exit::OK,
            Stop::Usage(_) => exit::USAGE,
            Stop::Io(_) => exit::IO,
        }
    }
}

pub struct Args {
    pub positional: Vec<String>,
    options: HashMap<String, String>,
    flags: Vec<String>,
}

impl Args {
    /// Splits `args`; `flags` lists the options that take no value. `--help` or `-h` anywhere
    /// stops with `help`.
    pub fn parse(
        args: &[String],
        help: &str,
        flags: &[&str],
        options: &[&str],
    ) -> Result<Args, Stop> {
        let mut out = Args {
            positional: Vec::new(),
            options: HashMap::new(),
            flags: Vec::new(),
        };
        // Help wins over anything else on the line, mistakes included.
        if args.iter().any(|a| a == "--help" || a == "-h") {
            return Err(Stop::Help(help.to_string()));
        }
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            if arg == "-" || !arg.starts_with("--") {
                out.positional.push(arg.clone());
                continue;
            }
            let name = &arg[2..];
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (name, None),
            };
            if flags.contains(&name) {
                out.flags.push(name.to_string());
            } else if options.contains(&name) {
                let value = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .cloned()
                        .ok_or_else(|| Usage(format!("--{name} needs a value")))?,
                };
                out.options.insert(name.to_string(), value);
            } else {
                return Err(Usage(format!("unknown option --{name}")).into());
            }
        }
        Ok(out)
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }

    pub fn variant(&self) -> Result<VariantKind, Usage> {
        match self.get("variant") {
            None => Ok(VariantKind::Copenhagen),
            Some(v) => VariantKind::parse(v).ok_or_else(|| {
                let names: Vec<&str> = VariantKind::ALL.iter().map(|k| k.name()).collect();
                Usage(format!("unknown variant '{v}' ({})", names.join(", ")))
            }),
        }
    }

    pub fn side(&self, name: &str) -> Result<Option<Side>, Usage> {
        self.get(name)
            .map(|v| {
                Side::parse(v)
                    .ok_or_else(|| Usage(format!("--{name} is attackers or defenders, not '{v}'")))
            })
            .transpose()
    }

    /// A game from `start` with the moves of `--moves "M1 M2 ..."` played, each checked.
    pub fn game(&self, start: Position) -> Result<Game, Usage> {
        let mut game = Game::from_position(start, RuleOptions::default());
        let geometry = &game.variant().geometry;
        for text in self.get("moves").unwrap_or("").split_whitespace() {
            let (mv, _) = parse_move(geometry, text).map_err(|e| Usage(e.to_string()))?;
            game.play(mv)
                .map_err(|e| Usage(format!("--moves: {text} is illegal: {e}")))?;
        }
        Ok(game)
    }

    /// The starting position: the variant's opening, or `--position OTN --turn SIDE`.
    pub fn start_position(&self) -> Result<Position, Usage> {
        let kind = self.variant()?;
        let turn = self.side("turn")?;
        match self.get("position") {
            None if turn.is_some() => usage("--turn goes with --position"),
            None => Ok(Position::start(kind)),
            Some(otn) => parse_position(kind.rules(), otn, turn.unwrap_or(Side::Attackers))
                .map_err(|e| Usage(e.to_string())),
        }
    }
}
