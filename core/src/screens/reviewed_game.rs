//! A finished or imported game under review: the board at any ply, the moves, and the engine's
//! judgement of every position (computed behind, with progress and cancel, and kept with the
//! game in the store).

use std::sync::{Arc, Mutex};

use crate::ai::Control;
use crate::ai::analysis::{self, Analysis, Budget};
use crate::ai::verdicts::{self, Reason, Verdict};
use crate::engine::game::{Game, MoveError, Outcome, Status, WinReason};
use crate::engine::import::{ImportProblem, read_game, text_of_bytes};
use crate::engine::mode::Mode;
use crate::engine::notation::GameRecord;
use crate::engine::position::Side;
use crate::store::StoreError;
use crate::texts::Language;

use super::storage::TaflStore;
use super::types::{MoveView, SquareView};
use super::view::{self, BoardMarks, LastMove};
use crate::engine::lock::lock;

/// What is known about the game under review.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReviewInfo {
    pub plies: u32,
    /// Its id among the finished games, for a game from the history.
    pub game_id: Option<i64>,
}

/// The board at one ply of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReviewFrame {
    pub size: u8,
    pub squares: Vec<SquareView>,
    /// "Move 12 of 80".
    pub position_text: String,
    /// "Attackers: d1-d3, takes e2".
    pub last_move_text: Option<String>,
    /// How each piece of the last move was taken.
    pub captures: Vec<String>,
    /// The result and why, on the last frame of a finished game.
    pub result_text: Option<String>,
}

/// One move judged (see [`crate::ai::verdicts`]), with its moves in notation.
#[derive(Clone, PartialEq, Debug)]
pub struct VerdictView {
    /// The move's number (1 is the first move).
    pub ply: u32,
    /// The move in notation, captures included.
    pub notation: String,
    pub mover: Side,
    pub verdict: Verdict,
    /// The engine's move instead, in notation, when it had another.
    pub better: Option<String>,
    /// What the move did wrong, weightiest first (for an error).
    pub why: Vec<Reason>,
}

/// The engine's judgement of a game.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct AnalysisView {
    /// The defenders' chance of winning at each position, from 0 to 1; index 0 is the start.
    pub chances: Vec<f64>,
    /// False when the analysis was cancelled before the end.
    pub complete: bool,
    /// Every move's verdict, in order (as far as the analysis reached).
    pub verdicts: Vec<VerdictView>,
}

/// Why a move of an imported game cannot be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveProblem {
    BadSquare,
    OffBoard,
    NoPiece,
    NotYourPiece,
    NotInLine,
    Blocked,
    Restricted,
    TooFar,
    GameOver,
}

/// Why a pasted game cannot be reviewed. Nothing is stored either way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ImportError {
    /// The text holds no moves.
    Empty,
    /// The text is not a game record (no known game, a bad tag, a bad position).
    BadRecord { reason: String },
    /// Move `ply` (1-based), written `notation`, cannot be played.
    BadMove {
        ply: u32,
        notation: String,
        problem: MoveProblem,
    },
    /// Move `ply` captures other pieces than the text says.
    BadCaptures { ply: u32, notation: String },
    /// The text (or the file) is longer than the import reads: [`IMPORT_LIMIT`] bytes.
    TooLarge { limit_bytes: u32 },
    /// The file that arrived is no text (an image, an archive).
    NotText,
    /// The file that arrived could not be read (gone, or no longer allowed).
    Unreadable,
}

/// The longest text the import reads, in bytes: about twenty times the longest real game
/// record met (a 3.8 kB PlayTaflOnline game), and a bound on what a hostile file or paste
/// can make the import (and the text field) chew on.
pub const IMPORT_LIMIT: usize = 64 * 1024;

/// The text of a file or a text that arrived from outside the app (a share, an "Open in"),
/// within the import's limit; the shell passes the bytes as they came (and reads at most
/// one byte more than the limit, so that a huge file is never read whole).
pub(crate) fn received_text(bytes: &[u8]) -> Result<String, ImportError> {
    within_limit(bytes.len())?;
    text_of_bytes(bytes).map_err(|_| ImportError::NotText)
}

fn within_limit(len: usize) -> Result<(), ImportError> {
    if len > IMPORT_LIMIT {
        return Err(ImportError::TooLarge {
            limit_bytes: IMPORT_LIMIT as u32,
        });
    }
    Ok(())
}

