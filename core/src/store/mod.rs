//! On-device storage in SQLite: the unfinished game, finished games, the records against the
//! computer, the settings and the player's progress through the lessons.
//!
//! One [`Store`] wraps one connection to a database file whose path the caller gives (the
//! app's files folder). Every write is one transaction, so a process killed at any moment
//! leaves the file as it was after the last completed call. See `docs/store.md` for the
//! schema and the durability choices.
//!
//! The unfinished game is kept as its moves (one row per ply) plus a checksum (plies, Zobrist
//! hash, status). Loading replays the moves, which rebuilds the position, the undo history,
//! the repetition history and the draw counter exactly; a game that does not replay to its
//! checksum is reported as [`StoreError::InvalidData`] instead of resuming a different game.

mod schema;
mod types;
mod writer;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};

use crate::game::{Game, Status};
use crate::mode::{Level, Mode};
use crate::notation::{GameRecord, StartPosition};
use crate::position::Side;
use crate::rating::Rating;
use crate::session::Session;
use crate::variant::{RuleOptions, VariantKind};

pub use schema::SCHEMA_VERSION;
pub use types::{
    FinishedGameSummary, GameRecords, LessonProgress, ModeKind, PuzzleStats, RecordRow, SavedGame,
    Settings, StoreError, StoreWarning,
};
pub use writer::{SaveReport, Writer};

/// Names one game played at a time on the device: the game whose token was given last to
/// [`Store::begin`] or [`Store::resume`], through any handle on the file, is the unfinished
/// game, and only it may save.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameToken(pub u64);

impl GameToken {
    /// A token no other game has, in this process or another one on the same file: a count
    /// in this process above a base drawn from the clock and the process id.
    pub fn fresh() -> GameToken {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        static BASE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
        let base = *BASE.get_or_init(|| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            // Spread the bits (splitmix64's finaliser), so that close clocks give far bases.
            let mut z = nanos ^ (u64::from(std::process::id()) << 32);
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        });
        GameToken(base.wrapping_add(NEXT.fetch_add(1, Ordering::Relaxed)))
    }

    /// The token as the file keeps it (SQLite's integers are signed).
    fn column(self) -> i64 {
        self.0 as i64
    }
}

/// The app's database. Two stores may be open on one file (say, the app and a widget): each
/// write takes the file's write lock and waits up to a few seconds for the other's.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// The game that owns the unfinished-game slot through this handle.
    owner: Option<GameToken>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

impl Store {
    /// Opens the database at `path`, creating it (and its folder) or migrating it as needed.
    ///
    /// A file that is not a readable database is renamed to `<name>.corrupt-<unix time>` and a
    /// fresh database is created; the warning says so, for the UI to show. A file written by a
    /// newer schema is refused with [`StoreError::NewerSchema`] and left untouched.
    pub fn open(path: impl AsRef<Path>) -> Result<(Store, Option<StoreWarning>), StoreError> {
        let path = path.as_ref().to_path_buf();
        let (conn, warning) = schema::open(&path)?;
        Ok((
            Store {
                conn,
                path,
                owner: None,
            },
            warning,
        ))
    }

    /// Starts a game as the unfinished one: ends the one stored before (see
    /// [`Store::abandon_current`]), saves the new one, and makes `token` the only game that
    /// may save from now on.
    pub fn begin(&mut self, token: GameToken, session: &Session) -> Result<(), StoreError> {
        self.write(|tx| {
            abandon_current(tx)?;
            save_current(tx, session.mode(), session.game(), session.hints())?;
            set_claim(tx, token)
        })?;
        self.owner = Some(token);
        Ok(())
    }

    /// The unfinished game, made the game of `token` (so that it alone saves from now on).
    pub fn resume(&mut self, token: GameToken) -> Result<Option<SavedGame>, StoreError> {
        let saved = self.load_current()?;
        if saved.is_some() {
            self.write(|tx| set_claim(tx, token))?;
            self.owner = Some(token);
        }
        Ok(saved)
    }

