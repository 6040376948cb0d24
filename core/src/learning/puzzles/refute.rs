//! The answer to a wrong move: of all the replies to it, the one that holds out longest, chosen
//! by the prover, with what it comes to (it wins, it wins on the next move whatever is played,
//! it draws, no forced win comes within the plies the prover looked at, or the win comes but
//! only after so many plies).
//!
//! A wrong move is one that does not force the win within the plies left. The first reply that
//! shows it is not the answer a player should see: after a move that wins too slowly every
//! reply may still lose, and the first one generated may lose at once to a move the player
//! was about to find. So every reply is weighed, and the best for the defence is shown.

use serde::{Deserialize, Serialize};

use crate::engine::game::{Outcome, Status, WinReason};
use crate::engine::moves::Move;

use super::{OutOfBudget, Prover};

/// What a refuting defence comes to. The variants are in the defence's order of preference,
/// best first (see [`Holds::rank`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Holds {
    /// The reply itself wins the game for the defence.
    Wins(WinReason),
    /// After the reply the defence wins with its next move, whatever the other side plays.
    WinsNext,
    /// The reply ends the game in a draw.
    Draws,
    /// After the reply the side that was to win has no forced win within `plies` plies: as far
    /// as the prover looked (its horizon), the defence holds.
    NoWinWithin { plies: u32 },
    /// After the reply the win still comes, but only in `plies` plies (the winning move
    /// counted; 0 when the reply itself loses).
    LosesIn { plies: u32 },
}

impl Holds {
    /// Orders the outcomes for the defence: greater is better. Among losses, the later the
    /// better; a horizon without a win beats any loss found within it.
    pub fn rank(self) -> (u8, u32) {
        match self {
            Holds::Wins(_) => (5, 0),
            Holds::WinsNext => (4, 0),
            Holds::Draws => (3, 0),
            Holds::NoWinWithin { plies } => (2, plies),
            Holds::LosesIn { plies } => (1, plies),
        }
    }
}

/// The reply shown for a wrong move, and what it comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    pub reply: Move,
    pub holds: Holds,
}

/// The longest horizon the search for the longest defence looks to, in plies after the reply:
/// beyond it a defence counts as holding. A proof that deep is out of reach on the larger
/// boards anyway; the budget stops it sooner there.
pub const MAX_HORIZON: u32 = 9;

/// How many times more a level of the deepening costs than the one before, about: two plies
/// more multiply the proofs of the replies that hold by some 20 to 30 on the shipped puzzles
/// (measured, `docs/puzzles.md`). A level foreseen to run over the budget is not begun.
const GROWTH: u64 = 25;

/// What one level of the deepening found.
struct Level {
    /// The first reply beaten within the level's plies.
    beaten: Option<Move>,
    /// The replies not beaten, in order.
    still: Vec<Move>,
    /// The moves played to prove those not beaten: what the next level multiplies.
    cost: u64,
}

/// Keeps `reply` in `best` when it holds strictly better (so the first of equals stays).
fn keep(reply: Move, holds: Holds, best: &mut Option<Refutation>) {
    if best.is_none_or(|b| holds.rank() > b.holds.rank()) {
        *best = Some(Refutation { reply, holds });
    }
}

/// Moves the longest-defence search may play beyond its first level: the deepening that tells
/// the defences that hold within the puzzle's plies apart. On this machine about a second's
/// work at most, on every shipped puzzle (`docs/puzzles.md`).
pub const DEEPEN_BUDGET: u64 = 250_000;

impl Prover {
    /// The longest defence against `mv`, the winner's legal move that does not win within
    /// `left` plies (`mv` counted). Every reply is weighed: one that wins at once is best, then
    /// one after which the defence wins with its next move whatever is played, then a draw;
    /// then the reply the winner needs longest to beat. For that, the replies are proven in the
    /// generator's order within the plies the puzzle left (`left - 2` after the reply, one at
    /// least) up to the first one that is not beaten: this must complete, and that reply is the
    /// answer unless the next steps, which share `deepen` moves, complete: the other replies
    /// proven within the same plies, then those not beaten two plies deeper at a time, while
    /// more than one is left, up to [`MAX_HORIZON`]. The first reply in the generator's order
    /// wins a tie. `None` when `mv` ends the game or leaves no reply.
    pub fn longest_refutation(
        &mut self,
        mv: Move,
        left: u32,
        deepen: u64,
    ) -> Result<Option<Refutation>, OutOfBudget> {
        let root = self.game().plies();
        let found = self.refutation_from(mv, left, deepen);
        while self.game().plies() > root {
            self.unmake();
        }
        found
    }

