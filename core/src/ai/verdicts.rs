//! Every move of a reviewed game judged by the winning chance it cost its player, in bands
//! like the chess sites' (see `docs/ai.md`, "Move verdicts"), with the engine's better move and
//! what the played move did wrong, as facts the apps and `tafl analyse` put into words.
//!
//! The chances come from [`super::analysis`]: one search of the position before the move
//! scores the engine's best move and the played one side by side, and a move's cost is the
//! difference (unless the position after it is a forced result, which is certain). A move the
//! engine itself would have played is never a mistake; it is the best where it stands out
//! from the others, and the only move where every other would have been a mistake.

use crate::ai::analysis::{self, Analysis, Point};
use crate::engine::bits::Bits;
use crate::engine::game::{Game, Outcome, Status, WinReason};
use crate::engine::movegen::Move;
use crate::engine::position::Side;
use crate::engine::threats;

/// The least loss of winning chance (0 to 1) that makes a move an inaccuracy ...
pub const INACCURACY: f64 = 0.10;
/// ... a mistake ...
pub const MISTAKE: f64 = 0.20;
/// ... and a blunder.
pub const BLUNDER: f64 = 0.30;
/// The engine's move is the only move when leaving it out costs at least this much: every
/// other move would have been a mistake (the analysis searches for it:
/// [`analysis::ONLY_MOVE_PER_MILLE`]).
pub const ONLY_MOVE: f64 = analysis::ONLY_MOVE_PER_MILLE as f64 / 1000.0;
/// The engine's move is the best (it stands out) when leaving it out costs at least this
/// much; where another move comes closer, the analysis cannot tell which of them is best (its
/// own choice among them changes with its budget), and each is good
/// ([`analysis::STANDS_OUT_PER_MILLE`]).
pub const STANDS_OUT: f64 = analysis::STANDS_OUT_PER_MILLE as f64 / 1000.0;
// The best stands out by less than the only move: every only move stands out too.
const _: () = assert!(analysis::STANDS_OUT_PER_MILLE < analysis::ONLY_MOVE_PER_MILLE);

/// What a move was worth.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// The engine's own move, and every other would have been a mistake.
    OnlyMove,
    /// The engine's own move, and every other would have cost at least [`STANDS_OUT`].
    Best,
    /// A move that lost less than an inaccuracy: the engine's own where another was about as
    /// good, or another one.
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Verdict {
    /// The word `tafl analyse` prints.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::OnlyMove => "only-move",
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }

    /// An inaccuracy, a mistake or a blunder.
    pub const fn is_error(self) -> bool {
        matches!(
            self,
            Verdict::Inaccuracy | Verdict::Mistake | Verdict::Blunder
        )
    }

    /// The band of a loss of winning chance by a move other than the engine's.
    pub fn of_loss(loss: f64) -> Verdict {
        if loss >= BLUNDER {
            Verdict::Blunder
        } else if loss >= MISTAKE {
            Verdict::Mistake
        } else if loss >= INACCURACY {
            Verdict::Inaccuracy
        } else {
            Verdict::Good
        }
    }
}

/// What the played move did wrong, against the better move; the first is the weightiest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    /// The better move won the game at once.
    MissedWin(WinReason),
    /// After the played move the opponent wins at once, which the better move prevented.
    AllowedWin(WinReason),
    /// The better move took these pieces (the king's capture counts as a win above).
    MissedCapture(Bits),
    /// After the played move the opponent can take these pieces of the mover's with one move,
    /// which it could not after the better move.
    LeftToBeTaken(Bits),
    /// After the played move the king can reach these squares, from which his next move
    /// escapes, that the better move kept closed.
    OpenedEscape(Bits),
}

/// One move judged.
#[derive(Clone, PartialEq, Debug)]
pub struct Judged {
    /// The move's number, 1 for the first.
    pub ply: usize,
    pub mover: Side,
    pub verdict: Verdict,
    /// The mover's chance before and after the move, from 0 to 1 (after it: the played move's
    /// score in the search of the position before, where the analysis has one).
    pub before: f64,
    pub after: f64,
    /// The engine's move, when the played move was another.
    pub better: Option<Move>,
    /// Why the move was an error, weightiest first (empty for the others).
    pub why: Vec<Reason>,
}

impl Judged {
    /// The winning chance the move cost (never below 0).
    pub fn loss(&self) -> f64 {
        (self.before - self.after).max(0.0)
    }
}

/// How many moves of one side earned each verdict.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// The engine's own move, the only moves included.
    pub best: u32,
    pub only_moves: u32,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

impl Tally {
    /// The moves of `side` among `judged`, counted.
    pub fn of(judged: &[Judged], side: Side) -> Tally {
        Tally::count(judged.iter().map(|j| (j.mover, j.verdict)), side)
    }

