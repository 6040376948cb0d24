//! Sentences built from the engine's values, in the catalog's language.

use crate::ai::verdicts::{Reason, Tally, Verdict};
use crate::engine::bits::{Bits, Square};
use crate::engine::explain::{Capture, CaptureKind};
use crate::engine::game::{DrawReason, MoveError, Outcome, WinReason};
use crate::engine::mode::{Level, Mode};
use crate::engine::movegen::Move;
use crate::engine::notation::{format_move, square_name};
use crate::engine::position::{Piece, Side};
use crate::engine::session::{Mover, Refusal, SessionError, Turn};
use crate::engine::variant::{Escape, Geometry, Repetition, Variant, VariantKind};

use super::catalog::Catalog;

/// Declares the fixed texts: each variant names one key of the text files.
macro_rules! labels {
    ($($(#[$doc:meta])* $name:ident => $key:literal,)*) => {
        /// A text that takes no values: a button, a title, a fixed message.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Label {
            $($(#[$doc])* $name,)*
        }

        impl Label {
            pub const ALL: &'static [Label] = &[$(Label::$name,)*];

            /// The key of the text files.
            pub const fn key(self) -> &'static str {
                match self {
                    $(Label::$name => $key,)*
                }
            }
        }
    };
}

labels! {
    AppName => "app.name",
    /// What the phone shows when the core itself cannot load (from its own resources).
    AppCannotStart => "app.cannot_start",
    StartResume => "start.resume",
    StartNewGame => "start.new_game",
    StartGame => "start.game",
    StartOpponent => "start.opponent",
    StartVsComputer => "start.vs_computer",
    StartTwoPlayers => "start.two_players",
    StartLevel => "start.level",
    StartYourSide => "start.your_side",
    StartStart => "start.start",
    StartRecords => "start.records",
    StartRules => "start.rules",
    StartHistory => "start.history",
    StartImport => "start.import",
    StartSettings => "start.settings",
    StartConfirmNewGame => "start.confirm_new_game",
    StartConfirm => "start.confirm",
    SettingsSound => "settings.sound",
    SettingsHaptics => "settings.haptics",
    SettingsColourBlind => "settings.colour_blind",
    SettingsThreats => "settings.threats",
    SettingsThreatsHint => "settings.threats_hint",
    ActionBack => "action.back",
    ActionOk => "action.ok",
    ActionCancel => "action.cancel",
    ActionMenu => "action.menu",
    ActionUndo => "action.undo",
    ActionResign => "action.resign",
    ActionHint => "action.hint",
    ActionPlayAgain => "action.play_again",
    ActionShare => "action.share",
    ActionReview => "action.review",
    TurnThinking => "turn.thinking",
    TurnHintThinking => "turn.hint_thinking",
    WarnRepetition => "warn.repetition",
    ResignTitle => "resign.title",
    ResignConfirm => "resign.confirm",
    HintUsed => "hint.used",
    EndingRing => "ending.ring",
    EndingFort => "ending.fort",
    RecordsTitle => "records.title",
    RecordsNone => "records.none",
    RecordsWins => "records.wins",
    RecordsLosses => "records.losses",
    RecordsDraws => "records.draws",
    HistoryTitle => "history.title",
    HistoryNone => "history.none",
    ReviewTitle => "review.title",
    ReviewFirst => "review.first",
    ReviewPrevious => "review.previous",
    ReviewNext => "review.next",
    ReviewLast => "review.last",
    ReviewStartPosition => "review.start_position",
    ReviewAnalyse => "review.analyse",
    ReviewCancelAnalysis => "review.cancel_analysis",
    ReviewChart => "review.chart",
    ReviewMistakes => "review.mistakes",
    ReviewNoMistakes => "review.no_mistakes",
    ImportTitle => "import.title",
    ImportPaste => "import.paste",
    ImportButton => "import.button",
    ImportEmpty => "import.empty",
    RulesTitle => "rules.title",
    RulesAppHints => "rules.app_hints",
    NoticeDataReset => "notice.data_reset",
    NoticeStorageFailed => "notice.storage_failed",
    SettingsCoordinates => "settings.coordinates",
    SettingsFaceToFace => "settings.face_to_face",
    SettingsFaceToFaceHint => "settings.face_to_face_hint",
    GameMoves => "game.moves",
}

/// What a screen reader says about a square beyond its name and piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SquareState {
    Selected,
    Target,
    LastMove,
    Captured,
    Escape,
    OpenLine,
    Restricted,
    Hint,
    Refutation,
    Threatened,
    EscapeRoute,
    Ending,
}

impl SquareState {
    const fn key(self) -> &'static str {
        match self {
            SquareState::Selected => "state.selected",
            SquareState::Target => "state.target",
            SquareState::LastMove => "state.last_move",
            SquareState::Captured => "state.captured",
            SquareState::Escape => "state.escape",
            SquareState::OpenLine => "state.open_line",
            SquareState::Restricted => "state.restricted",
            SquareState::Hint => "state.hint",
            SquareState::Refutation => "state.refutation",
            SquareState::Threatened => "state.threatened",
            SquareState::EscapeRoute => "state.escape_route",
            SquareState::Ending => "state.ending",
        }
    }
}

