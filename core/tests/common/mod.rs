//! Helpers for setting up positions and playing moves in tests.
#![allow(dead_code)]

pub mod app;
pub mod cli;
pub mod kill;
pub mod puzzle_tries;

use tafl_core::ai::rng::Rng;
use tafl_core::engine::game::Played;
use tafl_core::engine::notation::{parse_move, parse_square};
use tafl_core::{Bits, Game, Move, Position, RuleOptions, Side, Square, VariantKind};

/// Squares from a space-separated list like `"d1 e1 f2"`.
pub fn squares(kind: VariantKind, list: &str) -> Bits {
    list.split_whitespace().map(|s| square(kind, s)).collect()
}

pub fn square(kind: VariantKind, name: &str) -> Square {
    parse_square(&kind.rules().geometry, name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// A game from a hand-made position.
pub fn setup(kind: VariantKind, attackers: &str, defenders: &str, king: &str, turn: Side) -> Game {
    setup_with(
        kind,
        attackers,
        defenders,
        king,
        turn,
        RuleOptions::default(),
    )
}

pub fn setup_with(
    kind: VariantKind,
    attackers: &str,
    defenders: &str,
    king: &str,
    turn: Side,
    options: RuleOptions,
) -> Game {
    let pos = Position::from_parts(
        kind.rules(),
        squares(kind, attackers),
        squares(kind, defenders),
        square(kind, king),
        turn,
    )
    .expect("valid test position");
    Game::from_position(pos, options)
}

pub fn parse(game: &Game, text: &str) -> Move {
    parse_move(&game.variant().geometry, text)
        .expect("move text")
        .0
}

/// Plays a move that must be legal.
pub fn play(game: &mut Game, text: &str) -> Played {
    let mv = parse(game, text);
    game.play(mv)
        .unwrap_or_else(|e| panic!("{text} should be legal: {e}"))
}

/// A game of random legal moves, played to its end (the same game for the same seed).
pub fn finished_game(kind: VariantKind, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(kind);
    while !game.status().is_over() {
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
    }
    game
}
