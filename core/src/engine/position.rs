//! A position: where the pieces stand and whose turn it is, with allocation-free make / unmake.
//!
//! Making a move applies every capture it causes: custodial captures (with hostile squares and
//! the armed king), shield walls, and whether the king was taken. The king is never removed from
//! the board: his capture ends the game, and [`MoveEffect::king_captured`] says so.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::bits::{Bits19, Dir, Square};
use crate::engine::board::BitBoard;
use crate::engine::moves::Move;
use crate::engine::variant::{
    Compiled, KingArmed, KingStrength, PieceClass, ShieldWalls, VariantKind, VariantOf,
};
use crate::engine::zobrist;

pub use crate::engine::side::Side;

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    Attacker,
    Defender,
    King,
}

impl Piece {
    pub const fn side(self) -> Side {
        match self {
            Piece::Attacker => Side::Attackers,
            Piece::Defender | Piece::King => Side::Defenders,
        }
    }

    /// The piece's letter in OpenTafl notation: `t` attacker, `T` defender, `K` king.
    pub const fn letter(self) -> char {
        match self {
            Piece::Attacker => 't',
            Piece::Defender => 'T',
            Piece::King => 'K',
        }
    }

    /// The piece an OpenTafl letter stands for.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        match letter {
            't' => Some(Piece::Attacker),
            'T' => Some(Piece::Defender),
            'K' => Some(Piece::King),
            _ => None,
        }
    }
}

/// Why a set of pieces cannot form a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// A piece on a bit that is not a square of this board.
    OffBoard(Square),
    /// Two pieces on one square.
    Overlap(Square),
    /// A piece other than the king on a square only the king may stop on.
    Restricted(Square),
}

/// What a move did besides moving its piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveEffectOf<B: BitBoard> {
    /// Enemy pieces taken off the board (never the king).
    pub captured: B,
    /// The move closed the trap on the king.
    pub king_captured: bool,
}

/// What a move did, in the widest board.
pub type MoveEffect = MoveEffectOf<Bits19>;

/// Everything [`PositionOf::unmake`] needs to take a move back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UndoOf<B: BitBoard> {
    pub mv: Move,
    pub effect: MoveEffectOf<B>,
    hash: u64,
}

/// How to take a move back, in the widest board.
pub type Undo = UndoOf<Bits19>;

impl<B: BitBoard> UndoOf<B> {
    /// The same in another board width (the squares are the same indices).
    pub(crate) fn convert<C: BitBoard>(&self) -> UndoOf<C> {
        UndoOf {
            mv: self.mv,
            effect: MoveEffectOf {
                captured: C::from_wide(self.effect.captured.to_wide()),
                king_captured: self.effect.king_captured,
            },
            hash: self.hash,
        }
    }
}

/// Pieces on the board and the side to move, in one board width.
#[derive(Clone)]
pub struct PositionOf<B: BitBoard> {
    variant: &'static VariantOf<B>,
    attackers: B,
    /// The king's guards, without the king.
    defenders: B,
    king: Square,
    side: Side,
    hash: u64,
}

/// A position of any board, in the widest board width: what the layers above the engine use.
pub type Position = PositionOf<Bits19>;

impl<B: BitBoard> PartialEq for PositionOf<B> {
    fn eq(&self, other: &PositionOf<B>) -> bool {
        std::ptr::eq(self.variant, other.variant)
            && self.attackers == other.attackers
            && self.defenders == other.defenders
            && self.king == other.king
            && self.side == other.side
    }
}
impl<B: BitBoard> Eq for PositionOf<B> {}

impl<B: BitBoard> fmt::Debug for PositionOf<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({} {} {})",
            self.variant.kind.name(),
            self.placement(),
            self.side
        )
    }
}

impl Position {
    /// The starting position of a game.
    pub fn start(kind: VariantKind) -> Position {
        Position::initial(kind.rules())
    }

    /// The same position in the narrowest board width `C` that the engine is compiled for, if
    /// the board fits (the squares and the hash stay the same).
    pub fn narrow<C: Compiled>(&self) -> Option<PositionOf<C>> {
        if !self.variant.is_preset() {
            return None;
        }
        let variant = C::variant(self.variant.kind)?;
        Some(PositionOf {
            variant,
            attackers: C::from_wide(self.attackers),
            defenders: C::from_wide(self.defenders),
            king: self.king,
            side: self.side,
            hash: self.hash,
        })
    }
}

impl<B: BitBoard> PositionOf<B> {
    /// The starting position of a variant, its first side to move.
    pub fn initial(v: &'static VariantOf<B>) -> PositionOf<B> {
        PositionOf::from_parts(v, v.attackers, v.defenders, v.king, v.data.first)
            .expect("starting layouts are valid")
    }

