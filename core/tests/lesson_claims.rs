//! What each lesson text says about the rules, checked against every game that uses it: a
//! text shared by several games must be true in each of them. Step 2 of Brandubh's last
//! lesson once said that the king cannot be taken on the edge, which is Copenhagen's rule and
//! not Brandubh's; this test would have refused it.
//!
//! A claim is stated once per text, next to no game: [`claims`] lists, for every step text,
//! the rules its words rely on, every text a lesson uses must be listed (claims or none), and
//! every claim must hold in the lesson's game, read from the engine's own rule data
//! ([`Rules`], `VariantKind::data`). Rules that hold in every game of ours (a trap is closed by
//! the side moving, a side without a move loses) are not claims: nothing could contradict
//! them.

use std::collections::BTreeSet;

use tafl_core::VariantKind;
use tafl_core::engine::variant::{Escape, KingStrength, Reach, Repetition, Rules, ShieldWalls};
use tafl_core::learning::lessons;

/// A rule a lesson's words state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Claim {
    /// Every piece moves like a rook, any number of squares.
    RookMoves,
    /// Only the king may stop on the throne, and any piece may cross it while it is empty.
    ThroneForTheKingAlone,
    /// Only the king may stop on a corner.
    CornersForTheKingAlone,
    /// The corners are ordinary squares: any piece may stop on them, and they trap nobody.
    OrdinaryCorners,
    /// A corner traps any piece beside it, attackers and defenders alike.
    HostileCorners,
    /// The throne traps the attackers, empty or not.
    ThroneAgainstAttackers,
    /// The empty throne traps the defenders too.
    EmptyThroneAgainstDefenders,
    /// The throne with the king on it does not trap his defenders.
    OccupiedThroneSparesDefenders,
    /// The king can be one side of a trap.
    ArmedKing,
    /// The king is taken only with attackers on all four sides (three and the throne beside
    /// it), never on the edge.
    KingTakenOnFourSides,
    /// Away from the throne the king is taken like any piece, between two attackers.
    KingTakenByTwo,
    /// A corner counts as an attacker against the king.
    CornerAgainstTheKing,
    /// On the throne the king needs four attackers, beside it three and the empty throne.
    KingStrongAtTheThrone,
    /// The king wins on a corner, not on the rest of the edge.
    EscapeToACorner,
    /// The king wins on any edge square.
    EscapeToTheEdge,
    /// Shield walls are taken, a corner closing one end.
    ShieldWallsWithCorners,
    /// The king wins in an exit fort.
    ExitForts,
    /// The attackers win by closing a ring around every defender.
    Encirclement,
    /// A position come up a third time loses for the defenders, whoever moved.
    RepetitionLosesForTheDefenders,
    /// A number of moves without a capture draws the game.
    MoveLimitDraw,
}

impl Claim {
    const ALL: [Claim; 20] = [
        Claim::RookMoves,
        Claim::ThroneForTheKingAlone,
        Claim::CornersForTheKingAlone,
        Claim::OrdinaryCorners,
        Claim::HostileCorners,
        Claim::ThroneAgainstAttackers,
        Claim::EmptyThroneAgainstDefenders,
        Claim::OccupiedThroneSparesDefenders,
        Claim::ArmedKing,
        Claim::KingTakenOnFourSides,
        Claim::KingTakenByTwo,
        Claim::CornerAgainstTheKing,
        Claim::KingStrongAtTheThrone,
        Claim::EscapeToACorner,
        Claim::EscapeToTheEdge,
        Claim::ShieldWallsWithCorners,
        Claim::ExitForts,
        Claim::Encirclement,
        Claim::RepetitionLosesForTheDefenders,
        Claim::MoveLimitDraw,
    ];

    /// Whether the claim is true of these rules.
    fn holds(self, r: &Rules) -> bool {
        let four_sides = matches!(r.king_strength, KingStrength::Strong);
        let by_two = matches!(
            r.king_strength,
            KingStrength::Weak | KingStrength::WeakAwayFromThrone
        );
        match self {
            Claim::RookMoves => r.reach == Reach::ANY,
            Claim::ThroneForTheKingAlone => {
                r.throne.is_some()
                    && !r.throne_stop.attackers
                    && !r.throne_stop.defenders
                    && r.throne_stop.king
                    && r.throne_pass.attackers
                    && r.throne_pass.defenders
            }
            Claim::CornersForTheKingAlone => {
                !r.corners.is_empty()
                    && r.corner_stop.king
                    && !r.corner_stop.attackers
                    && !r.corner_stop.defenders
            }
            Claim::OrdinaryCorners => {
                r.corners.is_empty()
                    || (r.corner_stop.attackers
                        && r.corner_stop.defenders
                        && !r.corner_hostile.attackers
                        && !r.corner_hostile.defenders)
            }
            Claim::HostileCorners => {
                !r.corners.is_empty() && r.corner_hostile.attackers && r.corner_hostile.defenders
            }
            Claim::ThroneAgainstAttackers => {
                r.throne.is_some() && r.throne_hostile.attackers && r.empty_throne_hostile.attackers
            }
            Claim::EmptyThroneAgainstDefenders => {
                r.throne.is_some() && r.empty_throne_hostile.defenders
            }
            Claim::OccupiedThroneSparesDefenders => {
                r.throne.is_some() && !r.throne_hostile.defenders
            }
            Claim::ArmedKing => r.king_armed.anvil() && r.king_armed.hammer(),
            Claim::KingTakenOnFourSides => four_sides,
            Claim::KingTakenByTwo => by_two,
            Claim::CornerAgainstTheKing => by_two && !r.corners.is_empty() && r.corner_hostile.king,
            Claim::KingStrongAtTheThrone => {
                r.throne.is_some()
                    && r.empty_throne_hostile.king
                    && matches!(
                        r.king_strength,
                        KingStrength::Strong | KingStrength::WeakAwayFromThrone
                    )
            }
            Claim::EscapeToACorner => r.escape == Escape::Corners && !r.corners.is_empty(),
            Claim::EscapeToTheEdge => r.escape == Escape::Edge,
            Claim::ShieldWallsWithCorners => r.shield_walls == ShieldWalls::CornersClose,
            Claim::ExitForts => r.exit_forts,
            Claim::Encirclement => r.encirclement,
            Claim::RepetitionLosesForTheDefenders => r.repetition == Repetition::DefendersLose,
            Claim::MoveLimitDraw => r.draw_plies > 0,
        }
    }
}