    /// What a changed game writes: its state as the unfinished game, over or not (a game that
    /// ended on the board can still be taken back, so it is recorded by
    /// [`Store::conclude`]). Refused with [`StoreError::Superseded`] once a newer game began.
    pub fn persist(&mut self, token: GameToken, session: &Session) -> Result<(), StoreError> {
        if self.owner != Some(token) {
            return Err(StoreError::Superseded);
        }
        let saved = self.write(|tx| {
            check_claim(tx, token)?;
            save_current(tx, session.mode(), session.game(), session.hints())
        });
        self.forget_if_superseded(&saved);
        saved
    }

    /// Records the game of `token` among the finished games (and in the records) if it is
    /// over, and clears the unfinished slot. Returns the new id, or `None` when the game goes
    /// on. Call it when the players leave a finished game.
    pub fn conclude(
        &mut self,
        token: GameToken,
        session: &Session,
    ) -> Result<Option<i64>, StoreError> {
        if self.owner != Some(token) {
            return Err(StoreError::Superseded);
        }
        if !session.game().status().is_over() {
            return Ok(None);
        }
        let recorded = self.write(|tx| {
            check_claim(tx, token)?;
            record_finished(tx, session.mode(), session.game(), session.hints())
        });
        self.forget_if_superseded(&recorded);
        let id = recorded?;
        self.owner = None;
        Ok(Some(id))
    }

    /// Another handle's game took the slot: this handle's game saves no more.
    fn forget_if_superseded<T>(&mut self, result: &Result<T, StoreError>) {
        if matches!(result, Err(StoreError::Superseded)) {
            self.owner = None;
        }
    }

