//! Every game as data. A game's rules are a [`Rules`] value with named fields (board, layout,
//! special squares and who may use them, how pieces and the king are taken, how the game ends);
//! the engine reads nothing else. [`VariantOf`] is the same rules compiled into bitboards of one
//! board width, which is what the engine's hot paths use.
//!
//! Each field's documentation names the games (and the sources, see `docs/variants.md`) that
//! use each of its values, and `core/tests/rule_fields.rs` holds, for every field, a test that
//! fails if the engine ignores it.

use std::num::NonZeroU8;
use std::sync::{LazyLock, Mutex};

use serde::{Deserialize, Serialize};

use crate::engine::bits::{Bits11, Bits13, Bits19, Square};
use crate::engine::board::BitBoard;
use crate::engine::geometry::{GeometryOf, parse_square};
use crate::engine::side::Side;

pub use crate::engine::geometry::Geometry;

/// Plies without a capture that draw a game, in every variant the app plays (RULES.md).
pub const DRAW_PLIES: u16 = 160;

/// Which game is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
// The apps know the games as `Variant` (the engine's `Variant` is a game's description).
#[cfg_attr(feature = "ffi", derive(uniffi::Enum), uniffi(name = "Variant"))]
#[serde(rename_all = "kebab-case")]
pub enum VariantKind {
    /// Copenhagen Hnefatafl, 11x11.
    Copenhagen,
    /// Brandubh, 7x7.
    Brandubh,
    /// Tablut, 9x9, after Linnaeus: the king escapes to the edge.
    Tablut,
    /// Fetlar Hnefatafl, 11x11 (the Fetlar Hnefatafl Panel's rules).
    Fetlar,
    /// Sea Battle, 9x9: edge escape, an unarmed king taken on four sides.
    #[serde(rename = "sea-battle")]
    SeaBattle,
    /// Tawlbwrdd, 11x11, the Welsh game: edge escape, a king taken by two.
    Tawlbwrdd,
    /// Ard Rí, 7x7, the Scottish game: pieces step one square, no throne, edge escape.
    #[serde(rename = "ard-ri")]
    ArdRi,
    /// Hnefatafl 11x11 with the reconstructed rules of the French tafl page (seed 001).
    #[serde(rename = "hnefatafl-11")]
    Hnefatafl11,
    /// Hnefatafl 13x13 with the same reconstructed rules (seed 001).
    #[serde(rename = "hnefatafl-13")]
    Hnefatafl13,
    /// The King's Table, 9x9, with the rules of the French rules page (seed 002): corners,
    /// a king taken by two except on or beside the throne.
    #[serde(rename = "kings-table-9")]
    KingsTable9,
    /// The King's Table, 11x11, the same rules on the larger board (seed 002).
    #[serde(rename = "kings-table-11")]
    KingsTable11,
    /// Alea Evangelii, 19x19, the Saxon game.
    #[serde(rename = "alea-evangelii")]
    AleaEvangelii,
    /// Tablut read with corner escape: Linnaeus's game, but the king must reach a corner.
    #[serde(rename = "tablut-corners")]
    TablutCorners,
}

impl VariantKind {
    /// Every game, in the order the apps list them.
    pub const ALL: [VariantKind; 13] = [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
        VariantKind::Fetlar,
        VariantKind::SeaBattle,
        VariantKind::Tawlbwrdd,
        VariantKind::ArdRi,
        VariantKind::Hnefatafl11,
        VariantKind::Hnefatafl13,
        VariantKind::KingsTable9,
        VariantKind::KingsTable11,
        VariantKind::AleaEvangelii,
        VariantKind::TablutCorners,
    ];

