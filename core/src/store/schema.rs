//! Opening the database file: the header probe, corruption handling, connection settings and
//! the schema migrations (`PRAGMA user_version`).

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::ffi::ErrorCode;
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

use super::connection::{Store, now};
use super::game_records::rebuild_game_records;
use super::types::{StoreError, StoreWarning};

/// Migration `i` takes the schema from version `i` to `i + 1`. Append only: a released
/// migration is never edited, since databases in the field have already run it.
const MIGRATIONS: &[&str] = &[
    // Version 1.
    "
    -- The unfinished game (at most one row). Enough to rebuild it exactly by replaying the
    -- moves; plies, hash and status are a checksum of the result.
    CREATE TABLE current_game (
        id             INTEGER PRIMARY KEY CHECK (id = 1),
        variant        TEXT    NOT NULL,
        exit_forts     INTEGER NOT NULL,
        start_position TEXT,             -- OTN placement; NULL for the variant's opening
        start_turn     TEXT,
        mode           TEXT    NOT NULL, -- JSON of Mode
        plies          INTEGER NOT NULL,
        hash           INTEGER NOT NULL, -- Zobrist hash of the position (u64 bits)
        status         TEXT    NOT NULL, -- Status::to_string()
        started_at     INTEGER NOT NULL,
        updated_at     INTEGER NOT NULL
    );
    -- Its moves: one row per ply, so a move is one INSERT and an undo one DELETE.
    CREATE TABLE current_moves (
        ply INTEGER PRIMARY KEY,          -- 1-based
        otn TEXT    NOT NULL
    );
    CREATE TABLE finished_games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        variant     TEXT    NOT NULL,
        mode        TEXT    NOT NULL,     -- JSON of Mode
        status      TEXT    NOT NULL,     -- JSON of Status (result and reason)
        plies       INTEGER NOT NULL,
        otn         TEXT    NOT NULL,     -- GameRecord::to_text()
        started_at  INTEGER,
        finished_at INTEGER NOT NULL
    );
    -- Results against the computer, from the person's side.
    CREATE TABLE records (
        level  TEXT    NOT NULL,
        side   TEXT    NOT NULL,
        wins   INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        draws  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (level, side)
    ) WITHOUT ROWID;
    INSERT INTO records (level, side) VALUES
        ('easy', 'attackers'), ('easy', 'defenders'),
        ('normal', 'attackers'), ('normal', 'defenders'),
        ('hard', 'attackers'), ('hard', 'defenders');
    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID;
    ",
    // Version 2: hints, and the review's analysis kept with each finished game.
    "
    ALTER TABLE current_game ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE finished_games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    -- The engine's judgement of every position of a finished game, so that the review opens
    -- at once the second time. `version` names the analysis settings: another version is
    -- computed afresh.
    CREATE TABLE analyses (
        game_id INTEGER PRIMARY KEY,      -- finished_games.id
        version INTEGER NOT NULL,
        data    TEXT    NOT NULL          -- JSON
    );
    ",
    // Version 3: which game owns the unfinished slot, kept in the file so that two handles
    // (two app objects, the app and the terminal game) agree on it: only the game that began
    // or resumed last may save. NULL: unclaimed (a file from version 2).
    "
    ALTER TABLE current_game ADD COLUMN claim INTEGER;
    ",
    // Version 4: the lessons the player has worked through. A lesson is named by its id in
    // the core (`copenhagen/capture`), a step by its place in the lesson (from 0). A lesson
    // counts as finished once its last step is solved; it is kept apart from its steps, so
    // that a lesson given more steps by a later version stays finished.
    "
    CREATE TABLE lesson_steps (
        lesson    TEXT    NOT NULL,
        step      INTEGER NOT NULL CHECK (step >= 0),
        solved_at INTEGER NOT NULL,
        PRIMARY KEY (lesson, step)
    ) WITHOUT ROWID;
    CREATE TABLE lessons_finished (
        lesson      TEXT    PRIMARY KEY,
        finished_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    ",
    // Version 5: the records against the computer kept per game (Copenhagen, Brandubh, ...),
    // not only per level and side. Every count of the old table was written in the same
    // transaction as its finished game, so `rebuild_game_records` (run right after this
    // step) counts them again from the finished games, now with their game.
    "
    CREATE TABLE game_records (
        variant TEXT    NOT NULL,
        level   TEXT    NOT NULL,
        side    TEXT    NOT NULL,
        wins    INTEGER NOT NULL DEFAULT 0,
        losses  INTEGER NOT NULL DEFAULT 0,
        draws   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (variant, level, side)
    ) WITHOUT ROWID;
    DROP TABLE records;
    ",
    // Version 6: puzzles. One row for each puzzle played to a result (solved at the first
    // try or not), with the player's puzzle rating after it (Glicko-2: rating, deviation,
    // volatility); the newest row holds the rating now. A puzzle is named by its key in the
    // core (game, position, side to move), which outlives the order of the puzzle file.
    "
    CREATE TABLE puzzle_results (
        id         INTEGER PRIMARY KEY,
        puzzle     TEXT    NOT NULL,
        solved     INTEGER NOT NULL CHECK (solved IN (0, 1)),
        rating     REAL    NOT NULL,
        deviation  REAL    NOT NULL,
        volatility REAL    NOT NULL,
        played_at  INTEGER NOT NULL
    );
    ",
    // Version 7: the unfinished game's seed for the computer's choices (u64 bits), drawn when
    // the game began, so that a resumed game goes on as it would have. A game saved before
    // has 0, the seed every game had then.
    "
    ALTER TABLE current_game ADD COLUMN seed INTEGER NOT NULL DEFAULT 0;
    ",
    // Version 8: the unfinished game's clock, so that a game between two players on a clock
    // resumes with its times when the app kept no state of its own (swiped away, a fresh
    // launch): its preset (TimeControl's name; NULL: no clock, as for every game saved
    // before), each side's milliseconds left, and the low-time warnings already given (bit 0
    // the attackers', bit 1 the defenders'). Written with each move and when the game leaves
    // the screen; never a time of day.
    "
    ALTER TABLE current_game ADD COLUMN clock_control TEXT;
    ALTER TABLE current_game ADD COLUMN clock_attackers_ms INTEGER;
    ALTER TABLE current_game ADD COLUMN clock_defenders_ms INTEGER;
    ALTER TABLE current_game ADD COLUMN clock_warned INTEGER NOT NULL DEFAULT 0;
    ",
];

