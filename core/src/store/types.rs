//! What the store hands out: errors, warnings, settings, records and game summaries.

use std::fmt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::engine::clock::{GameClock, TimeControl};
use crate::engine::game::{Game, Status};
use crate::engine::mode::{Level, Mode};
use crate::engine::position::Side;
use crate::engine::variant::VariantKind;
use crate::learning::rating::Rating;

/// Why a store operation failed. Every failure is one of these; nothing panics.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StoreError {
    /// The file was written by a newer version of the app (schema `found`; this build knows
    /// up to `supported`). The file is left as it was.
    NewerSchema { found: i64, supported: i64 },
    /// SQLite reported damage while the database was in use (it was sound when opened).
    Corrupt(String),
    /// Any other SQLite failure (disk full, permissions, a lock held too long, ...).
    Sqlite(String),
    /// A file operation around the database failed (creating its folder, moving a corrupt
    /// file aside).
    Io(String),
    /// Stored data that cannot be read back as what it should be (for example an unfinished
    /// game whose moves no longer replay to the saved position).
    InvalidData(String),
    /// No finished game has this id.
    NotFound(i64),
    /// [`Store::record_finished`](super::Store::record_finished) was given a game that is not
    /// over.
    GameNotOver,
    /// A newer game has become the unfinished one since this game began: only the newest may
    /// save (an older one, say whose computer move ends after a new game started, must not
    /// write over it).
    Superseded,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NewerSchema { found, supported } => write!(
                f,
                "the saved data was written by a newer version of the app (schema {found}, \
                 this version reads up to {supported}); update the app"
            ),
            StoreError::Corrupt(why) => write!(f, "the database is damaged: {why}"),
            StoreError::Sqlite(why) => write!(f, "database error: {why}"),
            StoreError::Io(why) => write!(f, "file error: {why}"),
            StoreError::InvalidData(why) => write!(f, "invalid saved data: {why}"),
            StoreError::NotFound(id) => write!(f, "no finished game with id {id}"),
            StoreError::GameNotOver => f.write_str("the game is not over"),
            StoreError::Superseded => f.write_str("a newer game has replaced this one in storage"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        use rusqlite::ffi::ErrorCode;
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => {
                StoreError::Corrupt(e.to_string())
            }
            _ => StoreError::Sqlite(e.to_string()),
        }
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> StoreError {
        StoreError::InvalidData(e.to_string())
    }
}

/// Something the user should be told about, though the store opened fine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StoreWarning {
    /// The file was not a readable database. It was renamed to `moved_to` (kept, not
    /// deleted) and a fresh, empty database was created in its place.
    CorruptFileMovedAside { moved_to: PathBuf, reason: String },
}

impl fmt::Display for StoreWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreWarning::CorruptFileMovedAside { moved_to, reason } => write!(
                f,
                "the saved games could not be read ({reason}); the damaged file was kept as {} \
                 and a new one was started",
                moved_to.display()
            ),
        }
    }
}

/// The unfinished game, as restored.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub mode: Mode,
    pub game: Game,
    /// Hints asked for in it so far.
    pub hints: u32,
    /// Its seed for the computer's choices (0 for a game saved before seeds were kept).
    pub seed: u64,
    /// Its clock as last saved (none for a game without one, one saved before clocks were
    /// kept, or one whose stored times could not be right: see [`GameClock::restored`]).
    pub clock: Option<GameClock>,
}

/// What ending the unfinished game before it is over does to it ([`super::Store::begin`] and
/// [`super::Store::abandon_current`]), so that a player can be told before choosing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Abandoning {
    /// It is already over (saved after its last move): it is recorded with its result.
    RecordsItsResult,
    /// Against the computer, after the person's first move: it counts as their resignation,
    /// a loss in the records.
    CountsAsResignation,
    /// A game between two players, or one where the person has not moved yet: it was never
    /// finished, so nothing is recorded.
    LeavesNoTrace,
}

impl SavedGame {
    /// What ending this game now would do.
    pub fn abandoning(&self) -> Abandoning {
        if self.game.status().is_over() {
            return Abandoning::RecordsItsResult;
        }
        match self.mode {
            Mode::VsComputer { human, .. } if self.game.moves_by(human) > 0 => {
                Abandoning::CountsAsResignation
            }
            _ => Abandoning::LeavesNoTrace,
        }
    }
}