    /// The lowercase name used on command lines, in storage and in game records.
    pub const fn name(self) -> &'static str {
        match self {
            VariantKind::Copenhagen => "copenhagen",
            VariantKind::Brandubh => "brandubh",
            VariantKind::Tablut => "tablut",
            VariantKind::Fetlar => "fetlar",
            VariantKind::SeaBattle => "sea-battle",
            VariantKind::Tawlbwrdd => "tawlbwrdd",
            VariantKind::ArdRi => "ard-ri",
            VariantKind::Hnefatafl11 => "hnefatafl-11",
            VariantKind::Hnefatafl13 => "hnefatafl-13",
            VariantKind::KingsTable9 => "kings-table-9",
            VariantKind::KingsTable11 => "kings-table-11",
            VariantKind::AleaEvangelii => "alea-evangelii",
            VariantKind::TablutCorners => "tablut-corners",
        }
    }

    /// The name OpenTafl notation gives the game in a rules string (`name:`), spaces written
    /// as underscores.
    pub const fn otn_name(self) -> &'static str {
        match self {
            VariantKind::Copenhagen => "Copenhagen",
            VariantKind::Brandubh => "Brandubh",
            VariantKind::Tablut => "Tablut",
            VariantKind::Fetlar => "Fetlar",
            VariantKind::SeaBattle => "Sea_Battle",
            VariantKind::Tawlbwrdd => "Tawlbwrdd",
            VariantKind::ArdRi => "Ard_Ri",
            VariantKind::Hnefatafl11 => "Hnefatafl_11",
            VariantKind::Hnefatafl13 => "Hnefatafl_13",
            VariantKind::KingsTable9 => "Kings_Table_9",
            VariantKind::KingsTable11 => "Kings_Table_11",
            VariantKind::AleaEvangelii => "Alea_Evangelii",
            VariantKind::TablutCorners => "Tablut_Corners",
        }
    }

    pub fn parse(s: &str) -> Option<VariantKind> {
        VariantKind::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The variant's rules and layout, compiled for the widest board (what every layer above
    /// the engine uses).
    pub fn rules(self) -> &'static Variant {
        &WIDE[self as usize]
    }

    /// The variant's rules as plain data.
    pub fn data(self) -> &'static Rules {
        &RULES[self as usize]
    }

    /// The readings of this game that earlier versions of the app played, newest first, so
    /// that a game they saved still replays. Ard Rí: pieces that step one square and a king
    /// taken by two (2026-12-03), and before that rook moves and a king taken by two.
    pub fn former_rules(self) -> Vec<Rules> {
        match self {
            VariantKind::ArdRi => {
                let by_two = Rules {
                    king_strength: KingStrength::Weak,
                    ..self.data().clone()
                };
                let rook_moves = Rules {
                    reach: Reach::ANY,
                    ..by_two.clone()
                };
                vec![by_two, rook_moves]
            }
            _ => Vec::new(),
        }
    }
}

/// One value for each of the three kinds of piece: what a rule says about attackers,
/// defenders and the king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByPiece<T> {
    pub attackers: T,
    pub defenders: T,
    pub king: T,
}

impl<T: Copy> ByPiece<T> {
    /// The same value for every kind of piece.
    pub const fn all(value: T) -> ByPiece<T> {
        ByPiece {
            attackers: value,
            defenders: value,
            king: value,
        }
    }

    /// The value for this kind of piece.
    pub const fn of(self, piece: PieceClass) -> T {
        match piece {
            PieceClass::Attacker => self.attackers,
            PieceClass::Defender => self.defenders,
            PieceClass::King => self.king,
        }
    }
}

/// Which of the three kinds of piece a rule applies to.
pub type Pieces = ByPiece<bool>;

impl Pieces {
    pub const NONE: Pieces = Pieces::all(false);
    pub const ALL: Pieces = Pieces::all(true);
    pub const KING: Pieces = Pieces {
        king: true,
        ..Pieces::NONE
    };
    pub const ATTACKERS: Pieces = Pieces {
        attackers: true,
        ..Pieces::NONE
    };

    /// Whether the rule applies to this kind of piece.
    pub const fn has(self, piece: PieceClass) -> bool {
        self.of(piece)
    }
}

/// The three kinds of piece, as rules tell them apart.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PieceClass {
    Attacker = 0,
    Defender = 1,
    King = 2,
}

/// How many squares a piece may move in one turn, by kind of piece: `None` for any number
/// along its rank or file, like a chess rook (every game of ours but Ard Rí, whose pieces step
/// one square at a time). OpenTafl's `spd`.
pub type Reach = ByPiece<Option<NonZeroU8>>;

impl Reach {
    /// Every piece moves like a rook.
    pub const ANY: Reach = Reach::all(None);
    /// Every piece moves one square.
    pub const ONE: Reach = Reach::all(Some(NonZeroU8::MIN));
}

/// Where the king wins.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Escape {
    /// On one of the corner squares ([`Rules::corners`]): Copenhagen, Fetlar, Brandubh, the
    /// seeds' Hnefatafl and King's Table, Alea Evangelii, Tablut with corners.
    Corners,
    /// On any edge square: Tablut (Linnaeus), Sea Battle, Tawlbwrdd, Ard Rí.
    Edge,
}

/// Whether the king takes part in captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KingArmed {
    /// He captures by moving and is the far side of a trap (every game but Sea Battle).
    Yes,
    /// He captures by moving, but a trap cannot close against him (OpenTafl's `ka:h`; no game
    /// of ours).
    HammerOnly,
    /// He helps capture as the far side of a trap but takes nothing by moving (OpenTafl's
    /// `ka:a`; no game of ours).
    AnvilOnly,
    /// He never takes part in a capture: Sea Battle.
    No,
}

impl KingArmed {
    /// The king's own move can close a trap.
    pub const fn hammer(self) -> bool {
        matches!(self, KingArmed::Yes | KingArmed::HammerOnly)
    }

    /// A trap can close against the king.
    pub const fn anvil(self) -> bool {
        matches!(self, KingArmed::Yes | KingArmed::AnvilOnly)
    }
}

