//! The game's values as the screens use them: the ones that cross to the shells (in events
//! and frames), and the views of a position and its moves that the screens are built from.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::bits::Square;
use crate::engine::explain;
use crate::engine::game::{self, MoveError, Outcome, Status};
use crate::engine::mode::{self, Mode};
use crate::engine::position;
use crate::engine::session::SessionError;
use crate::engine::variant::{Geometry, VariantKind};
use crate::store::{StoreError, StoreWarning};

pub use crate::texts::Language;

/// The games, in the order the apps list them (see `VariantKind`). In events and traces each
/// is written with the core's name of the game (`VariantKind::name`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Copenhagen,
    Brandubh,
    Tablut,
    Fetlar,
    #[serde(rename = "sea-battle")]
    SeaBattle,
    Tawlbwrdd,
    #[serde(rename = "ard-ri")]
    ArdRi,
    #[serde(rename = "hnefatafl-11")]
    Hnefatafl11,
    #[serde(rename = "hnefatafl-13")]
    Hnefatafl13,
    #[serde(rename = "kings-table-9")]
    KingsTable9,
    #[serde(rename = "kings-table-11")]
    KingsTable11,
    #[serde(rename = "alea-evangelii")]
    AleaEvangelii,
    #[serde(rename = "tablut-corners")]
    TablutCorners,
}

/// Both ways between the FFI's and the core's names of the games.
macro_rules! variant_names {
    ($($name:ident),*) => {
        impl From<Variant> for VariantKind {
            fn from(v: Variant) -> VariantKind {
                match v {
                    $(Variant::$name => VariantKind::$name,)*
                }
            }
        }

        impl From<VariantKind> for Variant {
            fn from(v: VariantKind) -> Variant {
                match v {
                    $(VariantKind::$name => Variant::$name,)*
                }
            }
        }
    };
}

variant_names!(
    Copenhagen,
    Brandubh,
    Tablut,
    Fetlar,
    SeaBattle,
    Tawlbwrdd,
    ArdRi,
    Hnefatafl11,
    Hnefatafl13,
    KingsTable9,
    KingsTable11,
    AleaEvangelii,
    TablutCorners
);

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "lowercase")]
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

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "lowercase")]
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
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

/// In scenario files a square is written by its name, like "b4".
impl Serialize for Coord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!(
            "{}{}",
            char::from(b'a' + self.file),
            u32::from(self.rank) + 1
        ))
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Coord, D::Error> {
        let name = String::deserialize(d)?;
        let mut chars = name.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .map(|c| c as u8 - b'a');
        let rank = chars.as_str().parse::<u8>().ok().filter(|&r| r >= 1);
        match (file, rank) {
            (Some(file), Some(rank)) => Ok(Coord {
                file,
                rank: rank - 1,
            }),
            _ => Err(serde::de::Error::custom(format!("not a square: {name:?}"))),
        }
    }
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

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    Attacker,
    Defender,
    King,
}

/// One square as the board shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
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
    /// The piece the person picked up (given to `GameSession::view`).
    pub selected: bool,
    /// The picked-up piece may move here.
    pub target: bool,
    /// The hinted move starts here.
    pub hint_from: bool,
    /// The hinted move ends here.
    pub hint_to: bool,
    /// The piece here can be taken next move (draw it when the threats setting is on).
    pub threatened: bool,
    /// The king could move here and escape on his following move (threats setting).
    pub escape_route: bool,
    /// A piece of the ring or fort that ended the game.
    pub ending: bool,
    /// What a screen reader says: "f6, king, selected".
    pub label: String,
}

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawReason {
    /// 160 plies without a capture.
    MoveLimit,
    /// A position came up a third time, where that is a draw.
    Repetition,
}

/// Whether the game goes on, and how it ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
            Status::Over(Outcome::Draw {
                reason: game::DrawReason::Repetition,
            }) => GameStatus::Drawn {
                reason: DrawReason::Repetition,
            },
        }
    }
}

