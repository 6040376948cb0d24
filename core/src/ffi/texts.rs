//! The words and the look of the apps, served to both from one source (`core/texts`,
//! [`crate::look`]). Sentences about a game in play come with its snapshot
//! (`GameSession::view`); this object gives everything else.

use std::sync::Arc;

use crate::game::{Outcome, Status};
use crate::look;
use crate::mode::Mode;
use crate::texts::{Catalog, Label, Language};

use super::review::{ImportError, MoveProblem, SwingView};
use super::types::*;

/// The texts of one language.
#[derive(uniffi::Object)]
pub struct Texts {
    language: Language,
}

/// One entry of a language's table (for tests and tools that compare the apps' words).
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Record)]
pub struct TextEntry {
    pub key: String,
    pub text: String,
}

impl Texts {
    fn catalog(&self) -> &'static Catalog {
        self.language.catalog()
    }
}

#[uniffi::export]
impl Texts {
    #[uniffi::constructor]
    pub fn new(language: Language) -> Arc<Texts> {
        Arc::new(Texts { language })
    }

    /// The texts for the device's preferred languages (BCP 47 tags, most preferred first):
    /// the first the app speaks, English otherwise.
    #[uniffi::constructor]
    pub fn for_locales(tags: Vec<String>) -> Arc<Texts> {
        Texts::new(Language::from_tags(tags))
    }

    pub fn language(&self) -> Language {
        self.language
    }

    pub fn label(&self, label: Label) -> String {
        self.catalog().label(label).to_string()
    }

    pub fn variant_name(&self, variant: Variant) -> String {
        self.catalog().variant(variant.into()).to_string()
    }

    /// One line on the game, for the game picker.
    pub fn variant_summary(&self, variant: Variant) -> String {
        self.catalog().variant_summary(variant.into()).to_string()
    }

