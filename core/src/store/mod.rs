//! On-device storage in SQLite: the unfinished game, finished games, the records against the
//! computer, the settings and the player's progress through the lessons.
//!
//! One [`Store`] wraps one connection to a database file whose path the caller gives (the
//! app's files folder). Every write is one transaction, so a process killed at any moment
//! leaves the file as it was after the last completed call. See `docs/store.md` for the
//! schema and the durability choices.
//!
//! The unfinished game is kept as its moves (one row per ply) plus a checksum (plies, Zobrist
//! hash, status). Loading replays the moves, which rebuilds the position, the undo history,
//! the repetition history and the draw counter exactly; a game that does not replay to its
//! checksum is reported as [`StoreError::InvalidData`] instead of resuming a different game.
//!
//! One file per table (or pair of tables kept together): [`current_game`] (the unfinished
//! game and its moves, and its move to the finished games), [`finished_games`],
//! [`game_records`] (wins, losses and draws against each level), [`analyses`], [`settings`],
//! [`lesson_progress`] and [`puzzle_results`]; [`connection`] holds the handle and its
//! transactions, [`schema`] opens the file and migrates it, [`writer`] writes behind, and
//! [`backup`] writes the one-file copy a platform's backup carries, and puts one back.

mod analyses;
mod backup;
mod connection;
mod current_game;
mod finished_games;
mod game_records;
mod lesson_progress;
mod puzzle_results;
mod puzzle_runs;
mod schema;
mod settings;
mod types;
mod writer;

pub use backup::{restore_backup, write_backup};
pub use connection::Store;
pub(crate) use connection::now;
pub use schema::SCHEMA_VERSION;
pub use types::{
    Abandoning, FinishedGameSummary, GameRecords, GameToken, LessonProgress, ModeKind, PuzzleStats,
    RecordRow, SavedGame, Settings, StoreError, StoreWarning,
};
pub use writer::{SaveReport, Writer};
