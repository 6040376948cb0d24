//! `tafl engine`: the OpenTafl Engine Protocol on standard input and output, so that hosts
//! speaking it can use this AI. One message per line. Supported (host -> engine):
//!
//! - `hello` -> `hello`
//! - `rules RULES`: a new game; `dim:7|9|11` picks Brandubh, Tablut or Copenhagen, and
//!   `start:OTN` (if present) the starting placement.
//! - `position OTN [attackers|defenders]`: replace the position (default side: attackers).
//! - `side attackers|defenders`: the side this engine plays.
//! - `clock MAIN_MS [OVERTIME_MS [COUNT]]`: think for a thirtieth of the main time (at most
//!   the hard level's 3 s), or for the overtime when the main time has run out.
//! - `play [SIDE]` -> `move FROM-TO[xCAPTURES]`, and the move is made.
//! - `move M` or `opponent-move M [...]`: make a move of either side.
//! - `analyze N SECONDS` -> `analysis N SCORE MOVE` (score in hundredths of a soldier for the
//!   side to move).
//! - `goodbye`: end.
//!
//! Anything else, or an illegal move, answers `error REASON` and changes nothing.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use tafl_core::ai::{Control, Engine, MAX_THREADS, SearchSettings};
use tafl_core::notation::{format_move, parse_move, parse_position};
use tafl_core::{Game, Level, RuleOptions, Side, VariantKind};

use crate::args::{Args, Usage};

pub const USAGE: &str = "tafl engine [--threads N]   (OpenTafl Engine Protocol on stdin/stdout)";

struct State {
    game: Game,
    think: Duration,
    /// Threads each search uses.
    threads: usize,
    engine: Engine,
}

pub fn command(args: &[String]) -> Result<i32, Usage> {
    let args = Args::parse(args, &[], &["threads"])?;
    if !args.positional.is_empty() {
        return Err(Usage(format!("usage: {USAGE}")));
    }
    let threads: u64 = crate::ai_cmds::number(&args, "threads")?.unwrap_or(1);
    let mut state = State {
        game: Game::new(VariantKind::Copenhagen),
        think: SearchSettings::for_level(Level::Hard).time,
        threads: threads.min(MAX_THREADS as u64) as usize,
        engine: Engine::default(),
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let reply = match cmd {
            "goodbye" => break,
            "hello" => Some("hello".to_string()),
            "rules" => state.rules(rest),
            "position" => state.position(rest),
            "side" => Side::parse(rest)
                .map(|_| None)
                .unwrap_or_else(|| Some(format!("error unknown side '{rest}'"))),
            "clock" => state.clock(rest),
            "play" => Some(state.play()),
            "move" | "opponent-move" => state.apply(rest.split_whitespace().next().unwrap_or("")),
            "analyze" => Some(state.analyze(rest)),
            other => Some(format!("error unknown command '{other}'")),
        };
        if let Some(reply) = reply {
            if writeln!(out, "{reply}").is_err() {
                break;
            }
        }
        let _ = out.flush();
    }
    Ok(0)
}

impl State {
    fn rules(&mut self, text: &str) -> Option<String> {
        let field = |name: &str| {
            text.split_whitespace()
                .find_map(|t| t.strip_prefix(name))
                .map(str::to_string)
        };
        let kind = match field("dim:").as_deref() {
            None | Some("11") => VariantKind::Copenhagen,
            Some("9") => VariantKind::Tablut,
            Some("7") => VariantKind::Brandubh,
            Some(d) => return Some(format!("error unsupported board size {d}")),
        };
        self.game = Game::new(kind);
        match field("start:") {
            None => None,
            Some(otn) => self.set_position(&otn, Side::Attackers),
        }
    }

    fn position(&mut self, text: &str) -> Option<String> {
        let mut parts = text.split_whitespace();
        let otn = parts.next().unwrap_or("");
        let side = parts
            .next()
            .and_then(Side::parse)
            .unwrap_or(Side::Attackers);
        self.set_position(otn, side)
    }

    fn set_position(&mut self, otn: &str, side: Side) -> Option<String> {
        match parse_position(self.game.variant(), otn, side) {
            Ok(pos) => {
                self.game = Game::from_position(pos, RuleOptions::default());
                None
            }
            Err(e) => Some(format!("error {e}")),
        }
    }

    fn clock(&mut self, text: &str) -> Option<String> {
        let numbers: Vec<u64> = text
            .split_whitespace()
            .filter_map(|t| t.trim_end_matches("ms").parse().ok())
            .collect();
        let cap = SearchSettings::for_level(Level::Hard).time;
        self.think = match numbers.as_slice() {
            [main, ..] if *main > 0 => Duration::from_millis(main / 30).min(cap),
            [_, overtime, ..] => Duration::from_millis(overtime * 9 / 10).min(cap),
            _ => return Some("error clock needs the remaining time in milliseconds".into()),
        }
        .max(Duration::from_millis(20));
        None
    }

    fn search(&mut self, time: Duration) -> Option<(tafl_core::Move, i32)> {
        let settings = SearchSettings::for_level(Level::Hard)
            .with_time(time)
            .with_threads(self.threads);
        let r = self.engine.think(&self.game, &settings, &Control::new());
        r.best.map(|m| (m, r.score))
    }

    fn play(&mut self) -> String {
        match self.search(self.think) {
            None => format!("error no move ({})", self.game.status()),
            Some((mv, _)) => {
                let played = self.game.play(mv).expect("the search returns legal moves");
                format!(
                    "move {}",
                    format_move(&self.game.variant().geometry, mv, played.captured)
                )
            }
        }
    }

    fn apply(&mut self, text: &str) -> Option<String> {
        let g = &self.game.variant().geometry;
        match parse_move(g, text) {
            Err(e) => Some(format!("error {e}")),
            Ok((mv, _)) => self
                .game
                .play(mv)
                .err()
                .map(|e| format!("error {text}: {e}")),
        }
    }

    fn analyze(&mut self, text: &str) -> String {
        let mut parts = text.split_whitespace();
        let n = parts.next().unwrap_or("1");
        let secs: f64 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(1.0);
        let time = Duration::from_secs_f64(secs.clamp(0.01, 60.0));
        match self.search(time) {
            None => format!("error no move ({})", self.game.status()),
            Some((mv, score)) => format!(
                "analysis {n} {score} {}",
                format_move(&self.game.variant().geometry, mv, Default::default())
            ),
        }
    }
}