/// A chance from 0 to 1 as a whole percentage.
/// A judged move as its words need it (see [`Catalog::verdict_explained`]).
#[derive(Clone, Copy, Debug)]
pub struct JudgedMove<'a> {
    /// The move's number, 1 for the first.
    pub ply: usize,
    /// The move in notation, captures included.
    pub notation: &'a str,
    pub mover: Side,
    pub verdict: Verdict,
    /// The engine's move in notation, when it had another.
    pub better: Option<&'a str>,
    pub why: &'a [Reason],
}

/// The text with its first letter in capitals, unless it starts with a square (`b3-b2`).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.clone().next()) {
        (Some(first), Some(second)) if !second.is_ascii_digit() => {
            first.to_uppercase().chain(chars).collect()
        }
        _ => text.to_string(),
    }
}

fn percent(chance: f64) -> String {
    let p = if chance.is_finite() {
        (chance.clamp(0.0, 1.0) * 100.0).round()
    } else {
        50.0
    };
    format!("{p:.0}")
}

impl Catalog {
    pub fn label(&self, label: Label) -> &'static str {
        self.text(label.key())
    }

    pub fn variant(&self, kind: VariantKind) -> &'static str {
        self.text(match kind {
            VariantKind::Copenhagen => "variant.copenhagen",
            VariantKind::Brandubh => "variant.brandubh",
            VariantKind::Tablut => "variant.tablut",
            VariantKind::Fetlar => "variant.fetlar",
            VariantKind::SeaBattle => "variant.sea_battle",
            VariantKind::Tawlbwrdd => "variant.tawlbwrdd",
            VariantKind::ArdRi => "variant.ard_ri",
            VariantKind::Hnefatafl11 => "variant.hnefatafl_11",
            VariantKind::Hnefatafl13 => "variant.hnefatafl_13",
            VariantKind::KingsTable9 => "variant.kings_table_9",
            VariantKind::KingsTable11 => "variant.kings_table_11",
            VariantKind::AleaEvangelii => "variant.alea_evangelii",
            VariantKind::TablutCorners => "variant.tablut_corners",
        })
    }

    /// A line on the game for the game picker.
    pub fn variant_summary(&self, kind: VariantKind) -> &'static str {
        self.text(&format!("summary.{}", kind.name().replace('-', "_")))
    }

    /// The warning that a repetition looms, as the game's rule makes it lose: for the defenders,
    /// or for whichever side brings it about.
    pub fn repetition_warning(&self, rule: Repetition) -> &'static str {
        match rule {
            Repetition::MoverLoses => self.text("warn.repetition_mover"),
            _ => self.text("warn.repetition"),
        }
    }

    /// "About these games": the title, then the paragraphs.
    pub fn about(&self) -> (&'static str, Vec<&'static str>) {
        (
            self.text("about.title"),
            ["family", "names", "finds", "linnaeus", "today"]
                .map(|part| self.text(&format!("about.{part}")))
                .to_vec(),
        )
    }

    /// "11 × 11", from the board's size.
    pub fn board_size(&self, variant: &Variant) -> String {
        let size = variant.size().to_string();
        self.fill("variant.board_size", &[("size", &size)])
    }

    pub fn level(&self, level: Level) -> &'static str {
        self.text(match level {
            Level::Easy => "level.easy",
            Level::Normal => "level.normal",
            Level::Hard => "level.hard",
        })
    }

    /// What playing against a level is like, in a sentence or two for the start screen.
    pub fn level_about(&self, level: Level) -> &'static str {
        self.text(match level {
            Level::Easy => "level_about.easy",
            Level::Normal => "level_about.normal",
            Level::Hard => "level_about.hard",
        })
    }

    /// The side's name as a title: "Attackers".
    pub fn side(&self, side: Side) -> &'static str {
        self.text(match side {
            Side::Attackers => "side.attackers",
            Side::Defenders => "side.defenders",
        })
    }

    /// The side's name inside a sentence: "the attackers".
    pub fn side_noun(&self, side: Side) -> &'static str {
        self.text(match side {
            Side::Attackers => "side.attackers.noun",
            Side::Defenders => "side.defenders.noun",
        })
    }

    /// The side's name where German wants the dative ("mit den Angreifern"): the same as
    /// [`Catalog::side_noun`] in English and French.
    pub fn side_dative(&self, side: Side) -> &'static str {
        self.text(match side {
            Side::Attackers => "side.attackers.dative",
            Side::Defenders => "side.defenders.dative",
        })
    }

    /// The choice of side before a game: "Defenders and king".
    pub fn play_side(&self, side: Side) -> &'static str {
        self.text(match side {
            Side::Attackers => "side.play_attackers",
            Side::Defenders => "side.play_defenders",
        })
    }

    pub fn piece(&self, piece: Option<Piece>) -> &'static str {
        self.text(match piece {
            Some(Piece::Attacker) => "piece.attacker",
            Some(Piece::Defender) => "piece.defender",
            Some(Piece::King) => "piece.king",
            None => "piece.none",
        })
    }

    pub fn engine_version(&self, version: &str) -> String {
        self.fill("start.engine_version", &[("version", version)])
    }

    /// What the bar above the board says: whose turn, the computer thinking, or the result.
    pub fn turn_bar(&self, turn: Turn, mode: Mode, thinking: bool, draw_limit: u16) -> String {
        let side_args = |side: Side| [("side", self.side_noun(side))];
        match turn {
            Turn::SideToMove(side) => self.fill("turn.side_to_move", &side_args(side)),
            Turn::YourMove(side) => self.fill("turn.your_move", &side_args(side)),
            Turn::ComputerToMove(_) if thinking => self.text("turn.thinking").to_string(),
            Turn::ComputerToMove(side) => self.fill("turn.computer_to_move", &side_args(side)),
            Turn::Over(outcome) => self.result(outcome, mode, draw_limit),
        }
    }

    /// The result and why: "You win: the king escaped".
    pub fn result(&self, outcome: Outcome, mode: Mode, draw_limit: u16) -> String {
        match outcome {
            Outcome::Draw {
                reason: DrawReason::MoveLimit,
            } => self.fill(
                "result.draw_move_limit",
                &[("limit", &draw_limit.to_string())],
            ),
            Outcome::Draw {
                reason: DrawReason::Repetition,
            } => self.text("result.draw_repetition").to_string(),
            Outcome::Win { winner, reason } => {
                let who = match mode {
                    Mode::VsComputer { human, .. } if human == winner => {
                        self.text("result.you_win").to_string()
                    }
                    Mode::VsComputer { .. } => self.text("result.computer_wins").to_string(),
                    Mode::TwoPlayers => {
                        self.fill("result.side_wins", &[("side", self.side_noun(winner))])
                    }
                };
                let why = self.why(winner, reason);
                self.fill("result.with_reason", &[("who", &who), ("why", &why)])
            }
        }
    }

    /// Why `winner` won, without who: "the king escaped".
    pub fn why(&self, winner: Side, reason: WinReason) -> String {
        let loser = [("side", self.side_noun(winner.other()))];
        match reason {
            WinReason::KingEscaped => self.text("why.king_escaped").to_string(),
            WinReason::KingCaptured => self.text("why.king_captured").to_string(),
            WinReason::ExitFort => self.text("why.exit_fort").to_string(),
            WinReason::Encircled => self.text("why.encircled").to_string(),
            WinReason::Repetition => self.text("why.repetition").to_string(),
            WinReason::NoMoves => self.fill("why.no_moves", &loser),
            WinReason::Resignation => self.fill("why.resigned", &loser),
            WinReason::Time => self.fill("why.time", &loser),
        }
    }

    pub fn mover(&self, mover: Mover) -> &'static str {
        self.text(match mover {
            Mover::You => "mover.you",
            Mover::Computer => "mover.computer",
            Mover::Side(Side::Attackers) => "mover.attackers",
            Mover::Side(Side::Defenders) => "mover.defenders",
        })
    }

    /// The last move in notation with who made it: "Computer: d1-d3, takes e2".
    pub fn move_line(&self, g: &Geometry, mover: Mover, mv: Move, captures: &[Capture]) -> String {
        let notation = format_move(g, mv, crate::engine::bits::Bits::EMPTY);
        let mover = self.mover(mover);
        let taken: Vec<String> = captures
            .iter()
            .filter(|c| !c.kind.is_king())
            .map(|c| square_name(g, c.square))
            .collect();
        let king = captures.iter().any(|c| c.kind.is_king());
        if king {
            self.fill("move.takes_king", &[("mover", mover), ("move", &notation)])
        } else if taken.is_empty() {
            self.fill("move.plain", &[("mover", mover), ("move", &notation)])
        } else {
            let squares = self.list(&taken);
            self.fill(
                "move.takes",
                &[("mover", mover), ("move", &notation), ("squares", &squares)],
            )
        }
    }

    /// The last move in words, for screen readers.
    pub fn announce_move(
        &self,
        g: &Geometry,
        mover: Mover,
        piece: Piece,
        mv: Move,
        captures: &[Capture],
    ) -> String {
        let (from, to) = (square_name(g, mv.from), square_name(g, mv.to));
        let mut out = self.fill(
            "announce.move",
            &[
                ("mover", self.mover(mover)),
                ("piece", self.piece(Some(piece))),
                ("from", &from),
                ("to", &to),
            ],
        );
        let taken: Vec<String> = captures
            .iter()
            .filter(|c| !c.kind.is_king())
            .map(|c| square_name(g, c.square))
            .collect();
        if !taken.is_empty() {
            out.push(' ');
            let squares = self.list(&taken);
            out.push_str(&self.count(
                "announce.takes",
                taken.len() as u64,
                &[("squares", &squares)],
            ));
        }
        if captures.iter().any(|c| c.kind.is_king()) {
            out.push(' ');
            out.push_str(self.text("announce.king_taken"));
        }
        out
    }

    /// Why one piece was taken: "e2: taken against the throne."
    pub fn capture(&self, g: &Geometry, capture: &Capture) -> String {
        let square = square_name(g, capture.square);
        let key = match capture.kind {
            CaptureKind::BetweenTwo => "capture.between_two",
            CaptureKind::AgainstThrone => "capture.against_throne",
            CaptureKind::AgainstCorner => "capture.against_corner",
            CaptureKind::ShieldWall => "capture.shield_wall",
            CaptureKind::KingByFour => "capture.king_by_four",
            CaptureKind::KingByThreeAndThrone => "capture.king_by_three_and_throne",
            CaptureKind::KingByTwo => "capture.king_by_two",
            CaptureKind::KingAgainstCorner => "capture.king_against_corner",
            CaptureKind::KingAgainstEdge => "capture.king_against_edge",
            CaptureKind::KingWithGuards => "capture.king_with_guards",
        };
        self.fill(key, &[("square", &square)])
    }

    /// The warning about the king's free paths, when he has any.
    pub fn open_lines(&self, kind: VariantKind, count: u32) -> Option<String> {
        let n = count.to_string();
        let args = [("count", n.as_str())];
        let corners = kind.data().escape == Escape::Corners;
        match (kind, count, corners) {
            (_, 0, _) => None,
            (VariantKind::Tablut, 1, _) => Some(self.text("warn.raichi").to_string()),
            (VariantKind::Tablut, _, _) => Some(self.fill("warn.tuichi", &args)),
            (VariantKind::TablutCorners, 1, _) => Some(self.text("warn.raichi_corner").to_string()),
            (VariantKind::TablutCorners, _, _) => Some(self.fill("warn.tuichi_corners", &args)),
            (_, 1, true) => Some(self.text("warn.open_line_corner").to_string()),
            (_, _, true) => Some(self.fill("warn.open_lines_corners", &args)),
            (_, 1, false) => Some(self.text("warn.open_line_edge").to_string()),
            (_, _, false) => Some(self.fill("warn.open_lines_edge", &args)),
        }
    }

    /// "12 moves left before a draw."
    pub fn draw_countdown(&self, plies_left: u32) -> String {
        self.count("warn.draw_in", u64::from(plies_left), &[])
    }

    /// What the resignation dialog says will happen.
    pub fn resign_text(&self, mode: Mode, side_to_move: Side) -> String {
        match mode {
            Mode::VsComputer { .. } => self.text("resign.text_vs_computer").to_string(),
            Mode::TwoPlayers => self.fill(
                "resign.text_two_players",
                &[("side", self.side_noun(side_to_move))],
            ),
        }
    }

    /// "Hint: d1-d3".
    pub fn hint_line(&self, g: &Geometry, mv: Move) -> String {
        let notation = format_move(g, mv, crate::engine::bits::Bits::EMPTY);
        self.fill("hint.move", &[("move", &notation)])
    }

    /// The hint in words, for screen readers.
    pub fn hint_announce(&self, g: &Geometry, piece: Piece, mv: Move) -> String {
        let (from, to) = (square_name(g, mv.from), square_name(g, mv.to));
        self.fill(
            "hint.announce",
            &[
                ("piece", self.piece(Some(piece))),
                ("from", &from),
                ("to", &to),
            ],
        )
    }

    pub fn hints_used(&self, count: u32) -> String {
        self.count("hint.used_count", u64::from(count), &[])
    }

    /// Why a piece cannot be picked up. `thinking`: the computer's search is running.
    pub fn refusal(&self, refusal: Refusal, thinking: bool) -> String {
        match refusal {
            Refusal::Empty => self.text("refuse.empty").to_string(),
            Refusal::NotYourPiece(owner) => self.fill(
                "refuse.not_your_piece",
                &[("side", self.side_dative(owner))],
            ),
            Refusal::Blocked => self.text("refuse.blocked").to_string(),
            Refusal::ComputerToMove if thinking => {
                self.text("refuse.computer_thinking").to_string()
            }
            Refusal::ComputerToMove => self.text("refuse.computer_turn").to_string(),
            Refusal::GameOver => self.text("refuse.game_over").to_string(),
        }
    }

    /// "3 attackers taken": the pieces a side has lost.
    pub fn taken(&self, side: Side, count: u32) -> String {
        let key = match side {
            Side::Attackers => "game.taken_attackers",
            Side::Defenders => "game.taken_defenders",
        };
        self.count(key, u64::from(count), &[])
    }

    /// The board as a whole, for screen readers.
    pub fn board_label(&self, size: u8) -> String {
        self.fill("a11y.board", &[("size", &size.to_string())])
    }

    /// A game's starting position as a whole, for screen readers (the rules page's diagram).
    pub fn start_diagram_label(
        &self,
        kind: VariantKind,
        attackers: usize,
        defenders: usize,
    ) -> String {
        self.fill(
            "a11y.start_diagram",
            &[
                ("game", self.variant(kind)),
                ("attackers", &attackers.to_string()),
                ("defenders", &defenders.to_string()),
            ],
        )
    }

    /// A square for screen readers: "f6, king, selected, last move".
    pub fn square_label(
        &self,
        g: &Geometry,
        sq: Square,
        piece: Option<Piece>,
        states: &[SquareState],
    ) -> String {
        let name = square_name(g, sq);
        let head = self.fill(
            "a11y.square",
            &[("square", &name), ("piece", self.piece(piece))],
        );
        let mut parts = vec![head];
        parts.extend(states.iter().map(|s| self.text(s.key()).to_string()));
        self.join(&parts)
    }

    /// A row of the records: "Hard, playing the defenders".
    pub fn record_row(&self, level: Level, side: Side) -> String {
        self.fill(
            "records.row",
            &[
                ("level", self.level(level)),
                ("side", self.side_dative(side)),
            ],
        )
    }

    /// A calendar date, given as days since 1970-01-01: "1 Dec 2026".
    pub fn date(&self, days_since_epoch: i64) -> String {
        let (year, month, day) = civil_from_days(days_since_epoch);
        self.fill(
            "date.format",
            &[
                ("day", &day.to_string()),
                ("month", self.text(&format!("month.{month}"))),
                ("year", &year.to_string()),
            ],
        )
    }

    /// A day as the history names it: "Today", "Yesterday", or its date. Days are counted
    /// from 1970-01-01 in the device's time zone.
    pub fn day(&self, day: i64, today: i64) -> String {
        match today - day {
            0 => self.text("date.today").to_string(),
            1 => self.text("date.yesterday").to_string(),
            _ => self.date(day),
        }
    }

    /// Who the game was against: "Computer (Hard)" or "Two players".
    pub fn opponent(&self, mode: Mode) -> String {
        match mode {
            Mode::TwoPlayers => self.text("history.two_players").to_string(),
            Mode::VsComputer { level, .. } => {
                self.fill("history.vs_level", &[("level", self.level(level))])
            }
        }
    }

    /// "as the defenders", against the computer.
    pub fn as_side(&self, side: Side) -> String {
        self.fill("history.as_side", &[("side", self.side_dative(side))])
    }

    /// The result in a list: won, lost or drawn for the person, or which side won.
    pub fn short_result(&self, mode: Mode, outcome: Outcome) -> &'static str {
        self.text(match (mode, outcome) {
            (_, Outcome::Draw { .. }) => "history.drawn",
            (Mode::VsComputer { human, .. }, Outcome::Win { winner, .. }) if human == winner => {
                "history.won"
            }
            (Mode::VsComputer { .. }, Outcome::Win { .. }) => "history.lost",
            (
                Mode::TwoPlayers,
                Outcome::Win {
                    winner: Side::Attackers,
                    ..
                },
            ) => "history.attackers_won",
            (
                Mode::TwoPlayers,
                Outcome::Win {
                    winner: Side::Defenders,
                    ..
                },
            ) => "history.defenders_won",
        })
    }

    /// "42 moves".
    pub fn game_length(&self, plies: u32) -> String {
        self.count("history.length", u64::from(plies), &[])
    }

    /// "Move 12 of 80", or the starting position at ply 0.
    pub fn review_position(&self, ply: u32, total: u32) -> String {
        if ply == 0 {
            return self.text("review.start_position").to_string();
        }
        self.fill(
            "review.position",
            &[("ply", &ply.to_string()), ("total", &total.to_string())],
        )
    }

    pub fn analysing(&self, progress: f64) -> String {
        self.fill("review.analysing", &[("percent", &percent(progress))])
    }

    /// The chart's value after a move (or at the start), for screen readers.
    pub fn chart_point(&self, ply: u32, defenders_chance: f64) -> String {
        if ply == 0 {
            return self.fill(
                "review.chart_start",
                &[("percent", &percent(defenders_chance))],
            );
        }
        self.fill(
            "review.chart_point",
            &[
                ("ply", &ply.to_string()),
                ("percent", &percent(defenders_chance)),
            ],
        )
    }

    /// "Defenders 63%".
    pub fn chance(&self, defenders_chance: f64) -> String {
        self.fill("review.chance", &[("percent", &percent(defenders_chance))])
    }

    /// One of the biggest swings: the mover's chance before and after the move.
    pub fn mistake(
        &self,
        ply: u32,
        notation: &str,
        mover: Side,
        before: f64,
        after: f64,
    ) -> String {
        self.fill(
            "review.mistake",
            &[
                ("ply", &ply.to_string()),
                ("move", notation),
                ("side", self.side_noun(mover)),
                ("before", &percent(before)),
                ("after", &percent(after)),
            ],
        )
    }

    pub fn better_move(&self, notation: &str) -> String {
        self.fill("review.better", &[("move", notation)])
    }

    /// The name of a verdict, for the ones the review marks (a good move has none).
    pub fn verdict(&self, verdict: Verdict) -> Option<&'static str> {
        let key = match verdict {
            Verdict::OnlyMove => "verdict.only_move",
            Verdict::Best => "verdict.best",
            Verdict::Good => return None,
            Verdict::Inaccuracy => "verdict.inaccuracy",
            Verdict::Mistake => "verdict.mistake",
            Verdict::Blunder => "verdict.blunder",
        };
        Some(self.text(key))
    }

    /// One side's verdicts counted, every kind even when none: "Attackers: 12 best moves,
    /// 1 only move, 2 inaccuracies, 0 mistakes and 1 blunder". `tafl analyse` prints this line:
    /// its five counts always in the same order, since scripts read them.
    pub fn verdict_summary(&self, side: Side, tally: &Tally) -> String {
        self.verdict_counts(side, tally, |_| true)
    }

    /// One side's verdicts counted as the review shows them, only the kinds it has: "Attackers:
    /// 12 best moves and 1 blunder"; a side with none of them is said in words alone
    /// ("Defenders: no best moves and no errors"), not as a row of zeros.
    pub fn verdict_summary_shown(&self, side: Side, tally: &Tally) -> String {
        if [
            tally.best,
            tally.only_moves,
            tally.inaccuracies,
            tally.mistakes,
            tally.blunders,
        ]
        .iter()
        .all(|&n| n == 0)
        {
            return self.fill("verdict.summary_none", &[("side", self.side_noun(side))]);
        }
        self.verdict_counts(side, tally, |n| n > 0)
    }

    /// "{Side}: {counts}" with the kinds whose count `keep` accepts, in the verdicts' order.
    fn verdict_counts(&self, side: Side, tally: &Tally, keep: impl Fn(u32) -> bool) -> String {
        let counts: Vec<String> = [
            ("verdict.count_best", tally.best),
            ("verdict.count_only", tally.only_moves),
            ("verdict.count_inaccuracy", tally.inaccuracies),
            ("verdict.count_mistake", tally.mistakes),
            ("verdict.count_blunder", tally.blunders),
        ]
        .into_iter()
        .filter(|&(_, n)| keep(n))
        .map(|(key, n)| self.count(key, u64::from(n), &[]))
        .collect();
        self.fill(
            "verdict.summary",
            &[
                ("side", self.side_noun(side)),
                ("counts", &self.list(&counts)),
            ],
        )
    }

    /// An error and the better move: "Move 9, d1-f1: Blunder. Better: e1-e2."
    pub fn verdict_line(
        &self,
        ply: usize,
        notation: &str,
        verdict: Verdict,
        better: &str,
    ) -> String {
        self.fill(
            "verdict.line",
            &[
                ("ply", &ply.to_string()),
                ("move", notation),
                ("verdict", self.verdict(verdict).unwrap_or_default()),
                ("better", better),
            ],
        )
    }

    /// A move's verdict in a sentence, as the review's list and `tafl analyse` give it: for an
    /// error the better move and why ("Move 9, d1-f1: Blunder. Better: e1-e2. It let the
    /// defenders win on the next move (...)."), for a best or only move its name ("Move 12,
    /// d1-d3: Only move."). A good move has no verdict to say.
    pub fn verdict_explained(&self, g: &Geometry, judged: &JudgedMove<'_>) -> Option<String> {
        let name = self.verdict(judged.verdict)?;
        let ply = judged.ply.to_string();
        let Some(better) = judged.better.filter(|_| judged.verdict.is_error()) else {
            return Some(self.fill(
                "verdict.line_plain",
                &[("ply", &ply), ("move", judged.notation), ("verdict", name)],
            ));
        };
        let mut line = self.verdict_line(judged.ply, judged.notation, judged.verdict, better);
        let reasons: Vec<String> = judged
            .why
            .iter()
            .map(|r| self.verdict_reason(g, judged.mover, r, better))
            .collect();
        if !reasons.is_empty() {
            line.push(' ');
            line.push_str(&capitalised(&reasons.join("; ")));
            line.push('.');
        }
        Some(line)
    }

    /// The chart's value at a position whose move earned a verdict: "After move 9: defenders
    /// 71%. Blunder".
    pub fn chart_mark(&self, point: &str, verdict: Verdict) -> String {
        match self.verdict(verdict) {
            Some(name) => self.fill("verdict.chart_mark", &[("point", point), ("verdict", name)]),
            None => point.to_string(),
        }
    }

    /// What a move of `mover`'s did wrong, against the better move (`better`, in notation).
    pub fn verdict_reason(
        &self,
        g: &Geometry,
        mover: Side,
        reason: &Reason,
        better: &str,
    ) -> String {
        let squares = |bits: Bits| -> (u64, String) {
            let names: Vec<String> = bits.iter().map(|sq| square_name(g, sq)).collect();
            (names.len() as u64, self.list(&names))
        };
        match *reason {
            Reason::MissedWin(why) => self.fill(
                "verdict.missed_win",
                &[("move", better), ("why", &self.why(mover, why))],
            ),
            Reason::AllowedWin(why) => self.fill(
                "verdict.allowed_win",
                &[
                    ("side", self.side_noun(mover.other())),
                    ("why", &self.why(mover.other(), why)),
                ],
            ),
            Reason::MissedCapture(bits) => {
                let (n, names) = squares(bits);
                self.count(
                    "verdict.missed_capture",
                    n,
                    &[("move", better), ("squares", &names)],
                )
            }
            Reason::LeftToBeTaken(bits) => {
                let (n, names) = squares(bits);
                self.count("verdict.left_to_be_taken", n, &[("squares", &names)])
            }
            Reason::OpenedEscape(bits) => {
                let (n, names) = squares(bits);
                self.count("verdict.opened_escape", n, &[("squares", &names)])
            }
        }
    }

    /// Why a move of an imported game cannot be played.
    /// Why the session refused a move or an undo.
    pub fn session_error(&self, error: SessionError) -> &'static str {
        match error {
            SessionError::Move(e) => self.move_error(e),
            SessionError::NotYourTurn => self.text("error.not_your_turn"),
            SessionError::NothingToUndo => self.text("error.nothing_to_undo"),
        }
    }

    pub fn move_error(&self, error: MoveError) -> &'static str {
        self.text(match error {
            MoveError::GameOver => "error.game_over",
            MoveError::OffBoard => "error.off_board",
            MoveError::NoPiece(_) => "error.no_piece",
            MoveError::NotYourPiece(_) => "error.not_your_piece",
            MoveError::NotInLine => "error.not_in_line",
            MoveError::Blocked(_) => "error.blocked",
            MoveError::Restricted(_) => "error.restricted",
            MoveError::TooFar(_) => "error.too_far",
        })
    }

    pub fn import_bad_record(&self, reason: &str) -> String {
        self.fill("import.bad_record", &[("reason", reason)])
    }

    pub fn import_bad_move(&self, ply: usize, notation: &str, error: MoveError) -> String {
        self.fill(
            "import.bad_move",
            &[
                ("ply", &ply.to_string()),
                ("move", notation),
                ("reason", self.move_error(error)),
            ],
        )
    }

    pub fn import_bad_captures(&self, ply: usize, notation: &str) -> String {
        self.fill(
            "import.bad_captures",
            &[("ply", &ply.to_string()), ("move", notation)],
        )
    }

    /// The rules of a game as paragraphs, with the numbers of its variant data; a game whose
    /// sources left something open ends with where we had to choose, and why.
    pub fn rules(&self, variant: &Variant, exit_forts: bool) -> Vec<String> {
        // Text keys spell the variant's name with underscores.
        let name = variant.kind.name().replace('-', "_");
        let size = variant.size().to_string();
        let attackers = variant.attackers.count().to_string();
        let defenders = variant.defenders.count().to_string();
        let limit = variant.draw_plies.to_string();
        let args = [
            ("size", size.as_str()),
            ("attackers", attackers.as_str()),
            ("defenders", defenders.as_str()),
            ("limit", limit.as_str()),
        ];
        let mut paragraphs: Vec<String> =
            ["setup", "moves", "capture", "king", "win", "end", "choices"]
                .into_iter()
                .filter_map(|part| {
                    let key = format!("rules.{name}.{part}");
                    self.get(&key).map(|_| self.fill(&key, &args))
                })
                .collect();
        if variant.exit_forts && !exit_forts {
            paragraphs.push(self.text("rules.exit_forts_off").to_string());
        }
        paragraphs.push(self.text("rules.app_hints").to_string());
        paragraphs
    }
}

/// The proleptic Gregorian date (year, month 1-12, day 1-31) of a day count since 1970-01-01
/// (Howard Hinnant's civil-from-days algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_788), (2026, 12, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn percentages_are_whole_and_clamped() {
        assert_eq!(percent(0.634), "63");
        assert_eq!(percent(1.2), "100");
        assert_eq!(percent(f64::NAN), "50");
    }
}
