//! Exhaustive proof of short forced wins, without the evaluation: plain AND-OR search on won or
//! not won, over every legal move of both sides, through [`Game::make`] so that every rule
//! (repetition and the draw counter included, with the game's whole history) decides.
//!
//! It checks the search (tests, the tactics suite) and proves the puzzles (`puzzles`, which
//! adds the walks a puzzle needs: refutations, defences, main lines); it never plays: it is
//! exact and slow.

use std::fmt;

use crate::ai::Control;
use crate::engine::game::Game;
use crate::engine::movegen::Move;

/// A proved forced win for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Proof {
    /// Plies up to and including the winning move (1, 3, 5...): the shortest win.
    pub plies: u32,
    /// A first move that wins within `plies`.
    pub first: Move,
}

/// The shortest forced win for the side to move within `max_plies` plies, if there is one.
pub fn shortest_win(game: &Game, max_plies: u32) -> Option<Proof> {
    shortest_win_within(game, max_plies, u64::MAX).unwrap_or(None)
}

/// Like [`shortest_win`], giving up after `budget` moves played.
pub fn shortest_win_within(
    game: &Game,
    max_plies: u32,
    budget: u64,
) -> Result<Option<Proof>, OutOfBudget> {
    let found = Prover::new(game, budget).shortest_win(max_plies)?;
    Ok(found.map(|(plies, first)| Proof { plies, first }))
}

/// Whether `mv` wins by force within `plies` plies (counting `mv` itself); `false` for a move
/// that is not legal.
pub fn move_wins_within(game: &Game, mv: Move, plies: u32) -> bool {
    game.check(mv).is_ok() && Prover::new(game, u64::MAX).move_wins_within(mv, plies) == Ok(true)
}

/// The proof gave up: it would have played more moves than its budget.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OutOfBudget;

impl fmt::Display for OutOfBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("over the proof's budget of moves")
    }
}

/// An AND-OR prover over one game, counting the moves it plays.
///
/// It remembers, for each distance, the last reply that held and the last move that won, and
/// tries them first at the next node of that distance (a "killer" order): this only changes
/// the order in which moves are tried, never the answer, since every move is still tried
/// before a node is declared lost or not won.
pub struct Prover {
    game: Game,
    nodes: u64,
    budget: u64,
    killers: Vec<Option<Move>>,
    /// Gives up early when cancelled (the player left the puzzle it was judging for).
    stop: Option<Control>,
}

/// Moves played between two looks at the prover's control (a look is an atomic load).
const STOP_EVERY: u64 = 4096;

impl Prover {
    /// A prover of the game as it stands, which gives up after `budget` moves played.
    pub fn new(game: &Game, budget: u64) -> Prover {
        Prover {
            game: game.clone(),
            nodes: 0,
            budget,
            killers: Vec::new(),
            stop: None,
        }
    }

    /// The same prover, giving up (as if out of budget) once `stop` is cancelled.
    pub fn stopping_on(mut self, stop: Control) -> Prover {
        self.stop = Some(stop);
        self
    }

    /// Moves played so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Moves it may still play.
    pub fn budget_left(&self) -> u64 {
        self.budget.saturating_sub(self.nodes)
    }

    /// The moves it may play in all, those played counted.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Sets the moves it may play in all (a walk that may stop early bounds its own part).
    pub(crate) fn set_budget(&mut self, budget: u64) {
        self.budget = budget;
    }

    /// Counts `moves`, played by a prover it handed part of its budget to, as its own.
    pub(crate) fn count(&mut self, moves: u64) {
        self.nodes = self.nodes.saturating_add(moves);
    }

    /// The game at the node the prover stands on (the root between calls).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Takes back the last move played.
    pub(crate) fn unmake(&mut self) {
        self.game.unmake();
    }

    /// Plays `mv`, counting it against the budget (and looking at the control now and then).
    pub(crate) fn make(&mut self, mv: Move) -> Result<(), OutOfBudget> {
        if self.nodes >= self.budget {
            return Err(OutOfBudget);
        }
        if self.nodes % STOP_EVERY == 0 && self.stop.as_ref().is_some_and(Control::is_cancelled) {
            return Err(OutOfBudget);
        }
        self.nodes += 1;
        self.game.make(mv);
        Ok(())
    }

    fn killer(&self, plies: u32) -> Option<Move> {
        self.killers.get(plies as usize).copied().flatten()
    }

    fn set_killer(&mut self, plies: u32, mv: Move) {
        let i = plies as usize;
        if self.killers.len() <= i {
            self.killers.resize(i + 1, None);
        }
        self.killers[i] = Some(mv);
    }

    /// The legal moves where the prover stands, in the generator's order.
    pub(crate) fn legal_moves(&self) -> Vec<Move> {
        self.game.legal_moves().iter().copied().collect()
    }

    /// The legal moves, the killer for `plies` first.
    fn ordered(&self, plies: u32) -> Vec<Move> {
        let mut moves = self.legal_moves();
        if let Some(k) = self.killer(plies)
            && let Some(i) = moves.iter().position(|&m| m == k)
        {
            moves[..=i].rotate_right(1);
        }
        moves
    }

    /// The shortest forced win of the side to move within `max_plies` plies: its length and a
    /// first move that achieves it.
    pub fn shortest_win(&mut self, max_plies: u32) -> Result<Option<(u32, Move)>, OutOfBudget> {
        for plies in (1..=max_plies).step_by(2) {
            if let Some(first) = self.win_within(plies)? {
                return Ok(Some((plies, first)));
            }
        }
        Ok(None)
    }

    /// Whether `mv` (legal) wins by force within `plies` plies, `mv` counted.
    pub fn move_wins_within(&mut self, mv: Move, plies: u32) -> Result<bool, OutOfBudget> {
        if plies == 0 || self.game.status().is_over() {
            return Ok(false);
        }
        let me = self.game.side_to_move();
        self.make(mv)?;
        let status = self.game.status();
        let won = match status.winner() {
            Some(w) => Ok(w == me),
            None if status.is_over() || plies < 3 => Ok(false),
            None => self.every_reply_loses(plies - 1),
        };
        self.game.unmake();
        won
    }

    /// The side to move wins within `plies` plies with the returned move.
    pub(crate) fn win_within(&mut self, plies: u32) -> Result<Option<Move>, OutOfBudget> {
        if self.game.status().is_over() || plies == 0 {
            return Ok(None);
        }
        let me = self.game.side_to_move();
        let moves = self.ordered(plies);
        // Immediate wins first: they are cheap and end the proof.
        for &mv in &moves {
            self.make(mv)?;
            let won = self.game.status().winner() == Some(me);
            self.game.unmake();
            if won {
                return Ok(Some(mv));
            }
        }
        if plies < 3 {
            return Ok(None);
        }
        for &mv in &moves {
            self.make(mv)?;
            let forced = !self.game.status().is_over() && self.every_reply_loses(plies - 1)?;
            self.game.unmake();
            if forced {
                self.set_killer(plies, mv);
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    /// Every move of the side to move (the losing side of the proof) loses within `plies`
    /// plies, this reply included.
    pub(crate) fn every_reply_loses(&mut self, plies: u32) -> Result<bool, OutOfBudget> {
        let winner = self.game.side_to_move().other();
        for reply in self.ordered(plies) {
            self.make(reply)?;
            let status = self.game.status();
            let lost = if status.is_over() {
                status.winner() == Some(winner)
            } else {
                self.win_within(plies - 1)?.is_some()
            };
            self.game.unmake();
            if !lost {
                self.set_killer(plies, reply);
                return Ok(false);
            }
        }
        Ok(true)
    }
}