/// How the king is taken. An attacker's move must close the trap (a king who steps into one is
/// safe). "Hostile" squares for the king are the corners and the throne when the rules make
/// them hostile to him ([`Rules::corner_hostile`], [`Rules::empty_throne_hostile`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KingStrength {
    /// Like any piece: between two attackers, or an attacker and a hostile square, on a row or
    /// a column: Tawlbwrdd, Ard Rí.
    Weak,
    /// Like any piece, except on the throne (attackers on all four sides) or beside it (on the
    /// three other sides, the throne being the fourth): Brandubh, Tablut, Tablut with corners,
    /// the King's Table (seed 002).
    WeakAwayFromThrone,
    /// Attackers (or hostile squares) on all four sides; never on the edge: Copenhagen, Fetlar,
    /// Sea Battle, Alea Evangelii.
    Strong,
    /// Attackers or hostile squares on every side he has: four in the open, three on the edge,
    /// two beside a corner (OpenTafl's "middleweight" `ks:m`): the seed 001 Hnefatafl.
    StrongAgainstEdge,
}

/// Shield walls: a row of pieces along the edge, each with an enemy in front, taken at once when
/// an enemy move closes its ends (see RULES.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ShieldWalls {
    /// No shield walls (every game but Copenhagen).
    None,
    /// A corner may close one end: Copenhagen (OpenTafl's `sw:s`).
    CornersClose,
    /// Only pieces close the ends (OpenTafl's `sw:w`; no game of ours).
    CornersDoNotClose,
}

/// What happens when a position (pieces and side to move) occurs for the third time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// The defenders lose, whoever moved: Copenhagen ("perpetual repetition is a loss for
    /// white", white read as the king's side), Brandubh, Tablut and Tablut with corners, as
    /// RULES.md extends it.
    DefendersLose,
    /// The side whose move brought it about loses: Alea Evangelii (as OpenTafl plays `tfr:w`).
    MoverLoses,
    /// The side whose move brought it about wins (as OpenTafl plays `tfr:l`; no game of ours).
    MoverWins,
    /// A draw: Fetlar ("honours even"), Sea Battle, Tawlbwrdd, Ard Rí, the seeds' Hnefatafl
    /// and King's Table (our choice where the sources are silent; OpenTafl's default).
    Draw,
    /// Nothing happens (OpenTafl's `tfr:i`; no game of ours).
    Ignored,
}

/// One game's rules, as plain data.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rules {
    /// The board's side: 7 (Brandubh, Ard Rí), 9 (Tablut, Sea Battle, King's Table), 11
    /// (Copenhagen, Fetlar, Tawlbwrdd, Hnefatafl, King's Table), 13 (Hnefatafl), 19 (Alea
    /// Evangelii). Any side from 3 to 19 works.
    pub size: u8,
    /// The starting layout: attackers, defenders (without the king), and the king.
    pub attackers: Vec<Square>,
    pub defenders: Vec<Square>,
    pub king: Square,
    /// Who moves first: the attackers in every game of ours (OpenTafl's `atkf`).
    pub first: Side,
    /// How far a piece moves: like a rook in every game of ours but Ard Rí, where every piece
    /// steps one square (OpenTafl's `spd`).
    pub reach: Reach,
    /// Where the king wins (OpenTafl's `esc`).
    pub escape: Escape,
    /// The corner squares: the four corners (Copenhagen, Fetlar, Brandubh, the seeds'
    /// Hnefatafl and King's Table, Tablut with corners), the four 2x2 corner blocks (Alea
    /// Evangelii, as OpenTafl sets it), or none (Tablut, Sea Battle, Tawlbwrdd, Ard Rí)
    /// (OpenTafl's `cor`).
    pub corners: Vec<Square>,
    /// The throne, the king's starting square: the centre in most games; none in Sea Battle,
    /// Tawlbwrdd and Ard Rí (OpenTafl's `cen`).
    pub throne: Option<Square>,
    /// Who may stop on a corner: the king alone wherever there are corners (`cors`).
    pub corner_stop: Pieces,
    /// Who may pass over a corner: the king alone (`corp`; only matters for corner blocks).
    pub corner_pass: Pieces,
    /// Who may stop on the throne: the king alone (he may come back) in most games; nobody once
    /// he has left in Alea Evangelii (OpenTafl's `cens`).
    pub throne_stop: Pieces,
    /// Who may pass over the empty throne: every piece in every game of ours (`cenp`).
    pub throne_pass: Pieces,
    /// Whom a corner is hostile to (it closes a trap like an enemy piece): everybody wherever
    /// corners exist, except in Tablut with corners, where they stay ordinary squares for
    /// captures (`corh`).
    pub corner_hostile: Pieces,
    /// Whom the throne is hostile to while the king stands on it: the attackers (Copenhagen,
    /// Fetlar, Brandubh, Tablut and their kin); nobody in Alea Evangelii (`cenh`). With an
    /// armed king both read alike, since he is the far side of the trap himself.
    pub throne_hostile: Pieces,
    /// Whom the empty throne is hostile to: everybody (the king too, so that he is taken
    /// beside it with three attackers) in every game with a throne (`cenhe`).
    pub empty_throne_hostile: Pieces,
    /// Whether the king takes part in captures (OpenTafl's `ka`).
    pub king_armed: KingArmed,
    /// How the king is taken (OpenTafl's `ks`).
    pub king_strength: KingStrength,
    /// The king standing with other defenders next to him is taken only when the whole group
    /// is closed in (attackers, hostile squares or the edge all around it), as the reconstructed
    /// rules of seed 001 say. Not in OpenTafl notation (written `xkg:y`, see docs/variants.md).
    pub king_group: bool,
    /// Shield walls (OpenTafl's `sw`; a move onto the edge closes them, `swf:y`).
    pub shield_walls: ShieldWalls,
    /// The king wins in an exit fort on the edge: Copenhagen (OpenTafl's `efe`).
    pub exit_forts: bool,
    /// The attackers win by closing a ring around the king and all his defenders: Copenhagen,
    /// Brandubh, Sea Battle, Tawlbwrdd, Alea Evangelii (OpenTafl's `surf`, "surrounding
    /// fatal").
    pub encirclement: bool,
    /// A position occurring for the third time (OpenTafl's `tfr`, see [`Repetition`]).
    pub repetition: Repetition,
    /// Plies (each side's move counted separately) without a capture that draw the game; 0 for
    /// none. 160 in every game of ours (not in OpenTafl notation: `xdraw:160`).
    pub draw_plies: u16,
}