    /// A stored unfinished game that is already over (the app stopped before the players
    /// left it) is recorded now, so that it is never offered for resumption.
    pub fn conclude_stale(&mut self) -> Result<Option<i64>, StoreError> {
        self.write(|tx| match load_current(tx) {
            Ok(Some(saved)) if saved.game.status().is_over() => {
                record_finished(tx, saved.mode, &saved.game, saved.hints).map(Some)
            }
            Ok(_) | Err(StoreError::InvalidData(_)) => Ok(None),
            Err(e) => Err(e),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves the unfinished game: call it after every move and every undo. Only the
    /// difference from what is stored is written (usually one move inserted or one deleted),
    /// in one transaction. Saving a game with another variant, start or mode than the stored
    /// one replaces it.
    pub fn save_current(&mut self, mode: Mode, game: &Game) -> Result<(), StoreError> {
        self.write(|tx| save_current(tx, mode, game, 0))
    }

    /// The unfinished game, if there is one, restored exactly as it was saved. It may be over
    /// (saved after its last move, the app stopped before recording it): pass it to
    /// [`Store::record_finished`] then.
    pub fn load_current(&self) -> Result<Option<SavedGame>, StoreError> {
        let tx = self.read()?;
        load_current(&tx)
    }

    /// Forgets the unfinished game without recording it.
    pub fn clear_current(&mut self) -> Result<(), StoreError> {
        self.write(|tx| clear_current(tx))
    }

    /// Stores a finished game, counts it in the records when it was against the computer,
    /// and clears the unfinished game, all in one transaction. Returns the new game's id.
    pub fn record_finished(&mut self, mode: Mode, game: &Game) -> Result<i64, StoreError> {
        self.write(|tx| record_finished(tx, mode, game, 0))
    }

    /// Ends the unfinished game before starting a new one (the app asks the player first):
    /// - a game already over (saved after its last move but not yet recorded) is recorded
    ///   with its real result;
    /// - a game against the computer in which the person has moved at least once counts as
    ///   their resignation: recorded as finished, a loss in the records;
    /// - anything else (a two-player game, or one where the person has not moved yet) is
    ///   dropped without a trace, since it was never finished;
    /// - a saved game that no longer replays ([`StoreError::InvalidData`]) is dropped too.
    ///
    /// Returns the id of the finished game it recorded, if any.
    pub fn abandon_current(&mut self) -> Result<Option<i64>, StoreError> {
        self.write(|tx| abandon_current(tx))
    }

    /// Wins, losses and draws against each level playing each side, over every game: always
    /// six rows, in the order easy, normal, hard and, within each, attackers then defenders.
    pub fn records(&self) -> Result<Vec<RecordRow>, StoreError> {
        let mut rows = empty_records();
        for (_, row) in self.stored_records()? {
            add_record(&mut rows, row);
        }
        Ok(rows)
    }

    /// The same records for each game played against the computer at least once, in the
    /// order of [`VariantKind::ALL`]; each game has its six rows.
    pub fn records_by_game(&self) -> Result<Vec<GameRecords>, StoreError> {
        let mut games: Vec<GameRecords> = Vec::new();
        for (variant, row) in self.stored_records()? {
            let Some(variant) = VariantKind::parse(&variant) else {
                continue; // a game this version does not know: not ours to show
            };
            match games.iter_mut().find(|g| g.variant == variant) {
                Some(game) => add_record(&mut game.rows, row),
                None => {
                    let mut rows = empty_records();
                    add_record(&mut rows, row);
                    games.push(GameRecords { variant, rows });
                }
            }
        }
        games.sort_by_key(|g| VariantKind::ALL.iter().position(|&k| k == g.variant));
        Ok(games)
    }

    /// Every stored row of the records with its game's name; rows of a level or side this
    /// version does not know are left out.
    fn stored_records(&self) -> Result<Vec<(String, RecordRow)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT variant, level, side, wins, losses, draws FROM game_records")?;
        let stored = stmt.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, u32>(3)?,
                r.get::<_, u32>(4)?,
                r.get::<_, u32>(5)?,
            ))
        })?;
        let mut rows = Vec::new();
        for row in stored {
            let (variant, level, side, wins, losses, draws) = row?;
            if let (Some(level), Some(side)) = (Level::parse(&level), Side::parse(&side)) {
                let row = RecordRow {
                    level,
                    side,
                    wins,
                    losses,
                    draws,
                };
                rows.push((variant, row));
            }
        }
        Ok(rows)
    }

    /// Whether any game has been finished (the start page's offer of a first lesson), without
    /// reading the history.
    pub fn has_finished_games(&self) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM finished_games)")?
            .query_row([], |r| r.get(0))?)
    }

    /// The finished games, the most recent first.
    pub fn finished_games(&self) -> Result<Vec<FinishedGameSummary>, StoreError> {
        self.summaries("ORDER BY f.finished_at DESC, f.id DESC", [])
    }

    /// One finished game's summary.
    pub fn finished_game(&self, id: i64) -> Result<FinishedGameSummary, StoreError> {
        self.summaries("WHERE f.id = ?1", [id])?
            .pop()
            .ok_or(StoreError::NotFound(id))
    }

    /// Summaries of finished games, selected and ordered by `tail`.
    fn summaries<P: rusqlite::Params>(
        &self,
        tail: &str,
        params: P,
    ) -> Result<Vec<FinishedGameSummary>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT f.id, f.variant, f.mode, f.status, f.plies, f.started_at, f.finished_at,
                    f.hints, a.game_id IS NOT NULL
             FROM finished_games f LEFT JOIN analyses a ON a.game_id = f.id {tail}"
        ))?;
        let rows = stmt.query_map(params, |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, Option<i64>>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, u32>(7)?,
                r.get::<_, bool>(8)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, variant, mode, status, plies, started_at, finished_at, hints, analysed) = row?;
            out.push(FinishedGameSummary {
                id,
                variant: parse_variant(&variant)?,
                mode: serde_json::from_str(&mode)?,
                status: serde_json::from_str(&status)?,
                plies: u32::try_from(plies)
                    .map_err(|_| StoreError::InvalidData(format!("game {id} has {plies} plies")))?,
                started_at,
                finished_at,
                hints,
                analysed,
            });
        }
        Ok(out)
    }

    /// A finished game's record, ready to replay.
    pub fn finished_record(&self, id: i64) -> Result<GameRecord, StoreError> {
        let otn = self.export_otn(id)?;
        GameRecord::parse_text(&otn)
            .map_err(|e| StoreError::InvalidData(format!("finished game {id}: {e}")))
    }

    /// The stored analysis of a finished game with its version, if any.
    pub fn analysis(&self, game_id: i64) -> Result<Option<(i64, String)>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT version, data FROM analyses WHERE game_id = ?1")?
            .query_row([game_id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?)
    }

    /// Keeps the analysis of a finished game (replacing an older one).
    pub fn save_analysis(
        &mut self,
        game_id: i64,
        version: i64,
        data: &str,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            let exists: Option<i64> = tx
                .prepare_cached("SELECT id FROM finished_games WHERE id = ?1")?
                .query_row([game_id], |r| r.get(0))
                .optional()?;
            if exists.is_none() {
                return Err(StoreError::NotFound(game_id));
            }
            tx.prepare_cached(
                "INSERT INTO analyses (game_id, version, data) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,
                     data = excluded.data",
            )?
            .execute(params![game_id, version, data])?;
            Ok(())
        })
    }

    /// A finished game as OTN text (readable with [`GameRecord::parse_text`]).
    pub fn export_otn(&self, id: i64) -> Result<String, StoreError> {
        self.conn
            .prepare_cached("SELECT otn FROM finished_games WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?
            .ok_or(StoreError::NotFound(id))
    }

    /// The settings; the defaults until some are saved.
    pub fn settings(&self) -> Result<Settings, StoreError> {
        let json: Option<String> = self
            .conn
            .prepare_cached("SELECT value FROM settings WHERE key = 'settings'")?
            .query_row([], |r| r.get(0))
            .optional()?;
        match json {
            None => Ok(Settings::default()),
            Some(json) => Ok(serde_json::from_str(&json)?),
        }
    }

    pub fn save_settings(&mut self, settings: &Settings) -> Result<(), StoreError> {
        let json = serde_json::to_string(settings)?;
        self.write(|tx| {
            tx.prepare_cached(
                "INSERT INTO settings (key, value) VALUES ('settings', ?1)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            )?
            .execute([json])?;
            Ok(())
        })
    }

    /// Keeps that the player solved step `step` (0 for the first) of a lesson. Solving it
    /// again changes nothing; the first time is kept.
    pub fn solve_lesson_step(&mut self, lesson: &str, step: u32) -> Result<(), StoreError> {
        let lesson = lesson_id(lesson)?;
        self.write(|tx| {
            tx.prepare_cached(
                "INSERT INTO lesson_steps (lesson, step, solved_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (lesson, step) DO NOTHING",
            )?
            .execute(params![lesson, step, now()])?;
            Ok(())
        })
    }

    /// Keeps that the player finished a lesson. Finishing it again changes nothing.
    pub fn finish_lesson(&mut self, lesson: &str) -> Result<(), StoreError> {
        let lesson = lesson_id(lesson)?;
        self.write(|tx| {
            tx.prepare_cached(
                "INSERT INTO lessons_finished (lesson, finished_at) VALUES (?1, ?2)
                 ON CONFLICT (lesson) DO NOTHING",
            )?
            .execute(params![lesson, now()])?;
            Ok(())
        })
    }

    /// Every lesson the player has begun, by id, each with its solved steps and whether it
    /// was finished.
    pub fn lesson_progress(&self) -> Result<Vec<LessonProgress>, StoreError> {
        let tx = self.read()?;
        let mut by_lesson: std::collections::BTreeMap<String, LessonProgress> =
            std::collections::BTreeMap::new();
        {
            let mut stmt =
                tx.prepare_cached("SELECT lesson, step FROM lesson_steps ORDER BY lesson, step")?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
            for row in rows {
                let (lesson, step) = row?;
                let step = u32::try_from(step).map_err(|_| {
                    StoreError::InvalidData(format!("lesson {lesson} has step {step}"))
                })?;
                let entry = by_lesson
                    .entry(lesson.clone())
                    .or_insert_with(|| LessonProgress {
                        lesson,
                        ..LessonProgress::default()
                    });
                entry.steps.push(step);
            }
        }
        let mut stmt = tx.prepare_cached("SELECT lesson FROM lessons_finished")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        for row in rows {
            let lesson = row?;
            by_lesson
                .entry(lesson.clone())
                .or_insert_with(|| LessonProgress {
                    lesson,
                    ..LessonProgress::default()
                })
                .finished = true;
        }
        Ok(by_lesson.into_values().collect())
    }

    /// Forgets every lesson step and finished lesson (to take the lessons again).
    pub fn reset_lessons(&mut self) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.prepare_cached("DELETE FROM lesson_steps")?.execute([])?;
            tx.prepare_cached("DELETE FROM lessons_finished")?
                .execute([])?;
            Ok(())
        })
    }

    /// Keeps the result of a puzzle (of grade `grade`, named by its key) and moves the
    /// player's puzzle rating by it, in one transaction, so that two handles cannot both
    /// start from the same rating. Returns the rating after it.
    pub fn record_puzzle(
        &mut self,
        puzzle: &str,
        grade: u32,
        solved: bool,
    ) -> Result<Rating, StoreError> {
        if puzzle.is_empty() || puzzle.len() > 400 {
            return Err(StoreError::InvalidData(format!(
                "no puzzle is named {puzzle:?}"
            )));
        }
        self.write(|tx| {
            let before = last_rating(tx)?;
            let after = before.after_puzzle(grade, solved);
            tx.prepare_cached(
                "INSERT INTO puzzle_results (puzzle, solved, rating, deviation, volatility, played_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![puzzle, solved, after.rating, after.deviation, after.volatility, now()])?;
            Ok(after)
        })
    }

    /// The player's puzzle rating now, and how many puzzles were played and solved.
    pub fn puzzle_stats(&self) -> Result<PuzzleStats, StoreError> {
        let tx = self.read()?;
        let rating = last_rating(&tx)?;
        let (played, solved): (i64, i64) = tx.query_row(
            "SELECT COUNT(*), COALESCE(SUM(solved), 0) FROM puzzle_results",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(PuzzleStats {
            rating,
            played: u32::try_from(played).unwrap_or(u32::MAX),
            solved: u32::try_from(solved).unwrap_or(u32::MAX),
        })
    }

    /// The keys of every puzzle played to a result, so that new ones are offered first.
    pub fn puzzles_played(&self) -> Result<HashSet<String>, StoreError> {
        let tx = self.read()?;
        let mut stmt = tx.prepare_cached("SELECT DISTINCT puzzle FROM puzzle_results")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        let mut out = HashSet::new();
        for row in rows {
            out.insert(row?);
        }
        Ok(out)
    }

    /// SQLite's full integrity check: `Ok` when the file is sound.
    pub fn check_integrity(&self) -> Result<(), StoreError> {
        let result: String = self
            .conn
            .pragma_query_value(None, "integrity_check", |r| r.get(0))?;
        if result == "ok" {
            Ok(())
        } else {
            Err(StoreError::Corrupt(result))
        }
    }

    /// Runs `f` in a write transaction, committed when it returns `Ok` and rolled back
    /// otherwise. IMMEDIATE takes the write lock at the start, so another handle's write
    /// makes this one wait (busy timeout) instead of failing halfway.
    fn write<T>(
        &mut self,
        f: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let out = f(&tx)?;
        tx.commit()?;
        Ok(out)
    }

    /// A read transaction: one consistent snapshot across several queries.
    fn read(&self) -> Result<Transaction<'_>, StoreError> {
        Ok(Transaction::new_unchecked(
            &self.conn,
            TransactionBehavior::Deferred,
        )?)
    }
}

