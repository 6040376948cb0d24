//! The three games, each described as data: board size, starting layout, special squares and
//! which special rules apply. One engine plays all of them.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::bits::{Bits, Square};
use crate::geometry::parse_square;

pub use crate::geometry::Geometry;

/// Plies without a capture that draw a game, in every variant the app plays (RULES.md).
pub const DRAW_PLIES: u16 = 160;

/// Which game is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantKind {
    /// Copenhagen Hnefatafl, 11x11.
    Copenhagen,
    /// Brandubh, 7x7.
    Brandubh,
    /// Tablut, 9x9, after Linnaeus.
    Tablut,
}

impl VariantKind {
    pub const ALL: [VariantKind; 3] = [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ];

    /// The lowercase name used on command lines, in storage and in game records.
    pub const fn name(self) -> &'static str {
        match self {
            VariantKind::Copenhagen => "copenhagen",
            VariantKind::Brandubh => "brandubh",
            VariantKind::Tablut => "tablut",
        }
    }

    pub fn parse(s: &str) -> Option<VariantKind> {
        VariantKind::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The variant's rules and layout.
    pub fn rules(self) -> &'static Variant {
        match self {
            VariantKind::Copenhagen => &COPENHAGEN,
            VariantKind::Brandubh => &BRANDUBH,
            VariantKind::Tablut => &TABLUT,
        }
    }
}

/// How the attackers capture the king.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KingCapture {
    /// Copenhagen: attackers on all four sides (three beside the throne, the throne being the
    /// fourth); never on the board edge.
    FourSides,
    /// Brandubh and Tablut: like any piece, between two attackers (or an attacker and a hostile
    /// square), except on the throne (four attackers) or beside it (three and the throne).
    TwoSides,
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

/// One game's rules and layout.
#[derive(Debug)]
pub struct Variant {
    pub kind: VariantKind,
    pub geometry: Geometry,
    /// Starting layout.
    pub attackers: Bits,
    pub defenders: Bits,
    pub king: Square,
    /// The central square. Only the king may stop on it; others may pass it while it is empty.
    pub throne: Square,
    /// Squares where only the king may stop (the throne, and the corners where they are special).
    pub restricted: Bits,
    /// Squares hostile to every piece (the corners where they are special).
    pub hostile_corners: Bits,
    /// Squares where the king wins.
    pub escape: Bits,
    pub king_capture: KingCapture,
    pub shield_walls: bool,
    pub encirclement: bool,
    /// Whether the exit-fort rule exists in this game (it is then a player option).
    pub exit_forts: bool,
    /// Whether the app warns of the king's open lines to the edge (raichi / tuichi).
    pub open_line_warnings: bool,
    /// Plies (each side's move counted separately) without a capture that draw the game.
    pub draw_plies: u16,
}

impl Variant {
    #[inline]
    pub fn size(&self) -> u8 {
        self.geometry.size
    }

    /// The squares next to the throne.
    pub fn beside_throne(&self) -> Bits {
        self.geometry.neighbours(self.throne.bit())
    }

    fn build(
        kind: VariantKind,
        size: u8,
        attackers: &[&str],
        defenders: &[&str],
        king: &str,
        corners_special: bool,
    ) -> Variant {
        let geometry = Geometry::new(size);
        let sq = |name: &str| -> Square {
            parse_square(&geometry, name).expect("layout square on the board")
        };
        let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<Bits>();
        let last = size - 1;
        let corners: Bits = [(0, 0), (0, last), (last, 0), (last, last)]
            .into_iter()
            .map(|(f, r)| geometry.square(f, r).expect("corner"))
            .collect();
        let throne = geometry.square(size / 2, size / 2).expect("centre square");
        let corner_bits = if corners_special {
            corners
        } else {
            Bits::EMPTY
        };
        let edge = geometry.edge;
        let copenhagen_like = kind == VariantKind::Copenhagen;
        Variant {
            kind,
            attackers: set(attackers),
            defenders: set(defenders),
            king: sq(king),
            throne,
            restricted: corner_bits | throne.bit(),
            hostile_corners: corner_bits,
            escape: if corners_special { corners } else { edge },
            king_capture: if copenhagen_like {
                KingCapture::FourSides
            } else {
                KingCapture::TwoSides
            },
            shield_walls: copenhagen_like,
            encirclement: kind != VariantKind::Tablut,
            exit_forts: copenhagen_like,
            open_line_warnings: kind == VariantKind::Tablut,
            draw_plies: DRAW_PLIES,
            geometry,
        }
    }
}

static COPENHAGEN: LazyLock<Variant> = LazyLock::new(|| {
    Variant::build(
        VariantKind::Copenhagen,
        11,
        &[
            "d1", "e1", "f1", "g1", "h1", "f2", "a4", "a5", "a6", "a7", "a8", "b6", "k4", "k5",
            "k6", "k7", "k8", "j6", "d11", "e11", "f11", "g11", "h11", "f10",
        ],
        &[
            "f4", "e5", "f5", "g5", "d6", "e6", "g6", "h6", "e7", "f7", "g7", "f8",
        ],
        "f6",
        true,
    )
});

static BRANDUBH: LazyLock<Variant> = LazyLock::new(|| {
    Variant::build(
        VariantKind::Brandubh,
        7,
        &["d1", "d2", "a4", "b4", "f4", "g4", "d6", "d7"],
        &["d3", "c4", "e4", "d5"],
        "d4",
        true,
    )
});

static TABLUT: LazyLock<Variant> = LazyLock::new(|| {
    Variant::build(
        VariantKind::Tablut,
        9,
        &[
            "d1", "e1", "f1", "e2", "a4", "a5", "a6", "b5", "i4", "i5", "i6", "h5", "d9", "e9",
            "f9", "e8",
        ],
        &["e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5"],
        "e5",
        false,
    )
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Dir;

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
            assert_eq!(v.king, v.throne, "{kind:?}");
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
        assert_eq!(g.neighbours(g.board) & !g.board, Bits::EMPTY);
        assert_eq!(g.ray(a5, Dir::East).count(), 10);
        assert_eq!(g.edge.count(), 40);
    }
}
