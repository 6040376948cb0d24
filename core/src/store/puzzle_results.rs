//! The puzzles played (table `puzzle_results`), each with the player's rating after it.

use std::collections::HashSet;

use rusqlite::{Connection, OptionalExtension, params};

use crate::learning::puzzles::dashboard::PlayedPuzzle;
use crate::learning::rating::Rating;

use super::connection::{Store, now};
use super::types::{PuzzleStats, StoreError};

impl Store {
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

    /// Every result, oldest first, with the rating after it: what the dashboard is made of.
    pub fn puzzle_results(&self) -> Result<Vec<PlayedPuzzle>, StoreError> {
        let tx = self.read()?;
        let mut stmt =
            tx.prepare_cached("SELECT puzzle, solved, rating FROM puzzle_results ORDER BY id")?;
        let rows = stmt.query_map([], |r| {
            Ok(PlayedPuzzle {
                key: r.get(0)?,
                solved: r.get(1)?,
                rating: r.get(2)?,
            })
        })?;
        let mut out = Vec::new();
        for row in rows {
            out.push(row?);
        }
        Ok(out)
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
