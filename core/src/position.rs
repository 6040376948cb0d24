//! A position: where the pieces stand and whose turn it is, with allocation-free make / unmake.
//!
//! Making a move applies every capture it causes: custodial captures (with hostile squares and
//! the armed king), shield walls, and whether the king was taken. The king is never removed from
//! the board: his capture ends the game, and [`MoveEffect::king_captured`] says so.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::bits::{Bits, Dir, Square};
use crate::moves::Move;
use crate::variant::{KingCapture, Variant, VariantKind};
use crate::zobrist;

/// One of the two players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The larger army ("black"), moving first.
    Attackers,
    /// The king and his guards ("white").
    Defenders,
}

impl Side {
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        }
    }

    pub fn parse(s: &str) -> Option<Side> {
        match s.trim().to_ascii_lowercase().as_str() {
            "attackers" | "attacker" | "black" | "a" => Some(Side::Attackers),
            "defenders" | "defender" | "white" | "d" => Some(Side::Defenders),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
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
pub struct MoveEffect {
    /// Enemy pieces taken off the board (never the king).
    pub captured: Bits,
    /// The move closed the trap on the king.
    pub king_captured: bool,
}

/// Everything [`Position::unmake`] needs to take a move back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    pub mv: Move,
    pub effect: MoveEffect,
    hash: u64,
}

/// Pieces on the board and the side to move.
#[derive(Clone)]
pub struct Position {
    variant: &'static Variant,
    attackers: Bits,
    /// The king's guards, without the king.
    defenders: Bits,
    king: Square,
    side: Side,
    hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant.kind == other.variant.kind
            && self.attackers == other.attackers
            && self.defenders == other.defenders
            && self.king == other.king
            && self.side == other.side
    }
}
impl Eq for Position {}