/// Unix time in seconds (0 if the clock is before 1970).
pub(crate) fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// A lesson id as the store keeps it: not empty, at most 100 characters, no control
/// characters (the store does not know the lessons; the core's ids are `game/topic`).
fn lesson_id(id: &str) -> Result<&str, StoreError> {
    let id = id.trim();
    if id.is_empty() || id.chars().count() > 100 || id.chars().any(char::is_control) {
        return Err(StoreError::InvalidData(format!("lesson id '{id}'")));
    }
    Ok(id)
}

fn parse_variant(name: &str) -> Result<VariantKind, StoreError> {
    VariantKind::parse(name).ok_or_else(|| StoreError::InvalidData(format!("variant '{name}'")))
}

/// The stored identity and checksum of the unfinished game.
struct CurrentHeader {
    variant: String,
    exit_forts: bool,
    start_position: Option<String>,
    start_turn: Option<String>,
    mode: String,
    plies: i64,
    hash: i64,
    status: String,
    hints: u32,
}

/// The rating of the newest puzzle result, or a new player's.
fn last_rating(conn: &Connection) -> Result<Rating, StoreError> {
    let row = conn
        .query_row(
            "SELECT rating, deviation, volatility FROM puzzle_results ORDER BY id DESC LIMIT 1",
            [],
            |r| {
                Ok((
                    r.get::<_, f64>(0)?,
                    r.get::<_, f64>(1)?,
                    r.get::<_, f64>(2)?,
                ))
            },
        )
        .optional()?;
    match row {
        None => Ok(Rating::NEW),
        Some((r, d, v)) => Rating::checked(r, d, v).ok_or_else(|| {
            StoreError::InvalidData(format!(
                "the puzzle rating {r} (deviation {d}, volatility {v}) is out of range"
            ))
        }),
    }
}

