//! `tafl records`, `tafl history` and `tafl export`: reading the saved games and records.

use std::fmt::Write as _;
use std::path::PathBuf;

use tafl_core::Mode;
use tafl_core::store::{Store, StoreError};

use crate::args::{Args, Stop, Usage, exit, help};

pub const RECORDS_USAGE: &str = "tafl records [--db PATH]";
pub const HISTORY_USAGE: &str = "tafl history [--db PATH]";
pub const EXPORT_USAGE: &str = "tafl export [--db PATH] GAME";

/// What a store command reads.
#[derive(Debug, PartialEq, Eq)]
pub enum Query {
    Records,
    History,
    /// The OTN of one finished game.
    Export(i64),
}

/// A store command, as its arguments ask: what to read, from which database.
#[derive(Debug)]
pub struct StoreArgs {
    pub query: Query,
    pub db: PathBuf,
}

impl StoreArgs {
    /// Reads and checks the arguments of `tafl records`, `history` or `export` (`command`);
    /// does no work.
    pub fn from_args(command: &str, args: &[String]) -> Result<StoreArgs, Stop> {
        let usage_line = match command {
            "records" => RECORDS_USAGE,
            "history" => HISTORY_USAGE,
            _ => EXPORT_USAGE,
        };
        let args = Args::parse(args, &help(usage_line), &[], &["db"])?;
        let query = match (command, args.positional.as_slice()) {
            ("records", []) => Query::Records,
            ("history", []) => Query::History,
            ("export", [game]) => Query::Export(game.parse().map_err(|_| {
                Usage(format!(
                    "GAME is a game number from tafl history, not '{game}'"
                ))
            })?),
            _ => return Err(Usage(format!("usage: {usage_line}")).into()),
        };
        let db = match args.get("db") {
            Some(p) => PathBuf::from(p),
            None => default_db_path()?,
        };
        Ok(StoreArgs { query, db })
    }
}

pub fn records_command(args: &[String]) -> Result<u8, Stop> {
    run(StoreArgs::from_args("records", args)?)
}

pub fn history_command(args: &[String]) -> Result<u8, Stop> {
    run(StoreArgs::from_args("history", args)?)
}

pub fn export_command(args: &[String]) -> Result<u8, Stop> {
    run(StoreArgs::from_args("export", args)?)
}

/// The text a query prints.
fn answer(store: &Store, query: &Query) -> Result<String, StoreError> {
    match *query {
        Query::Records => {
            let mut out = format!(
                "{:<8} {:<10} {:>5} {:>7} {:>6}\n",
                "level", "side", "wins", "losses", "draws"
            );
            for r in store.records()? {
                let _ = writeln!(
                    out,
                    "{:<8} {:<10} {:>5} {:>7} {:>6}",
                    r.level.name(),
                    r.side.name(),
                    r.wins,
                    r.losses,
                    r.draws
                );
            }
            Ok(out)
        }
        Query::History => {
            let games = store.finished_games()?;
            if games.is_empty() {
                return Ok("No finished games.\n".to_string());
            }
            let mut out = format!(
                "{:>5}  {:<20} {:<10} {:<26} {:<26} {:>5}\n",
                "game", "finished (UTC)", "variant", "mode", "result", "plies"
            );
            for g in games {
                let _ = writeln!(
                    out,
                    "{:>5}  {:<20} {:<10} {:<26} {:<26} {:>5}",
                    g.id,
                    utc_date(g.finished_at),
                    g.variant.name(),
                    mode_text(g.mode),
                    g.status.to_string(),
                    g.plies
                );
            }
            Ok(out)
        }
        Query::Export(id) => store.export_otn(id),
    }
}

/// Opens the database, answers the query and prints the text. A game that is not there
/// exits with status 1, any other store failure with status 3; a warning (a damaged file
/// moved aside) goes to stderr.
fn run(request: StoreArgs) -> Result<u8, Stop> {
    let path = &request.db;
    let (store, warning) =
        Store::open(path).map_err(|e| Stop::Io(format!("{}: {e}", path.display())))?;
    if let Some(w) = warning {
        eprintln!("tafl: warning: {w}");
    }
    match answer(&store, &request.query) {
        Ok(text) => {
            print!("{text}");
            Ok(exit::OK)
        }
        Err(e @ StoreError::NotFound(_)) => {
            eprintln!("tafl: {e}");
            Ok(exit::NO)
        }
        Err(e) => Err(Stop::Io(e.to_string())),
    }
}

/// `$XDG_DATA_HOME/tafl/tafl.db`, else `$HOME/.local/share/tafl/tafl.db` (the store creates
/// the folder).
pub fn default_db_path() -> Result<PathBuf, Usage> {
    let absolute = |var: &str| {
        std::env::var_os(var)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let data = absolute("XDG_DATA_HOME")
        .or_else(|| absolute("HOME").map(|h| h.join(".local").join("share")))
        .ok_or_else(|| Usage("no --db given, and neither XDG_DATA_HOME nor HOME is set".into()))?;
    Ok(data.join("tafl").join("tafl.db"))
}

pub fn mode_text(mode: Mode) -> String {
    match mode {
        Mode::TwoPlayers => "two players".to_string(),
        Mode::VsComputer { level, human } => format!("vs {level} as {human}"),
    }
}

/// `YYYY-MM-DD HH:MM` in UTC from Unix seconds.
fn utc_date(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    // Days to a civil date (Howard Hinnant's algorithm), valid for any day count.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        secs / 3600,
        secs % 3600 / 60
    )
}