    /// A position from its pieces. The king is required; every piece must stand on the board,
    /// one to a square, and soldiers may not stand on squares only the king may stop on.
    pub fn from_parts(
        variant: &'static VariantOf<B>,
        attackers: B,
        defenders: B,
        king: Square,
        side: Side,
    ) -> Result<PositionOf<B>, PositionError> {
        let board = variant.geometry.board;
        // Checked in every build: an off-board bit would break move generation much later.
        if !variant.geometry.contains(king) {
            return Err(PositionError::OffBoard(king));
        }
        if let Some(sq) = ((attackers | defenders) & !board).first() {
            return Err(PositionError::OffBoard(sq));
        }
        if let Some(sq) = (attackers & defenders)
            .first()
            .or_else(|| ((attackers | defenders) & B::square(king)).first())
        {
            return Err(PositionError::Overlap(sq));
        }
        let misplaced = (attackers & variant.no_stop(PieceClass::Attacker))
            | (defenders & variant.no_stop(PieceClass::Defender));
        if let Some(sq) = misplaced.first() {
            return Err(PositionError::Restricted(sq));
        }
        let mut pos = PositionOf {
            variant,
            attackers,
            defenders,
            king,
            side,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The piece placement in OpenTafl notation, top rank first: `/3ttttt3/5t5/11/.../`
    /// (digits count empty squares). [`crate::engine::notation`] reads it back.
    pub fn placement(&self) -> String {
        let g = &self.variant.geometry;
        let mut out = String::from("/");
        for rank in (0..g.size).rev() {
            let mut empty = 0;
            for file in 0..g.size {
                let piece = g.square(file, rank).and_then(|sq| self.piece_at(sq));
                match piece {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out.push('/');
        }
        out
    }

    fn compute_hash(&self) -> u64 {
        let mut h = zobrist::king(self.king);
        for sq in self.attackers {
            h ^= zobrist::attacker(sq);
        }
        for sq in self.defenders {
            h ^= zobrist::defender(sq);
        }
        if self.side == Side::Defenders {
            h ^= zobrist::DEFENDERS_TO_MOVE;
        }
        h
    }

    #[inline]
    pub fn variant(&self) -> &'static VariantOf<B> {
        self.variant
    }

    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The Zobrist hash of piece placement and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    pub fn attackers(&self) -> B {
        self.attackers
    }

    /// The defenders without the king.
    #[inline]
    pub fn defenders(&self) -> B {
        self.defenders
    }

    #[inline]
    pub fn king(&self) -> Square {
        self.king
    }

    #[inline]
    pub fn occupied(&self) -> B {
        self.attackers | self.defenders | B::square(self.king)
    }

    /// The pieces of one side, the king included for the defenders.
    #[inline]
    pub fn pieces(&self, side: Side) -> B {
        match side {
            Side::Attackers => self.attackers,
            Side::Defenders => self.defenders | B::square(self.king),
        }
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq == self.king {
            Some(Piece::King)
        } else if self.attackers.contains(sq) {
            Some(Piece::Attacker)
        } else if self.defenders.contains(sq) {
            Some(Piece::Defender)
        } else {
            None
        }
    }

    /// The same pieces with the other side to move (for analysis set-ups).
    pub fn with_side_to_move(mut self, side: Side) -> PositionOf<B> {
        if side != self.side {
            self.side = side;
            self.hash ^= zobrist::DEFENDERS_TO_MOVE;
        }
        self
    }

    /// Whether nothing stands on the throne (a game without a throne has none to fill).
    #[inline]
    fn throne_empty(&self, occupied: B) -> bool {
        (occupied & self.variant.throne).is_empty()
    }

    /// Whether nothing stands on the throne now: where only the king may stop there, whether
    /// he is elsewhere.
    #[inline]
    fn throne_empty_now(&self) -> bool {
        if self.variant.only_king_on_throne() {
            !self.variant.throne.contains(self.king)
        } else {
            self.throne_empty(self.occupied())
        }
    }

    /// Plays a move that is known to be legal and returns what is needed to take it back.
    pub fn make(&mut self, mv: Move) -> UndoOf<B> {
        let hash = self.hash;
        let (from, to) = (mv.from, mv.to);
        let moved = B::square(from) | B::square(to);
        let mut king_moved = false;
        match self.side {
            Side::Attackers => {
                debug_assert!(self.attackers.contains(from));
                self.attackers ^= moved;
                self.hash ^= zobrist::attacker(from) ^ zobrist::attacker(to);
            }
            Side::Defenders if from == self.king => {
                self.king = to;
                king_moved = true;
                self.hash ^= zobrist::king(from) ^ zobrist::king(to);
            }
            Side::Defenders => {
                debug_assert!(self.defenders.contains(from));
                self.defenders ^= moved;
                self.hash ^= zobrist::defender(from) ^ zobrist::defender(to);
            }
        }

        let captured =
            self.custodial_captures(to, king_moved) | self.shield_wall_captures(to, king_moved);
        match self.side {
            Side::Attackers => {
                self.defenders ^= captured;
                for sq in captured {
                    self.hash ^= zobrist::defender(sq);
                }
            }
            Side::Defenders => {
                self.attackers ^= captured;
                for sq in captured {
                    self.hash ^= zobrist::attacker(sq);
                }
            }
        }
        let king_captured = self.side == Side::Attackers && self.king_trapped_by(to);

        self.side = self.side.other();
        self.hash ^= zobrist::DEFENDERS_TO_MOVE;
        UndoOf {
            mv,
            effect: MoveEffectOf {
                captured,
                king_captured,
            },
            hash,
        }
    }

    /// Takes back the move `undo` was made for; it must be the last move made.
    pub fn unmake(&mut self, undo: &UndoOf<B>) {
        self.side = self.side.other();
        let (from, to) = (undo.mv.from, undo.mv.to);
        let moved = B::square(from) | B::square(to);
        match self.side {
            Side::Attackers => {
                self.defenders |= undo.effect.captured;
                self.attackers ^= moved;
            }
            Side::Defenders => {
                self.attackers |= undo.effect.captured;
                if to == self.king {
                    self.king = from;
                } else {
                    self.defenders ^= moved;
                }
            }
        }
        self.hash = undo.hash;
    }

    /// The pieces of `mover` that close a trap against its enemies' soldiers, as they stand
    /// (the king only where he is the far side of traps).
    #[inline]
    pub(crate) fn anvils(&self, mover: Side) -> B {
        match mover {
            Side::Attackers => self.attackers,
            Side::Defenders if self.variant.king_armed.anvil() => {
                self.defenders | B::square(self.king)
            }
            Side::Defenders => self.defenders,
        }
    }

    /// Whether `mv` would make a custodial capture (shield walls aside): a cheap test that does
    /// not play the move (move ordering, threat marks).
    #[inline]
    pub fn captures_with(&self, mv: Move) -> bool {
        let v = self.variant;
        let g = &v.geometry;
        let mover = self.side;
        if mover == Side::Defenders && mv.from == self.king && !v.king_armed.hammer() {
            return false;
        }
        let (victims, class) = match mover {
            Side::Attackers => (self.defenders, PieceClass::Defender),
            Side::Defenders => (self.attackers, PieceClass::Attacker),
        };
        // The moving piece no longer backs anything from where it came, and the throne may
        // empty or fill with the move.
        let occupied_after = self.occupied() ^ B::square(mv.from) ^ B::square(mv.to);
        let anvils = (self.anvils(mover) & !B::square(mv.from))
            | v.hostile(class, self.throne_empty(occupied_after));
        let to = B::square(mv.to);
        Dir::ALL.into_iter().any(|dir| {
            let victim = g.shift(to, dir) & victims;
            victim.any() && (g.shift(victim, dir) & anvils).any()
        })
    }

    /// Squares hostile to the soldiers of `victims`: corners and throne as the variant's rules
    /// say, the throne's hostility depending on whether it is empty.
    #[inline]
    pub(crate) fn hostile_to(&self, victims: Side) -> B {
        let class = match victims {
            Side::Attackers => PieceClass::Attacker,
            Side::Defenders => PieceClass::Defender,
        };
        self.variant.hostile(class, self.throne_empty_now())
    }

    /// Squares hostile to the king: the corners and the throne as the rules make them.
    #[inline]
    pub(crate) fn hostile_to_king(&self) -> B {
        self.variant
            .hostile(PieceClass::King, self.throne_empty_now())
    }

    /// Custodial captures closed by the piece that just arrived on `to` (the side to move has
    /// not changed yet). Whether the king can be either jaw of the trap is the variant's.
    #[inline]
    fn custodial_captures(&self, to: Square, king_moved: bool) -> B {
        let v = self.variant;
        let g = &v.geometry;
        if king_moved && !v.king_armed.hammer() {
            return B::EMPTY;
        }
        let mover = self.side;
        let victims = match mover {
            Side::Attackers => self.defenders,
            Side::Defenders => self.attackers,
        };
        // The far jaw: the mover's pieces (the king where he is one), or a hostile square.
        let anvils = self.anvils(mover) | self.hostile_to(mover.other());
        let mut captured = B::EMPTY;
        let to = B::square(to);
        for dir in Dir::ALL {
            let victim = g.shift(to, dir) & victims;
            if victim.any() && (g.shift(victim, dir) & anvils).any() {
                captured |= victim;
            }
        }
        captured
    }

    /// Shield-wall captures: the piece that just arrived on edge square `to` closes one end of
    /// a row of two or more enemy pieces along the edge; the other end is closed by a piece of
    /// the mover or (where the rules allow) a corner, and every piece of the row has an enemy
    /// directly in front. Only a move onto an end of the row captures. A king in the row
    /// survives; his guards in the row do not. The king takes part where he is armed.
    fn shield_wall_captures(&self, to: Square, king_moved: bool) -> B {
        let v = self.variant;
        let g = &v.geometry;
        if v.shield_walls == ShieldWalls::None || (king_moved && v.king_armed != KingArmed::Yes) {
            return B::EMPTY;
        }
        let Some((along, inward)) = g.edge_lines(to) else {
            return B::EMPTY;
        };
        let king_helps = v.king_armed == KingArmed::Yes;
        let defenders = if king_helps {
            self.pieces(Side::Defenders)
        } else {
            self.defenders
        };
        let (row_side, closers) = match self.side {
            Side::Attackers => (self.pieces(Side::Defenders), self.attackers),
            Side::Defenders => (self.attackers, defenders),
        };
        let corner_ends = if v.shield_walls == ShieldWalls::CornersClose {
            v.corners
        } else {
            B::EMPTY
        };
        let mut captured = B::EMPTY;
        for dir in along {
            let mut row = B::EMPTY;
            let mut cur = g.step(to, dir);
            while let Some(sq) = cur.filter(|&s| row_side.contains(s)) {
                row.insert(sq);
                cur = g.step(sq, dir);
            }
            let Some(end) = cur else { continue };
            let closed = closers.contains(end) || corner_ends.contains(end);
            if row.count() >= 2 && closed && g.shift(row, inward) & !closers == B::EMPTY {
                captured |= row & !B::square(self.king);
            }
        }
        captured
    }

    /// Whether the attacker that just arrived on `to` completes the trap on the king.
    #[inline]
    fn king_trapped_by(&self, to: Square) -> bool {
        let v = self.variant;
        let g = &v.geometry;
        let king = B::square(self.king);
        let arrived = B::square(to);
        // The side of the king the attacker arrived on; most moves arrive nowhere near him.
        let side = Dir::ALL.into_iter().find(|&d| g.shift(arrived, d) == king);
        if side.is_none() && !v.king_group {
            return false;
        }
        // What closes a side of the king: attackers, and squares hostile to him.
        let closed = self.attackers | self.hostile_to_king();
        let weak = || side.is_some_and(|d| (g.shift(king, d) & closed).any());
        // Closed in on every side: the king alone, or his whole group where the rules say so;
        // off the board counts as closed only where the edge helps the attackers.
        let surrounded = |edge_closes: bool| {
            let group = if v.king_group {
                g.flood(king, self.defenders, B::EMPTY)
            } else {
                king
            };
            let around = g.neighbours(group) & !group;
            (around & arrived).any()
                && (edge_closes || (group & g.edge).is_empty())
                && (around & !closed).is_empty()
        };
        match v.king_strength {
            KingStrength::Weak => weak(),
            KingStrength::WeakAwayFromThrone => {
                if ((v.throne | v.beside_throne()) & king).any() {
                    surrounded(false)
                } else {
                    weak()
                }
            }
            KingStrength::Strong => surrounded(false),
            KingStrength::StrongAgainstEdge => surrounded(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_off_the_board_are_an_error_in_every_build() {
        let v = VariantKind::Brandubh.rules();
        let off = Square::from_index(49); // the first bit past g7
        let far = Square::from_index(383); // the last bit of the widest board
        let king = v.king;
        assert_eq!(
            Position::from_parts(v, off.bit(), Bits19::EMPTY, king, Side::Attackers),
            Err(PositionError::OffBoard(off))
        );
        assert_eq!(
            Position::from_parts(v, Bits19::EMPTY, far.bit(), king, Side::Attackers),
            Err(PositionError::OffBoard(far))
        );
        assert_eq!(
            Position::from_parts(v, Bits19::EMPTY, Bits19::EMPTY, off, Side::Defenders),
            Err(PositionError::OffBoard(off))
        );
        assert!(Position::from_parts(v, v.attackers, v.defenders, king, Side::Attackers).is_ok());
    }
}
