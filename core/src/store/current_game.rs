//! The unfinished game (tables `current_game` and `current_moves`): kept as its moves plus a
//! checksum, claimed by one game at a time, and moved to the finished games when it ends.

use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params};

use crate::engine::clock::{GameClock, TimeControl};
use crate::engine::game::Game;
use crate::engine::mode::Mode;
use crate::engine::notation::{GameRecord, StartPosition};
use crate::engine::position::Side;
use crate::engine::session::Session;
use crate::engine::variant::RuleOptions;

use super::connection::{Store, now, parse_variant};
use super::game_records::count_in_records;
use super::types::{Abandoning, GameToken, SavedGame, StoreError};

impl Store {
    /// Starts a game as the unfinished one: ends the one stored before (see
    /// [`Store::abandon_current`]), saves the new one, and makes `token` the only game that
    /// may save from now on.
    pub fn begin(&mut self, token: GameToken, session: &Session) -> Result<(), StoreError> {
        self.write(|tx| {
            abandon_current(tx)?;
            save_current(tx, session, session.game())?;
            set_claim(tx, token)
        })?;
        self.owner = Some(token);
        Ok(())
    }

    /// The unfinished game, made the game of `token` (so that it alone saves from now on).
    pub fn resume(&mut self, token: GameToken) -> Result<Option<SavedGame>, StoreError> {
        let saved = self.load_current()?;
        if saved.is_some() {
            self.write(|tx| set_claim(tx, token))?;
            self.owner = Some(token);
        }
        Ok(saved)
    }

    /// What a changed game writes: its state as the unfinished game, over or not (a game that
    /// ended on the board can still be taken back, so it is recorded by
    /// [`Store::conclude`]). Refused with [`StoreError::Superseded`] once a newer game began.
    pub fn persist(&mut self, token: GameToken, session: &Session) -> Result<(), StoreError> {
        if self.owner != Some(token) {
            return Err(StoreError::Superseded);
        }
        let saved = self.write(|tx| {
            check_claim(tx, token)?;
            save_current(tx, session, session.game())
        });
        self.forget_if_superseded(&saved);
        saved
    }

    /// Records the game of `token` among the finished games (and in the records) if it is
    /// over, and clears the unfinished slot. Returns the new id, or `None` when the game goes
    /// on. Call it when the players leave a finished game.
    pub fn conclude(
        &mut self,
        token: GameToken,
        session: &Session,
    ) -> Result<Option<i64>, StoreError> {
        if self.owner != Some(token) {
            return Err(StoreError::Superseded);
        }
        if !session.game().status().is_over() {
            return Ok(None);
        }
        let recorded = self.write(|tx| {
            check_claim(tx, token)?;
            record_finished(tx, session.mode(), session.game(), session.hints())
        });
        self.forget_if_superseded(&recorded);
        let id = recorded?;
        self.owner = None;
        Ok(Some(id))
    }

    /// Another handle's game took the slot: this handle's game saves no more.
    fn forget_if_superseded<T>(&mut self, result: &Result<T, StoreError>) {
        if matches!(result, Err(StoreError::Superseded)) {
            self.owner = None;
        }
    }

    /// A stored unfinished game that is already over (the app stopped before the players
    /// left it) is recorded now, so that it is never offered for resumption.
    pub fn conclude_stale(&mut self) -> Result<Option<i64>, StoreError> {
        self.write(|tx| match load_current(tx) {
            Ok(Some(saved)) if saved.game.status().is_over() => {
                record_finished(tx, saved.mode, &saved.game, saved.hints).map(Some)
            }
            Ok(_) | Err(StoreError::InvalidData(_)) => Ok(None),
            Err(e) => Err(e),
        })
    }

    /// Saves the unfinished game: call it after every move and every undo. Only the
    /// difference from what is stored is written (usually one move inserted or one deleted),
    /// in one transaction. Saving a game with another variant, start or mode than the stored
    /// one replaces it.
    pub fn save_current(&mut self, mode: Mode, game: &Game) -> Result<(), StoreError> {
        self.save_session(&Session::from_game(game.clone(), mode))
    }

    /// [`Store::save_current`] for a whole session: with its hints, seed and clock.
    pub fn save_session(&mut self, session: &Session) -> Result<(), StoreError> {
        self.write(|tx| save_current(tx, session, session.game()))
    }