/// Options a player can choose for a game, on top of the variant's fixed rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RuleOptions {
    /// Detect exit forts (Copenhagen only; on by default).
    pub exit_forts: bool,
}

impl Default for RuleOptions {
    fn default() -> RuleOptions {
        RuleOptions { exit_forts: true }
    }
}

/// Why a set of rules cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RulesError {
    /// The board's side is outside 3 to 19.
    BoardSize(u8),
    /// A square of the layout or of a special-square list is not on the board.
    OffBoard,
    /// Two pieces of the layout on one square, or a piece where it may not stand.
    Layout(String),
    /// More different rule sets than one run of the program compiles.
    TooMany,
}

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulesError::BoardSize(n) => write!(f, "a board of side {n} (3 to 19 can be played)"),
            RulesError::OffBoard => f.write_str("a square off the board"),
            RulesError::Layout(why) => write!(f, "the starting layout: {why}"),
            RulesError::TooMany => write!(
                f,
                "more than {MAX_CUSTOM_RULES} different sets of rules in one run"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// A game's rules compiled into bitboards of one width, for the engine's hot paths.
#[derive(Debug)]
pub struct VariantOf<B: BitBoard> {
    pub kind: VariantKind,
    /// The rules as plain data.
    pub data: &'static Rules,
    pub geometry: GeometryOf<B>,
    /// Starting layout.
    pub attackers: B,
    pub defenders: B,
    pub king: Square,
    /// The throne (empty when the game has none).
    pub throne: B,
    /// The corner squares (empty when the game has none).
    pub corners: B,
    /// The squares next to the throne.
    beside_throne: B,
    /// Squares where a soldier of at least one side may not stop (the apps mark them).
    pub restricted: B,
    /// How far each kind of piece moves (by [`PieceClass`]; `None`: like a rook).
    reach: [Option<NonZeroU8>; 3],
    /// Squares each kind of piece may not stop on, and may not pass over (by [`PieceClass`]).
    no_stop: [B; 3],
    no_pass: [B; 3],
    has_gates: bool,
    only_king_on_throne: bool,
    /// Squares hostile to each kind of piece whatever stands on the throne (the corners).
    hostile_fixed: [B; 3],
    /// The throne's hostility to each kind of piece while occupied, and while empty.
    throne_hostile: [bool; 3],
    empty_throne_hostile: [bool; 3],
    /// Squares where the king wins.
    pub escape: B,
    /// Where the king escapes to corners: the squares that seal them when attackers hold them
    /// (b2, b3 and c2 around a1, one further out around a corner block), which the evaluation
    /// counts.
    pub corner_guards: B,
    pub king_armed: KingArmed,
    pub king_strength: KingStrength,
    pub king_group: bool,
    pub shield_walls: ShieldWalls,
    /// Whether the exit-fort rule exists in this game (it is then a player option).
    pub exit_forts: bool,
    pub encirclement: bool,
    pub repetition: Repetition,
    /// Whether the app warns of the king's open lines to the edge (raichi / tuichi).
    pub open_line_warnings: bool,
    /// Plies (each side's move counted separately) without a capture that draw the game.
    pub draw_plies: u16,
}

/// A game compiled for the widest board: what the layers above the engine use.
pub type Variant = VariantOf<Bits19>;

impl<B: BitBoard> VariantOf<B> {
    #[inline]
    pub fn size(&self) -> u8 {
        self.geometry.size
    }

    /// The squares next to the throne.
    #[inline]
    pub fn beside_throne(&self) -> B {
        self.beside_throne
    }

    /// The throne's square, if the game has one.
    #[inline]
    pub fn throne_square(&self) -> Option<Square> {
        self.throne.first()
    }

    /// How many squares `piece` may move at most (`None`: as far as its way is free).
    #[inline]
    pub fn reach(&self, piece: PieceClass) -> Option<NonZeroU8> {
        self.reach[piece as usize]
    }

    /// Squares `piece` may not stop on.
    #[inline]
    pub fn no_stop(&self, piece: PieceClass) -> B {
        self.no_stop[piece as usize]
    }

    /// Squares `piece` may not pass over.
    #[inline]
    pub fn no_pass(&self, piece: PieceClass) -> B {
        self.no_pass[piece as usize]
    }

    /// Whether the king is the only piece that may stop on the throne (so it is empty exactly
    /// when he is elsewhere).
    #[inline]
    pub fn only_king_on_throne(&self) -> bool {
        self.only_king_on_throne
    }

    /// Whether some piece may stop on a square it may not pass (its way then ends on it).
    #[inline]
    pub fn has_gates(&self) -> bool {
        self.has_gates
    }

    /// Squares hostile to `piece`, given whether the throne is empty.
    #[inline]
    pub fn hostile(&self, piece: PieceClass, throne_empty: bool) -> B {
        let i = piece as usize;
        let throne = if throne_empty {
            self.empty_throne_hostile[i]
        } else {
            self.throne_hostile[i]
        };
        if throne {
            self.hostile_fixed[i] | self.throne
        } else {
            self.hostile_fixed[i]
        }
    }

    /// Compiles rules that are not a preset's, for tests and tools: the variant lives as long as
    /// the program (its memory is never freed), so make few. Its games are searched and counted
    /// in the widest board width (only the presets are compiled in the narrower ones).
    pub fn leak(kind: VariantKind, rules: Rules) -> Result<&'static VariantOf<B>, RulesError> {
        let data: &'static Rules = Box::leak(Box::new(rules));
        Ok(Box::leak(Box::new(VariantOf::compile(kind, data)?)))
    }

    /// Whether this is the variant's preset (and not rules compiled by [`VariantOf::leak`]).
    pub fn is_preset(&self) -> bool {
        std::ptr::eq(self.data, self.kind.data())
    }

    /// Compiles `data` for this board width.
    pub fn compile(kind: VariantKind, data: &'static Rules) -> Result<VariantOf<B>, RulesError> {
        if !(3..=B::MAX_SIDE.min(crate::engine::bits::MAX_SIZE)).contains(&data.size) {
            return Err(RulesError::BoardSize(data.size));
        }
        let geometry = GeometryOf::<B>::new(data.size);
        let on_board = |sq: &Square| geometry.contains(*sq);
        let all_squares = data
            .attackers
            .iter()
            .chain(&data.defenders)
            .chain(std::iter::once(&data.king))
            .chain(&data.corners)
            .chain(data.throne.iter());
        if !all_squares.clone().all(on_board) {
            return Err(RulesError::OffBoard);
        }
        let set = |squares: &[Square]| squares.iter().copied().collect::<B>();
        let attackers = set(&data.attackers);
        let defenders = set(&data.defenders);
        let king = B::square(data.king);
        if attackers.count() as usize != data.attackers.len()
            || defenders.count() as usize != data.defenders.len()
            || (attackers & defenders).any()
            || ((attackers | defenders) & king).any()
        {
            return Err(RulesError::Layout("two pieces on one square".into()));
        }
        let corners = set(&data.corners);
        let throne = data.throne.map_or(B::EMPTY, B::square);
        let classes = [PieceClass::Attacker, PieceClass::Defender, PieceClass::King];
        let special = |stop: Pieces, squares: B, piece: PieceClass| {
            if stop.has(piece) { B::EMPTY } else { squares }
        };
        let no_stop = classes
            .map(|p| special(data.corner_stop, corners, p) | special(data.throne_stop, throne, p));
        let no_pass = classes
            .map(|p| special(data.corner_pass, corners, p) | special(data.throne_pass, throne, p));
        // Nobody starts on a square he may not stand on (the king on his throne excepted: he
        // starts there even where he may not come back).
        if (attackers & no_stop[0]).any() || (defenders & no_stop[1]).any() {
            return Err(RulesError::Layout(
                "a piece on a square it may not stand on".into(),
            ));
        }
        let hostile_fixed = classes.map(|p| special_if(data.corner_hostile.has(p), corners));
        let escape = match data.escape {
            Escape::Corners => corners,
            Escape::Edge => geometry.edge,
        };
        let corner_guards = if data.escape == Escape::Corners {
            corner_guards(&geometry, corners)
        } else {
            B::EMPTY
        };
        Ok(VariantOf {
            kind,
            data,
            attackers,
            defenders,
            king: data.king,
            throne,
            corners,
            beside_throne: geometry.neighbours(throne),
            restricted: no_stop[0] | no_stop[1],
            has_gates: (0..3).any(|i| (no_pass[i] & !no_stop[i]).any()),
            reach: classes.map(|p| data.reach.of(p)),
            only_king_on_throne: !data.throne_stop.attackers && !data.throne_stop.defenders,
            no_stop,
            no_pass,
            hostile_fixed,
            throne_hostile: classes.map(|p| data.throne_hostile.has(p)),
            empty_throne_hostile: classes.map(|p| data.empty_throne_hostile.has(p)),
            escape,
            corner_guards,
            king_armed: data.king_armed,
            king_strength: data.king_strength,
            king_group: data.king_group,
            shield_walls: data.shield_walls,
            exit_forts: data.exit_forts,
            encirclement: data.encirclement,
            repetition: data.repetition,
            open_line_warnings: matches!(kind, VariantKind::Tablut | VariantKind::TablutCorners),
            draw_plies: data.draw_plies,
            geometry,
        })
    }
}

