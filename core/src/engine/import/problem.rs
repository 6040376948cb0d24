//! Why a text is not a game: the import's one error, named by every reader of the folder.

use crate::engine::game::MoveError;

/// Why a text is not a game that can be replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ImportProblem {
    /// No moves at all.
    Empty,
    /// Not a game record (an unknown game, a bad tag or position).
    BadRecord(String),
    /// Move `ply` (1-based), written `text`, is not a move on this board.
    BadSquare { ply: usize, text: String },
    /// Move `ply` cannot be played.
    IllegalMove {
        ply: usize,
        text: String,
        error: MoveError,
    },
    /// Move `ply` captures other pieces than the text says.
    WrongCaptures { ply: usize, text: String },
    /// The bytes of a file are no text (see [`super::text_of_bytes`]).
    NotText,
}

impl std::fmt::Display for ImportProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportProblem::Empty => f.write_str("the text holds no moves"),
            ImportProblem::BadRecord(why) => write!(f, "not a game record: {why}"),
            ImportProblem::BadSquare { ply, text } => {
                write!(f, "move {ply} ({text}) is not a move on this board")
            }
            ImportProblem::IllegalMove { ply, text, error } => {
                write!(f, "move {ply} ({text}) cannot be played: {error}")
            }
            ImportProblem::WrongCaptures { ply, text } => {
                write!(f, "move {ply} ({text}) does not capture what the text says")
            }
            ImportProblem::NotText => f.write_str("the file is not text"),
        }
    }
}

impl std::error::Error for ImportProblem {}