    /// The unfinished game, if there is one, restored exactly as it was saved. It may be over
    /// (saved after its last move, the app stopped before recording it): pass it to
    /// [`Store::record_finished`] then.
    pub fn load_current(&self) -> Result<Option<SavedGame>, StoreError> {
        let tx = self.read()?;
        load_current(&tx)
    }

    /// Forgets the unfinished game without recording it.
    pub fn clear_current(&mut self) -> Result<(), StoreError> {
        self.write(|tx| clear_current(tx))
    }

    /// Stores a finished game, counts it in the records when it was against the computer,
    /// and clears the unfinished game, all in one transaction. Returns the new game's id.
    pub fn record_finished(&mut self, mode: Mode, game: &Game) -> Result<i64, StoreError> {
        self.write(|tx| record_finished(tx, mode, game, 0))
    }

    /// Ends the unfinished game before starting a new one (the app asks the player first):
    /// - a game already over (saved after its last move but not yet recorded) is recorded
    ///   with its real result;
    /// - a game against the computer in which the person has moved at least once counts as
    ///   their resignation: recorded as finished, a loss in the records;
    /// - anything else (a two-player game, or one where the person has not moved yet) is
    ///   dropped without a trace, since it was never finished;
    /// - a saved game that no longer replays ([`StoreError::InvalidData`]) is dropped too.
    ///
    /// Returns the id of the finished game it recorded, if any.
    pub fn abandon_current(&mut self) -> Result<Option<i64>, StoreError> {
        self.write(|tx| abandon_current(tx))
    }
}

/// The stored identity and checksum of the unfinished game.
struct CurrentHeader {
    variant: String,
    exit_forts: bool,
    start_position: Option<String>,
    start_turn: Option<String>,
    mode: String,
    plies: i64,
    hash: i64,
    status: String,
    hints: u32,
    seed: u64,
    clock: Option<GameClock>,
}

fn read_header(conn: &Connection) -> Result<Option<CurrentHeader>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT variant, exit_forts, start_position, start_turn, mode, plies, hash, status,
                    hints, seed, clock_control, clock_attackers_ms, clock_defenders_ms,
                    clock_warned
             FROM current_game WHERE id = 1",
        )?
        .query_row([], |r| {
            Ok(CurrentHeader {
                variant: r.get(0)?,
                exit_forts: r.get(1)?,
                start_position: r.get(2)?,
                start_turn: r.get(3)?,
                mode: r.get(4)?,
                plies: r.get(5)?,
                hash: r.get(6)?,
                status: r.get(7)?,
                hints: r.get(8)?,
                seed: u64::from_ne_bytes(r.get::<_, i64>(9)?.to_ne_bytes()),
                clock: clock_from_columns([r.get(10)?, r.get(11)?, r.get(12)?, r.get(13)?]),
            })
        })
        .optional()?)
}

/// The clock the columns hold, read as plain values so that whatever a damaged or tampered
/// file holds there (text, a fraction, a time below zero or of years) is no error: such a
/// clock is not brought back and the game resumes without one (its moves are what matter).
fn clock_from_columns([control, attackers, defenders, warned]: [Value; 4]) -> Option<GameClock> {
    let integer = |v: Value| match v {
        Value::Integer(i) => Some(i),
        _ => None,
    };
    let Value::Text(control) = control else {
        return None;
    };
    let warned = integer(warned).unwrap_or(0);
    GameClock::restored(
        TimeControl::parse(&control)?,
        [integer(attackers)?, integer(defenders)?],
        [warned & 1 != 0, warned & 2 != 0],
    )
}

/// The columns that keep `clock`: its preset's name, each side's time, the warnings given.
fn clock_columns(
    clock: Option<&GameClock>,
) -> (Option<&'static str>, Option<i64>, Option<i64>, i64) {
    match clock {
        None => (None, None, None, 0),
        Some(c) => (
            Some(c.control().name()),
            Some(i64::from(c.left_ms(Side::Attackers))),
            Some(i64::from(c.left_ms(Side::Defenders))),
            i64::from(c.warned(Side::Attackers)) | i64::from(c.warned(Side::Defenders)) << 1,
        ),
    }
}