/// Around each corner of the board: the squares at offsets (k, k), (k, k + 1) and (k + 1, k)
/// from it, `k` being how many corner squares the corner's rank holds there (1, or 2 for a
/// corner block).
fn corner_guards<B: BitBoard>(g: &GeometryOf<B>, corners: B) -> B {
    let last = g.size - 1;
    let mut guards = B::EMPTY;
    for (cf, cr) in [(0, 0), (0, last), (last, 0), (last, last)] {
        let toward = |c: u8, d: u8| if c == 0 { d } else { last.saturating_sub(d) };
        let k = (0..g.size / 2)
            .take_while(|&d| {
                g.square(toward(cf, d), cr)
                    .is_some_and(|sq| corners.contains(sq))
            })
            .count() as u8;
        if k == 0 {
            continue;
        }
        for (df, dr) in [(k, k), (k, k + 1), (k + 1, k)] {
            if let Some(sq) = g.square(toward(cf, df), toward(cr, dr)) {
                guards.insert(sq);
            }
        }
    }
    guards & !corners
}

fn special_if<B: BitBoard>(yes: bool, squares: B) -> B {
    if yes { squares } else { B::EMPTY }
}

impl Rules {
    /// The same rules with their lists of squares in index order, so that two rule sets with
    /// the same squares compare equal however they were listed.
    pub fn normalized(mut self) -> Rules {
        self.attackers.sort_unstable();
        self.defenders.sort_unstable();
        self.corners.sort_unstable();
        self
    }
}