    /// The verdicts of `side` among (mover, verdict) pairs, counted.
    pub fn count(verdicts: impl IntoIterator<Item = (Side, Verdict)>, side: Side) -> Tally {
        let mut tally = Tally::default();
        for (_, verdict) in verdicts.into_iter().filter(|(mover, _)| *mover == side) {
            match verdict {
                Verdict::OnlyMove => {
                    tally.only_moves += 1;
                    tally.best += 1;
                }
                Verdict::Best => tally.best += 1,
                Verdict::Good => {}
                Verdict::Inaccuracy => tally.inaccuracies += 1,
                Verdict::Mistake => tally.mistakes += 1,
                Verdict::Blunder => tally.blunders += 1,
            }
        }
        tally
    }
}

/// The mover's chance at a point.
fn for_side(point: &Point, side: Side) -> f64 {
    match side {
        Side::Defenders => point.defenders,
        Side::Attackers => 1.0 - point.defenders,
    }
}

/// Every move of `game` that `analysis` reaches, judged in order.
pub fn judge(game: &Game, analysis: &Analysis) -> Vec<Judged> {
    let mut replay = Game::from_position(game.start().clone(), game.options());
    let mut judged = Vec::with_capacity(game.plies());
    for (i, (played, _)) in game.moves().enumerate() {
        let (Some(before), Some(after)) = (analysis.points.get(i), analysis.points.get(i + 1))
        else {
            break;
        };
        judged.push(judge_move(&replay, played, before, after));
        if replay.play(played).is_err() {
            break;
        }
    }
    judged
}

/// The move `played` in `at`, judged by the points of the positions before and after it.
pub fn judge_move(at: &Game, played: Move, before: &Point, after: &Point) -> Judged {
    let mover = at.side_to_move();
    let best = before.best_move();
    let mut after_move = for_side(after, mover);
    let (verdict, better) = if best == Some(played) {
        let verdict = if before.only_move {
            Verdict::OnlyMove
        } else if before.stands_out {
            Verdict::Best
        } else {
            Verdict::Good
        };
        (verdict, None)
    } else {
        // The played move's cost beside the best in the search of the position before, where
        // the analysis has one; by the position after where that is certain (a forced result
        // proved there is a fact, not an estimate that another search might not share) or where
        // the analysis has no cost.
        let by_after = for_side(before, mover) - for_side(after, mover);
        let loss = match before.cost {
            Some(cost) if !after.forced => cost,
            _ => by_after,
        };
        after_move = for_side(before, mover) - loss;
        (Verdict::of_loss(loss), best)
    };
    let why = match better {
        Some(better) if verdict.is_error() => reasons(at, played, better),
        _ => Vec::new(),
    };
    Judged {
        ply: at.plies() + 1,
        mover,
        verdict,
        before: for_side(before, mover),
        after: after_move,
        better,
        why,
    }
}

/// What `played` did wrong in `at` where `better` was the engine's move, weightiest first.
pub fn reasons(at: &Game, played: Move, better: Move) -> Vec<Reason> {
    let mover = at.side_to_move();
    let (Some(after_played), Some(after_better)) = (after(at, played), after(at, better)) else {
        return Vec::new();
    };
    let mut why = Vec::new();
    if let Some(reason) = won_by(&after_better, mover) {
        if won_by(&after_played, mover).is_none() {
            why.push(Reason::MissedWin(reason));
        }
    }
    if let Some(reason) = win_in_one(&after_played) {
        if win_in_one(&after_better).is_none() {
            why.push(Reason::AllowedWin(reason));
        }
    }
    let taken = |g: &Game| g.last_move().map_or(Bits::EMPTY, |(_, captured)| captured);
    let missed = taken(&after_better) & !taken(&after_played);
    if missed.any() {
        why.push(Reason::MissedCapture(missed));
    }
    if !after_played.status().is_over() && !after_better.status().is_over() {
        let hanging = threats::capturable(after_played.position(), mover)
            & !threats::capturable(after_better.position(), mover);
        if hanging.any() {
            why.push(Reason::LeftToBeTaken(hanging));
        }
        if mover == Side::Attackers {
            let opened = threats::escape_routes(after_played.position())
                & !threats::escape_routes(after_better.position());
            if opened.any() {
                why.push(Reason::OpenedEscape(opened));
            }
        }
    }
    why
}

/// The game after `mv`, if it is legal.
fn after(at: &Game, mv: Move) -> Option<Game> {
    let mut game = at.clone();
    game.play(mv).ok()?;
    Some(game)
}

/// How `side` won, if the game is over in its favour.
fn won_by(game: &Game, side: Side) -> Option<WinReason> {
    match game.status() {
        Status::Over(Outcome::Win { winner, reason }) if winner == side => Some(reason),
        _ => None,
    }
}

