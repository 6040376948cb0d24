//! The analyses of finished games (table `analyses`), kept with their version.

use rusqlite::{OptionalExtension, params};

use super::connection::Store;
use super::types::StoreError;

impl Store {
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
}