/// A move with what it captured.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveView {
    pub from: Coord,
    pub to: Coord,
    /// The pieces it took off the board (never the king, who stays on his square).
    pub captured: Vec<Coord>,
    /// OpenTafl notation, like "g3-e3xe2".
    pub notation: String,
    /// The piece that moved, and its side.
    pub piece: Piece,
    pub side: Side,
    /// Who made it, as the people at the device say it.
    pub mover: Mover,
    /// How each piece was taken (the king's capture included), in the order of `captured`.
    pub captures: Vec<CaptureView>,
}

/// Who made a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mover {
    You,
    Computer,
    Attackers,
    Defenders,
}

impl From<crate::engine::session::Mover> for Mover {
    fn from(m: crate::engine::session::Mover) -> Mover {
        match m {
            crate::engine::session::Mover::You => Mover::You,
            crate::engine::session::Mover::Computer => Mover::Computer,
            crate::engine::session::Mover::Side(position::Side::Attackers) => Mover::Attackers,
            crate::engine::session::Mover::Side(position::Side::Defenders) => Mover::Defenders,
        }
    }
}

impl From<Mover> for crate::engine::session::Mover {
    fn from(m: Mover) -> crate::engine::session::Mover {
        match m {
            Mover::You => crate::engine::session::Mover::You,
            Mover::Computer => crate::engine::session::Mover::Computer,
            Mover::Attackers => crate::engine::session::Mover::Side(position::Side::Attackers),
            Mover::Defenders => crate::engine::session::Mover::Side(position::Side::Defenders),
        }
    }
}

/// The rule that took a piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CaptureKind {
    BetweenTwo,
    AgainstThrone,
    AgainstCorner,
    ShieldWall,
    KingByFour,
    KingByThreeAndThrone,
    KingByTwo,
    KingAgainstCorner,
    KingAgainstEdge,
    KingWithGuards,
}

impl From<explain::CaptureKind> for CaptureKind {
    fn from(k: explain::CaptureKind) -> CaptureKind {
        match k {
            explain::CaptureKind::BetweenTwo => CaptureKind::BetweenTwo,
            explain::CaptureKind::AgainstThrone => CaptureKind::AgainstThrone,
            explain::CaptureKind::AgainstCorner => CaptureKind::AgainstCorner,
            explain::CaptureKind::ShieldWall => CaptureKind::ShieldWall,
            explain::CaptureKind::KingByFour => CaptureKind::KingByFour,
            explain::CaptureKind::KingByThreeAndThrone => CaptureKind::KingByThreeAndThrone,
            explain::CaptureKind::KingByTwo => CaptureKind::KingByTwo,
            explain::CaptureKind::KingAgainstCorner => CaptureKind::KingAgainstCorner,
            explain::CaptureKind::KingAgainstEdge => CaptureKind::KingAgainstEdge,
            explain::CaptureKind::KingWithGuards => CaptureKind::KingWithGuards,
        }
    }
}

/// One piece taken by a move, how, and by which pieces or squares (to highlight).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CaptureView {
    pub square: Coord,
    pub kind: CaptureKind,
    pub by: Vec<Coord>,
    /// The explanation in the language of the view ("e2: taken against the throne."); English
    /// where no language was given.
    pub text: String,
}

/// What the players should feel and hear after a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, uniffi::Enum)]
#[serde(rename_all = "lowercase")]
pub enum Feedback {
    Move,
    Capture,
    Win,
    Loss,
    Draw,
}

impl From<crate::engine::session::Feedback> for Feedback {
    fn from(f: crate::engine::session::Feedback) -> Feedback {
        match f {
            crate::engine::session::Feedback::Move => Feedback::Move,
            crate::engine::session::Feedback::Capture => Feedback::Capture,
            crate::engine::session::Feedback::Win => Feedback::Win,
            crate::engine::session::Feedback::Loss => Feedback::Loss,
            crate::engine::session::Feedback::Draw => Feedback::Draw,
        }
    }
}

/// Why a piece cannot be picked up now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    Empty,
    NotYourPiece {
        owner: Side,
    },
    Blocked,
    /// The computer is to move and its search is running.
    ComputerThinking,
    /// The computer is to move.
    ComputerToMove,
    GameOver,
}

