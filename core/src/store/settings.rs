//! The player's settings (table `settings`), kept as one JSON value.

use rusqlite::OptionalExtension;

use super::connection::Store;
use super::types::{Settings, StoreError};

impl Store {
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
}