/// How the side to move could win with one move, if it can.
fn win_in_one(game: &Game) -> Option<WinReason> {
    if game.status().is_over() {
        return None;
    }
    let side = game.side_to_move();
    let mut scratch = game.clone();
    for &mv in game.legal_moves().iter() {
        scratch.make(mv);
        let won = won_by(&scratch, side);
        scratch.unmake();
        if won.is_some() {
            return won;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::analysis::Point;
    use crate::engine::notation::parse_move;
    use crate::engine::variant::VariantKind;

    fn mv(game: &Game, text: &str) -> Move {
        parse_move(&game.variant().geometry, text)
            .expect("a move")
            .0
    }

    fn point(defenders: f64, best: Option<Move>) -> Point {
        Point {
            defenders,
            best: best.map(|m| (m.from.index() as u16, m.to.index() as u16)),
            stands_out: false,
            only_move: false,
            cost: None,
            forced: false,
        }
    }

    #[test]
    fn the_only_move_is_the_one_whose_absence_is_a_mistake() {
        assert_eq!(ONLY_MOVE, MISTAKE);
    }

    #[test]
    fn bands_follow_the_loss() {
        assert_eq!(Verdict::of_loss(0.0), Verdict::Good);
        assert_eq!(Verdict::of_loss(0.099), Verdict::Good);
        assert_eq!(Verdict::of_loss(0.10), Verdict::Inaccuracy);
        assert_eq!(Verdict::of_loss(0.2), Verdict::Mistake);
        assert_eq!(Verdict::of_loss(0.35), Verdict::Blunder);
        assert_eq!(Verdict::of_loss(-0.3), Verdict::Good);
    }

    #[test]
    fn the_engines_move_is_best_or_only_and_another_is_judged_by_its_loss() {
        let mut game = Game::new(VariantKind::Brandubh);
        let (a, b, c) = (mv(&game, "b4-b3"), mv(&game, "d5-b5"), mv(&game, "f4-f5"));
        game.play(a).unwrap();
        game.play(b).unwrap();
        game.play(c).unwrap();
        let other = mv(&game, "d6-d5");
        let mut first = point(0.5, Some(a));
        // Every move but b4-b3 costs the attackers a mistake: the only move.
        first.only_move = true;
        first.stands_out = true;
        // Every move but d5-b5 costs the defenders more than STANDS_OUT: the best.
        let mut second = point(0.45, Some(b));
        second.stands_out = true;
        let analysis = Analysis {
            // After c (f4-f5, not the engine's d6-d5) the attackers fell from 0.6 to 0.25.
            points: vec![first, second, point(0.4, Some(other)), point(0.75, None)],
            complete: true,
        };
        let judged = judge(&game, &analysis);
        let verdicts: Vec<Verdict> = judged.iter().map(|j| j.verdict).collect();
        assert_eq!(
            verdicts,
            [Verdict::OnlyMove, Verdict::Best, Verdict::Blunder]
        );
        assert_eq!(judged[2].better, Some(other));
        assert!((judged[2].loss() - 0.35).abs() < 1e-9);
        assert_eq!(judged[0].mover, Side::Attackers);
        let tally = Tally::of(&judged, Side::Attackers);
        assert_eq!((tally.best, tally.only_moves, tally.blunders), (1, 1, 1));
        assert_eq!(Tally::of(&judged, Side::Defenders).best, 1);

        // Where another move came within STANDS_OUT of d5-b5, the engine's own move is good:
        // which of them is best depends on how deep the analysis looks.
        let mut analysis = analysis;
        analysis.points[1].stands_out = false;
        let judged = judge(&game, &analysis);
        assert_eq!(judged[1].verdict, Verdict::Good);
        assert_eq!(
            judged[1].better, None,
            "the engine's own move has no better one"
        );
    }

    /// A Brandubh position (top rank first) with `side` to move.
    fn brandubh(placement: &str, side: Side) -> Game {
        let v = VariantKind::Brandubh.rules();
        let pos = crate::engine::notation::parse_position(v, placement, side).expect("a position");
        Game::from_position(pos, Default::default())
    }

    fn square(game: &Game, name: &str) -> Bits {
        crate::engine::notation::parse_square(&game.variant().geometry, name)
            .expect("a square")
            .bit()
    }

    #[test]
    fn a_way_left_open_for_the_king_is_named() {
        // The king on a5 walks to the corner a7 unless g6-a6 shuts the edge.
        let game = brandubh("/7/6t/K6/7/t6/7/3t3/", Side::Attackers);
        let why = reasons(&game, mv(&game, "d1-d2"), mv(&game, "g6-a6"));
        assert_eq!(
            why.first(),
            Some(&Reason::AllowedWin(WinReason::KingEscaped)),
            "{why:?}"
        );
        // The same move, judged against itself, did nothing wrong.
        let closes = mv(&game, "g6-a6");
        assert!(reasons(&game, closes, closes).is_empty());
    }

    #[test]
    fn a_missed_capture_and_a_piece_left_to_be_taken_are_named() {
        // b3-c3 takes the defender on d3 against e3.
        let game = brandubh("/7/7/3K3/7/1t1Tt2/7/7/", Side::Attackers);
        let why = reasons(&game, mv(&game, "e3-e1"), mv(&game, "b3-c3"));
        assert!(
            why.contains(&Reason::MissedCapture(square(&game, "d3"))),
            "{why:?}"
        );
        // f3-b3 stands beside the defender on a3, and c1-c3 then takes it; f3-f2 is safe.
        let game = brandubh("/5t1/7/3K3/7/T4t1/7/2T4/", Side::Attackers);
        let why = reasons(&game, mv(&game, "f3-b3"), mv(&game, "f3-f2"));
        assert_eq!(why, [Reason::LeftToBeTaken(square(&game, "b3"))]);
    }
}