/// How the game ended on the board, when the board shows it: the attackers' ring or the
/// king's fort (their pieces are marked `ending`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndingKind {
    Ring,
    Fort,
}

/// The sentences of a game view, in the view's language.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameTexts {
    /// Whose turn, "The computer is thinking…", or the result and why.
    pub turn_bar: String,
    /// The last move with who made it: "Computer: d1-d3, takes e2".
    pub last_move: Option<String>,
    /// The last move in words, for screen readers to announce.
    pub announcement: Option<String>,
    /// How each piece of the last move was taken.
    pub captures: Vec<String>,
    /// The king's free paths (raichi, tuichi, open corners).
    pub open_lines: Option<String>,
    /// "12 moves left before a draw.", shown only near the limit.
    pub draw_countdown: Option<String>,
    /// The defenders could lose by repeating a position.
    pub repetition_warning: Option<String>,
    /// "Hint: d1-d3", and the same in words.
    pub hint: Option<String>,
    pub hint_announcement: Option<String>,
    /// How the ring or the fort ended the game.
    pub ending: Option<String>,
    /// The board as a whole, for screen readers.
    pub board: String,
    /// What the resignation dialog says will happen.
    pub resign_question: String,
    /// "2 hints used", once a hint was shown.
    pub hints_used: Option<String>,
}

/// Whose turn it is, as a key the apps turn into words in the player's language.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
#[derive(Clone, PartialEq, Eq, Debug)]
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
    /// The language of `texts` and of the squares' labels.
    pub language: Language,
    /// The picked-up piece (the view's selection, when that piece may move now).
    pub selected: Option<Coord>,
    /// The computer's search is running.
    pub thinking: bool,
    /// The hint shown for this position, if one was asked for.
    pub hint: Option<MoveView>,
    /// A hint is being looked for.
    pub hint_pending: bool,
    /// Plies left before the move-limit draw, once it is near (40 plies or fewer).
    pub draw_countdown: Option<u32>,
    /// The defenders have a move that would repeat a position a third time (and lose).
    pub repetition_warning: bool,
    /// How the game ended on the board, when a ring or a fort ended it.
    pub ending: Option<EndingKind>,
    /// Hints shown in this game so far.
    pub hints_used: u32,
    pub texts: GameTexts,
}

/// Something to tell the player when the store opened.
#[derive(Clone, PartialEq, Eq, Debug)]
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
#[derive(Clone, PartialEq, Eq, Debug)]
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
    /// Farther than a piece may move in this game (the most squares it may move).
    TooFar { limit: u8 },
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

impl TaflError {
    /// The key of the error's text in the text files.
    pub(crate) fn text_key(&self) -> &'static str {
        match self {
            TaflError::OffBoard => "error.off_board",
            TaflError::NoPiece => "error.no_piece",
            TaflError::NotYourPiece => "error.not_your_piece",
            TaflError::NotInLine => "error.not_in_line",
            TaflError::Blocked => "error.blocked",
            TaflError::Restricted => "error.restricted",
            TaflError::TooFar { .. } => "error.too_far",
            TaflError::GameOver => "error.game_over",
            TaflError::NotYourTurn => "error.not_your_turn",
            TaflError::NotComputersTurn => "error.not_computers_turn",
            TaflError::NothingToUndo => "error.nothing_to_undo",
            TaflError::NewerDatabase { .. } => "error.newer_database",
            TaflError::Storage { .. } => "error.storage",
            TaflError::NotFound => "error.not_found",
        }
    }
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
            TaflError::TooFar { limit } => MoveError::TooFar(*limit).fmt(f),
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
            MoveError::TooFar(limit) => TaflError::TooFar { limit },
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

impl From<position::Piece> for Piece {
    fn from(p: position::Piece) -> Piece {
        match p {
            position::Piece::Attacker => Piece::Attacker,
            position::Piece::Defender => Piece::Defender,
            position::Piece::King => Piece::King,
        }
    }
}

impl From<Piece> for position::Piece {
    fn from(p: Piece) -> position::Piece {
        match p {
            Piece::Attacker => position::Piece::Attacker,
            Piece::Defender => position::Piece::Defender,
            Piece::King => position::Piece::King,
        }
    }
}