fn read_header(conn: &Connection) -> Result<Option<CurrentHeader>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT variant, exit_forts, start_position, start_turn, mode, plies, hash, status,
                    hints
             FROM current_game WHERE id = 1",
        )?
        .query_row([], |r| {
            Ok(CurrentHeader {
                variant: r.get(0)?,
                exit_forts: r.get(1)?,
                start_position: r.get(2)?,
                start_turn: r.get(3)?,
                mode: r.get(4)?,
                plies: r.get(5)?,
                hash: r.get(6)?,
                status: r.get(7)?,
                hints: r.get(8)?,
            })
        })
        .optional()?)
}

fn read_moves(conn: &Connection) -> Result<Vec<(i64, String)>, StoreError> {
    let mut stmt = conn.prepare_cached("SELECT ply, otn FROM current_moves ORDER BY ply")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The hash's 64 bits as SQLite's signed integer.
fn hash_column(game: &Game) -> i64 {
    i64::from_ne_bytes(game.position().hash().to_ne_bytes())
}

/// Gives the unfinished slot to the game of `token`.
fn set_claim(tx: &Connection, token: GameToken) -> Result<(), StoreError> {
    tx.prepare_cached("UPDATE current_game SET claim = ?1 WHERE id = 1")?
        .execute([token.column()])?;
    Ok(())
}

/// Refuses a save of a game that no longer owns the slot in the file: another handle began or
/// resumed a game since, or recorded this one and cleared the slot.
fn check_claim(tx: &Connection, token: GameToken) -> Result<(), StoreError> {
    let claim: Option<Option<i64>> = tx
        .prepare_cached("SELECT claim FROM current_game WHERE id = 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    match claim {
        Some(Some(c)) if c == token.column() => Ok(()),
        _ => Err(StoreError::Superseded),
    }
}

fn save_current(tx: &Connection, mode: Mode, game: &Game, hints: u32) -> Result<(), StoreError> {
    let record = GameRecord::from_game(game);
    let mode_json = serde_json::to_string(&mode)?;
    let (start_position, start_turn) = match &record.start {
        Some(s) => (Some(s.position.as_str()), Some(s.turn.name())),
        None => (None, None),
    };
    let plies = i64::try_from(record.moves.len())
        .map_err(|_| StoreError::InvalidData("too many moves".into()))?;
    let status = game.status().to_string();
    let now = now();
    let same_game = read_header(tx)?.is_some_and(|h| {
        h.variant == record.variant.name()
            && h.exit_forts == record.options.exit_forts
            && h.start_position.as_deref() == start_position
            && h.start_turn.as_deref() == start_turn
            && h.mode == mode_json
    });
    // How many stored moves are still this game's: after a move, all of them; after an undo,
    // all but the last.
    let keep = if same_game {
        let stored = read_moves(tx)?;
        let kept = stored
            .iter()
            .zip(&record.moves)
            .enumerate()
            .take_while(|(i, ((ply, otn), mv))| *ply == *i as i64 + 1 && otn == *mv)
            .count();
        tx.prepare_cached("DELETE FROM current_moves WHERE ply > ?1")?
            .execute([kept as i64])?;
        tx.prepare_cached(
            "UPDATE current_game SET plies = ?1, hash = ?2, status = ?3, updated_at = ?4,
                 hints = ?5
             WHERE id = 1",
        )?
        .execute(params![plies, hash_column(game), status, now, hints])?;
        kept
    } else {
        tx.prepare_cached("DELETE FROM current_moves")?
            .execute([])?;
        tx.prepare_cached(
            "INSERT OR REPLACE INTO current_game (id, variant, exit_forts, start_position,
                 start_turn, mode, plies, hash, status, started_at, updated_at, hints)
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10)",
        )?
        .execute(params![
            record.variant.name(),
            record.options.exit_forts,
            start_position,
            start_turn,
            mode_json,
            plies,
            hash_column(game),
            status,
            now,
            hints
        ])?;
        0
    };
    let mut insert = tx.prepare_cached("INSERT INTO current_moves (ply, otn) VALUES (?1, ?2)")?;
    for (i, otn) in record.moves.iter().enumerate().skip(keep) {
        insert.execute(params![i as i64 + 1, otn])?;
    }
    Ok(())
}

