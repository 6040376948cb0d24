//! The finished games (table `finished_games`): their summaries, most recent first, and each
//! one's record as OTN text.

use crate::engine::notation::GameRecord;

use rusqlite::OptionalExtension;

use super::connection::{Store, parse_variant};
use super::types::{FinishedGameSummary, StoreError};

impl Store {
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

    /// A finished game as OTN text (readable with [`GameRecord::parse_text`]).
    pub fn export_otn(&self, id: i64) -> Result<String, StoreError> {
        self.conn
            .prepare_cached("SELECT otn FROM finished_games WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?
            .ok_or(StoreError::NotFound(id))
    }
}