/// Rules that are no preset's, compiled once each (games imported from other programs).
static CUSTOM: Mutex<Vec<&'static Variant>> = Mutex::new(Vec::new());

/// How many rule sets that are no preset's one run of the program compiles (each costs a few
/// tens of kilobytes for as long as the program runs).
pub const MAX_CUSTOM_RULES: usize = 64;

impl Variant {
    /// The variant that plays `rules`, named after `kind` (the preset they are closest to): the
    /// preset itself when they are its rules, otherwise the rules compiled once for the rest of
    /// the program (at most [`MAX_CUSTOM_RULES`] different ones; such games are searched in
    /// the widest board width).
    pub fn custom(kind: VariantKind, rules: Rules) -> Result<&'static Variant, RulesError> {
        let rules = rules.normalized();
        if &rules == kind.data() {
            return Ok(kind.rules());
        }
        let mut known = super::lock::lock(&CUSTOM);
        if let Some(v) = known.iter().find(|v| v.kind == kind && *v.data == rules) {
            return Ok(v);
        }
        if known.len() >= MAX_CUSTOM_RULES {
            return Err(RulesError::TooMany);
        }
        let v = Variant::leak(kind, rules)?;
        known.push(v);
        Ok(v)
    }
}

/// A board width the engine is compiled for, with each variant compiled in it.
pub trait Compiled: BitBoard {
    /// The variant in this width, if its board fits.
    fn variant(kind: VariantKind) -> Option<&'static VariantOf<Self>>;
}

impl Compiled for Bits11 {
    fn variant(kind: VariantKind) -> Option<&'static VariantOf<Bits11>> {
        NARROW11[kind as usize].as_ref()
    }
}

impl Compiled for Bits13 {
    fn variant(kind: VariantKind) -> Option<&'static VariantOf<Bits13>> {
        NARROW13[kind as usize].as_ref()
    }
}

impl Compiled for Bits19 {
    fn variant(kind: VariantKind) -> Option<&'static VariantOf<Bits19>> {
        Some(kind.rules())
    }
}

/// The rules of every variant, by [`VariantKind`] order.
static RULES: LazyLock<Vec<Rules>> =
    LazyLock::new(|| VariantKind::ALL.map(|k| preset(k).normalized()).to_vec());

