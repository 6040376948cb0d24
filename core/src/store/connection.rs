//! The handle on the database file, and its transactions: every write is one IMMEDIATE
//! transaction, every read a consistent snapshot.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, Transaction, TransactionBehavior};

use crate::engine::variant::VariantKind;

use super::types::{GameToken, StoreError};

/// The app's database. Two stores may be open on one file (say, the app and a widget): each
/// write takes the file's write lock and waits up to a few seconds for the other's.
pub struct Store {
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
    /// The game that owns the unfinished-game slot through this handle.
    pub(super) owner: Option<GameToken>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

impl Store {
    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
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
    pub(super) fn write<T>(
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
    pub(super) fn read(&self) -> Result<Transaction<'_>, StoreError> {
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

pub(super) fn parse_variant(name: &str) -> Result<VariantKind, StoreError> {
    VariantKind::parse(name).ok_or_else(|| StoreError::InvalidData(format!("variant '{name}'")))
}
