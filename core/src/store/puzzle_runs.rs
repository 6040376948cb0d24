//! The best score of each kind of puzzle run (streak, storm) in each game. They are kept in
//! the key-value table `settings`, under `best.<run>.<game>` (the settings themselves are the
//! key `settings`), so that they need no table and no schema version of their own.

use rusqlite::OptionalExtension;

use crate::engine::variant::VariantKind;
use crate::learning::puzzles::runs::RunKind;

use super::connection::Store;
use super::types::StoreError;

fn key(run: RunKind, game: VariantKind) -> String {
    format!("best.{}.{}", run.name(), game.name())
}

impl Store {
    /// The best score of `run` in `game`; 0 before the first.
    pub fn best_run(&self, run: RunKind, game: VariantKind) -> Result<u32, StoreError> {
        let tx = self.read()?;
        let value: Option<String> = tx
            .prepare_cached("SELECT value FROM settings WHERE key = ?1")?
            .query_row([key(run, game)], |r| r.get(0))
            .optional()?;
        match value {
            None => Ok(0),
            Some(v) => v.trim().parse().map_err(|_| {
                StoreError::InvalidData(format!("the best {} score is {v:?}", run.name()))
            }),
        }
    }

    /// Keeps `score` as the best of `run` in `game` if it is higher, in one transaction;
    /// returns whether it was.
    pub fn record_run(
        &mut self,
        run: RunKind,
        game: VariantKind,
        score: u32,
    ) -> Result<bool, StoreError> {
        let key = key(run, game);
        self.write(|tx| {
            let before: Option<String> = tx
                .prepare_cached("SELECT value FROM settings WHERE key = ?1")?
                .query_row([&key], |r| r.get(0))
                .optional()?;
            let before: u32 = before.and_then(|v| v.trim().parse().ok()).unwrap_or(0);
            if score <= before {
                return Ok(false);
            }
            tx.prepare_cached(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            )?
            .execute([key.as_str(), &score.to_string()])?;
            Ok(true)
        })
    }
}