fn load_current(conn: &Connection) -> Result<Option<SavedGame>, StoreError> {
    let Some(h) = read_header(conn)? else {
        return Ok(None);
    };
    let bad = |why: String| StoreError::InvalidData(format!("the unfinished game {why}"));
    let stored = read_moves(conn)?;
    if let Some((i, (ply, _))) = stored
        .iter()
        .enumerate()
        .find(|(i, (ply, _))| *ply != *i as i64 + 1)
    {
        return Err(bad(format!("has ply {ply} where ply {} belongs", i + 1)));
    }
    let start = match (h.start_position, h.start_turn) {
        (None, None) => None,
        (Some(position), Some(turn)) => Some(StartPosition {
            position,
            turn: Side::parse(&turn).ok_or_else(|| bad(format!("has side '{turn}' to move")))?,
        }),
        _ => return Err(bad("has half a starting position".into())),
    };
    let record = GameRecord {
        variant: parse_variant(&h.variant)?,
        options: RuleOptions {
            exit_forts: h.exit_forts,
        },
        // The app's games are its own variants' (records of other rules are only reviewed).
        rules: None,
        start,
        moves: stored.into_iter().map(|(_, otn)| otn).collect(),
        result: h.status.clone(),
    };
    let game = record
        .replay()
        .map_err(|e| bad(format!("does not replay: {e}")))?;
    if game.plies() as i64 != h.plies
        || hash_column(&game) != h.hash
        || game.status().to_string() != h.status
    {
        return Err(bad(format!(
            "does not match its checksum ({} plies stored, {} replayed)",
            h.plies,
            game.plies()
        )));
    }
    let mode = serde_json::from_str(&h.mode)?;
    Ok(Some(SavedGame {
        mode,
        game,
        hints: h.hints,
    }))
}

