//! Replaying recorded games move by move, as `tafl replay` and the conformance tests do.

use crate::bits::Bits;
use crate::game::{Game, Status};
use crate::notation::{format_move, parse_move, square_name};
use crate::position::Position;
use crate::variant::RuleOptions;

/// What became of one recorded game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Replay {
    /// Every move was legal and captured what the record says (when it says anything).
    Ok {
        /// Plies played.
        plies: usize,
        status: Status,
        /// The moves as this engine annotates them.
        moves: Vec<String>,
        /// The ply after which this engine ended the game, when the record goes on after it.
        ended_early_at: Option<usize>,
    },
    /// Ply `ply` (1-based) cannot be played as written.
    Illegal {
        ply: usize,
        text: String,
        reason: String,
    },
}

/// Replays the moves of one line (space separated; `timeout` marks a game lost on time and
/// ends the moves) from `start`.
pub fn replay_moves(start: &Position, options: RuleOptions, moves: &str) -> Replay {
    let mut game = Game::from_position(start.clone(), options);
    let g = &start.variant().geometry;
    let mut annotated = Vec::new();
    let tokens: Vec<&str> = moves
        .split_whitespace()
        .take_while(|t| !t.eq_ignore_ascii_case("timeout"))
        .collect();
    for (i, text) in tokens.iter().enumerate() {
        let ply = i + 1;
        if game.status().is_over() {
            return Replay::Ok {
                plies: game.plies(),
                status: game.status(),
                moves: annotated,
                ended_early_at: Some(game.plies()),
            };
        }
        let illegal = |reason: String| Replay::Illegal {
            ply,
            text: text.to_string(),
            reason,
        };
        let (mv, claimed) = match parse_move(g, text) {
            Ok(parsed) => parsed,
            Err(e) => return illegal(e.to_string()),
        };
        let played = match game.play(mv) {
            Ok(played) => played,
            Err(e) => return illegal(e.to_string()),
        };
        if let Some(claimed) = claimed.filter(|&c| c != played.captured) {
            let list = |b: Bits| {
                let names: Vec<String> = b.iter().map(|s| square_name(g, s)).collect();
                if names.is_empty() {
                    "nothing".to_string()
                } else {
                    names.join("/")
                }
            };
            return illegal(format!(
                "the record captures {}, the rules capture {}",
                list(claimed),
                list(played.captured)
            ));
        }
        annotated.push(format_move(g, mv, played.captured));
    }
    Replay::Ok {
        plies: game.plies(),
        status: game.status(),
        moves: annotated,
        ended_early_at: None,
    }
}
