//! Tactics puzzles: positions where the side to move has a proved forced win, as the tactics
//! suite stores them (`core/tests/data/tactics.csv`), and the check that a search found the win.
//!
//! One puzzle a line: `variant,position,turn,plies,move,source`. The position is an OpenTafl
//! placement, `turn` the side to move, `plies` the length of the shortest forced win (the
//! winning move included: 1, 3 or 5), `move` a first move that wins that fast, and `source`
//! where the position comes from. The game starts at the position: no history, draw counter 0.

use std::fmt;

use crate::engine::game::Game;
use crate::engine::movegen::Move;
use crate::engine::notation::{format_move, format_position, parse_move, parse_position};
use crate::engine::position::Side;
use crate::engine::variant::{RuleOptions, VariantKind};

use super::proof::{self, Proof};
use super::{MATE, MATE_BOUND, SearchResult};

/// The longest win the suite holds, in plies.
pub const MAX_PLIES: u32 = 5;

/// The header line of a suite file.
pub const HEADER: &str = "variant,position,turn,plies,move,source";

/// A position with a forced win for the side to move.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub game: Game,
    pub proof: Proof,
    pub source: String,
}

/// A line of a suite that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SuiteError {}

impl Puzzle {
    /// The suite line for this puzzle.
    pub fn to_line(&self) -> String {
        let pos = self.game.position();
        format!(
            "{},{},{},{},{},{}",
            pos.variant().kind.name(),
            format_position(pos),
            pos.side_to_move(),
            self.proof.plies,
            format_move(
                &pos.variant().geometry,
                self.proof.first,
                Default::default()
            ),
            self.source
        )
    }

    /// Whether a search result found a win: a forced-win score within [`MAX_PLIES`], and a
    /// move that wins as fast as that score claims (the stored move is proved already; another
    /// is proved here).
    pub fn solved_by(&self, result: &SearchResult) -> bool {
        let Some(best) = result.best else {
            return false;
        };
        if result.score < MATE_BOUND {
            return false;
        }
        let claimed = (MATE - result.score).max(1) as u32;
        claimed <= MAX_PLIES
            && ((best == self.proof.first && claimed >= self.proof.plies)
                || proof::move_wins_within(&self.game, best, claimed))
    }
}

/// Reads a suite: the header, then one puzzle a line (blank lines and `#` comments skipped).
pub fn parse_suite(text: &str) -> Result<Vec<Puzzle>, SuiteError> {
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line == HEADER {
            continue;
        }
        let error = |reason: String| SuiteError {
            line: i + 1,
            reason,
        };
        let fields: Vec<&str> = line.split(',').collect();
        let [variant, placement, turn, plies, first, source] = fields[..] else {
            return Err(error(format!("{} fields, not 6", fields.len())));
        };
        let kind = VariantKind::parse(variant)
            .ok_or_else(|| error(format!("unknown variant '{variant}'")))?;
        let side = Side::parse(turn).ok_or_else(|| error(format!("unknown side '{turn}'")))?;
        let position =
            parse_position(kind.rules(), placement, side).map_err(|e| error(e.to_string()))?;
        let plies: u32 = plies
            .parse()
            .map_err(|_| error(format!("plies '{plies}' is not a number")))?;
        let game = Game::from_position(position, RuleOptions::default());
        let first: Move = parse_move(&game.variant().geometry, first)
            .map_err(|e| error(e.to_string()))?
            .0;
        if game.check(first).is_err() {
            return Err(error(format!("the move {first:?} is illegal")));
        }
        puzzles.push(Puzzle {
            game,
            proof: Proof { plies, first },
            source: source.to_string(),
        });
    }
    Ok(puzzles)
}
