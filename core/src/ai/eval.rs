//! The evaluation: how good a position looks, in hundredths of a soldier, for the side to move.
//! The weights of its terms are data, one set per game (`weights.rs`, `core/data/weights.json`).
//!
//! What it weighs, each term from the defenders' point of view and flipped at the end:
//! - material (guards are worth more than attackers: there are half as many);
//! - the king's routes: escape squares he reaches in one, two and three rook moves;
//! - the corners' open approaches (Copenhagen): escape squares he would reach in two and three
//!   moves if his own men stood aside, which is what a plan of several moves can open;
//! - the king's mobility and the attackers pressing on him;
//! - attackers guarding the approaches to the corners;
//! - pieces that an enemy can capture next move (threats);
//! - how much of the board edge the king can still reach at all (the attackers' ring), and how
//!   much room the defenders have inside it.

use crate::engine::bits::Dir;
use crate::engine::board::BitBoard;
use crate::engine::position::{PositionOf, Side};
use crate::engine::variant::{KingStrength, VariantOf};

use super::score::Score;

/// No evaluation goes beyond this either way, whatever the weights: it stays far from the
/// scores the search gives a won or lost game (`search::MATE`; a const assertion there checks it).
pub const MAX_EVAL: Score = 500_000;

use super::weights::{Weights, shipped};

/// The king's routes: escape squares in reach in one, two and three moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct KingRoutes {
    pub in_one: u32,
    pub in_two: u32,
    pub in_three: u32,
    pub mobility: u32,
}

/// The king's routes as they stand: through empty squares.
pub fn king_routes<B: BitBoard>(pos: &PositionOf<B>) -> KingRoutes {
    routes_through(pos, !pos.occupied())
}

/// The corners' open approaches: the king's routes through every square free of attackers, as
/// if his own men could always stand aside.
pub fn open_approaches<B: BitBoard>(pos: &PositionOf<B>) -> KingRoutes {
    routes_through(pos, !pos.attackers())
}

/// The king's routes when he may cross the squares of `passable`.
///
/// Along whole lines, as a rook goes, even where the pieces move less far (Ard Rí's steps):
/// there the lines measure how open the board around the king is, and they played better than
/// routes counted in steps (hard against normal, 71.9 % against 63.75 % over 80 games,
/// docs/ai-experiments.md).
fn routes_through<B: BitBoard>(pos: &PositionOf<B>, passable: B) -> KingRoutes {
    let v = pos.variant();
    let g = &v.geometry;
    let reach1 = g.rook_reach(pos.king(), !passable);
    let reach2 = reach1 | g.slides(reach1, passable);
    let reach3 = reach2 | g.slides(reach2 & !v.escape, passable);
    KingRoutes {
        in_one: (reach1 & v.escape).count(),
        in_two: (reach2 & v.escape).count(),
        in_three: (reach3 & v.escape).count(),
        mobility: reach1.count(),
    }
}

/// Pieces of `victims` that the other side can capture with one move (custodially).
pub(super) fn threatened<B: BitBoard>(pos: &PositionOf<B>, v: &VariantOf<B>, victims: Side) -> u32 {
    let g = &v.geometry;
    let empty = g.board & !pos.occupied();
    // An unarmed king neither closes nor backs a trap (counted as taking part either way
    // otherwise: close enough for an estimate).
    let defenders = if v.king_armed == crate::engine::variant::KingArmed::No {
        pos.defenders()
    } else {
        pos.pieces(Side::Defenders)
    };
    let (targets, hunters) = match victims {
        Side::Attackers => (pos.attackers(), defenders),
        Side::Defenders => (pos.defenders(), pos.attackers()),
    };
    let anvils = hunters | pos.hostile_to(victims);
    // Squares a hunter can reach next move (soldiers may not stop on restricted squares, and
    // in Ard Rí they step one square instead of sliding; close enough for an estimate).
    let landing = g.slides(hunters, empty) & !v.restricted;
    let mut found = B::EMPTY;
    for dir in Dir::ALL {
        // A target with an anvil on one side and a reachable empty square on the other.
        found |= targets & g.shift(anvils, dir.opposite()) & g.shift(landing, dir);
    }
    found.count()
}

