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
use tafl_core::engine::notation::{format_move, parse_move, parse_position};
use tafl_core::{Game, Level, RuleOptions, Side, VariantKind};

use crate::args::{Args, Stop, Usage, exit, help};

pub const USAGE: &str = "tafl engine [--threads N]   (OpenTafl Engine Protocol on stdin/stdout)";

/// What the engine does after reading a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// Answer with this line.
    Reply(String),
    /// The line needs no answer.
    Silent,
    /// `goodbye`: stop reading.
    Quit,
}

/// The protocol's state between lines: the game, the time to think, and the searcher.
pub struct Otep {
    game: Game,
    think: Duration,
    engine: Engine,
    /// The search settings every search starts from (the hard level's; tests lower the node
    /// limit and the table so that a search takes microseconds).
    base: SearchSettings,
}

/// Reads and checks the arguments (`--threads N`, or `--help`); does no work. Returns the
/// threads each search may use.
pub fn check_args(args: &[String]) -> Result<usize, Stop> {
    let args = Args::parse(args, &help(USAGE), &[], &["threads"])?;
    if !args.positional.is_empty() {
        return Err(Usage(format!("usage: {USAGE}")).into());
    }
    let threads: u64 = crate::ai_cmds::number(&args, "threads")?.unwrap_or(1);
    Ok(threads.clamp(1, MAX_THREADS as u64) as usize)
}

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let threads = check_args(args)?;
    let mut otep = Otep::new(SearchSettings::for_level(Level::Hard).with_threads(threads));
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        match otep.handle(&line) {
            Step::Quit => break,
            Step::Silent => {}
            Step::Reply(reply) => {
                if writeln!(out, "{reply}").is_err() {
                    break;
                }
            }
        }
        let _ = out.flush();
    }
    Ok(exit::OK)
}

impl Otep {
    /// A new game of Copenhagen; every search uses `base` with the time the host allows.
    pub fn new(base: SearchSettings) -> Otep {
        Otep {
            game: Game::new(VariantKind::Copenhagen),
            think: base.time,
            engine: Engine::new(base.table_bytes),
            base,
        }
    }

    /// Handles one line from the host. Never panics, whatever the line.
    pub fn handle(&mut self, line: &str) -> Step {
        let line = line.trim();
        if line.is_empty() {
            return Step::Silent;
        }
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let reply = match cmd {
            "goodbye" => return Step::Quit,
            "hello" => Some("hello".to_string()),
            "rules" => self.rules(rest),
            "position" => self.position(rest),
            "side" => Side::parse(rest)
                .map(|_| None)
                .unwrap_or_else(|| Some(format!("error unknown side '{rest}'"))),
            "clock" => self.clock(rest),
            "play" => Some(self.play()),
            "move" | "opponent-move" => self.apply(rest.split_whitespace().next().unwrap_or("")),
            "analyze" => Some(self.analyze(rest)),
            other => Some(format!("error unknown command '{other}'")),
        };
        reply.map_or(Step::Silent, Step::Reply)
    }

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
            // Nine tenths of the overtime, without overflowing on any count of milliseconds.
            [_, overtime, ..] => Duration::from_millis(overtime / 10 * 9).min(cap),
            _ => return Some("error clock needs the remaining time in milliseconds".into()),
        }
        .max(Duration::from_millis(20));
        None
    }

    fn search(&mut self, time: Duration) -> Option<(tafl_core::Move, i32)> {
        let settings = self.base.clone().with_time(time);
        let r = self.engine.think(&self.game, &settings, &Control::new());
        r.best.map(|m| (m, r.score))
    }

    fn play(&mut self) -> String {
        let Some((mv, _)) = self.search(self.think) else {
            return format!("error no move ({})", self.game.status());
        };
        match self.game.play(mv) {
            Ok(played) => format!(
                "move {}",
                format_move(&self.game.variant().geometry, mv, played.captured)
            ),
            Err(e) => format!("error the search chose an illegal move: {e}"),
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
        let secs = match parts.next() {
            None => 1.0,
            // NaN and the infinities parse as numbers too; no time can be made of them.
            Some(text) => match text.parse::<f64>() {
                Ok(secs) if secs.is_finite() => secs,
                _ => return format!("error analyze takes N SECONDS, not '{text}'"),
            },
        };
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A protocol state whose searches stop after a few hundred nodes.
    pub(crate) fn quick() -> Otep {
        let mut base = SearchSettings::for_level(Level::Hard);
        base.max_nodes = 300;
        base.table_bytes = 1 << 16;
        Otep::new(base)
    }

    fn reply(otep: &mut Otep, line: &str) -> String {
        match otep.handle(line) {
            Step::Reply(r) => r,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn analysis_times_that_are_not_numbers_are_errors() {
        let mut otep = quick();
        for secs in ["nan", "NaN", "inf", "-inf", "infinity", "1e999", "x"] {
            let r = reply(&mut otep, &format!("analyze 1 {secs}"));
            assert!(
                r.starts_with("error analyze takes N SECONDS"),
                "{secs}: {r}"
            );
        }
        assert!(reply(&mut otep, "analyze 2 0.01").starts_with("analysis 2 "));
        assert!(reply(&mut otep, "analyze 3 -5").starts_with("analysis 3 "));
    }

    #[test]
    fn any_clock_reading_gives_a_think_time_within_the_cap() {
        let cap = SearchSettings::for_level(Level::Hard).time;
        let mut otep = quick();
        for (clock, think) in [
            (format!("clock 0 {}", u64::MAX), cap),
            (format!("clock {} 0", u64::MAX), cap),
            ("clock 0 1000 3".to_string(), Duration::from_millis(900)),
            ("clock 3000ms".to_string(), Duration::from_millis(100)),
            ("clock 0 0".to_string(), Duration::from_millis(20)),
        ] {
            assert_eq!(otep.handle(&clock), Step::Silent, "{clock}");
            assert_eq!(otep.think, think, "{clock}");
        }
        assert!(reply(&mut otep, "clock soon").starts_with("error "));
    }

    #[test]
    fn a_game_goes_on_line_by_line() {
        let mut otep = quick();
        assert_eq!(otep.handle("  "), Step::Silent);
        assert_eq!(reply(&mut otep, "hello"), "hello");
        assert_eq!(otep.handle("rules dim:7"), Step::Silent);
        assert_eq!(otep.handle("move b4-b3"), Step::Silent);
        assert!(reply(&mut otep, "play").starts_with("move "));
        assert_eq!(otep.game.plies(), 2);
        assert!(reply(&mut otep, "move b3-b3").starts_with("error "));
        assert_eq!(otep.handle("goodbye"), Step::Quit);
    }
}
