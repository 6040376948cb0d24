//! Plain records and enums that cross the FFI: what the apps render and send back.

use crate::bits::Square;
use crate::game::{self, MoveError, Outcome, Status};
use crate::mode::{self, Mode};
use crate::position;
use crate::session::SessionError;
use crate::store::{self, StoreError, StoreWarning};
use crate::variant::{Geometry, VariantKind};

/// The three games.
#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum Variant {
    Copenhagen,
    Brandubh,
    Tablut,
}

impl From<Variant> for VariantKind {
    fn from(v: Variant) -> VariantKind {
        match v {
            Variant::Copenhagen => VariantKind::Copenhagen,
            Variant::Brandubh => VariantKind::Brandubh,
            Variant::Tablut => VariantKind::Tablut,
        }
    }
}

impl From<VariantKind> for Variant {
    fn from(v: VariantKind) -> Variant {
        match v {
            VariantKind::Copenhagen => Variant::Copenhagen,
            VariantKind::Brandubh => Variant::Brandubh,
            VariantKind::Tablut => Variant::Tablut,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum Side {
    Attackers,
    Defenders,
}

impl From<Side> for position::Side {
    fn from(s: Side) -> position::Side {
        match s {
            Side::Attackers => position::Side::Attackers,
            Side::Defenders => position::Side::Defenders,
        }
    }
}

impl From<position::Side> for Side {
    fn from(s: position::Side) -> Side {
        match s {
            position::Side::Attackers => Side::Attackers,
            position::Side::Defenders => Side::Defenders,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl From<Level> for mode::Level {
    fn from(l: Level) -> mode::Level {
        match l {
            Level::Easy => mode::Level::Easy,
            Level::Normal => mode::Level::Normal,
            Level::Hard => mode::Level::Hard,
        }
    }
}

impl From<mode::Level> for Level {
    fn from(l: mode::Level) -> Level {
        match l {
            mode::Level::Easy => Level::Easy,
            mode::Level::Normal => Level::Normal,
            mode::Level::Hard => Level::Hard,
        }
    }
}

/// Who plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum GameMode {
    TwoPlayers,
    VsComputer { level: Level, human: Side },
}

impl From<GameMode> for Mode {
    fn from(m: GameMode) -> Mode {
        match m {
            GameMode::TwoPlayers => Mode::TwoPlayers,
            GameMode::VsComputer { level, human } => Mode::VsComputer {
                level: level.into(),
                human: human.into(),
            },
        }
    }
}

impl From<Mode> for GameMode {
    fn from(m: Mode) -> GameMode {
        match m {
            Mode::TwoPlayers => GameMode::TwoPlayers,
            Mode::VsComputer { level, human } => GameMode::VsComputer {
                level: level.into(),
                human: human.into(),
            },
        }
    }
}

/// A square by file and rank, both from 0 (`a1` is file 0, rank 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, uniffi::Record)]
pub struct Coord {
    pub file: u8,
    pub rank: u8,
}

impl Coord {
    pub(crate) fn of(g: &Geometry, sq: Square) -> Coord {
        Coord {
            file: g.file(sq),
            rank: g.rank(sq),
        }
    }

    pub(crate) fn square(self, g: &Geometry) -> Result<Square, TaflError> {
        g.square(self.file, self.rank).ok_or(TaflError::OffBoard)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum Piece {
    Attacker,
    Defender,
    King,
}

/// One square as the board shows it.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Record)]
pub struct SquareView {
    pub coord: Coord,
    /// Its name in notation, like "f6".
    pub name: String,
    pub piece: Option<Piece>,
    /// The person may pick up the piece here now: it belongs to the side to move, has
    /// somewhere to go, the game is on, and it is not the computer's turn.
    pub movable: bool,
    /// Only the king may stop here (the throne, and the corners where they are special).
    pub restricted: bool,
    /// The king wins here.
    pub escape: bool,
    pub last_move_from: bool,
    pub last_move_to: bool,
    /// A piece was captured here by the last move (for the king, who stays on the board:
    /// he was captured, and the game is over).
    pub captured: bool,
    /// The king can reach this escape square in one move.
    pub king_open_line: bool,
}

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum WinReason {
    KingEscaped,
    KingCaptured,
    ExitFort,
    Encircled,
    Repetition,
    NoMoves,
    Resignation,
}

impl From<game::WinReason> for WinReason {
    fn from(r: game::WinReason) -> WinReason {
        match r {
            game::WinReason::KingEscaped => WinReason::KingEscaped,
            game::WinReason::KingCaptured => WinReason::KingCaptured,
            game::WinReason::ExitFort => WinReason::ExitFort,
            game::WinReason::Encircled => WinReason::Encircled,
            game::WinReason::Repetition => WinReason::Repetition,
            game::WinReason::NoMoves => WinReason::NoMoves,
            game::WinReason::Resignation => WinReason::Resignation,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum DrawReason {
    /// 160 plies without a capture.
    MoveLimit,
}

/// Whether the game goes on, and how it ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum GameStatus {
    Ongoing,
    Won { winner: Side, reason: WinReason },
    Drawn { reason: DrawReason },
}

impl From<Status> for GameStatus {
    fn from(s: Status) -> GameStatus {
        match s {
            Status::Ongoing => GameStatus::Ongoing,
            Status::Over(Outcome::Win { winner, reason }) => GameStatus::Won {
                winner: winner.into(),
                reason: reason.into(),
            },
            Status::Over(Outcome::Draw {
                reason: game::DrawReason::MoveLimit,
            }) => GameStatus::Drawn {
                reason: DrawReason::MoveLimit,
            },
        }
    }
}

/// A move with what it captured.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Record)]
pub struct MoveView {
    pub from: Coord,
    pub to: Coord,
    pub captured: Vec<Coord>,
    /// OpenTafl notation, like "g3-e3xe2".
    pub notation: String,
}

/// Whose turn it is, as a key the apps turn into words in the player's language.
#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum TurnPrompt {
    /// Two players: this side moves.
    SideToMove { side: Side },
    /// Against the computer: the person moves.
    YourMove { side: Side },
    /// Against the computer: the computer is to move (thinking, or about to).
    ComputerToMove { side: Side },
    /// The game has ended; see the status.
    GameOver,
}

/// Everything a shell needs to draw the game. Squares run rank by rank from the top (the
/// highest rank) down, each rank from file a: the board never rotates.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Record)]
pub struct GameSnapshot {
    pub variant: Variant,
    pub mode: GameMode,
    pub size: u8,
    pub squares: Vec<SquareView>,
    pub side_to_move: Side,
    pub status: GameStatus,
    pub turn: TurnPrompt,
    pub last_move: Option<MoveView>,
    /// Plies played since the start.
    pub plies: u32,
    pub plies_since_capture: u32,
    /// Plies without a capture that draw the game.
    pub draw_limit: u32,
    /// How many times the current position has occurred (the third loses for the defenders).
    pub repetitions: u32,
    /// Escape squares the king reaches in one move (one: raichi; two or more: tuichi).
    pub king_open_lines: Vec<Coord>,
    pub can_undo: bool,
    pub exit_forts: bool,
    /// The last automatic save failed: the game goes on in memory; this says why.
    pub save_error: Option<String>,
}

/// What the computer's turn produced.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum ComputerMove {
    /// The move was played.
    Played {
        played: MoveView,
        status: GameStatus,
    },
    /// The search was cancelled (or the game changed meanwhile): nothing was played.
    Cancelled,
}

/// Results against one level, playing one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Record)]
pub struct RecordRow {
    pub level: Level,
    pub side: Side,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// One finished game in the history list.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Record)]
pub struct FinishedGame {
    pub id: i64,
    pub variant: Variant,
    pub mode: GameMode,
    pub status: GameStatus,
    pub plies: u32,
    /// Unix seconds.
    pub finished_at: i64,
}

/// The player's remembered choices and preferences.
#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Record)]
pub struct Settings {
    pub exit_forts: bool,
    pub last_variant: Variant,
    pub last_mode_vs_computer: bool,
    pub last_level: Level,
    pub last_side: Side,
    pub sound: bool,
    pub colour_blind_palette: bool,
}

impl From<store::Settings> for Settings {
    fn from(s: store::Settings) -> Settings {
        Settings {
            exit_forts: s.exit_forts,
            last_variant: s.last_variant.into(),
            last_mode_vs_computer: s.last_mode == store::ModeKind::VsComputer,
            last_level: s.last_level.into(),
            last_side: s.last_side.into(),
            sound: s.sound,
            colour_blind_palette: s.colour_blind_palette,
        }
    }
}

impl From<Settings> for store::Settings {
    fn from(s: Settings) -> store::Settings {
        store::Settings {
            exit_forts: s.exit_forts,
            last_variant: s.last_variant.into(),
            last_mode: if s.last_mode_vs_computer {
                store::ModeKind::VsComputer
            } else {
                store::ModeKind::TwoPlayers
            },
            last_level: s.last_level.into(),
            last_side: s.last_side.into(),
            sound: s.sound,
            colour_blind_palette: s.colour_blind_palette,
        }
    }
}

/// The choices a first start offers, before the person has picked anything. The apps use
/// these when there is no store, so that they never disagree with a fresh store.
#[uniffi::export]
pub fn default_settings() -> Settings {
    store::Settings::default().into()
}

/// Something to tell the player when the store opened.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Enum)]
pub enum StoreNotice {
    /// The saved data could not be read; the damaged file was kept under `kept_as` and a new,
    /// empty one was started.
    CorruptFileMovedAside { kept_as: String, reason: String },
}

impl From<StoreWarning> for StoreNotice {
    fn from(w: StoreWarning) -> StoreNotice {
        match w {
            StoreWarning::CorruptFileMovedAside { moved_to, reason } => {
                StoreNotice::CorruptFileMovedAside {
                    kept_as: moved_to.display().to_string(),
                    reason,
                }
            }
        }
    }
}

/// Every error the core reports to the apps. The message is readable English for logs; the
/// variant is what the UI should branch on.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Error)]
#[uniffi(flat_error)]
pub enum TaflError {
    /// A square outside the board.
    OffBoard,
    /// No piece on the square to move from.
    NoPiece,
    /// That piece belongs to the other side.
    NotYourPiece,
    /// Pieces move along a rank or file, at least one square.
    NotInLine,
    /// Another piece stands in the way.
    Blocked,
    /// Only the king may stop there.
    Restricted,
    /// The game has ended.
    GameOver,
    /// It is the computer's turn.
    NotYourTurn,
    /// It is the person's turn, not the computer's.
    NotComputersTurn,
    /// Nothing to take back.
    NothingToUndo,
    /// The database was written by a newer version of the app.
    NewerDatabase { found: i64, supported: i64 },
    /// The database failed; the game in memory is unharmed.
    Storage { message: String },
    /// No finished game with that id.
    NotFound,
}

impl std::fmt::Display for TaflError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TaflError::OffBoard => f.write_str("that square is not on the board"),
            TaflError::NoPiece => f.write_str("there is no piece on that square"),
            TaflError::NotYourPiece => f.write_str("that piece belongs to the other side"),
            TaflError::NotInLine => {
                f.write_str("pieces move in a straight line along a rank or file")
            }
            TaflError::Blocked => f.write_str("the way is blocked"),
            TaflError::Restricted => f.write_str("only the king may stop on that square"),
            TaflError::GameOver => f.write_str("the game is over"),
            TaflError::NotYourTurn => f.write_str("it is the computer's turn"),
            TaflError::NotComputersTurn => f.write_str("it is not the computer's turn"),
            TaflError::NothingToUndo => f.write_str("there is no move to take back"),
            TaflError::NewerDatabase { found, supported } => write!(
                f,
                "the saved data comes from a newer version of the app (schema {found}, this \
                 version reads up to {supported})"
            ),
            TaflError::Storage { message } => write!(f, "storage failed: {message}"),
            TaflError::NotFound => f.write_str("no such finished game"),
        }
    }
}

impl std::error::Error for TaflError {}

impl From<MoveError> for TaflError {
    fn from(e: MoveError) -> TaflError {
        match e {
            MoveError::GameOver => TaflError::GameOver,
            MoveError::OffBoard => TaflError::OffBoard,
            MoveError::NoPiece(_) => TaflError::NoPiece,
            MoveError::NotYourPiece(_) => TaflError::NotYourPiece,
            MoveError::NotInLine => TaflError::NotInLine,
            MoveError::Blocked(_) => TaflError::Blocked,
            MoveError::Restricted(_) => TaflError::Restricted,
        }
    }
}

impl From<SessionError> for TaflError {
    fn from(e: SessionError) -> TaflError {
        match e {
            SessionError::Move(m) => m.into(),
            SessionError::NotYourTurn => TaflError::NotYourTurn,
            SessionError::NothingToUndo => TaflError::NothingToUndo,
        }
    }
}

impl From<StoreError> for TaflError {
    fn from(e: StoreError) -> TaflError {
        match e {
            StoreError::NewerSchema { found, supported } => {
                TaflError::NewerDatabase { found, supported }
            }
            StoreError::NotFound(_) => TaflError::NotFound,
            other => TaflError::Storage {
                message: other.to_string(),
            },
        }
    }
}