fn read_moves(conn: &Connection) -> Result<Vec<(i64, String)>, StoreError> {
    let mut stmt = conn.prepare_cached("SELECT ply, otn FROM current_moves ORDER BY ply")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The hash's 64 bits as SQLite's signed integer.
fn hash_column(game: &Game) -> i64 {
    i64::from_ne_bytes(game.position().hash().to_ne_bytes())
}

/// Gives the unfinished slot to the game of `token`.
fn set_claim(tx: &Connection, token: GameToken) -> Result<(), StoreError> {
    tx.prepare_cached("UPDATE current_game SET claim = ?1 WHERE id = 1")?
        .execute([token.column()])?;
    Ok(())
}

/// Refuses a save of a game that no longer owns the slot in the file: another handle began or
/// resumed a game since, or recorded this one and cleared the slot.
fn check_claim(tx: &Connection, token: GameToken) -> Result<(), StoreError> {
    let claim: Option<Option<i64>> = tx
        .prepare_cached("SELECT claim FROM current_game WHERE id = 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    match claim {
        Some(Some(c)) if c == token.column() => Ok(()),
        _ => Err(StoreError::Superseded),
    }
}

fn save_current(tx: &Connection, session: &Session, game: &Game) -> Result<(), StoreError> {
    let (mode, hints) = (session.mode(), session.hints());
    let seed = i64::from_ne_bytes(session.seed().to_ne_bytes());
    let (control, attackers_ms, defenders_ms, warned) = clock_columns(session.clock());
    let record = GameRecord::from_game(game);
    let mode_json = serde_json::to_string(&mode)?;
    let (start_position, start_turn) = match &record.start {
        Some(s) => (Some(s.position.as_str()), Some(s.turn.name())),
        None => (None, None),
    };
    let plies = i64::try_from(record.moves.len())
        .map_err(|_| StoreError::InvalidData("too many moves".into()))?;
    let status = game.status().to_string();
    let now = now();
    let same_game = read_header(tx)?.is_some_and(|h| {
        h.variant == record.variant.name()
            && h.exit_forts == record.options.exit_forts
            && h.start_position.as_deref() == start_position
            && h.start_turn.as_deref() == start_turn
            && h.mode == mode_json
    });
    // How many stored moves are still this game's: after a move, all of them; after an undo,
    // all but the last.
    let keep = if same_game {
        let stored = read_moves(tx)?;
        let kept = stored
            .iter()
            .zip(&record.moves)
            .enumerate()
            .take_while(|(i, ((ply, otn), mv))| *ply == *i as i64 + 1 && otn == *mv)
            .count();
        tx.prepare_cached("DELETE FROM current_moves WHERE ply > ?1")?
            .execute([kept as i64])?;
        tx.prepare_cached(
            "UPDATE current_game SET plies = ?1, hash = ?2, status = ?3, updated_at = ?4,
                 hints = ?5, seed = ?6, clock_control = ?7, clock_attackers_ms = ?8,
                 clock_defenders_ms = ?9, clock_warned = ?10
             WHERE id = 1",
        )?
        .execute(params![
            plies,
            hash_column(game),
            status,
            now,
            hints,
            seed,
            control,
            attackers_ms,
            defenders_ms,
            warned
        ])?;
        kept
    } else {
        tx.prepare_cached("DELETE FROM current_moves")?
            .execute([])?;
        tx.prepare_cached(
            "INSERT OR REPLACE INTO current_game (id, variant, exit_forts, start_position,
                 start_turn, mode, plies, hash, status, started_at, updated_at, hints, seed,
                 clock_control, clock_attackers_ms, clock_defenders_ms, clock_warned)
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        )?
        .execute(params![
            record.variant.name(),
            record.options.exit_forts,
            start_position,
            start_turn,
            mode_json,
            plies,
            hash_column(game),
            status,
            now,
            hints,
            seed,
            control,
            attackers_ms,
            defenders_ms,
            warned
        ])?;
        0
    };
    let mut insert = tx.prepare_cached("INSERT INTO current_moves (ply, otn) VALUES (?1, ?2)")?;
    for (i, otn) in record.moves.iter().enumerate().skip(keep) {
        insert.execute(params![i as i64 + 1, otn])?;
    }
    Ok(())
}

