//! `tafl records`, `tafl history` and `tafl export`: reading the saved games and records.
//! They only read: a database that is not there is an error (nothing is created), and one
//! on read-only media can be read. The words are the apps' own, in the language of `--lang`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tafl_core::store::{FinishedGameSummary, GameRecords, Store, StoreError};
use tafl_core::texts::Catalog;
use tafl_core::{Mode, Status, VariantKind};

use crate::args::{Args, Stop, Usage, exit, help};
use crate::words;

pub const RECORDS_USAGE: &str = "tafl records [--db PATH] [--variant V] [--lang en|fr|de]";
pub const HISTORY_USAGE: &str = "tafl history [--db PATH] [--lang en|fr|de]";
pub const EXPORT_USAGE: &str = "tafl export [--db PATH] GAME";

/// What a store command reads.
#[derive(Debug, PartialEq, Eq)]
pub enum Query {
    /// The records against the computer, of one game or of each.
    Records(Option<VariantKind>),
    History,
    /// The OTN of one finished game.
    Export(i64),
}

/// A store command, as its arguments ask: what to read, from which database, in which words.
#[derive(Debug)]
pub struct StoreArgs {
    pub query: Query,
    pub db: PathBuf,
    pub words: &'static Catalog,
}

impl StoreArgs {
    /// Reads and checks the arguments of `tafl records`, `history` or `export` (`command`);
    /// does no work.
    pub fn from_args(command: &str, args: &[String]) -> Result<StoreArgs, Stop> {
        let (usage_line, options): (&str, &[&str]) = match command {
            "records" => (RECORDS_USAGE, &["db", "variant", "lang"]),
            "history" => (HISTORY_USAGE, &["db", "lang"]),
            _ => (EXPORT_USAGE, &["db"]),
        };
        let args = Args::parse(args, &help(usage_line), &[], options)?;
        let query = match (command, args.positional.as_slice()) {
            ("records", []) => Query::Records(match args.get("variant") {
                Some(_) => Some(args.variant()?),
                None => None,
            }),
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
        Ok(StoreArgs {
            query,
            db,
            words: words::catalog(&args)?,
        })
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
fn answer(store: &Store, query: &Query, c: &Catalog) -> Result<String, StoreError> {
    match *query {
        Query::Records(kind) => {
            let games: Vec<GameRecords> = store
                .records_by_game()?
                .into_iter()
                .filter(|g| kind.is_none_or(|k| k == g.variant))
                .collect();
            if games.is_empty() {
                return Ok(format!("{}\n", c.text("records.none")));
            }
            Ok(games.iter().map(|g| records_table(c, g)).collect())
        }
        Query::History => {
            let games = store.finished_games()?;
            if games.is_empty() {
                return Ok(format!("{}\n", c.text("history.none")));
            }
            let mut out = String::new();
            for g in games {
                let _ = writeln!(out, "{:>5}  {}", g.id, history_line(c, &g));
            }
            Ok(out)
        }
        Query::Export(id) => store.export_otn(id),
    }
}

/// One game's records: its name, then a row for each level and side, as the apps show them.
fn records_table(c: &Catalog, game: &GameRecords) -> String {
    let labels: Vec<String> = game
        .rows
        .iter()
        .map(|r| c.record_row(r.level, r.side))
        .collect();
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let heads = ["records.wins", "records.losses", "records.draws"].map(|k| c.text(k));
    let columns = heads.map(|h| h.chars().count().max(5));
    let mut out = format!("{}\n  {}", c.variant(game.variant), " ".repeat(width));
    for (head, w) in heads.iter().zip(columns) {
        let _ = write!(out, "  {head:>w$}");
    }
    out.push('\n');
    for (label, r) in labels.iter().zip(&game.rows) {
        let pad = width - label.chars().count();
        let _ = write!(out, "  {label}{}", " ".repeat(pad));
        for (n, w) in [r.wins, r.losses, r.draws].into_iter().zip(columns) {
            let _ = write!(out, "  {n:>w$}");
        }
        out.push('\n');
    }
    out
}

/// A finished game in one line: when it ended (UTC), the game, the opponent, the side
/// played, the result and the length.
fn history_line(c: &Catalog, g: &FinishedGameSummary) -> String {
    let mut parts = vec![
        utc_date(g.finished_at),
        c.variant(g.variant).to_string(),
        c.opponent(g.mode),
    ];
    if let Mode::VsComputer { human, .. } = g.mode {
        parts.push(c.as_side(human));
    }
    if let Status::Over(outcome) = g.status {
        parts.push(c.short_result(g.mode, outcome).to_string());
    }
    parts.push(c.game_length(g.plies));
    if g.hints > 0 {
        parts.push(c.hints_used(g.hints));
    }
    parts.join(" · ")
}

/// Opens the database a reading command reads: it must be there (nothing is created), and
/// it is read without writing, so read-only media will do.
pub fn open_existing(path: &Path, c: &Catalog) -> Result<Store, Stop> {
    if !path.is_file() {
        return Err(Stop::Io(
            c.fill("cli.no_database", &[("path", &path.display().to_string())]),
        ));
    }
    Store::open_existing(path).map_err(|e| Stop::Io(format!("{}: {e}", path.display())))
}

/// Opens the database, answers the query and prints the text. A game that is not there
/// exits with status 1, a database that is not there or cannot be read with status 3.
fn run(request: StoreArgs) -> Result<u8, Stop> {
    let store = open_existing(&request.db, request.words)?;
    match answer(&store, &request.query, request.words) {
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
