//! What threatens next move, for the apps' optional threat marks: the pieces the other side
//! could take with one move, and the squares from which the king would escape on his next
//! move. Both are worked out exactly by trying the moves, not estimated as the evaluation does.

use crate::engine::bits::Bits;
use crate::engine::movegen::{self, Move};
use crate::engine::position::{Position, Side};

/// The pieces of `victims` (the king never, since he is not removed) that the other side
/// could capture with one move if it were its turn.
pub fn capturable(pos: &Position, victims: Side) -> Bits {
    let hunters = pos.clone().with_side_to_move(victims.other());
    let mut found = Bits::EMPTY;
    let mut scratch = hunters.clone();
    for from in hunters.pieces(victims.other()) {
        for to in movegen::destinations(&hunters, from) {
            let mv = Move::new(from, to);
            if !hunters.captures_with(mv) && !could_close_shield_wall(&hunters, mv) {
                continue;
            }
            let undo = scratch.make(mv);
            found |= undo.effect.captured;
            scratch.unmake(&undo);
        }
    }
    found
}

/// Shield walls are only closed by a move onto the edge; the cheap custodial test above does
/// not see them.
fn could_close_shield_wall(pos: &Position, mv: Move) -> bool {
    let v = pos.variant();
    v.shield_walls != crate::engine::variant::ShieldWalls::None && v.geometry.edge.contains(mv.to)
}

/// The empty squares the king can reach with one move from which a second move would take him
/// to an escape square (his escapes in two, which the attackers must watch).
pub fn escape_routes(pos: &Position) -> Bits {
    let v = pos.variant();
    let king_to_move = pos.clone().with_side_to_move(Side::Defenders);
    let king = king_to_move.king();
    let mut routes = Bits::EMPTY;
    let mut scratch = king_to_move.clone();
    for to in movegen::destinations(&king_to_move, king) & !v.escape {
        let undo = scratch.make(Move::new(king, to));
        // After the king's move it is the attackers' turn; look at his next one.
        let next = scratch.clone().with_side_to_move(Side::Defenders);
        if (movegen::destinations(&next, next.king()) & v.escape).any() {
            routes.insert(to);
        }
        scratch.unmake(&undo);
    }
    routes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::{parse_position, parse_square};
    use crate::engine::variant::VariantKind;

    #[test]
    fn a_defender_between_an_attacker_and_an_open_square_is_capturable() {
        let v = VariantKind::Brandubh.rules();
        let g = &v.geometry;
        // Attacker b3, defender c3, d3 empty and reachable by the attacker on g3.
        let pos = parse_position(v, "/7/7/7/3K3/1tT3t/7/7/", Side::Defenders).unwrap();
        let threatened = capturable(&pos, Side::Defenders);
        assert_eq!(threatened, parse_square(g, "c3").unwrap().bit());
        assert_eq!(capturable(&pos, Side::Attackers), Bits::EMPTY);
    }

    #[test]
    fn the_king_escapes_in_two_from_squares_with_a_free_line_to_a_corner() {
        let v = VariantKind::Brandubh.rules();
        let g = &v.geometry;
        // A lone king on d4 reaches the edge squares d1, d7, a4 and g4, each with a free line
        // along the edge to two corners; from d3 no line leads to a corner.
        let pos = parse_position(v, "/7/7/7/3K3/7/7/7/", Side::Attackers).unwrap();
        let routes = escape_routes(&pos);
        for sq in ["d1", "d7", "a4", "g4"] {
            assert!(routes.contains(parse_square(g, sq).unwrap()), "{sq}");
        }
        assert!(!routes.contains(parse_square(g, "d3").unwrap()));
    }
}
