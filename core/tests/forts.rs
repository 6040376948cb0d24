//! Exit forts (Copenhagen): the detector finds forts held by supporters outside the wall,
//! refuses near-misses, and never declares a fort the attackers could break (checked against
//! a bounded search on random positions).

mod common;

use common::{play, setup, square, squares};
use tafl_core::ai::rng::Rng;
use tafl_core::engine::bits::Dir;
use tafl_core::engine::movegen;
use tafl_core::engine::rules::{Fort, exit_fort, is_exit_fort};
use tafl_core::{Bits, Outcome, Position, Side, Status, VariantKind, WinReason};

const C: VariantKind = VariantKind::Copenhagen;

fn position(attackers: &str, defenders: &str, king: &str) -> Position {
    Position::from_parts(
        C.rules(),
        squares(C, attackers),
        squares(C, defenders),
        square(C, king),
        Side::Attackers,
    )
    .expect("a valid position")
}

/// The example: king f11 inside e11 g11 e10 g10 f9; e9 guards f9's open side; the
/// attackers stand on e8 and f8 (and far away).
const WALL: &str = "e11 g11 e10 g10 f9";

#[test]
fn a_fort_held_by_a_supporter_outside_the_wall_wins() {
    let mut game = setup(
        C,
        "e8 f8 a5 k5",
        &format!("{WALL} c9"),
        "f11",
        Side::Defenders,
    );
    // The supporter arrives on e9: now no attacker sequence can capture f9.
    let played = play(&mut game, "c9-e9");
    assert_eq!(
        played.status,
        Status::Over(Outcome::Win {
            winner: Side::Defenders,
            reason: WinReason::ExitFort,
        })
    );
    let fort = exit_fort(game.position()).expect("a fort");
    assert_eq!(fort.inside, squares(C, "f11 f10"));
    assert!(fort.wall.contains(square(C, "e9")), "{:?}", fort.wall);
    assert_eq!(fort.wall & squares(C, WALL), squares(C, WALL));
}

#[test]
fn near_misses_are_not_forts() {
    for (attackers, defenders, why) in [
        (
            "e8 f8",
            WALL,
            "without e9, attackers on e9 and g9 capture f9",
        ),
        (
            "e8 f8 e9",
            WALL,
            "an attacker on e9 needs one more on g9 to take f9",
        ),
        (
            "e8 f8",
            "e11 g11 e10 g10 f9 d9",
            "d9 guards nothing and falls itself",
        ),
        ("e8 f8 f10", "e11 g11 e10 g10 f9 e9", "an attacker inside"),
        ("e8 f8", "e11 g11 e10 f9 e9", "the inside leaks through g10"),
    ] {
        assert!(
            !is_exit_fort(&position(attackers, defenders, "f11")),
            "{why}"
        );
    }
}

#[test]
fn the_near_miss_without_a_supporter_really_breaks() {
    // Attackers e8 f8 against the bare wall: e8-e9, f8-g8, g8-g9 takes f9, the king shuffling.
    let mut game = setup(C, "e8 f8 a5", WALL, "f11", Side::Attackers);
    for (attacker, king) in [("e8-e9", "f11-f10"), ("f8-g8", "f10-f11")] {
        play(&mut game, attacker);
        play(&mut game, king);
    }
    let played = play(&mut game, "g8-g9");
    assert_eq!(played.captured, squares(C, "f9"));
}

#[test]
fn defenders_a_shield_wall_could_take_are_not_part_of_the_wall() {
    // Beside the fort, c1 and d1 on the edge: each covers the other along the edge,
    // so no custodial capture takes them, but a shield wall can.
    let attackers = "e8 f8 c2 d2 b1 e5";
    let defenders = format!("{WALL} e9 c1 d1");
    let fort = exit_fort(&position(attackers, &defenders, "f11")).expect("a fort");
    assert_eq!(fort.wall & squares(C, "c1 d1"), Bits::EMPTY);
    assert!(fort.wall.contains(square(C, "e9")));
    let mut game = setup(C, attackers, &defenders, "f11", Side::Attackers);
    assert_eq!(play(&mut game, "e5-e1").captured, squares(C, "c1 d1"));
}

// ---- Soundness on random positions ------------------------------------------------------------

/// The detector before supporters counted (kept here as a reference): a wall of defenders
/// touching the inside, each holding on every line by a neighbour that is off the board,
/// inside (and not hostile), or another wall piece.
fn old_fort(pos: &Position) -> bool {
    let v = pos.variant();
    let g = &v.geometry;
    let king = pos.king();
    if !g.edge.contains(king) {
        return false;
    }
    let empty = g.board & !pos.occupied();
    let mut inside = king.bit();
    loop {
        let next = inside | (g.neighbours(inside) & empty);
        if next == inside {
            break;
        }
        inside = next;
    }
    if inside.count() < 2 {
        return false;
    }
    let wall = g.neighbours(inside) & !inside;
    if (wall & pos.attackers()).any() {
        return false;
    }
    let safe = (inside & !(v.corners | v.throne)) | wall;
    let is_safe = |sq: Option<tafl_core::Square>| sq.is_none_or(|s| safe.contains(s));
    wall.iter().all(|piece| {
        [(Dir::North, Dir::South), (Dir::East, Dir::West)]
            .into_iter()
            .all(|(a, b)| is_safe(g.step(piece, a)) || is_safe(g.step(piece, b)))
    })
}