/// The version that keeps the records per game; its counts are rebuilt in Rust.
const GAME_RECORDS_VERSION: usize = 5;

/// The schema version this build writes and the newest it reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// How long a handle waits for another one's write lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Why a file could not be opened as our database.
enum OpenFailure {
    /// Not a database, or a damaged one: move it aside and start afresh.
    Corrupt(String),
    /// Anything else: report it, touch nothing.
    Error(StoreError),
}

impl From<rusqlite::Error> for OpenFailure {
    fn from(e: rusqlite::Error) -> OpenFailure {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => {
                OpenFailure::Corrupt(e.to_string())
            }
            _ => OpenFailure::Error(StoreError::Sqlite(e.to_string())),
        }
    }
}

impl From<StoreError> for OpenFailure {
    fn from(e: StoreError) -> OpenFailure {
        OpenFailure::Error(e)
    }
}

/// Opens (creating, migrating or replacing as needed) the database at `path`.
pub fn open(path: &Path) -> Result<(Connection, Option<StoreWarning>), StoreError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)
            .map_err(|e| StoreError::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    // Read the header ourselves first: a file from a newer app is refused before SQLite
    // opens it for writing (which could checkpoint or otherwise rewrite it), and a file that
    // is plainly not a database is caught without SQLite's help.
    let failure = match probe_header(path)? {
        Header::NotSqlite(why) => OpenFailure::Corrupt(why),
        Header::Sqlite { user_version } if user_version > SCHEMA_VERSION => {
            return Err(StoreError::NewerSchema {
                found: user_version,
                supported: SCHEMA_VERSION,
            });
        }
        Header::Absent | Header::Sqlite { .. } => match connect(path) {
            Ok(conn) => return Ok((conn, None)),
            Err(f) => f,
        },
    };
    match failure {
        OpenFailure::Error(e) => Err(e),
        OpenFailure::Corrupt(reason) => {
            let moved_to = move_aside(path)?;
            let conn = connect(path).map_err(|f| match f {
                OpenFailure::Error(e) => e,
                OpenFailure::Corrupt(why) => StoreError::Corrupt(why),
            })?;
            Ok((
                conn,
                Some(StoreWarning::CorruptFileMovedAside { moved_to, reason }),
            ))
        }
    }
}

