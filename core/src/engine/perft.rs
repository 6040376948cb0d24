//! perft: counting the leaves of the game tree to a fixed depth, the standard check of a move
//! generator. Finished games have no children: every end rule applies.
//!
//! [`perft`] counts in the narrowest board width that holds the game's board (the one the
//! search uses); [`perft_in`] counts in a given width, so that the widths can be checked
//! against each other.

use crate::engine::bits::{Bits11, Bits13};
use crate::engine::board::BitBoard;
use crate::engine::game::{Game, GameOf};
use crate::engine::movegen;
use crate::engine::moves::Move;

/// The number of move sequences of exactly `depth` plies from the game's position.
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    if let Some(mut small) = game.narrow::<Bits11>() {
        return perft_in(&mut small, depth);
    }
    if let Some(mut small) = game.narrow::<Bits13>() {
        return perft_in(&mut small, depth);
    }
    perft_in(game, depth)
}

/// [`perft`] in the board width of `game`.
pub fn perft_in<B: BitBoard>(game: &mut GameOf<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.status().is_over() {
        return 0;
    }
    if depth == 1 {
        // Bulk counting: at the last ply only the number of moves matters.
        return movegen::count(game.position());
    }
    let moves = game.legal_moves();
    let mut total = 0;
    for &mv in moves.iter() {
        game.make(mv);
        total += perft_in(game, depth - 1);
        game.unmake();
    }
    total
}

/// perft split by first move, in move generation order.
pub fn divide(game: &mut Game, depth: u32) -> Vec<(Move, u64)> {
    let moves = game.legal_moves();
    moves
        .iter()
        .map(|&mv| {
            game.make(mv);
            let n = perft(game, depth.saturating_sub(1));
            game.unmake();
            (mv, n)
        })
        .collect()
}