/// The claims of a step text (`capture.trap`: the keys `lesson.capture.trap.*`), or `None`
/// for a text not listed (which the test refuses: every text is listed, claims or none).
fn claims(text: &str) -> Option<&'static [Claim]> {
    use Claim::*;
    Some(match text {
        "moving.slide" | "moving.blocked" => &[RookMoves],
        "moving.throne" => &[RookMoves, ThroneForTheKingAlone],
        "moving.corner" => &[CornersForTheKingAlone],
        "moving.tablut_corner" => &[OrdinaryCorners],
        "capture.trap" | "capture.safe" | "capture.double" => &[],
        "capture.king_armed" => &[ArmedKing],
        "hostile.corner" | "hostile.corner_attacker" => &[HostileCorners],
        "hostile.corner_ordinary" => &[OrdinaryCorners],
        "hostile.throne_attacker" => &[ThroneAgainstAttackers],
        "hostile.throne_empty" => &[EmptyThroneAgainstDefenders],
        "hostile.throne_occupied" => &[OccupiedThroneSparesDefenders],
        "king.four" | "king.edge" => &[KingTakenOnFourSides],
        "king.two" => &[KingTakenByTwo],
        "king.corner" => &[KingTakenByTwo, CornerAgainstTheKing],
        "king.beside_throne" | "king.on_throne" => &[KingStrongAtTheThrone],
        "escape.edge_not_enough" | "escape.corner" => &[EscapeToACorner],
        "escape.edge" | "escape.block" => &[EscapeToTheEdge],
        "shield.wall" | "shield.corner" | "shield.king" => &[ShieldWallsWithCorners],
        "fort.build" | "fort.weak" => &[ExitForts],
        "encircle.ring" | "encircle.outside" => &[Encirclement],
        "repetition.third" | "repetition.avoid" => &[RepetitionLosesForTheDefenders],
        "repetition.draw" => &[MoveLimitDraw],
        "no_moves.block" | "no_moves.attackers" | "no_moves.all_blocked" => &[],
        // It once said "on the edge, where they cannot take him": KingTakenOnFourSides,
        // which Brandubh's king is not. It says that he stepped in himself now.
        "no_moves.king" => &[],
        _ => return None,
    })
}

#[test]
fn every_step_claims_only_what_its_game_rules() {
    let mut problems = Vec::new();
    let mut used = BTreeSet::new();
    for lesson in lessons::all() {
        let rules = lesson.kind.data();
        for (i, step) in lesson.steps.iter().enumerate() {
            used.insert(step.text);
            let Some(list) = claims(step.text) else {
                problems.push(format!(
                    "{}: the text {} states no claims: list them",
                    lesson.id(),
                    step.text
                ));
                continue;
            };
            for claim in list {
                if !claim.holds(rules) {
                    problems.push(format!(
                        "{} step {}: {} says {claim:?}, which is not {}'s rule",
                        lesson.id(),
                        i + 1,
                        step.text,
                        lesson.kind.name()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(used.len() > 30, "{used:?}");
}

/// The check checks: the claims tell the games apart as their rules do. The king safe on the
/// edge is Copenhagen's rule, not Brandubh's (the line this test was written for); Tablut's
/// king escapes to the edge, Copenhagen's to a corner; and so on for every claim, each of which
/// some game of ours contradicts.
#[test]
fn the_claims_tell_the_games_apart() {
    use Claim::*;
    let data = |k: VariantKind| k.data();
    assert!(KingTakenOnFourSides.holds(data(VariantKind::Copenhagen)));
    assert!(!KingTakenOnFourSides.holds(data(VariantKind::Brandubh)));
    assert!(KingTakenByTwo.holds(data(VariantKind::Brandubh)));
    assert!(EscapeToTheEdge.holds(data(VariantKind::Tablut)));
    assert!(!EscapeToTheEdge.holds(data(VariantKind::Copenhagen)));
    assert!(!ShieldWallsWithCorners.holds(data(VariantKind::Brandubh)));
    assert!(!ExitForts.holds(data(VariantKind::Tablut)));
    // Every game of ours draws after 160 quiet plies; the rule data could say none.
    let no_limit = Rules {
        draw_plies: 0,
        ..data(VariantKind::Brandubh).clone()
    };
    assert!(!MoveLimitDraw.holds(&no_limit));
    for claim in Claim::ALL.into_iter().filter(|&c| c != MoveLimitDraw) {
        let kinds: Vec<bool> = VariantKind::ALL
            .iter()
            .map(|&k| claim.holds(data(k)))
            .collect();
        assert!(
            kinds.contains(&false),
            "{claim:?} holds in every game: not a claim"
        );
    }
}
