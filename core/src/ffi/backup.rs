//! Backups over the FFI: the database written as one self-contained file for the platform's
//! backup to carry, and such a file put back (see [`crate::store::write_backup`]).

use std::path::Path;

use crate::store::StoreError;

/// Why a backup could not be written or put back. The live data is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Error)]
pub enum BackupError {
    /// The file is no backup of the app's data: not a database, or another app's.
    NotABackup { reason: String },
    /// A backup written by a newer version of the app (its schema `found`; this build reads up
    /// to `supported`).
    NewerVersion { found: i64, supported: i64 },
    /// A backup of the app's data, damaged.
    Damaged { reason: String },
    /// The files could not be read or written (no space, no permission, a lock held too long).
    Storage { reason: String },
}

impl std::fmt::Display for BackupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackupError::NotABackup { reason } => write!(f, "not a backup: {reason}"),
            BackupError::NewerVersion { found, supported } => write!(
                f,
                "a backup of a newer version (schema {found}, this version reads {supported})"
            ),
            BackupError::Damaged { reason } => write!(f, "a damaged backup: {reason}"),
            BackupError::Storage { reason } => write!(f, "storage: {reason}"),
        }
    }
}

impl std::error::Error for BackupError {}

impl From<StoreError> for BackupError {
    fn from(e: StoreError) -> BackupError {
        match e {
            StoreError::InvalidData(reason) => BackupError::NotABackup { reason },
            StoreError::NewerSchema { found, supported } => {
                BackupError::NewerVersion { found, supported }
            }
            StoreError::Corrupt(reason) => BackupError::Damaged { reason },
            other => BackupError::Storage {
                reason: other.to_string(),
            },
        }
    }
}

/// Writes a consistent copy of the database at `database_path` to `copy_path`, one file with
/// no log beside it. `false` when there is no database yet (nothing written).
#[uniffi::export]
pub fn backup_database(database_path: String, copy_path: String) -> Result<bool, BackupError> {
    Ok(crate::store::write_backup(
        Path::new(&database_path),
        Path::new(&copy_path),
    )?)
}

/// Puts the copy at `copy_path` back as the database at `database_path`; a copy that is no
/// sound backup of the app is refused and the database left as it was.
#[uniffi::export]
pub fn restore_database(copy_path: String, database_path: String) -> Result<(), BackupError> {
    Ok(crate::store::restore_backup(
        Path::new(&copy_path),
        Path::new(&database_path),
    )?)
}
