//! Backups: the database as one self-contained file for the platform's backup to carry
//! (Android's Auto Backup and device-to-device transfer), and such a file put back.
//!
//! The live database runs in WAL mode: the latest commits may sit in the `-wal` file beside
//! it, and a copy of the two taken apart can pair the file with a log of another moment. So
//! the platform never copies them. SQLite's backup API reads the whole database, file and log,
//! in one read transaction (as of one commit) into a new file, which is then switched to a
//! rollback journal so that it stands alone; the copy is written under a temporary name and
//! renamed, so that a copy cut short is never taken for a whole one.
//!
//! Putting a copy back checks it first (an SQLite file, sound, of this app, of a schema this
//! build reads): a copy that fails is refused with a typed error and the live database is not
//! touched. A sound copy replaces the live database's contents in one write transaction
//! (another handle open on it sees the old data or the new, never a mix), and the file is
//! opened once more as the app opens it, which brings an older copy's schema up to date.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::connection::Store;
use super::schema::SCHEMA_VERSION;
use super::types::StoreError;

/// How long a copy waits for another handle's lock on either file.
const LOCK_WAIT: Duration = Duration::from_secs(5);

/// Writes a consistent copy of the database at `database` to `copy` (replacing it). `false`,
/// and nothing written, when there is no database yet (nothing to keep).
pub fn write_backup(database: &Path, copy: &Path) -> Result<bool, StoreError> {
    if !database.exists() {
        return Ok(false);
    }
    // Opened as the app opens it: a file the app would move aside is not copied as sound.
    let (live, _) = Store::open(database)?;
    let partial = partial_name(copy);
    remove_if_there(&partial)?;
    let result = (|| {
        let mut out = Connection::open(&partial)?;
        copy_all(&live.conn, &mut out)?;
        // The copy's header still says WAL (the source's); a rollback journal makes it one file.
        let mode: String =
            out.pragma_update_and_check(None, "journal_mode", "delete", |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("delete") {
            return Err(StoreError::Sqlite(format!(
                "the copy stayed in journal mode {mode}"
            )));
        }
        out.close().map_err(|(_, e)| StoreError::from(e))?;
        fs::rename(&partial, copy).map_err(|e| io(copy, e))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&partial);
    }
    result.map(|()| true)
}

/// Puts the copy at `copy` back as the database at `database`. Refused, with the live
/// database left as it was, when the copy is no sound database of this app.
pub fn restore_backup(copy: &Path, database: &Path) -> Result<(), StoreError> {
    let source = check_copy(copy)?;
    let (mut live, _) = Store::open(database)?;
    copy_all(&source, &mut live.conn)?;
    drop(live);
    // Opened again as the app opens it: WAL back on, and an older copy's schema migrated.
    let (live, _) = Store::open(database)?;
    live.check_integrity()
}

/// Opens `copy` for reading once it is shown to be a sound database of this app, of a schema
/// this build reads.
fn check_copy(copy: &Path) -> Result<Connection, StoreError> {
    let header = fs::read(copy).map_err(|e| io(copy, e))?;
    if header.len() < 100 || !header.starts_with(b"SQLite format 3\0") {
        return Err(StoreError::InvalidData(format!(
            "{} is not a backup of the app's data (not an SQLite database)",
            copy.display()
        )));
    }
    let conn = Connection::open_with_flags(
        copy,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let check: String = conn.pragma_query_value(None, "integrity_check", |r| r.get(0))?;
    if check != "ok" {
        return Err(StoreError::Corrupt(format!("integrity_check: {check}")));
    }
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    let ours: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('settings', 'finished_games')",
        [],
        |r| r.get(0),
    )?;
    if version < 1 || ours != 2 {
        return Err(StoreError::InvalidData(format!(
            "{} is not a backup of the app's data (no tables of its own)",
            copy.display()
        )));
    }
    Ok(conn)
}

/// Copies every page of `from` into `to` in one step: one read transaction on `from`, one
/// write transaction on `to`. A lock held by another handle is waited for, up to a point.
fn copy_all(from: &Connection, to: &mut Connection) -> Result<(), StoreError> {
    let backup = Backup::new(from, to)?;
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        match backup.step(-1)? {
            StepResult::Done => return Ok(()),
            _ if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            other => {
                return Err(StoreError::Sqlite(format!(
                    "the copy could not finish: {other:?}"
                )));
            }
        }
    }
}

/// Where a copy is written before it is whole.
fn partial_name(copy: &Path) -> PathBuf {
    let mut name = copy.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

fn remove_if_there(path: &Path) -> Result<(), StoreError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(path, e)),
        _ => Ok(()),
    }
}

fn io(path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Io(format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_partial_copy_has_its_own_name() {
        assert_eq!(
            partial_name(Path::new("/x/hnefi-backup.db")),
            PathBuf::from("/x/hnefi-backup.db.partial")
        );
    }
}