fn load_current(conn: &Connection) -> Result<Option<SavedGame>, StoreError> {
    let Some(h) = read_header(conn)? else {
        return Ok(None);
    };
    let bad = |why: String| StoreError::InvalidData(format!("the unfinished game {why}"));
    let stored = read_moves(conn)?;
    if let Some((i, (ply, _))) = stored
        .iter()
        .enumerate()
        .find(|(i, (ply, _))| *ply != *i as i64 + 1)
    {
        return Err(bad(format!("has ply {ply} where ply {} belongs", i + 1)));
    }
    let start = match (h.start_position, h.start_turn) {
        (None, None) => None,
        (Some(position), Some(turn)) => Some(StartPosition {
            position,
            turn: Side::parse(&turn).ok_or_else(|| bad(format!("has side '{turn}' to move")))?,
        }),
        _ => return Err(bad("has half a starting position".into())),
    };
    let record = GameRecord {
        variant: parse_variant(&h.variant)?,
        options: RuleOptions {
            exit_forts: h.exit_forts,
        },
        // The app's games are its own variants' (records of other rules are only reviewed).
        rules: None,
        start,
        moves: stored.into_iter().map(|(_, otn)| otn).collect(),
        result: h.status.clone(),
    };
    let game = record
        .replay()
        .map_err(|e| bad(format!("does not replay: {e}")))?;
    if game.plies() as i64 != h.plies
        || hash_column(&game) != h.hash
        || game.status().to_string() != h.status
    {
        return Err(bad(format!(
            "does not match its checksum ({} plies stored, {} replayed)",
            h.plies,
            game.plies()
        )));
    }
    let mode = serde_json::from_str(&h.mode)?;
    // A clock belongs to a game going on; a stored one with a finished game is ignored.
    let clock = h.clock.filter(|_| !game.status().is_over());
    Ok(Some(SavedGame {
        mode,
        game,
        hints: h.hints,
        seed: h.seed,
        clock,
    }))
}

fn clear_current(tx: &Connection) -> Result<(), StoreError> {
    tx.prepare_cached("DELETE FROM current_moves")?
        .execute([])?;
    tx.prepare_cached("DELETE FROM current_game")?.execute([])?;
    Ok(())
}

fn record_finished(
    tx: &Connection,
    mode: Mode,
    game: &Game,
    hints: u32,
) -> Result<i64, StoreError> {
    let status = game.status();
    if !status.is_over() {
        return Err(StoreError::GameNotOver);
    }
    let record = GameRecord::from_game(game);
    let started_at: Option<i64> = tx
        .prepare_cached("SELECT started_at FROM current_game WHERE id = 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    tx.prepare_cached(
        "INSERT INTO finished_games (variant, mode, status, plies, otn, started_at, finished_at,
             hints)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        record.variant.name(),
        serde_json::to_string(&mode)?,
        serde_json::to_string(&status)?,
        record.moves.len() as i64,
        record.to_text(),
        started_at,
        now(),
        hints
    ])?;
    let id = tx.last_insert_rowid();
    count_in_records(tx, record.variant, mode, status)?;
    clear_current(tx)?;
    Ok(id)
}

fn abandon_current(tx: &Connection) -> Result<Option<i64>, StoreError> {
    let saved = match load_current(tx) {
        Ok(Some(saved)) => saved,
        Ok(None) => return Ok(None),
        Err(StoreError::InvalidData(_)) => {
            clear_current(tx)?;
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    let abandoning = saved.abandoning();
    let SavedGame {
        mode,
        mut game,
        hints,
        ..
    } = saved;
    match (abandoning, mode) {
        (Abandoning::RecordsItsResult, _) => record_finished(tx, mode, &game, hints).map(Some),
        (Abandoning::CountsAsResignation, Mode::VsComputer { human, .. }) => {
            // The game is going on (it would record its result otherwise), so resigning
            // cannot fail.
            game.resign(human)
                .map_err(|e| StoreError::InvalidData(e.to_string()))?;
            record_finished(tx, mode, &game, hints).map(Some)
        }
        (Abandoning::CountsAsResignation | Abandoning::LeavesNoTrace, _) => {
            clear_current(tx)?;
            Ok(None)
        }
    }
}
