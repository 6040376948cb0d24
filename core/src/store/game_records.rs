//! The records against the computer (table `game_records`): wins, losses and draws for each
//! game, level and side.

use rusqlite::{Connection, params};

use crate::engine::game::Status;
use crate::engine::mode::{Level, Mode};
use crate::engine::position::Side;
use crate::engine::variant::VariantKind;

use super::connection::Store;
use super::types::{GameRecords, RecordRow, StoreError};

impl Store {
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

/// Counts a finished game in the records when it was against the computer.
pub(super) fn count_in_records(
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
pub(super) fn rebuild_game_records(tx: &Connection) -> Result<(), StoreError> {
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
