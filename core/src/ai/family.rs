//! Evaluation weights for the games added with boards up to 19x19 (issue 28): Fetlar, Sea
//! Battle, Tawlbwrdd, Ard Rí, the seeds' Hnefatafl and King's Table, Alea Evangelii and Tablut
//! with corners. Copenhagen, Brandubh and Tablut keep their own hand-set weights in `eval.rs`;
//! this module only answers for the others, from what sets a game's character:
//! - where the king escapes: to a corner, the routes and the corners' approaches and guards
//!   weigh most (as in Copenhagen); to the edge, every open line is nearly a win and corners
//!   mean nothing (as in Tablut);
//! - how the king is taken: a king taken by two (or three against the edge) fears every
//!   attacker beside him far more than a king who needs four;
//! - the board's size: on a large board an escape in two or three moves is further off and
//!   the attackers' ring matters more, so routes weigh less and room more;
//! - an unarmed king (Sea Battle) helps no capture, so the defenders' men are worth more.

use std::sync::LazyLock;

use super::eval::{Score, Weights};
use crate::variant::{Escape, KingArmed, KingStrength, Rules, VariantKind};

/// The weights of every game, by [`VariantKind`] order (those with their own are unused here).
static WEIGHTS: LazyLock<Vec<Weights>> =
    LazyLock::new(|| VariantKind::ALL.map(|k| from_features(k.data())).to_vec());

/// The weights of a game from its features.
pub(super) fn weights(kind: VariantKind) -> &'static Weights {
    &WEIGHTS[kind as usize]
}

fn from_features(r: &Rules) -> Weights {
    let corners = r.escape == Escape::Corners;
    let weak_king = matches!(
        r.king_strength,
        KingStrength::Weak | KingStrength::WeakAwayFromThrone
    );
    let edge_capture = r.king_strength == KingStrength::StrongAgainstEdge;
    // 11x11 is the scale the Copenhagen weights were set for.
    let large = r.size > 11;
    let scale = |at_11: Score, at_19: Score| if large { at_19 } else { at_11 };
    let defender: Score = match r.king_armed {
        KingArmed::No => 190,
        _ if r.size <= 7 => 160,
        _ => 150 + Score::from(r.size.min(11)) * 2,
    };
    Weights {
        attacker: 100,
        defender,
        escape_in_two: if corners { scale(80, 40) } else { 25 },
        escape_in_three: if corners { scale(15, 12) } else { 5 },
        king_mobility: if large { 3 } else { 5 },
        king_pressure: if weak_king {
            55
        } else if edge_capture {
            40
        } else {
            25
        },
        corner_guard: if corners { scale(35, 25) } else { 0 },
        open_edge: if r.encirclement { scale(3, 2) } else { 0 },
        room: if r.encirclement && r.size >= 11 {
            scale(5, 3)
        } else {
            0
        },
        threat: 40,
        near_win: 5_000,
        single_open_line: if corners { 120 } else { 150 },
        approach_in_two: if corners && r.size >= 11 {
            scale(25, 15)
        } else {
            0
        },
        approach_in_three: if corners && r.size >= 11 {
            scale(12, 8)
        } else {
            0
        },
    }
}