fn clear_current(tx: &Connection) -> Result<(), StoreError> {
    tx.prepare_cached("DELETE FROM current_moves")?
        .execute([])?;
    tx.prepare_cached("DELETE FROM current_game")?.execute([])?;
    Ok(())
}

/// Six rows of nothing: easy, normal, hard and, within each, attackers then defenders.
fn empty_records() -> Vec<RecordRow> {
    Level::ALL
        .into_iter()
        .flat_map(|level| {
            [Side::Attackers, Side::Defenders].map(|side| RecordRow {
                level,
                side,
                wins: 0,
                losses: 0,
                draws: 0,
            })
        })
        .collect()
}

/// Adds a stored row's counts to its level and side.
fn add_record(rows: &mut [RecordRow], add: RecordRow) {
    if let Some(r) = rows
        .iter_mut()
        .find(|r| r.level == add.level && r.side == add.side)
    {
        r.wins = r.wins.saturating_add(add.wins);
        r.losses = r.losses.saturating_add(add.losses);
        r.draws = r.draws.saturating_add(add.draws);
    }
}

fn record_finished(
    tx: &Connection,
    mode: Mode,
    game: &Game,
    hints: u32,
) -> Result<i64, StoreError> {
    let status = game.status();
    if !status.is_over() {
        return Err(StoreError::GameNotOver);
    }
    let record = GameRecord::from_game(game);
    let started_at: Option<i64> = tx
        .prepare_cached("SELECT started_at FROM current_game WHERE id = 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    tx.prepare_cached(
        "INSERT INTO finished_games (variant, mode, status, plies, otn, started_at, finished_at,
             hints)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        record.variant.name(),
        serde_json::to_string(&mode)?,
        serde_json::to_string(&status)?,
        record.moves.len() as i64,
        record.to_text(),
        started_at,
        now(),
        hints
    ])?;
    let id = tx.last_insert_rowid();
    count_in_records(tx, record.variant, mode, status)?;
    clear_current(tx)?;
    Ok(id)
}