fn compile_all<B: BitBoard>() -> Vec<Option<VariantOf<B>>> {
    VariantKind::ALL
        .into_iter()
        .map(|kind| VariantOf::compile(kind, kind.data()).ok())
        .collect()
}

static WIDE: LazyLock<Vec<Variant>> = LazyLock::new(|| {
    compile_all::<Bits19>()
        .into_iter()
        .map(|v| v.expect("every preset compiles on the widest board"))
        .collect()
});
static NARROW11: LazyLock<Vec<Option<VariantOf<Bits11>>>> = LazyLock::new(compile_all);
static NARROW13: LazyLock<Vec<Option<VariantOf<Bits13>>>> = LazyLock::new(compile_all);

/// Reads a layout diagram: ranks from the top, `t` attacker, `T` defender, `K` king, `.` or a
/// digit run for empty squares, `/` or whitespace between ranks.
fn layout(size: u8, diagram: &str) -> (Vec<Square>, Vec<Square>, Square) {
    let g = GeometryOf::<Bits19>::new(size);
    let ranks: Vec<&str> = diagram
        .split(['/', '\n'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    assert_eq!(ranks.len(), size as usize, "ranks of the diagram");
    let (mut att, mut def, mut king) = (Vec::new(), Vec::new(), None);
    for (i, row) in ranks.iter().enumerate() {
        let rank = size - 1 - i as u8;
        let mut file = 0u8;
        let mut digits = 0u8;
        let flush = |digits: &mut u8, file: &mut u8| {
            *file += *digits;
            *digits = 0;
        };
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = digits * 10 + d as u8;
                continue;
            }
            flush(&mut digits, &mut file);
            let sq = g.square(file, rank).expect("diagram square on the board");
            match c {
                't' => att.push(sq),
                'T' => def.push(sq),
                'K' => king = Some(sq),
                '.' => {}
                other => panic!("unknown diagram letter {other}"),
            }
            file += 1;
        }
        flush(&mut digits, &mut file);
        assert_eq!(file, size, "rank {} of the diagram", rank + 1);
    }
    (att, def, king.expect("a king in the diagram"))
}

/// Square names on a board of `size`.
fn squares(size: u8, names: &[&str]) -> Vec<Square> {
    let g = GeometryOf::<Bits19>::new(size);
    names
        .iter()
        .map(|n| parse_square(&g, n).expect("a square of the board"))
        .collect()
}

/// The four corner squares.
fn four_corners(size: u8) -> Vec<Square> {
    let last = (size - 1) as u16;
    let n = size as u16;
    [0, last, last * n, last * n + last]
        .map(Square::from_index)
        .to_vec()
}

/// The Copenhagen conventions most games share: four corners and a central throne only the
/// king may stop on (anyone may pass the empty throne), corners hostile to all, the throne
/// hostile to the attackers always and to everybody when empty, an armed king, attackers
/// first, the 160-ply draw; the rest is each game's.
#[allow(clippy::too_many_arguments)]
fn rules(
    size: u8,
    diagram: &str,
    escape: Escape,
    corners: Vec<Square>,
    throne: bool,
    king_strength: KingStrength,
    encirclement: bool,
    repetition: Repetition,
) -> Rules {
    let (attackers, defenders, king) = layout(size, diagram);
    Rules {
        size,
        attackers,
        defenders,
        king,
        first: Side::Attackers,
        reach: Reach::ANY,
        escape,
        corners,
        throne: throne.then_some(king),
        corner_stop: Pieces::KING,
        corner_pass: Pieces::KING,
        throne_stop: Pieces::KING,
        throne_pass: Pieces::ALL,
        corner_hostile: Pieces::ALL,
        throne_hostile: Pieces::ATTACKERS,
        empty_throne_hostile: Pieces::ALL,
        king_armed: KingArmed::Yes,
        king_strength,
        king_group: false,
        shield_walls: ShieldWalls::None,
        exit_forts: false,
        encirclement,
        repetition,
        draw_plies: DRAW_PLIES,
    }
}

/// Copenhagen's, Fetlar's, the seeds' 11x11 layout: 24 attackers in four groups of six, 12
/// defenders in a diamond around the king.
const DIAMOND_11: &str = "
    3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3";

/// Tablut's layout (Linnaeus), also Sea Battle's and the King's Table's 9x9: 16 attackers in
/// four T-shaped groups, 8 defenders in a cross around the king.
const CROSS_9: &str = "
    3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3";