impl MoveProblem {
    /// The key of its explanation in the text files.
    pub(crate) fn text_key(self) -> &'static str {
        match self {
            MoveProblem::BadSquare | MoveProblem::OffBoard => "error.off_board",
            MoveProblem::NoPiece => "error.no_piece",
            MoveProblem::NotYourPiece => "error.not_your_piece",
            MoveProblem::NotInLine => "error.not_in_line",
            MoveProblem::Blocked => "error.blocked",
            MoveProblem::Restricted => "error.restricted",
            MoveProblem::TooFar => "error.too_far",
            MoveProblem::GameOver => "error.game_over",
        }
    }
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let en = Language::English.catalog();
        match self {
            ImportError::Empty => f.write_str(en.label(crate::texts::Label::ImportEmpty)),
            ImportError::BadRecord { reason } => f.write_str(&en.import_bad_record(reason)),
            ImportError::BadMove {
                ply,
                notation,
                problem,
            } => write!(f, "move {ply} ({notation}) cannot be played: {problem:?}"),
            ImportError::BadCaptures { ply, notation } => {
                f.write_str(&en.import_bad_captures(*ply as usize, notation))
            }
            ImportError::TooLarge { limit_bytes } => write!(
                f,
                "the text is longer than the import reads ({limit_bytes} bytes)"
            ),
            ImportError::NotText => f.write_str(en.text("import.not_text")),
            ImportError::Unreadable => f.write_str(en.text("import.unreadable")),
        }
    }
}

impl std::error::Error for ImportError {}

/// A game opened for review.
pub struct GameReview {
    game: Game,
    mode: Option<Mode>,
    game_id: Option<i64>,
    store: Option<Arc<TaflStore>>,
    /// The analysis, once stored or computed.
    analysis: Mutex<Option<Analysis>>,
}

impl GameReview {
    pub fn info(&self) -> ReviewInfo {
        ReviewInfo {
            plies: self.game.plies() as u32,
            game_id: self.game_id,
        }
    }

    /// The board after `ply` plies (clamped to the game's length), in `language`.
    pub fn frame(&self, ply: u32, language: Language) -> ReviewFrame {
        let texts = language.catalog();
        let total = self.game.plies();
        let ply = (ply as usize).min(total);
        let at = self.game_at(ply);
        let mode = self.mode_for_words();
        let last = LastMove::of(&at);
        let g = &at.variant().geometry;
        let king_taken = matches!(
            at.status(),
            Status::Over(Outcome::Win {
                reason: WinReason::KingCaptured,
                ..
            })
        );
        let mut marks = BoardMarks::plain(at.last_move(), king_taken);
        let ending = view::ending(&at);
        if let Some((_, pieces)) = ending {
            marks.ending = pieces;
        }
        let result_text = match at.status() {
            Status::Over(outcome) => Some(texts.result(outcome, mode, at.variant().draw_plies)),
            Status::Ongoing => None,
        };
        ReviewFrame {
            size: g.size,
            squares: view::squares(at.position(), &marks, texts),
            position_text: texts.review_position(ply as u32, total as u32),
            last_move_text: last.as_ref().map(|l| {
                texts.move_line(g, mode.mover(l.before.side_to_move()), l.mv, &l.captures)
            }),
            captures: last
                .as_ref()
                .map(|l| l.captures.iter().map(|c| texts.capture(g, c)).collect())
                .unwrap_or_default(),
            result_text,
        }
    }

    /// Every move of the game, in order.
    pub fn moves(&self, language: Language) -> Vec<MoveView> {
        let texts = language.catalog();
        let mode = self.mode_for_words();
        let mut replay = Game::from_position(self.game.start().clone(), self.game.options());
        let mut out = Vec::with_capacity(self.game.plies());
        for (mv, _) in self.game.moves() {
            out.push(view::move_view(replay.position(), mode, mv, texts));
            replay.make(mv);
        }
        out
    }

    /// The game in OpenTafl notation, to share.
    pub fn otn(&self) -> String {
        GameRecord::from_game(&self.game).to_text()
    }

    /// The analysis already known (stored with the game, or computed in this review).
    pub fn analysis(&self) -> Option<AnalysisView> {
        let known = lock(&self.analysis).clone()?;
        Some(self.to_view(&known))
    }

    /// Analyses every position: a blocking call, to be run off the UI thread. Each point is
    /// reported to `point` (its ply, the defenders' chance) as it is found; cancelling
    /// `control` stops it (the result is then incomplete and not stored). A complete analysis
    /// of a game from the history is stored with it.
    pub fn analyse_with(&self, control: &Control, point: &mut dyn FnMut(u32, f64)) -> AnalysisView {
        let result = analysis::analyse(&self.game, &Budget::default(), control, &mut |ply, p| {
            point(ply as u32, p.defenders)
        });
        if result.complete {
            *lock(&self.analysis) = Some(result.clone());
            if let (Some(store), Some(id)) = (&self.store, self.game_id) {
                if let Ok(json) = serde_json::to_string(&result) {
                    store.writer.save_analysis(id, analysis::VERSION, json);
                }
            }
        }
        self.to_view(&result)
    }
}

impl GameReview {
    /// A finished game of the store opened for review, with its stored analysis if there is
    /// one.
    pub fn open(store: Arc<TaflStore>, id: i64) -> Result<Arc<GameReview>, StoreError> {
        let (summary, record, analysis) = store.writer.call(move |s| {
            Ok((
                s.finished_game(id)?,
                s.finished_record(id)?,
                s.analysis(id)?,
            ))
        })?;
        GameReview::from_store(record, &summary, analysis, store)
    }

