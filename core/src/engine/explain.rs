//! Why pieces were taken: for each capture of a move, which rule took it and which squares
//! closed the trap. The apps show and announce this after every move.
//!
//! The engine's own capture code ([`Position::make`]) is on the search's hot path and only
//! says *what* was taken; this module works it out again, once per move played, to say *how*.

use crate::engine::bits::{Bits, Dir, Square};
use crate::engine::movegen::Move;
use crate::engine::position::Position;
use crate::engine::variant::{KingStrength, ShieldWalls};

/// The rule that took a piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CaptureKind {
    /// Between the moved piece and another enemy piece (the king counts as one when armed).
    BetweenTwo,
    /// Between the moved piece and the throne.
    AgainstThrone,
    /// Between the moved piece and a corner.
    AgainstCorner,
    /// Part of a row along the edge, closed at both ends and blocked from the front.
    ShieldWall,
    /// The king, with attackers on all four sides.
    KingByFour,
    /// The king, beside the throne, with attackers on the three other sides.
    KingByThreeAndThrone,
    /// The king, between two attackers (Brandubh and Tablut, away from the throne).
    KingByTwo,
    /// The king, between an attacker and a corner (Brandubh).
    KingAgainstCorner,
    /// The king, on the edge, with attackers (or a corner) on every side he has (the seeds'
    /// Hnefatafl).
    KingAgainstEdge,
    /// The king and the guards beside him, closed in as one group (the seeds' Hnefatafl).
    KingWithGuards,
}

impl CaptureKind {
    pub const fn is_king(self) -> bool {
        matches!(
            self,
            CaptureKind::KingByFour
                | CaptureKind::KingByThreeAndThrone
                | CaptureKind::KingByTwo
                | CaptureKind::KingAgainstCorner
                | CaptureKind::KingAgainstEdge
                | CaptureKind::KingWithGuards
        )
    }
}

/// One piece taken by a move, and how.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Capture {
    /// Where the piece stood (for the king: where he stands, since he stays on the board).
    pub square: Square,
    pub kind: CaptureKind,
    /// The pieces and squares that closed the trap (the moved piece included), for the apps
    /// to highlight.
    pub by: Bits,
}

/// Every capture that `mv` makes from `before` (the move must be legal there), custodial
/// captures first, then shield walls, then the king.
pub fn captures(before: &Position, mv: Move) -> Vec<Capture> {
    let mut after = before.clone();
    let undo = after.make(mv);
    let mover = before.side_to_move();
    let v = before.variant();
    let g = &v.geometry;
    let mut out = Vec::new();

    // Custodial: the taken piece is next to the arrival square, the other jaw beyond it: a
    // piece of the mover's (the king included, who is armed), a corner, or the throne when it
    // is hostile to the taken piece.
    let jaws = after.anvils(mover) | after.hostile_to(mover.other());
    let mut custodial = Bits::EMPTY;
    for dir in Dir::ALL {
        let Some(victim) = g.step(mv.to, dir) else {
            continue;
        };
        let Some(anvil) = g.step(victim, dir) else {
            continue;
        };
        if !undo.effect.captured.contains(victim) || !jaws.contains(anvil) {
            continue;
        }
        let kind = if v.corners.contains(anvil) {
            CaptureKind::AgainstCorner
        } else if v.throne.contains(anvil) && after.piece_at(anvil).is_none() {
            CaptureKind::AgainstThrone
        } else {
            CaptureKind::BetweenTwo
        };
        custodial.insert(victim);
        out.push(Capture {
            square: victim,
            kind,
            by: mv.to.bit() | anvil.bit(),
        });
    }

    // Whatever else fell went in a shield wall: the row, closed by the mover and the far
    // end, each piece blocked from the front by the mover's pieces.
    let walled = undo.effect.captured & !custodial;
    if walled.any() {
        let corner_ends = if v.shield_walls == ShieldWalls::CornersClose {
            v.corners
        } else {
            Bits::EMPTY
        };
        let closers = after.pieces(mover) | corner_ends;
        let row = walled | (g.neighbours(walled) & g.edge & after.pieces(mover.other()));
        let front = g.neighbours(row) & after.pieces(mover) & !g.edge;
        let ends = g.neighbours(row) & g.edge & closers;
        for square in walled {
            out.push(Capture {
                square,
                kind: CaptureKind::ShieldWall,
                by: ends | front,
            });
        }
    }

    if undo.effect.king_captured {
        out.push(king_capture(&after));
    }
    out
}

/// How the king, captured in `after`, was taken.
fn king_capture(after: &Position) -> Capture {
    let v = after.variant();
    let g = &v.geometry;
    let king = after.king();
    let around = g.neighbours(king.bit());
    let attackers = around & after.attackers();
    let beside_throne = v.beside_throne().contains(king);
    let hostile = after.hostile_to_king();
    let surrounded = match v.king_strength {
        KingStrength::Weak => false,
        KingStrength::WeakAwayFromThrone => v.throne.contains(king) || beside_throne,
        KingStrength::Strong | KingStrength::StrongAgainstEdge => true,
    };
    let group = g.flood(king.bit(), after.defenders(), Bits::EMPTY);
    let (kind, by) = if surrounded && v.king_group && group.count() > 1 {
        let ring = g.neighbours(group) & !group;
        (
            CaptureKind::KingWithGuards,
            ring & (after.attackers() | hostile),
        )
    } else if v.throne.contains(king) {
        (CaptureKind::KingByFour, attackers)
    } else if beside_throne && (v.throne & hostile).any() {
        (CaptureKind::KingByThreeAndThrone, attackers | v.throne)
    } else if surrounded && g.edge.contains(king) {
        (
            CaptureKind::KingAgainstEdge,
            around & (after.attackers() | hostile),
        )
    } else if surrounded {
        (CaptureKind::KingByFour, attackers)
    } else {
        // Two jaws on one line: two attackers, or an attacker and a corner.
        let corner = around & v.corners & hostile;
        if corner.any() {
            let jaw = Dir::ALL
                .into_iter()
                .filter_map(|d| {
                    let c = g.step(king, d)?;
                    let opposite = g.step(king, d.opposite())?;
                    (corner.contains(c) && after.attackers().contains(opposite))
                        .then(|| c.bit() | opposite.bit())
                })
                .next();
            match jaw {
                Some(by) => (CaptureKind::KingAgainstCorner, by),
                None => (CaptureKind::KingByTwo, attackers),
            }
        } else {
            (
                CaptureKind::KingByTwo,
                pair_on_a_line(after, king, attackers),
            )
        }
    };
    Capture {
        square: king,
        kind,
        by,
    }
}

/// Two attackers on opposite sides of `sq`, or all of `attackers` if no such pair exists.
fn pair_on_a_line(pos: &Position, sq: Square, attackers: Bits) -> Bits {
    let g = &pos.variant().geometry;
    [(Dir::North, Dir::South), (Dir::East, Dir::West)]
        .into_iter()
        .find_map(|(a, b)| {
            let (x, y) = (g.step(sq, a)?, g.step(sq, b)?);
            (attackers.contains(x) && attackers.contains(y)).then(|| x.bit() | y.bit())
        })
        .unwrap_or(attackers)
}