    fn refutation_from(
        &mut self,
        mv: Move,
        left: u32,
        deepen: u64,
    ) -> Result<Option<Refutation>, OutOfBudget> {
        self.make(mv)?;
        if self.game().status().is_over() {
            return Ok(None);
        }
        let defence = self.game().side_to_move();
        let mut outcomes: Vec<(Move, Option<Holds>)> = Vec::new();
        for reply in self.legal_moves() {
            self.make(reply)?;
            let ended = match self.game().status() {
                Status::Ongoing => None,
                Status::Over(Outcome::Win { winner, reason }) if winner == defence => {
                    Some(Holds::Wins(reason))
                }
                Status::Over(Outcome::Win { .. }) => Some(Holds::LosesIn { plies: 0 }),
                Status::Over(Outcome::Draw { .. }) => Some(Holds::Draws),
            };
            self.unmake();
            outcomes.push((reply, ended));
        }
        if let Some(&(reply, Some(holds))) = outcomes
            .iter()
            .find(|(_, h)| matches!(h, Some(Holds::Wins(_))))
        {
            return Ok(Some(Refutation { reply, holds }));
        }
        // A reply after which every move of the winner lets the defence win at once.
        for &(reply, ended) in &outcomes {
            if ended.is_some() {
                continue;
            }
            self.make(reply)?;
            let wins_next = self.every_reply_loses(2)?;
            self.unmake();
            if wins_next {
                return Ok(Some(Refutation {
                    reply,
                    holds: Holds::WinsNext,
                }));
            }
        }
        if let Some(&(reply, _)) = outcomes.iter().find(|(_, h)| *h == Some(Holds::Draws)) {
            return Ok(Some(Refutation {
                reply,
                holds: Holds::Draws,
            }));
        }
        let mut best: Option<Refutation> = None;
        let mut alive = Vec::new();
        for &(reply, ended) in &outcomes {
            match ended {
                Some(holds) => keep(reply, holds, &mut best),
                None => alive.push(reply),
            }
        }
        // The first level: the replies in order, within the puzzle's plies, up to the first
        // that is not beaten. It must complete: that reply is the answer at the least.
        let horizon = left.saturating_sub(2).max(1);
        let mut first = None;
        for (i, &reply) in alive.iter().enumerate() {
            let before = self.nodes();
            self.make(reply)?;
            let win = self.shortest_win(horizon)?;
            self.unmake();
            match win {
                Some((plies, _)) => keep(reply, Holds::LosesIn { plies }, &mut best),
                None => {
                    first = Some((i, self.nodes() - before));
                    break;
                }
            }
        }
        let Some((i, cost)) = first else {
            return Ok(best);
        };
        // The rest, while the budget lasts: the other replies that hold as long, then deeper.
        let budget = self.budget();
        self.set_budget(budget.min(self.nodes().saturating_add(deepen)));
        let deepest = self.rest(&alive[i..], horizon, cost);
        self.set_budget(budget);
        Ok(Some(deepest))
    }

    /// `replies[0]` is not beaten within `horizon` plies (its proof cost `cost` moves); the
    /// others are not proven yet. Proves them within `horizon` and deepens among those that
    /// hold ([`Prover::deepen`]); when that would likely run over the budget, or does,
    /// `replies[0]` is the answer.
    fn rest(&mut self, replies: &[Move], horizon: u32, cost: u64) -> Refutation {
        let first = Refutation {
            reply: replies[0],
            holds: Holds::NoWinWithin { plies: horizon },
        };
        let others = &replies[1..];
        if cost.saturating_mul(others.len() as u64) > self.budget_left() {
            return first;
        }
        let root = self.game().plies();
        match self.level(others, horizon) {
            Ok(level) => {
                let holding: Vec<Move> = std::iter::once(replies[0]).chain(level.still).collect();
                self.deepen(holding, horizon, cost + level.cost)
            }
            Err(OutOfBudget) => {
                while self.game().plies() > root {
                    self.unmake();
                }
                first
            }
        }
    }

    /// Proves the replies in `holding` (none beaten within `horizon` plies, which cost `cost`
    /// moves to prove) two plies deeper at a time while more than one is left: the first reply
    /// left when no deeper level beats them all, or the first of those the deepest level beat.
    /// A level is not begun when it would likely run over the budget (see [`GROWTH`]), and one
    /// that runs over counts for nothing.
    fn deepen(&mut self, mut holding: Vec<Move>, mut horizon: u32, mut cost: u64) -> Refutation {
        let root = self.game().plies();
        // One reply left is the longest already: deeper proofs would only say how long.
        while holding.len() > 1
            && horizon + 2 <= MAX_HORIZON
            && cost.saturating_mul(GROWTH) <= self.budget_left()
        {
            let deeper = horizon + 2;
            match self.level(&holding, deeper) {
                Ok(level) if level.still.is_empty() => {
                    return Refutation {
                        reply: level.beaten.unwrap_or(holding[0]),
                        holds: Holds::LosesIn { plies: deeper },
                    };
                }
                Ok(level) => {
                    holding = level.still;
                    horizon = deeper;
                    cost = level.cost;
                }
                Err(OutOfBudget) => {
                    while self.game().plies() > root {
                        self.unmake();
                    }
                    break;
                }
            }
        }
        Refutation {
            reply: holding[0],
            holds: Holds::NoWinWithin { plies: horizon },
        }
    }

    /// One level of [`Prover::deepen`]: the first reply the winner beats within `plies`, and
    /// the replies it does not beat, in order, with what proving those cost.
    fn level(&mut self, holding: &[Move], plies: u32) -> Result<Level, OutOfBudget> {
        let mut out = Level {
            beaten: None,
            still: Vec::new(),
            cost: 0,
        };
        for &reply in holding {
            let before = self.nodes();
            self.make(reply)?;
            let won = self.win_within(plies)?.is_some();
            self.unmake();
            if won {
                out.beaten.get_or_insert(reply);
            } else {
                out.still.push(reply);
                out.cost += self.nodes() - before;
            }
        }
        Ok(out)
    }
}