enum Header {
    /// No file, or an empty one: SQLite makes a new database there.
    Absent,
    NotSqlite(String),
    Sqlite {
        user_version: i64,
    },
}

/// The SQLite file header: a 16-byte magic string, and `user_version` at bytes 60..64
/// (big-endian).
fn probe_header(path: &Path) -> Result<Header, StoreError> {
    let mut file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Header::Absent),
        Err(e) => {
            return Err(StoreError::Io(format!(
                "cannot read {}: {e}",
                path.display()
            )));
        }
    };
    let mut header = Vec::with_capacity(100);
    file.by_ref()
        .take(100)
        .read_to_end(&mut header)
        .map_err(|e| StoreError::Io(format!("cannot read {}: {e}", path.display())))?;
    if header.is_empty() {
        return Ok(Header::Absent);
    }
    if header.len() < 100 || !header.starts_with(b"SQLite format 3\0") {
        return Ok(Header::NotSqlite("not an SQLite database".to_string()));
    }
    let version = i32::from_be_bytes([header[60], header[61], header[62], header[63]]);
    Ok(Header::Sqlite {
        user_version: i64::from(version),
    })
}

/// Opens a connection, checks the file is sound, sets it up and migrates it.
fn connect(path: &Path) -> Result<Connection, OpenFailure> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // The header may be stale while recent commits sit in the WAL: ask SQLite too.
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(OpenFailure::Error(StoreError::NewerSchema {
            found: version,
            supported: SCHEMA_VERSION,
        }));
    }
    // quick_check reads every page (the database is a few hundred kilobytes at most), so a
    // truncated or scribbled-on file is found now rather than in the middle of a game.
    let check: String = conn.pragma_query_value(None, "quick_check", |r| r.get(0))?;
    if check != "ok" {
        return Err(OpenFailure::Corrupt(format!("quick_check: {check}")));
    }
    // WAL: a commit appends to the log, and a reader never blocks the writer. A process killed
    // at any point leaves the last committed transaction in the log, and SQLite replays it on
    // the next open.
    let mode = set_wal(&conn)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(OpenFailure::Error(StoreError::Sqlite(format!(
            "the database cannot use a write-ahead log (journal mode {mode})"
        ))));
    }
    // NORMAL in WAL mode syncs at checkpoints, not at each commit: a committed transaction is
    // in the operating system's hands, so a killed app loses nothing, while a power cut may
    // lose the last few moves but never corrupts the file. FULL would add an fsync (several
    // milliseconds on phone flash) to every move.
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    migrate(&conn)?;
    Ok(conn)
}

/// Switches the file to WAL (a no-op once it is) and returns the journal mode now in force.
/// The switch needs the file to itself, and SQLite reports another handle's lock at once
/// instead of calling the busy handler, so this retries until the busy timeout.
fn set_wal(conn: &Connection) -> Result<String, rusqlite::Error> {
    let current: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0))?;
    if current.eq_ignore_ascii_case("wal") {
        return Ok(current);
    }
    let deadline = Instant::now() + BUSY_TIMEOUT;
    loop {
        match conn.pragma_update_and_check(None, "journal_mode", "wal", |r| r.get(0)) {
            Err(e)
                if matches!(
                    e.sqlite_error_code(),
                    Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
                ) && Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(2));
            }
            result => return result,
        }
    }
}

/// Brings the schema up to [`SCHEMA_VERSION`], all in one transaction.
fn migrate(conn: &Connection) -> Result<(), OpenFailure> {
    // IMMEDIATE takes the write lock before reading the version, so two handles opening a
    // new file at once cannot both run the migrations.
    let tx = rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(OpenFailure::Error(StoreError::NewerSchema {
            found: version,
            supported: SCHEMA_VERSION,
        }));
    }
    if version == SCHEMA_VERSION {
        return Ok(());
    }
    let from = usize::try_from(version)
        .map_err(|_| OpenFailure::Corrupt(format!("schema version {version}")))?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(from) {
        tx.execute_batch(sql)?;
        // The steps that SQL alone cannot do here (the bundled SQLite has no JSON functions).
        if i + 1 == GAME_RECORDS_VERSION {
            rebuild_game_records(&tx).map_err(OpenFailure::Error)?;
        }
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    Ok(())
}

