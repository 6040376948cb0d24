//! The board as text for the terminal game.

use std::fmt::Write as _;

use tafl_core::engine::explain;
use tafl_core::engine::position::Piece;
use tafl_core::texts::Catalog;
use tafl_core::{Game, Mode};

/// The board with file letters and rank numbers; the last move's squares are marked.
pub fn board(game: &Game) -> String {
    let pos = game.position();
    let v = pos.variant();
    let g = &v.geometry;
    let last = game.last_move();
    let files: String = (0..g.size)
        .map(|f| format!(" {}", (b'a' + f) as char))
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "    {files}");
    for rank in (0..g.size).rev() {
        let _ = write!(out, " {:>2} ", rank + 1);
        for file in 0..g.size {
            let sq = g.square(file, rank).expect("on board");
            let c = match pos.piece_at(sq) {
                Some(Piece::Attacker) => 'A',
                Some(Piece::Defender) => 'D',
                Some(Piece::King) => 'K',
                None if v.restricted.contains(sq) => '+',
                None if last.is_some_and(|(_, cap)| cap.contains(sq)) => 'x',
                None => '.',
            };
            let marker = match last {
                Some((mv, _)) if mv.to == sq => '>',
                Some((mv, _)) if mv.from == sq => '*',
                _ => ' ',
            };
            let _ = write!(out, "{marker}{c}");
        }
        let _ = writeln!(out, "  {}", rank + 1);
    }
    let _ = writeln!(out, "    {files}");
    out
}

/// "You: g3-e3, takes e2", as the apps' move line says it, or nothing before the first move.
pub fn last_move_line(c: &Catalog, game: &Game, mode: Mode) -> Option<String> {
    let (mv, _) = game.last_move()?;
    let mut before = game.clone();
    before.unmake();
    let captures = explain::captures(before.position(), mv);
    let mover = mode.mover(before.side_to_move());
    Some(c.move_line(&game.variant().geometry, mover, mv, &captures))
}