impl fmt::Debug for Position {
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
        let v = kind.rules();
        Position::from_parts(v, v.attackers, v.defenders, v.king, Side::Attackers)
            .expect("starting layouts are valid")
    }

    /// A position from its pieces. The king is required; every piece must stand on the board,
    /// one to a square, and soldiers may not stand on restricted squares.
    pub fn from_parts(
        variant: &'static Variant,
        attackers: Bits,
        defenders: Bits,
        king: Square,
        side: Side,
    ) -> Result<Position, PositionError> {
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
            .or_else(|| ((attackers | defenders) & king.bit()).first())
        {
            return Err(PositionError::Overlap(sq));
        }
        if let Some(sq) = ((attackers | defenders) & variant.restricted).first() {
            return Err(PositionError::Restricted(sq));
        }
        let mut pos = Position {
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
    /// (digits count empty squares). [`crate::notation`] reads it back.
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
    pub fn variant(&self) -> &'static Variant {
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
    pub fn attackers(&self) -> Bits {
        self.attackers
    }

    /// The defenders without the king.
    #[inline]
    pub fn defenders(&self) -> Bits {
        self.defenders
    }

    #[inline]
    pub fn king(&self) -> Square {
        self.king
    }

    #[inline]
    pub fn occupied(&self) -> Bits {
        self.attackers | self.defenders | self.king.bit()
    }

    /// The pieces of one side, the king included for the defenders.
    #[inline]
    pub fn pieces(&self, side: Side) -> Bits {
        match side {
            Side::Attackers => self.attackers,
            Side::Defenders => self.defenders | self.king.bit(),
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
    pub fn with_side_to_move(mut self, side: Side) -> Position {
        if side != self.side {
            self.side = side;
            self.hash ^= zobrist::DEFENDERS_TO_MOVE;
        }
        self
    }

    /// Plays a move that is known to be legal and returns what is needed to take it back.
    pub fn make(&mut self, mv: Move) -> Undo {
        let hash = self.hash;
        let (from, to) = (mv.from, mv.to);
        let moved = from.bit() | to.bit();
        match self.side {
            Side::Attackers => {
                debug_assert!(self.attackers.contains(from));
                self.attackers ^= moved;
                self.hash ^= zobrist::attacker(from) ^ zobrist::attacker(to);
            }
            Side::Defenders if from == self.king => {
                self.king = to;
                self.hash ^= zobrist::king(from) ^ zobrist::king(to);
            }
            Side::Defenders => {
                debug_assert!(self.defenders.contains(from));
                self.defenders ^= moved;
                self.hash ^= zobrist::defender(from) ^ zobrist::defender(to);
            }
        }

        let captured = self.custodial_captures(to) | self.shield_wall_captures(to);
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
        Undo {
            mv,
            effect: MoveEffect {
                captured,
                king_captured,
            },
            hash,
        }
    }

    /// Takes back the move `undo` was made for; it must be the last move made.
    pub fn unmake(&mut self, undo: &Undo) {
        self.side = self.side.other();
        let (from, to) = (undo.mv.from, undo.mv.to);
        let moved = from.bit() | to.bit();
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

    /// Whether `mv` would make a custodial capture (shield walls aside): a cheap test for move
    /// ordering that does not play the move.
    #[inline]
    pub fn captures_with(&self, mv: Move) -> bool {
        let g = &self.variant.geometry;
        let (victims, anvils) = match self.side {
            Side::Attackers => (self.defenders, self.attackers),
            Side::Defenders => (self.attackers, self.defenders | self.king.bit()),
        };
        // The moving piece no longer backs anything from where it came. (When the king leaves
        // the throne, the throne stays hostile to attackers, the only possible victims then.)
        let anvils = (anvils & !mv.from.bit()) | self.hostile_to(self.side.other());
        let to = mv.to.bit();
        Dir::ALL.into_iter().any(|dir| {
            let victim = g.shift(to, dir) & victims;
            victim.any() && (g.shift(victim, dir) & anvils).any()
        })
    }

    /// Squares hostile to the pieces of `victims`: corners (where special) always; the throne
    /// always to attackers, and to defenders while it is empty.
    #[inline]
    pub(crate) fn hostile_to(&self, victims: Side) -> Bits {
        let v = self.variant;
        let throne_hostile = victims == Side::Attackers || self.king != v.throne;
        if throne_hostile {
            v.hostile_corners | v.throne.bit()
        } else {
            v.hostile_corners
        }
    }

    /// Custodial captures closed by the piece that just arrived on `to` (the side to move has
    /// not changed yet). The king is armed: he can be either jaw of the trap.
    #[inline]
    fn custodial_captures(&self, to: Square) -> Bits {
        let g = &self.variant.geometry;
        let mover = self.side;
        let (victims, anvils) = match mover {
            Side::Attackers => (self.defenders, self.attackers),
            Side::Defenders => (self.attackers, self.defenders | self.king.bit()),
        };
        let anvils = anvils | self.hostile_to(mover.other());
        let mut captured = Bits::EMPTY;
        let to = to.bit();
        for dir in Dir::ALL {
            let victim = g.shift(to, dir) & victims;
            if victim.any() && (g.shift(victim, dir) & anvils).any() {
                captured |= victim;
            }
        }
        captured
    }

    /// Shield-wall captures (Copenhagen): the piece that just arrived on edge square `to` closes
    /// one end of a row of two or more enemy pieces along the edge; the other end is closed by a
    /// piece of the mover or a corner, and every piece of the row has an enemy directly in front.
    /// Only a move onto an end of the row captures. A king in the row survives; his guards in the
    /// row do not.
    fn shield_wall_captures(&self, to: Square) -> Bits {
        let v = self.variant;
        let g = &v.geometry;
        if !v.shield_walls {
            return Bits::EMPTY;
        }
        let Some((along, inward)) = g.edge_lines(to) else {
            return Bits::EMPTY;
        };
        let (row_side, closers) = match self.side {
            Side::Attackers => (self.pieces(Side::Defenders), self.attackers),
            Side::Defenders => (self.attackers, self.pieces(Side::Defenders)),
        };
        let mut captured = Bits::EMPTY;
        for dir in along {
            let mut row = Bits::EMPTY;
            let mut cur = g.step(to, dir);
            while let Some(sq) = cur.filter(|&s| row_side.contains(s)) {
                row.insert(sq);
                cur = g.step(sq, dir);
            }
            let Some(end) = cur else { continue };
            let closed = closers.contains(end) || v.hostile_corners.contains(end);
            if row.count() >= 2 && closed && g.shift(row, inward) & !closers == Bits::EMPTY {
                captured |= row & !self.king.bit();
            }
        }
        captured
    }

    /// Whether the attacker that just arrived on `to` completes the trap on the king.
    fn king_trapped_by(&self, to: Square) -> bool {
        let v = self.variant;
        let g = &v.geometry;
        let king = self.king.bit();
        let Some(dir) = Dir::ALL.into_iter().find(|&d| g.shift(to.bit(), d) == king) else {
            return false;
        };
        let near_throne = self.king == v.throne || v.beside_throne().contains(self.king);
        match v.king_capture {
            KingCapture::FourSides if g.edge.contains(self.king) => false,
            KingCapture::TwoSides if !near_throne => {
                // Like any piece: the square beyond the king must be an attacker or hostile.
                let beyond = g.shift(king, dir);
                (beyond & (self.attackers | v.hostile_corners)).any()
            }
            _ => {
                // Surrounded: every neighbour an attacker, the empty throne standing in for one.
                let needed = g.neighbours(king) & !v.throne.bit();
                needed & !self.attackers == Bits::EMPTY
            }
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
        let king = v.king;
        assert_eq!(
            Position::from_parts(v, off.bit(), Bits::EMPTY, king, Side::Attackers),
            Err(PositionError::OffBoard(off))
        );
        assert_eq!(
            Position::from_parts(v, Bits::EMPTY, Bits(1 << 127), king, Side::Attackers),
            Err(PositionError::OffBoard(Square::from_index(127)))
        );
        assert_eq!(
            Position::from_parts(v, Bits::EMPTY, Bits::EMPTY, off, Side::Defenders),
            Err(PositionError::OffBoard(off))
        );
        assert!(Position::from_parts(v, v.attackers, v.defenders, king, Side::Attackers).is_ok());
    }
}