    fn from_store(
        record: GameRecord,
        summary: &crate::store::FinishedGameSummary,
        stored: Option<(i64, String)>,
        store: Arc<TaflStore>,
    ) -> Result<Arc<GameReview>, StoreError> {
        let id = summary.id;
        let game = record.replay().map_err(|e| {
            StoreError::InvalidData(format!("finished game {id} does not replay: {e}"))
        })?;
        // An analysis of other settings, or one that cannot be read, is simply redone.
        let analysis = stored
            .filter(|(version, _)| *version == analysis::VERSION)
            .and_then(|(_, json)| serde_json::from_str::<Analysis>(&json).ok())
            .filter(|a| a.complete && a.points.len() == game.plies() + 1);
        Ok(Arc::new(GameReview {
            game,
            mode: Some(summary.mode),
            game_id: Some(id),
            store: Some(store),
            analysis: Mutex::new(analysis),
        }))
    }

    fn game_at(&self, ply: usize) -> Game {
        let mut at = Game::from_position(self.game.start().clone(), self.game.options());
        for (mv, _) in self.game.moves().take(ply) {
            at.make(mv);
        }
        // A resignation leaves no trace on the board: restore it on the last frame.
        if ply == self.game.plies() {
            if let Some(side) = self.game.resigned() {
                let _ = at.resign(side);
            }
        }
        at
    }

    /// Moves are told by side for imported games (nobody at the device played them).
    fn mode_for_words(&self) -> Mode {
        self.mode.unwrap_or(Mode::TwoPlayers)
    }

    fn to_view(&self, a: &Analysis) -> AnalysisView {
        let mode = self.mode_for_words();
        let texts = Language::English.catalog();
        let mut replay = Game::from_position(self.game.start().clone(), self.game.options());
        let mut moves = self.game.moves();
        let mut verdicts = Vec::new();
        for judged in verdicts::judge(&self.game, a) {
            // `judge` goes through the moves in order, one each, from the start.
            let Some((played, _)) = moves.next() else {
                break;
            };
            let name = |mv| view::move_view(replay.position(), mode, mv, texts).notation;
            verdicts.push(VerdictView {
                ply: judged.ply as u32,
                notation: name(played),
                mover: judged.mover,
                verdict: judged.verdict,
                better: judged.better.map(name),
                why: judged.why,
            });
            replay.make(played);
        }
        AnalysisView {
            chances: a.points.iter().map(|p| p.defenders).collect(),
            complete: a.complete,
            verdicts,
        }
    }
}

impl GameReview {
    /// A game pasted as text, opened for review; nothing is stored.
    pub fn imported(game: Game) -> Arc<GameReview> {
        Arc::new(GameReview {
            game,
            mode: None,
            game_id: None,
            store: None,
            analysis: Mutex::new(None),
        })
    }

    /// The game just played, opened for review from its move list (not stored from here: the
    /// game is recorded when the players leave it).
    pub fn of_game(game: Game, mode: Mode) -> Arc<GameReview> {
        Arc::new(GameReview {
            game,
            mode: Some(mode),
            game_id: None,
            store: None,
            analysis: Mutex::new(None),
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The mode the moves are told by.
    pub fn mode(&self) -> Mode {
        self.mode_for_words()
    }
}

/// Reads a pasted game (see [`crate::engine::import::read_game`]): bad text gets an error naming the
/// first bad move.
pub(crate) fn import(text: &str) -> Result<Game, ImportError> {
    within_limit(text.len())?;
    read_game(text, None).map_err(|p| match p {
        ImportProblem::Empty => ImportError::Empty,
        ImportProblem::BadRecord(reason) => ImportError::BadRecord { reason },
        ImportProblem::BadSquare { ply, text } => ImportError::BadMove {
            ply: ply as u32,
            notation: text,
            problem: MoveProblem::BadSquare,
        },
        ImportProblem::IllegalMove { ply, text, error } => ImportError::BadMove {
            ply: ply as u32,
            notation: text,
            problem: match error {
                MoveError::GameOver => MoveProblem::GameOver,
                MoveError::OffBoard => MoveProblem::OffBoard,
                MoveError::NoPiece(_) => MoveProblem::NoPiece,
                MoveError::NotYourPiece(_) => MoveProblem::NotYourPiece,
                MoveError::NotInLine => MoveProblem::NotInLine,
                MoveError::Blocked(_) => MoveProblem::Blocked,
                MoveError::Restricted(_) => MoveProblem::Restricted,
                MoveError::TooFar(_) => MoveProblem::TooFar,
            },
        },
        ImportProblem::WrongCaptures { ply, text } => ImportError::BadCaptures {
            ply: ply as u32,
            notation: text,
        },
        ImportProblem::NotText => ImportError::NotText,
    })
}