/// Counts a finished game in the records when it was against the computer.
fn count_in_records(
    tx: &Connection,
    variant: VariantKind,
    mode: Mode,
    status: Status,
) -> Result<(), StoreError> {
    if let (Mode::VsComputer { level, human }, true) = (mode, status.is_over()) {
        let (wins, losses, draws) = match status.winner() {
            Some(winner) if winner == human => (1, 0, 0),
            Some(_) => (0, 1, 0),
            None => (0, 0, 1),
        };
        tx.prepare_cached(
            "INSERT INTO game_records (variant, level, side, wins, losses, draws)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (variant, level, side) DO UPDATE SET wins = wins + excluded.wins,
                 losses = losses + excluded.losses, draws = draws + excluded.draws",
        )?
        .execute(params![
            variant.name(),
            level.name(),
            human.name(),
            wins,
            losses,
            draws
        ])?;
    }
    Ok(())
}

/// Counts every finished game against the computer in `game_records` afresh (the schema
/// step that keeps records per game). A row this version cannot read counts nothing; it
/// stays in the history as it is.
pub(crate) fn rebuild_game_records(tx: &Connection) -> Result<(), StoreError> {
    tx.execute("DELETE FROM game_records", [])?;
    let mut stmt = tx.prepare("SELECT variant, mode, status FROM finished_games")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (variant, mode, status) = row?;
        let (Some(variant), Ok(mode), Ok(status)) = (
            VariantKind::parse(&variant),
            serde_json::from_str::<Mode>(&mode),
            serde_json::from_str::<Status>(&status),
        ) else {
            continue;
        };
        count_in_records(tx, variant, mode, status)?;
    }
    Ok(())
}

fn abandon_current(tx: &Connection) -> Result<Option<i64>, StoreError> {
    let SavedGame {
        mode,
        mut game,
        hints,
    } = match load_current(tx) {
        Ok(Some(saved)) => saved,
        Ok(None) => return Ok(None),
        Err(StoreError::InvalidData(_)) => {
            clear_current(tx)?;
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    if game.status().is_over() {
        return record_finished(tx, mode, &game, hints).map(Some);
    }
    match mode {
        Mode::VsComputer { human, .. } if game.moves_by(human) > 0 => {
            // The game is going on (checked above), so resigning cannot fail.
            game.resign(human)
                .map_err(|e| StoreError::InvalidData(e.to_string()))?;
            record_finished(tx, mode, &game, hints).map(Some)
        }
        _ => {
            clear_current(tx)?;
            Ok(None)
        }
    }
}
