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
    let mut game = game.clone();
    (1..=max_plies)
        .step_by(2)
        .find_map(|plies| win_within(&mut game, plies).map(|first| Proof { plies, first }))
}

/// Whether `mv` wins by force within `plies` plies (counting `mv` itself).
pub fn move_wins_within(game: &Game, mv: Move, plies: u32) -> bool {
    let mut game = game.clone();
    let me = game.side_to_move();
    if game.check(mv).is_err() {
        return false;
    }
    game.make(mv);
    match game.status().winner() {
        Some(w) => w == me,
        None if game.status().is_over() || plies < 3 => false,
        None => every_reply_loses(&mut game, plies - 1),
    }
}

/// The side to move wins within `plies` plies with the returned move.
fn win_within(game: &mut Game, plies: u32) -> Option<Move> {
    if game.status().is_over() || plies == 0 {
        return None;
    }
    let me = game.side_to_move();
    let moves = game.legal_moves();
    // Immediate wins first: they are cheap and end the proof.
    for &mv in moves.iter() {
        game.make(mv);
        let won = game.status().winner() == Some(me);
        game.unmake();
        if won {
            return Some(mv);
        }
    }
    if plies < 3 {
        return None;
    }
    moves.iter().copied().find(|&mv| {
        game.make(mv);
        let forced = !game.status().is_over() && every_reply_loses(game, plies - 1);
        game.unmake();
        forced
    })
}

/// Every move of the side to move (the defending side of the proof) loses within `plies`
/// plies, this reply included.
fn every_reply_loses(game: &mut Game, plies: u32) -> bool {
    let winner = game.side_to_move().other();
    let replies = game.legal_moves();
    replies.iter().all(|&reply| {
        game.make(reply);
        let status = game.status();
        let lost = if status.is_over() {
            status.winner() == Some(winner)
        } else {
            win_within(game, plies - 1).is_some()
        };
        game.unmake();
        lost
    })
}
