//! The board as text for the terminal game.

use std::fmt::Write as _;

use tafl_core::engine::game::{DrawReason, Status};
use tafl_core::engine::notation::{format_move, square_name};
use tafl_core::engine::position::Piece;
use tafl_core::{Game, Outcome, Side, WinReason};

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

/// "Attackers to move", or the result and why.
pub fn turn_line(game: &Game) -> String {
    match game.status() {
        Status::Ongoing => {
            let side = match game.side_to_move() {
                Side::Attackers => "Attackers",
                Side::Defenders => "Defenders",
            };
            format!("{side} to move")
        }
        Status::Over(Outcome::Draw {
            reason: DrawReason::MoveLimit,
        }) => format!(
            "Draw: {} plies without a capture",
            game.variant().draw_plies
        ),
        Status::Over(Outcome::Draw {
            reason: DrawReason::Repetition,
        }) => "Draw: the position occurred a third time".to_string(),
        Status::Over(Outcome::Win { winner, reason }) => {
            let who = match winner {
                Side::Attackers => "Attackers win",
                Side::Defenders => "Defenders win",
            };
            // The loser is named: "the other side" reads as the reader's opponent.
            let loser = winner.other();
            let why = match reason {
                WinReason::KingEscaped => "the king escaped".to_string(),
                WinReason::KingCaptured => "the king was captured".to_string(),
                WinReason::ExitFort => "the king built an exit fort".to_string(),
                WinReason::Encircled => "the defenders are encircled".to_string(),
                WinReason::Repetition => "the position occurred a third time".to_string(),
                WinReason::NoMoves => format!("the {loser} have no legal move"),
                WinReason::Resignation => format!("the {loser} resigned"),
            };
            format!("{who}: {why}")
        }
    }
}

/// "Last move: g3-e3, captured e2", or nothing before the first move.
pub fn last_move_line(game: &Game) -> Option<String> {
    let g = &game.variant().geometry;
    game.last_move().map(|(mv, captured)| {
        let mut s = format!("Last move: {}", format_move(g, mv, tafl_core::Bits::EMPTY));
        if captured.any() {
            let names: Vec<String> = captured.iter().map(|sq| square_name(g, sq)).collect();
            let _ = write!(s, ", captured {}", names.join(" "));
        }
        s
    })
}
