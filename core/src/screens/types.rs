//! The views the screens are built from: a square by file and rank (it crosses to the shells
//! in events and frames), and the views of a position and its moves.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::bits::Square;
use crate::engine::explain::CaptureKind;
use crate::engine::mode::Mover;
use crate::engine::position::{Piece, Side};
use crate::engine::variant::Geometry;
use crate::store::StoreWarning;

/// A square by file and rank, both from 0 (`a1` is file 0, rank 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
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

    /// The square on a board of geometry `g`, if it is on the board.
    pub(crate) fn square(self, g: &Geometry) -> Option<Square> {
        g.square(self.file, self.rank)
    }
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

/// What the game screen is built from: the squares (rank by rank from the top, the highest
/// rank first, each rank from file a: the board never rotates) and the sentences.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameSnapshot {
    pub size: u8,
    pub squares: Vec<SquareView>,
    pub can_undo: bool,
    /// The last automatic save failed: the game goes on in memory.
    pub save_failed: bool,
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