/// What the player has done of one lesson: the steps solved, and whether the lesson was
/// finished (its last step solved).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct LessonProgress {
    /// The lesson's id in the core (`copenhagen/capture`).
    pub lesson: String,
    /// The steps solved (0 for the first), in order.
    pub steps: Vec<u32>,
    pub finished: bool,
}

/// The player's puzzle rating and what it rests on.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PuzzleStats {
    pub rating: Rating,
    /// Puzzles played to a result.
    pub played: u32,
    /// Of those, solved at the first try.
    pub solved: u32,
}

/// Results against the computer at one level, playing one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RecordRow {
    pub level: Level,
    /// The side the person played.
    pub side: Side,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// The records against the computer in one game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecords {
    pub variant: VariantKind,
    /// Six rows: easy, normal, hard and, within each, attackers then defenders.
    pub rows: Vec<RecordRow>,
}

/// One finished game, for a list.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FinishedGameSummary {
    pub id: i64,
    pub variant: VariantKind,
    pub mode: Mode,
    /// The result and its reason.
    pub status: Status,
    pub plies: u32,
    /// When the game started, if known (Unix seconds).
    pub started_at: Option<i64>,
    /// When it ended (Unix seconds).
    pub finished_at: i64,
    /// Hints asked for during the game.
    pub hints: u32,
    /// Whether its analysis is stored (of any version).
    pub analysed: bool,
}

/// Two players, or against the computer: the choice remembered between games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModeKind {
    TwoPlayers,
    #[default]
    VsComputer,
}

/// The player's choices, remembered between sessions. Fields missing from stored data (written
/// by an older version) take their defaults, so settings can grow without a migration.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Detect exit forts in Copenhagen games.
    pub exit_forts: bool,
    pub last_variant: VariantKind,
    pub last_mode: ModeKind,
    pub last_level: Level,
    /// The side the person last chose against the computer.
    pub last_side: Side,
    pub sound: bool,
    /// Vibrate on moves, captures and the end of a game.
    pub haptics: bool,
    pub colour_blind_palette: bool,
    /// Mark the pieces that can be taken next move and the king's escapes in two.
    pub show_threats: bool,
    /// Letters and numbers along the board's edges.
    pub coordinates: bool,
    /// Two players facing each other: the top player's texts turn towards them.
    pub face_to_face: bool,
    /// The clock last chosen for a game between two players, offered again.
    pub last_time_control: TimeControl,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            exit_forts: true,
            last_variant: VariantKind::Copenhagen,
            last_mode: ModeKind::VsComputer,
            last_level: Level::Easy,
            last_side: Side::Defenders,
            sound: true,
            haptics: true,
            colour_blind_palette: false,
            show_threats: false,
            coordinates: true,
            face_to_face: false,
            last_time_control: TimeControl::Off,
        }
    }
}

impl Settings {
    /// The mode these choices describe.
    pub fn mode(&self) -> Mode {
        match self.last_mode {
            ModeKind::TwoPlayers => Mode::TwoPlayers,
            ModeKind::VsComputer => Mode::VsComputer {
                level: self.last_level,
                human: self.last_side,
            },
        }
    }
}

/// Names one game played at a time on the device: the game whose token was given last to
/// [`Store::begin`](super::Store::begin) or [`Store::resume`](super::Store::resume), through
/// any handle on the file, is the unfinished game, and only it may save.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameToken(pub u64);

impl GameToken {
    /// A token no other game has, in this process or another one on the same file: a count
    /// in this process above a base drawn from the clock and the process id.
    pub fn fresh() -> GameToken {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        static BASE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
        let base = *BASE.get_or_init(|| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            // Spread the bits (splitmix64's finaliser), so that close clocks give far bases.
            let mut z = nanos ^ (u64::from(std::process::id()) << 32);
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        });
        GameToken(base.wrapping_add(NEXT.fetch_add(1, Ordering::Relaxed)))
    }

    /// The token as the file keeps it (SQLite's integers are signed).
    pub(super) fn column(self) -> i64 {
        self.0 as i64
    }
}