/// A random position near a king on the edge: guards around him, a few attackers elsewhere.
fn random_position(rng: &mut Rng) -> Option<Position> {
    let v = C.rules();
    let g = &v.geometry;
    let edge: Vec<_> = (g.edge & !v.restricted).iter().collect();
    let king = edge[rng.below(edge.len())];
    let (kf, kr) = (g.file(king) as i32, g.rank(king) as i32);
    let mut defenders = Bits::EMPTY;
    let mut attackers = Bits::EMPTY;
    for sq in g.board & !v.restricted & !king.bit() {
        let near = (g.file(sq) as i32 - kf)
            .abs()
            .max((g.rank(sq) as i32 - kr).abs())
            <= 2;
        if near && rng.below(100) < 55 {
            defenders.insert(sq);
        }
    }
    // Some attackers close by (within four squares of the king), some anywhere.
    let free = g.board & !v.restricted & !defenders & !king.bit();
    let close: Vec<_> = free
        .iter()
        .filter(|&sq| {
            (g.file(sq) as i32 - kf)
                .abs()
                .max((g.rank(sq) as i32 - kr).abs())
                <= 4
        })
        .collect();
    let anywhere: Vec<_> = free.iter().collect();
    for _ in 0..rng.below(5) {
        attackers.insert(close[rng.below(close.len())]);
    }
    for _ in 0..1 + rng.below(5) {
        attackers.insert(anywhere[rng.below(anywhere.len())]);
    }
    Position::from_parts(v, attackers, defenders, king, Side::Attackers).ok()
}

/// Why the fort fell after the attackers' last move, if it did.
fn broken(
    pos: &Position,
    fort: &Fort,
    effect: tafl_core::engine::position::MoveEffect,
) -> Option<String> {
    if (effect.captured & fort.wall).any() {
        Some(format!("captured a wall piece: {:?}", effect.captured))
    } else if effect.king_captured {
        Some("captured the king".into())
    } else if (pos.attackers() & fort.inside).any() {
        Some("an attacker got inside".into())
    } else {
        None
    }
}

/// Every attacker move to `depth` attacker moves, the king answering with every move inside
/// his fort. Returns how the fort fell, if it did, and counts the attacker moves tried.
fn search(pos: &mut Position, fort: &Fort, depth: u32, tried: &mut u64) -> Option<String> {
    for mv in movegen::legal_moves(pos).iter().copied() {
        *tried += 1;
        let undo = pos.make(mv);
        let mut result = broken(pos, fort, undo.effect);
        if result.is_none() && depth > 1 {
            let king_moves = movegen::destinations(pos, pos.king()) & fort.inside;
            if king_moves.is_empty() {
                result = Some("the king cannot move".into());
            }
            for to in king_moves {
                let king = tafl_core::Move::new(pos.king(), to);
                let answer = pos.make(king);
                result = search(pos, fort, depth - 1, tried);
                pos.unmake(&answer);
                if result.is_some() {
                    break;
                }
            }
        }
        pos.unmake(&undo);
        if let Some(why) = result {
            return Some(format!("after {mv:?}: {why}"));
        }
    }
    None
}

/// Long random attacker sequences (the king shuffling at random inside).
fn playouts(pos: &Position, fort: &Fort, rng: &mut Rng, games: u32, moves: u32) -> Option<String> {
    for _ in 0..games {
        let mut pos = pos.clone();
        for _ in 0..moves {
            let list = movegen::legal_moves(&pos);
            if list.is_empty() {
                break;
            }
            let undo = pos.make(list[rng.below(list.len())]);
            if let Some(why) = broken(&pos, fort, undo.effect) {
                return Some(why);
            }
            let king_moves: Vec<_> = (movegen::destinations(&pos, pos.king()) & fort.inside)
                .iter()
                .collect();
            if king_moves.is_empty() {
                return Some("the king cannot move".into());
            }
            let to = king_moves[rng.below(king_moves.len())];
            pos.make(tafl_core::Move::new(pos.king(), to));
        }
    }
    None
}

#[test]
fn random_forts_hold_against_every_attacker_sequence_tried() {
    let mut rng = Rng::new(15);
    let (mut forts, mut new_only, mut tried) = (0, 0, 0u64);
    let mut positions = 0;
    while forts < 300 {
        positions += 1;
        assert!(positions < 2_000_000, "too few forts: {forts}");
        let Some(pos) = random_position(&mut rng) else {
            continue;
        };
        let old = old_fort(&pos);
        let Some(fort) = exit_fort(&pos) else {
            assert!(!old, "a fort the old detector saw is lost: {pos:?}");
            continue;
        };
        forts += 1;
        if !old {
            new_only += 1;
        }
        let mut work = pos.clone();
        if let Some(why) = search(&mut work, &fort, 2, &mut tried) {
            panic!("a false fort: {pos:?} {fort:?}: {why}");
        }
        if let Some(why) = playouts(&pos, &fort, &mut rng, 20, 40) {
            panic!("a false fort: {pos:?} {fort:?}: {why}");
        }
    }
    println!(
        "{forts} forts in {positions} random positions, {new_only} missed by the old detector; \
         {tried} attacker moves searched"
    );
    // The supporters matter: a good share of these forts were missed before.
    assert!(new_only >= 10, "{new_only}");
}
