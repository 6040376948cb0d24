//! Exhaustive proof of short forced wins, without the evaluation: plain AND-OR search on won or
//! not won, over every legal move of both sides, through [`Game::make`] so that every rule
//! (repetition and the draw counter included, with the game's whole history) decides.
//!
//! It checks the search (tests, the tactics suite), never plays: it is exact and slow.

use crate::game::Game;
use crate::movegen::Move;

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

/// The proof gave up: it would have played more moves than its budget.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OutOfBudget;

/// Like [`shortest_win`], giving up after `budget` moves played.
pub fn shortest_win_within(
    game: &Game,
    max_plies: u32,
    budget: u64,
) -> Result<Option<Proof>, OutOfBudget> {
    let mut prover = Prover {
        game: game.clone(),
        budget,
    };
    for plies in (1..=max_plies).step_by(2) {
        if let Some(first) = prover.win_within(plies)? {
            return Ok(Some(Proof { plies, first }));
        }
    }
    Ok(None)
}

/// Whether `mv` wins by force within `plies` plies (counting `mv` itself).
pub fn move_wins_within(game: &Game, mv: Move, plies: u32) -> bool {
    if game.check(mv).is_err() {
        return false;
    }
    let mut prover = Prover {
        game: game.clone(),
        budget: u64::MAX,
    };
    let me = prover.game.side_to_move();
    prover.game.make(mv);
    match prover.game.status().winner() {
        Some(w) => w == me,
        None if prover.game.status().is_over() || plies < 3 => false,
        None => prover.every_reply_loses(plies - 1) == Ok(true),
    }
}

struct Prover {
    game: Game,
    /// Moves it may still play.
    budget: u64,
}

impl Prover {
    fn make(&mut self, mv: Move) -> Result<(), OutOfBudget> {
        self.budget = self.budget.checked_sub(1).ok_or(OutOfBudget)?;
        self.game.make(mv);
        Ok(())
    }

    /// The side to move wins within `plies` plies with the returned move.
    fn win_within(&mut self, plies: u32) -> Result<Option<Move>, OutOfBudget> {
        if self.game.status().is_over() || plies == 0 {
            return Ok(None);
        }
        let me = self.game.side_to_move();
        let moves = self.game.legal_moves();
        // Immediate wins first: they are cheap and end the proof.
        for &mv in moves.iter() {
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
        for &mv in moves.iter() {
            self.make(mv)?;
            let forced = !self.game.status().is_over() && self.every_reply_loses(plies - 1)?;
            self.game.unmake();
            if forced {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    /// Every move of the side to move (the defending side of the proof) loses within `plies`
    /// plies, this reply included.
    fn every_reply_loses(&mut self, plies: u32) -> Result<bool, OutOfBudget> {
        let winner = self.game.side_to_move().other();
        let replies = self.game.legal_moves();
        for &reply in replies.iter() {
            self.make(reply)?;
            let status = self.game.status();
            let lost = if status.is_over() {
                status.winner() == Some(winner)
            } else {
                self.win_within(plies - 1)?.is_some()
            };
            self.game.unmake();
            if !lost {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