/// Renames a damaged file (and its WAL and shared-memory files, which must not be applied to
/// the new database) to `<name>.corrupt-<unix time>`, keeping it for a later rescue.
fn move_aside(path: &Path) -> Result<PathBuf, StoreError> {
    let stamp = now();
    let mut target = with_suffix(path, &format!(".corrupt-{stamp}"));
    let mut n = 1;
    while target.exists() {
        target = with_suffix(path, &format!(".corrupt-{stamp}-{n}"));
        n += 1;
    }
    fs::rename(path, &target).map_err(|e| {
        StoreError::Io(format!(
            "cannot move the damaged {} aside: {e}",
            path.display()
        ))
    })?;
    for companion in ["-wal", "-shm"] {
        let from = with_suffix(path, companion);
        if from.exists() {
            fs::rename(&from, with_suffix(&target, companion)).map_err(|e| {
                StoreError::Io(format!("cannot move {} aside: {e}", from.display()))
            })?;
        }
    }
    Ok(target)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

impl Store {
    /// Opens the database at `path`, creating it (and its folder) or migrating it as needed.
    ///
    /// A file that is not a readable database is renamed to `<name>.corrupt-<unix time>` and a
    /// fresh database is created; the warning says so, for the UI to show. A file written by a
    /// newer schema is refused with [`StoreError::NewerSchema`] and left untouched.
    pub fn open(path: impl AsRef<Path>) -> Result<(Store, Option<StoreWarning>), StoreError> {
        let path = path.as_ref().to_path_buf();
        let (conn, warning) = open(&path)?;
        Ok((
            Store {
                conn,
                path,
                owner: None,
            },
            warning,
        ))
    }

    /// Opens the database at `path` only if it is there, for reading: no file is created
    /// and nothing is moved aside (no file, an empty one or one that is not a sound database
    /// is an error). Where the file cannot be written (read-only media, no permission), it is
    /// read as it is. A database of an older schema is brought up to date first, as
    /// [`Store::open`] would, where it can be written.
    pub fn open_existing(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref().to_path_buf();
        match probe_header(&path)? {
            Header::Absent => {
                return Err(StoreError::Io(format!("no database at {}", path.display())));
            }
            Header::NotSqlite(why) => return Err(StoreError::Corrupt(why)),
            Header::Sqlite { user_version } if user_version > SCHEMA_VERSION => {
                return Err(StoreError::NewerSchema {
                    found: user_version,
                    supported: SCHEMA_VERSION,
                });
            }
            Header::Sqlite { .. } => {}
        }
        let conn = match connect(&path) {
            Ok(conn) => conn,
            Err(OpenFailure::Corrupt(why)) => return Err(StoreError::Corrupt(why)),
            Err(OpenFailure::Error(e @ StoreError::NewerSchema { .. })) => return Err(e),
            // Not writable: read it without a lock file, or, where even the write-ahead
            // log's index cannot be made, as immutable (as it was last closed).
            Err(OpenFailure::Error(e)) => connect_read_only(&path, false)
                .or_else(|_| connect_read_only(&path, true))
                .map_err(|_| e)?,
        };
        Ok(Store {
            conn,
            path,
            owner: None,
        })
    }
}

/// A read-only connection; `immutable` tells SQLite that nothing changes the file (no locks,
/// no log).
fn connect_read_only(path: &Path, immutable: bool) -> Result<Connection, StoreError> {
    let mut uri = String::from("file:");
    for ch in path.to_string_lossy().chars() {
        // The URI's reserved characters are escaped; the rest of the path stays as it is.
        match ch {
            '?' | '#' | '%' => uri.push_str(&format!("%{:02X}", ch as u32)),
            _ => uri.push(ch),
        }
    }
    uri.push_str(if immutable {
        "?immutable=1"
    } else {
        "?mode=ro"
    });
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(&uri, flags)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Reading the schema makes SQLite open the file now, so that a failure shows here.
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version != SCHEMA_VERSION {
        return Err(StoreError::Sqlite(format!(
            "schema {version} where {SCHEMA_VERSION} was expected"
        )));
    }
    Ok(conn)
}