/// The rules of each variant (sources and choices: docs/variants.md).
fn preset(kind: VariantKind) -> Rules {
    use Escape::*;
    use KingStrength::*;
    use Repetition::*;
    match kind {
        VariantKind::Copenhagen => Rules {
            shield_walls: ShieldWalls::CornersClose,
            exit_forts: true,
            ..rules(
                11,
                DIAMOND_11,
                Corners,
                four_corners(11),
                true,
                Strong,
                true,
                DefendersLose,
            )
        },
        VariantKind::Brandubh => rules(
            7,
            "3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3",
            Corners,
            four_corners(7),
            true,
            WeakAwayFromThrone,
            true,
            DefendersLose,
        ),
        VariantKind::Tablut => rules(
            9,
            CROSS_9,
            Edge,
            Vec::new(),
            true,
            WeakAwayFromThrone,
            false,
            DefendersLose,
        ),
        VariantKind::Fetlar => rules(
            11,
            DIAMOND_11,
            Corners,
            four_corners(11),
            true,
            Strong,
            false,
            Draw,
        ),
        VariantKind::SeaBattle => Rules {
            king_armed: KingArmed::No,
            ..rules(9, CROSS_9, Edge, Vec::new(), false, Strong, true, Draw)
        },
        VariantKind::Tawlbwrdd => rules(
            11,
            "4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4",
            Edge,
            Vec::new(),
            false,
            Weak,
            true,
            Draw,
        ),
        VariantKind::ArdRi => Rules {
            reach: Reach::ONE,
            ..rules(
                7,
                "2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2",
                Edge,
                Vec::new(),
                false,
                Strong,
                false,
                Draw,
            )
        },
        VariantKind::Hnefatafl11 => Rules {
            king_group: true,
            ..rules(
                11,
                DIAMOND_11,
                Corners,
                four_corners(11),
                true,
                StrongAgainstEdge,
                false,
                Draw,
            )
        },
        VariantKind::Hnefatafl13 => Rules {
            king_group: true,
            ..rules(
                13,
                "4ttttt4/6t6/13/6T6/t5T5t/t5T5t/tt1TTTKTTT1tt/t5T5t/t5T5t/6T6/13/6t6/4ttttt4",
                Corners,
                four_corners(13),
                true,
                StrongAgainstEdge,
                false,
                Draw,
            )
        },
        VariantKind::KingsTable9 => rules(
            9,
            CROSS_9,
            Corners,
            four_corners(9),
            true,
            WeakAwayFromThrone,
            false,
            Draw,
        ),
        VariantKind::KingsTable11 => rules(
            11,
            DIAMOND_11,
            Corners,
            four_corners(11),
            true,
            WeakAwayFromThrone,
            false,
            Draw,
        ),
        VariantKind::AleaEvangelii => Rules {
            throne_stop: Pieces::NONE,
            throne_hostile: Pieces::NONE,
            ..rules(
                19,
                "2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/\
                 4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/\
                 6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2",
                Corners,
                squares(
                    19,
                    &[
                        "a1", "b1", "a2", "b2", "r1", "s1", "r2", "s2", "a18", "b18", "a19", "b19",
                        "r18", "s18", "r19", "s19",
                    ],
                ),
                true,
                Strong,
                true,
                MoverLoses,
            )
        },
        VariantKind::TablutCorners => Rules {
            corner_hostile: Pieces::NONE,
            ..rules(
                9,
                CROSS_9,
                Corners,
                four_corners(9),
                true,
                WeakAwayFromThrone,
                false,
                DefendersLose,
            )
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bits::Dir;

    #[test]
    fn layouts_have_the_documented_piece_counts() {
        for (kind, att, def) in [
            (VariantKind::Copenhagen, 24, 12),
            (VariantKind::Brandubh, 8, 4),
            (VariantKind::Tablut, 16, 8),
        ] {
            let v = kind.rules();
            assert_eq!(v.attackers.count(), att, "{kind:?}");
            assert_eq!(v.defenders.count(), def, "{kind:?}");
            assert_eq!(Some(v.king), v.throne_square(), "{kind:?}");
            assert!((v.attackers & v.defenders).is_empty());
        }
    }

    #[test]
    fn shifting_never_wraps_around_the_board() {
        let g = &VariantKind::Copenhagen.rules().geometry;
        let a5 = g.square(0, 4).unwrap();
        let k5 = g.square(10, 4).unwrap();
        assert!(g.shift(a5.bit(), Dir::West).is_empty());
        assert!(g.shift(k5.bit(), Dir::East).is_empty());
        assert!(
            g.shift(g.square(3, 10).unwrap().bit(), Dir::North)
                .is_empty()
        );
        assert_eq!(g.neighbours(g.board) & !g.board, Bits19::EMPTY);
        assert_eq!(g.ray(a5, Dir::East).count(), 10);
        assert_eq!(g.edge.count(), 40);
    }

    #[test]
    fn every_variant_compiles_in_every_width_that_holds_its_board() {
        for kind in VariantKind::ALL {
            let size = kind.data().size;
            assert_eq!(Bits11::variant(kind).is_some(), size <= 11, "{kind:?}");
            assert_eq!(Bits13::variant(kind).is_some(), size <= 13, "{kind:?}");
            assert_eq!(kind.rules().size(), size);
        }
    }
}