    /// "About these games": a few paragraphs on the tafl family's history (the title is
    /// `about_title`).
    pub fn about(&self) -> Vec<String> {
        self.catalog()
            .about()
            .1
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    pub fn about_title(&self) -> String {
        self.catalog().about().0.to_string()
    }

    /// "11 × 11".
    pub fn board_size(&self, variant: Variant) -> String {
        self.catalog()
            .board_size(crate::variant::VariantKind::from(variant).rules())
    }

    pub fn level_name(&self, level: Level) -> String {
        self.catalog().level(level.into()).to_string()
    }

    /// "Attackers", as a title.
    pub fn side_name(&self, side: Side) -> String {
        self.catalog().side(side.into()).to_string()
    }

    /// The side to choose before a game: "Defenders and king".
    pub fn play_side(&self, side: Side) -> String {
        self.catalog().play_side(side.into()).to_string()
    }

    pub fn piece_name(&self, piece: Option<Piece>) -> String {
        self.catalog().piece(piece.map(Into::into)).to_string()
    }

    /// "Engine version 0.1.0".
    pub fn engine_version(&self) -> String {
        self.catalog().engine_version(env!("CARGO_PKG_VERSION"))
    }

    /// The rules of a game, paragraph by paragraph, with the numbers of its variant data.
    pub fn rules(&self, variant: Variant, exit_forts: bool) -> Vec<String> {
        self.catalog().rules(
            crate::variant::VariantKind::from(variant).rules(),
            exit_forts,
        )
    }

    /// Why a piece cannot be picked up.
    pub fn refusal(&self, refusal: Refusal) -> String {
        use crate::session::Refusal as R;
        let (r, thinking) = match refusal {
            Refusal::Empty => (R::Empty, false),
            Refusal::NotYourPiece { owner } => (R::NotYourPiece(owner.into()), false),
            Refusal::Blocked => (R::Blocked, false),
            Refusal::ComputerThinking => (R::ComputerToMove, true),
            Refusal::ComputerToMove => (R::ComputerToMove, false),
            Refusal::GameOver => (R::GameOver, false),
        };
        self.catalog().refusal(r, thinking)
    }

    /// A row of the records: "Hard, playing the defenders".
    pub fn record_row(&self, level: Level, side: Side) -> String {
        self.catalog().record_row(level.into(), side.into())
    }

    /// The result of a finished game and why ("You win: the king escaped").
    pub fn result(&self, status: GameStatus, mode: GameMode, variant: Variant) -> String {
        let limit = crate::variant::VariantKind::from(variant)
            .rules()
            .draw_plies;
        match Status::from(status) {
            Status::Ongoing => String::new(),
            Status::Over(outcome) => self.catalog().result(outcome, mode.into(), limit),
        }
    }

    /// The words of a row of the history list. `utc_offset_minutes` is the device's time
    /// zone offset at the game's end.
    pub fn history(&self, game: FinishedGame, utc_offset_minutes: i32) -> HistoryTexts {
        let c = self.catalog();
        let mode: Mode = game.mode.into();
        let local = game.finished_at + i64::from(utc_offset_minutes) * 60;
        let date = c.date(local.div_euclid(86_400));
        let name = c.variant(game.variant.into()).to_string();
        let opponent = c.opponent(mode);
        let side = match mode {
            Mode::VsComputer { human, .. } => Some(c.as_side(human)),
            Mode::TwoPlayers => None,
        };
        let result = match Status::from(game.status) {
            Status::Over(outcome) => c.short_result(mode, outcome).to_string(),
            Status::Ongoing => String::new(),
        };
        let length = c.game_length(game.plies);
        let hints = (game.hints_used > 0).then(|| c.hints_used(game.hints_used));
        let mut parts = vec![date.clone(), name.clone(), opponent.clone()];
        parts.extend(side.clone());
        parts.push(result.clone());
        parts.push(length.clone());
        parts.extend(hints.clone());
        HistoryTexts {
            label: c.join(&parts),
            date,
            game: name,
            opponent,
            side,
            result,
            length,
            hints,
        }
    }

    /// "Move 12 of 80", or the starting position.
    pub fn review_position(&self, ply: u32, total: u32) -> String {
        self.catalog().review_position(ply, total)
    }

    /// "Analysing… 40 %".
    pub fn analysing(&self, progress: f64) -> String {
        self.catalog().analysing(progress)
    }

    /// The chart's value after a ply, for screen readers.
    pub fn chart_point(&self, ply: u32, defenders_chance: f64) -> String {
        self.catalog().chart_point(ply, defenders_chance)
    }

    /// "Defenders 63 %".
    pub fn chance(&self, defenders_chance: f64) -> String {
        self.catalog().chance(defenders_chance)
    }

    /// One of the biggest swings, with the better move when the engine had one.
    pub fn swing(&self, swing: SwingView) -> String {
        let c = self.catalog();
        let mut text = c.mistake(
            swing.ply,
            &swing.notation,
            swing.mover.into(),
            swing.before,
            swing.after,
        );
        if let Some(better) = swing.better {
            text.push(' ');
            text.push_str(&c.better_move(&better.notation));
        }
        text
    }

    /// Why a pasted game could not be read, naming the first bad move.
    pub fn import_error(&self, error: ImportError) -> String {
        let c = self.catalog();
        match error {
            ImportError::Empty => c.label(Label::ImportEmpty).to_string(),
            ImportError::BadRecord { reason } => c.import_bad_record(&reason),
            ImportError::BadMove {
                ply,
                notation,
                problem,
            } => c.fill(
                "import.bad_move",
                &[
                    ("ply", &ply.to_string()),
                    ("move", &notation),
                    ("reason", c.text(problem.text_key())),
                ],
            ),
            ImportError::BadCaptures { ply, notation } => {
                c.import_bad_captures(ply as usize, &notation)
            }
        }
    }

    /// An error of the core, for the player.
    pub fn error(&self, error: TaflError) -> String {
        self.catalog().text(error.text_key()).to_string()
    }

    /// Every entry of this language's table, in key order.
    pub fn table(&self) -> Vec<TextEntry> {
        let c = self.catalog();
        c.keys()
            .map(|key| TextEntry {
                key: key.to_string(),
                text: c.text(key).to_string(),
            })
            .collect()
    }
}

impl MoveProblem {
    fn text_key(self) -> &'static str {
        match self {
            MoveProblem::BadSquare | MoveProblem::OffBoard => "error.off_board",
            MoveProblem::NoPiece => "error.no_piece",
            MoveProblem::NotYourPiece => "error.not_your_piece",
            MoveProblem::NotInLine => "error.not_in_line",
            MoveProblem::Blocked => "error.blocked",
            MoveProblem::Restricted => "error.restricted",
            MoveProblem::GameOver => "error.game_over",
        }
    }
}

/// The first language of the device's preferences that the app speaks.
#[uniffi::export]
pub fn language_for_locales(tags: Vec<String>) -> Language {
    Language::from_tags(tags)
}

/// The colours, sizes and motion of the board and the app for a theme.
#[uniffi::export]
pub fn look(theme: look::Theme, colour_blind: bool) -> look::Look {
    look::look(theme, colour_blind)
}

impl From<GameStatus> for Status {
    fn from(s: GameStatus) -> Status {
        match s {
            GameStatus::Ongoing => Status::Ongoing,
            GameStatus::Won { winner, reason } => Status::Over(Outcome::Win {
                winner: winner.into(),
                reason: reason.into(),
            }),
            GameStatus::Drawn {
                reason: DrawReason::MoveLimit,
            } => Status::Over(Outcome::Draw {
                reason: crate::game::DrawReason::MoveLimit,
            }),
            GameStatus::Drawn {
                reason: DrawReason::Repetition,
            } => Status::Over(Outcome::Draw {
                reason: crate::game::DrawReason::Repetition,
            }),
        }
    }
}

impl From<WinReason> for crate::game::WinReason {
    fn from(r: WinReason) -> crate::game::WinReason {
        use crate::game::WinReason as W;
        match r {
            WinReason::KingEscaped => W::KingEscaped,
            WinReason::KingCaptured => W::KingCaptured,
            WinReason::ExitFort => W::ExitFort,
            WinReason::Encircled => W::Encircled,
            WinReason::Repetition => W::Repetition,
            WinReason::NoMoves => W::NoMoves,
            WinReason::Resignation => W::Resignation,
        }
    }
}