/// The evaluation from the point of view of the side to move, with the shipped weights.
pub fn evaluate<B: BitBoard>(pos: &PositionOf<B>) -> Score {
    evaluate_with(pos, shipped().get(pos.variant().kind))
}

/// The evaluation from the point of view of the side to move, with the weights `w`.
pub fn evaluate_with<B: BitBoard>(pos: &PositionOf<B>, w: &Weights) -> Score {
    let v = pos.variant();
    let g = &v.geometry;
    let to_move = pos.side_to_move();

    let routes = king_routes(pos);
    // Tactical shortcuts the search would otherwise need an extra ply or two to see.
    if to_move == Side::Defenders && routes.in_one > 0 {
        return w.near_win.clamp(-MAX_EVAL, MAX_EVAL);
    }
    if to_move == Side::Attackers && routes.in_one >= 2 {
        return (-w.near_win / 2).clamp(-MAX_EVAL, MAX_EVAL);
    }

    let mut s: Score = w.level; // for the defenders
    s += pos.defenders().count() as Score * w.defender;
    s -= pos.attackers().count() as Score * w.attacker;
    if routes.in_one == 1 {
        s += w.single_open_line;
    }
    s += routes.in_two as Score * w.escape_in_two;
    s += routes.in_three as Score * w.escape_in_three;
    s += routes.mobility as Score * w.king_mobility;
    if w.approach_in_two != 0 || w.approach_in_three != 0 {
        let approaches = open_approaches(pos);
        s += approaches.in_two as Score * w.approach_in_two;
        s += approaches.in_three as Score * w.approach_in_three;
    }

    let king = B::square(pos.king());
    let around_king = g.neighbours(king);
    let pressure = (around_king & pos.attackers()).count() as Score;
    s -= pressure * w.king_pressure;
    if v.king_strength == KingStrength::Strong && (king & g.edge).any() {
        s += w.king_pressure; // a king on the edge cannot be captured
    }

    s -= (v.corner_guards & pos.attackers()).count() as Score * w.corner_guard;

    if v.encirclement {
        let free = g.board & !pos.attackers();
        let region = crate::engine::rules::flood(pos, pos.pieces(Side::Defenders), free, B::EMPTY);
        s += (region & g.edge).count() as Score * w.open_edge;
        s += region.count() as Score * w.room;
    }

    // Threats: the side to move may execute one; the other side's are only a worry.
    let attackers_hanging = threatened(pos, v, Side::Attackers) as Score;
    let defenders_hanging = threatened(pos, v, Side::Defenders) as Score;
    let (mine, theirs) = match to_move {
        Side::Defenders => (defenders_hanging, attackers_hanging),
        Side::Attackers => (attackers_hanging, defenders_hanging),
    };
    let threat = theirs.min(2) * w.threat - mine.min(3) * w.threat / 4;

    let for_defenders = s;
    let base = match to_move {
        Side::Defenders => for_defenders,
        Side::Attackers => -for_defenders,
    };
    // Weights read from a file are bounded (`weights::MAX_WEIGHT`), so the sum cannot
    // overflow; large ones could still reach a won game's scores without this.
    (base + threat).clamp(-MAX_EVAL, MAX_EVAL)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::VariantKind;

    #[test]
    fn the_openings_are_roughly_balanced() {
        for kind in VariantKind::ALL {
            let e = evaluate(&crate::engine::position::Position::start(kind));
            assert!(e.abs() < 1500, "{kind:?}: {e}");
        }
    }

    #[test]
    fn the_level_moves_every_score_by_itself_for_the_defenders() {
        let quiet = copenhagen(&["j9", "b1", "a3"], &["e4", "d5"], "e5");
        let w = shipped().get(VariantKind::Copenhagen);
        let leveled = Weights {
            level: 300,
            ..w.clone()
        };
        // The attackers are to move: the defenders' gain is their loss.
        assert_eq!(
            evaluate_with(&quiet, &leveled),
            evaluate_with(&quiet, w) - 300
        );
        let defenders_to_move = quiet.clone().with_side_to_move(Side::Defenders);
        assert_eq!(
            evaluate_with(&defenders_to_move, &leveled),
            evaluate_with(&defenders_to_move, w) + 300
        );
    }

    #[test]
    fn the_largest_weights_a_file_may_give_stay_within_bounds() {
        use crate::ai::rng::Rng;
        use crate::ai::weights::MAX_WEIGHT;
        use crate::engine::game::Game;
        // Every weight at the limit, one way and the other, along random games of the biggest
        // board: no overflow (the tests also run with overflow checks), no score past the bound.
        for sign in [1, -1] {
            let w = Weights {
                attacker: sign * MAX_WEIGHT,
                defender: sign * MAX_WEIGHT,
                escape_in_two: sign * MAX_WEIGHT,
                escape_in_three: sign * MAX_WEIGHT,
                king_mobility: sign * MAX_WEIGHT,
                king_pressure: sign * MAX_WEIGHT,
                corner_guard: sign * MAX_WEIGHT,
                open_edge: sign * MAX_WEIGHT,
                room: sign * MAX_WEIGHT,
                threat: sign * MAX_WEIGHT,
                near_win: sign * MAX_WEIGHT,
                single_open_line: sign * MAX_WEIGHT,
                approach_in_two: sign * MAX_WEIGHT,
                approach_in_three: sign * MAX_WEIGHT,
                level: sign * MAX_WEIGHT,
            };
            for kind in [VariantKind::AleaEvangelii, VariantKind::Copenhagen] {
                let mut game = Game::new(kind);
                let mut rng = Rng::new(7);
                let mut extreme = 0;
                for _ in 0..200 {
                    if game.status().is_over() {
                        break;
                    }
                    let score = evaluate_with(game.position(), &w);
                    assert!(score.abs() <= MAX_EVAL, "{kind:?} {score}");
                    extreme = extreme.max(score.abs());
                    let moves = game.legal_moves();
                    game.make(moves[rng.below(moves.len())]);
                }
                assert_eq!(extreme, MAX_EVAL, "{kind:?}: some score needed the bound");
            }
        }
    }

    /// A Copenhagen position from square names; the attackers are to move.
    fn copenhagen(
        attackers: &[&str],
        defenders: &[&str],
        king: &str,
    ) -> crate::engine::position::Position {
        let v = VariantKind::Copenhagen.rules();
        let sq = |s: &&str| crate::engine::notation::parse_square(&v.geometry, s).expect("square");
        let attackers = attackers.iter().map(sq).collect();
        let defenders = defenders.iter().map(sq).collect();
        crate::engine::position::Position::from_parts(
            v,
            attackers,
            defenders,
            sq(&king),
            Side::Attackers,
        )
        .expect("valid")
    }

    #[test]
    fn open_approaches_look_through_the_defenders_but_not_the_attackers() {
        // The king on e5 reaches every corner in two moves of an empty board (e1 then a1 or
        // k1, e11 then a11 or k11).
        let free = copenhagen(&["j9"], &[], "e5");
        assert_eq!(open_approaches(&free).in_two, 4);
        assert_eq!(king_routes(&free).in_two, 4);

        // Defenders on e4 and d5 close both ways to a1 for the king now, not for a plan.
        let own_man = copenhagen(&["j9"], &["e4", "d5"], "e5");
        assert_eq!(king_routes(&own_man).in_two, 3);
        assert_eq!(open_approaches(&own_man).in_two, 4);

        // Attackers on b1 and a3 seal a1 within two moves (e1-a1 and a5-a1 are both blocked);
        // in three it stays open (e5-e2, e2-a2, a2-a1).
        let sealed = copenhagen(&["b1", "a3"], &["e4", "d5"], "e5");
        let approaches = open_approaches(&sealed);
        assert_eq!(approaches.in_two, 3);
        assert_eq!(approaches.in_three, 4);
    }

    #[test]
    fn corner_guards_are_next_to_the_corners() {
        let v = VariantKind::Copenhagen.rules();
        let g = &v.geometry;
        let guards = v.corner_guards;
        assert_eq!(guards.count(), 12);
        let b2 = g.square(1, 1).unwrap();
        let c2 = g.square(2, 1).unwrap();
        assert!(guards.contains(b2) && guards.contains(c2));
        assert!(
            VariantKind::Tablut.rules().corner_guards.is_empty(),
            "Tablut corners are ordinary squares"
        );
    }
}
